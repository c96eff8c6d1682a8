/**
 * Step 1 of `npm run audit`: build the site cold (no persistent bundler cache),
 * timed, and count what the build holds.
 */
import {spawn} from 'node:child_process';
import {existsSync, promises as fs} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {builtHtmlFiles} from '../../src/build-output/index.ts';
import {canMeasure, sampleTreeRss, systemUnits} from './proc-tree.ts';

const CHILD_TIMES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'child-times.ts');

/** Environment of a cold Docusaurus build: no bundler cache left by an earlier one. */
export const COLD_BUILD_ENV = {DOCUSAURUS_NO_PERSISTENT_CACHE: 'true'};

/**
 * What a command cost: wall-clock seconds and, on Linux, CPU seconds (user +
 * system) and peak summed RSS of its whole process tree (see proc-tree.ts).
 */
export type RunCost = {seconds: number; cpuSeconds?: number; peakRssBytes?: number};

/** Runs a command, its output into a log file; resolves with what it cost. */
export async function timed(
  command: string,
  args: string[],
  {cwd, log, env}: {cwd: string; log: string; env?: NodeJS.ProcessEnv},
): Promise<RunCost> {
  const measure = canMeasure();
  const timesFile = `${log}.cpu.json`;
  const started = performance.now();
  const logFile = await fs.open(log, 'w');
  // Under the wrapper, the kernel's accounting of the command's tree comes back in timesFile.
  const child = measure
    ? spawn(process.execPath, [CHILD_TIMES, timesFile, command, ...args], {
        cwd,
        env: {...process.env, ...env},
        stdio: ['ignore', logFile.fd, logFile.fd],
      })
    : spawn(command, args, {cwd, env: {...process.env, ...env}, stdio: ['ignore', logFile.fd, logFile.fd]});
  const sampler = measure && child.pid ? sampleTreeRss(child.pid, systemUnits().pageSize) : undefined;
  const code = await new Promise((resolve) => child.on('close', resolve));
  const seconds = (performance.now() - started) / 1000;
  const rss = await sampler?.stop();
  await logFile.close();
  if (code !== 0) {
    const tail = (await fs.readFile(log, 'utf8')).split('\n').slice(-30).join('\n');
    throw new Error(
      `${command} ${args.join(' ')} failed (exit ${code}) in ${cwd}:\n${tail}\nFull log: ${log}`,
    );
  }
  if (!measure) return {seconds};
  const times = JSON.parse(await fs.readFile(timesFile, 'utf8'));
  await fs.rm(timesFile);
  return {seconds, cpuSeconds: times.userSeconds + times.systemSeconds, peakRssBytes: rss?.peakBytes};
}

/** HTML pages of a build (not counting 404.html) and URLs in its sitemap. */
export async function countPages(buildDir: string): Promise<{pages: number; sitemapUrls: number}> {
  const pages = builtHtmlFiles(buildDir).length;
  const sitemap = await fs.readFile(path.join(buildDir, 'sitemap.xml'), 'utf8');
  return {pages, sitemapUrls: (sitemap.match(/<loc>/g) ?? []).length};
}

/**
 * Builds our site cold into build/ (the checked build: broken links fail it), unless
 * `skip` says to measure the build that is there. Resolves with the build's seconds
 * (undefined when skipped) and its page counts.
 */
export async function buildSite({
  projectDir,
  buildDir,
  outDir,
  skip,
}: {
  projectDir: string;
  buildDir: string;
  outDir: string;
  skip: boolean;
}): Promise<Partial<RunCost> & {pages: number; sitemapUrls: number}> {
  let cost: RunCost | undefined;
  if (!skip) {
    console.log('Building the site cold...');
    cost = await timed(process.execPath, ['scripts/build-checked.ts'], {
      cwd: projectDir,
      log: path.join(outDir, 'build.log'),
      env: COLD_BUILD_ENV,
    });
    console.log(
      `  ${cost.seconds.toFixed(1)} s` +
        (cost.cpuSeconds === undefined ? '' : `, ${cost.cpuSeconds.toFixed(1)} CPU-s`),
    );
  } else if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error('--skip-build, but there is no build: run `npm run build` first.');
  }
  return {...cost, ...(await countPages(buildDir))};
}
