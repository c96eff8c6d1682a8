#!/usr/bin/env node
/**
 * `npm run sdk:bump -- <version | latest> [--report <file>] [--no-build]`: turns an `@streamr/sdk`
 * release into a docs change, and says what still needs a writer. It pins the release the registry
 * has (`npm view`) in package.json; a new major also rolls the one npm alias of the SDK (README "Two
 * majors") to the release that was pinned. If `npm install` fails, package.json and the lock file are
 * put back. It then compares the API members before and after (TypeDoc, as the reference reads them),
 * re-runs the sample and content checks and, unless `--no-build`, the build, and prints a Markdown
 * report (also to `--report`, the pull request body of .github/workflows/sdk-bump.yml).
 * Exit 0 when the release is pinned (failing checks are in the report) or already was; 1 when
 * nothing was changed.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {diffMembers, memberMap, type MemberDiff, type MemberMap} from '../src/plugins/typedoc-sdk/members.ts';
import {findMarkdownFiles} from './lib/markdown-files.ts';

const SDK = '@streamr/sdk';
const SITE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the migration guide has one section per major ("## From 102.x to 103"). */
const UPGRADING_GUIDE = 'docs/usage/sdk/upgrading.md';
/** Files that name the previous major by hand (banner wording, the browser test's known members). */
// eslint-disable-next-line boundaries/no-tests-paths -- read only to tell the writer which test to update
const PREVIOUS_MAJOR_MENTIONS = ['i18n/en/code.json', 'tests/e2e/api-versions.spec.ts'];
const NODE_SCHEMAS_SOURCE = 'schemas/streamr-node/source.json';
/** The filters of the API reference (`sharedTypedocOptions` in config/typedoc.ts; a unit test keeps them equal). */
export const MEMBER_FILTERS = {
  excludePrivate: true,
  excludeProtected: true,
  excludeInternal: true,
  excludeExternals: true,
  externalPattern: ['**/node_modules/!(@streamr)/**'],
};

/** A problem that stops the bump, said in one message. */
export class BumpError extends Error {}

export type Version = {major: number; minor: number; patch: number; prerelease: string; text: string};

export function parseVersion(text: string): Version {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/.exec(text.trim());
  if (!match) throw new BumpError(`"${text}" is not an exact version such as 103.3.1`);
  const [, major, minor, patch, prerelease = ''] = match;
  return {major: Number(major), minor: Number(minor), patch: Number(patch), prerelease, text: text.trim()};
}

/** Negative when a is older; a prerelease is older than its release. */
export function compareVersions(a: Version, b: Version): number {
  const numbers = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (numbers || a.prerelease === b.prerelease) return numbers;
  if (!a.prerelease || !b.prerelease) return a.prerelease ? -1 : 1;
  return a.prerelease.localeCompare(b.prerelease, 'en', {numeric: true});
}

type Manifest = {dependencies: Record<string, string>};

export type BumpPlan = {
  from: Version;
  to: Version;
  /** The npm alias of the SDK before the bump (the previous major's reference). */
  alias: {name: string; spec: string};
  /** The alias after a major change: the major that was current, at the release that was pinned. */
  roll?: {name: string; spec: string};
};

export function planBump(manifest: Manifest, to: Version): BumpPlan {
  const pinned = manifest.dependencies[SDK];
  if (!pinned) throw new BumpError(`package.json has no dependency ${SDK}`);
  const from = parseVersion(pinned);
  const aliases = Object.entries(manifest.dependencies).filter(([, spec]) => spec.startsWith(`npm:${SDK}@`));
  if (aliases.length !== 1)
    throw new BumpError(
      `package.json must have exactly one npm alias of ${SDK} (the previous major); found ${aliases.length}`,
    );
  const [name, spec] = aliases[0];
  const order = compareVersions(to, from);
  if (order < 0)
    throw new BumpError(`${to.text} is older than the pinned ${from.text}; sdk:bump only moves forward`);
  return {
    from,
    to,
    alias: {name, spec},
    ...(to.major > from.major && {roll: {name: `${SDK}-${from.major}`, spec: `npm:${SDK}@${from.text}`}}),
  };
}

/** package.json with the new pin and, on a major change, the alias renamed in place; keys keep their order. */
export function applyBump(manifestText: string, plan: BumpPlan): string {
  const manifest = JSON.parse(manifestText) as Manifest & Record<string, unknown>;
  manifest.dependencies = Object.fromEntries(
    Object.entries(manifest.dependencies).map(([name, spec]): [string, string] => {
      if (name === SDK) return [name, plan.to.text];
      if (plan.roll && name === plan.alias.name) return [plan.roll.name, plan.roll.spec];
      return [name, spec];
    }),
  );
  const indent = /^\{\n([ \t]+)"/.exec(manifestText)?.[1] ?? '  ';
  return `${JSON.stringify(manifest, null, indent)}\n`;
}

export type RunResult = {status: number | null; stdout: string; stderr: string};
export type Run = (command: string, args: string[]) => RunResult;

const run: Run = (command, args) => {
  const result = spawnSync(command, args, {cwd: SITE_DIR, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024});
  return {
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: `${result.stderr ?? ''}${result.error ? String(result.error) : ''}`,
  };
};

/** The lines of npm's output that say what went wrong (`npm error …`), or its last lines. */
function npmErrorLines(output: string): string {
  const lines = output.split('\n').filter((line) => line.trim());
  const errors = lines.filter((line) => /^npm (error|ERR!)/.test(line) && !/complete log/.test(line));
  return (errors.length ? errors : lines).slice(0, 6).join('\n');
}

/** The exact version the registry has for `spec` (a version or a tag); throws when it has none. */
export function publishedVersion(spec: string, exec: Run = run): Version {
  const result = exec('npm', ['view', `${SDK}@${spec}`, 'version', '--json']);
  const text = result.stdout.trim();
  if (result.status !== 0 || !text)
    throw new BumpError(
      `npm view ${SDK}@${spec} failed (exit ${result.status}); the registry has no such release:\n` +
        (npmErrorLines(result.stderr) || '(no output)'),
    );
  const parsed = JSON.parse(text) as string | string[];
  return parseVersion(Array.isArray(parsed) ? parsed[parsed.length - 1] : parsed);
}

/** Writes the bumped package.json and installs; on failure puts package.json and the lock file back. */
export function install(plan: BumpPlan, exec: Run = run, siteDir = SITE_DIR): void {
  const files = ['package.json', 'package-lock.json'].map((name) => path.join(siteDir, name));
  const saved = files.map((file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined));
  writeFileSync(files[0], applyBump(saved[0]!, plan));
  const result = exec('npm', ['install', '--no-audit', '--no-fund']);
  if (result.status === 0) return;
  files.forEach((file, index) => saved[index] !== undefined && writeFileSync(file, saved[index]));
  throw new BumpError(
    `npm install of ${SDK}@${plan.to.text} failed (exit ${result.status}):\n${npmErrorLines(result.stderr)}\n` +
      'package.json and package-lock.json are as before; run `npm ci` to put node_modules back too.',
  );
}

/** The public members of the installed SDK, as the API reference reads them. */
async function installedMembers(siteDir = SITE_DIR): Promise<MemberMap> {
  const {Application} = await import('typedoc');
  const sdk = readJson(path.join(siteDir, 'node_modules', SDK, 'package.json')) as {
    types: string;
    version: string;
  };
  const entry = path.join(siteDir, 'node_modules', SDK, sdk.types);
  // TypeDoc reads the files its tsconfig lists, and the declarations' path differs between majors;
  // one file per version, since TypeDoc keeps a tsconfig it has read for the rest of the process.
  const tsconfig = path.join(siteDir, `node_modules/.cache/sdk-bump/tsconfig-${sdk.version}.json`);
  mkdirSync(path.dirname(tsconfig), {recursive: true});
  writeFileSync(
    tsconfig,
    JSON.stringify({extends: path.join(siteDir, 'config/typedoc.tsconfig.json'), files: [entry]}),
  );
  const app = await Application.bootstrap({
    entryPoints: [entry],
    tsconfig,
    ...MEMBER_FILTERS,
    logLevel: 'Error',
  });
  const project = await app.convert();
  if (!project) throw new BumpError(`TypeDoc could not read the declarations of the installed ${SDK}`);
  return memberMap(project);
}

/** The members, read by this script in a process of its own: TypeDoc keeps state between runs in one process. */
export function membersInChild(exec: Run = run): MemberMap {
  const result = exec(process.execPath, [fileURLToPath(import.meta.url), '--members']);
  if (result.status !== 0)
    throw new BumpError(
      `TypeDoc could not read the installed ${SDK}:\n${result.stderr.trim().split('\n').slice(-6).join('\n')}`,
    );
  return JSON.parse(result.stdout) as MemberMap;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

export type CheckResult = {name: string; ok: boolean; problems: string[]; tail: string};

/** Runs a check script; its `file:line: message` lines are its problems. */
function check(name: string, command: string, args: string[], exec: Run): CheckResult {
  const result = exec(command, args);
  const output = `${result.stdout}\n${result.stderr}`;
  const problems = output.split('\n').filter((line) => /^\S[^:\s]*:\d+: /.test(line));
  const tail = output.trim().split('\n').slice(-8).join('\n');
  return {name, ok: result.status === 0, problems, tail};
}

/** `file:line: text` of each docs line (generated reference left out) that names `version`. */
export function mentionsOf(
  version: string,
  files: string[],
  read = (file: string) => readFileSync(file, 'utf8'),
) {
  const pattern = new RegExp(`(?<![\\d.])${version.replace(/\./g, '\\.')}(?![\\d])`);
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((text, index) =>
        pattern.test(text) ? [`${file}:${index + 1}: ${text.trim().slice(0, 120)}`] : [],
      ),
  );
}

export type Report = {
  plan: BumpPlan;
  diff?: MemberDiff;
  checks: CheckResult[];
  changesSummary?: string;
  needsWriter: string[];
};

const LIST_LIMIT = 40;

function list(items: string[]): string[] {
  const shown = items.slice(0, LIST_LIMIT).map((item) => `- ${item}`);
  return items.length > LIST_LIMIT ? [...shown, `- … and ${items.length - LIST_LIMIT} more`] : shown;
}

/** The report as Markdown: what changed, what failed, what needs a writer. */
export function renderReport({plan, diff, checks, changesSummary, needsWriter}: Report): string {
  const kind = plan.roll ? 'new major' : plan.to.minor !== plan.from.minor ? 'minor' : 'patch';
  const lines = [`# ${SDK} ${plan.from.text} → ${plan.to.text} (${kind})`, ''];
  lines.push(
    plan.roll
      ? `Previous-major reference rolled: \`${plan.alias.name}\` (${plan.alias.spec}) → \`${plan.roll.name}\` (${plan.roll.spec}).`
      : `Previous-major reference unchanged: \`${plan.alias.name}\` (${plan.alias.spec}).`,
    '',
  );
  if (diff) {
    const changed = diff.changed.map((c) => `\`${c.name}\`: \`${c.before}\` → \`${c.after}\``.slice(0, 240));
    lines.push(
      `## API changes ${plan.from.text} → ${plan.to.text}`,
      '',
      `${diff.added.length} added, ${diff.removed.length} removed, ${diff.changed.length} changed.`,
    );
    for (const [title, items] of [
      ['Added', diff.added.map((name) => `\`${name}\``)],
      ['Removed', diff.removed.map((name) => `\`${name}\``)],
      ['Changed', changed],
    ] as const)
      if (items.length) lines.push('', `### ${title}`, '', ...list([...items]));
    lines.push('');
  }
  if (changesSummary) lines.push(`Changes page (/usage/sdk/api/changes): ${changesSummary}`, '');
  lines.push('## Checks', '');
  for (const result of checks) {
    lines.push(`- ${result.ok ? 'passed' : '**failed**'}: ${result.name}`);
    if (!result.ok && result.problems.length) lines.push(...list(result.problems).map((line) => `  ${line}`));
    else if (!result.ok) lines.push('', '```text', result.tail, '```', '');
  }
  lines.push('', '## Needs a writer', '', ...(needsWriter.length ? list(needsWriter) : ['Nothing found.']));
  return `${lines.join('\n')}\n`;
}

/** What the script cannot do itself, found in the tree after the install. */
export function writerTasks(plan: BumpPlan, siteDir = SITE_DIR): string[] {
  const tasks: string[] = [];
  const at = (file: string) => path.join(siteDir, file);
  if (plan.roll) {
    const guide = readFileSync(at(UPGRADING_GUIDE), 'utf8');
    if (!new RegExp(`^##\\s.*\\b${plan.to.major}\\b`, 'm').test(guide))
      tasks.push(
        `${UPGRADING_GUIDE}: add a section "From ${plan.from.major}.x to ${plan.to.major}" on what to change`,
      );
    const oldPrevious = /@(\d+)\./.exec(plan.alias.spec)?.[1];
    for (const file of PREVIOUS_MAJOR_MENTIONS.filter((name) => existsSync(at(name))))
      if (oldPrevious && new RegExp(`\\b${oldPrevious}\\b`).test(readFileSync(at(file), 'utf8')))
        tasks.push(`${file}: names ${oldPrevious}, which is now ${plan.from.major} (README "Two majors")`);
  }
  // Blog posts are dated and the migration guide is about old versions; findMarkdownFiles leaves out
  // the generated reference, which follows the SDK by itself.
  const docs = findMarkdownFiles([at('docs')])
    .map((file) => path.relative(siteDir, file))
    .filter((file) => file !== UPGRADING_GUIDE);
  for (const mention of mentionsOf(plan.from.text, docs, (file) => readFileSync(at(file), 'utf8')))
    tasks.push(`${mention}  (names ${plan.from.text}: still right?)`);
  if (existsSync(at(NODE_SCHEMAS_SOURCE))) {
    const schemas = String(readJson(at(NODE_SCHEMAS_SOURCE)).version);
    if (schemas !== plan.to.text)
      tasks.push(
        `node config schemas are from @streamr/node ${schemas}: refresh them for ${plan.to.text} with ` +
          `\`node scripts/refresh-node-schemas.ts <clone of streamr-dev/network> v${plan.to.text}\``,
      );
  }
  const nestedConfig = at(`node_modules/${SDK}/node_modules/@streamr/config/package.json`);
  if (existsSync(nestedConfig))
    tasks.push(
      `${SDK} ${plan.to.text} installs its own @streamr/config ${String(readJson(nestedConfig).version)}: pin that ` +
        'version in package.json so the contract tables show the addresses the SDK uses',
    );
  return tasks;
}

function parseArguments(args: string[]) {
  const usage = 'usage: npm run sdk:bump -- <version | latest> [--report <file>] [--no-build]';
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {report: {type: 'string'}, 'no-build': {type: 'boolean'}},
    });
  } catch {
    throw new BumpError(usage);
  }
  const [spec, ...rest] = parsed.positionals;
  if (!spec || rest.length) throw new BumpError(usage);
  return {spec, report: parsed.values.report, build: !parsed.values['no-build']};
}

async function main(argv: string[]): Promise<void> {
  const {spec, report, build} = parseArguments(argv);
  const manifestFile = path.join(SITE_DIR, 'package.json');
  const to = publishedVersion(spec);
  const plan = planBump(readJson(manifestFile) as unknown as Manifest, to);
  if (compareVersions(plan.to, plan.from) === 0) {
    console.log(`${SDK} ${to.text} is already pinned; nothing to do.`);
    return;
  }
  console.error(`Reading the API of ${SDK} ${plan.from.text} …`);
  const before = membersInChild();
  console.error(`Installing ${SDK} ${to.text}${plan.roll ? ` and ${plan.roll.name}` : ''} …`);
  install(plan);
  const after = membersInChild();
  const checks = [
    ['code samples and node configs (npm run check:samples)', 'node', 'scripts/check-code-samples.ts'],
    ['content rules: versions, addresses (npm run check:content)', 'node', 'scripts/check-content.ts'],
    ...(build ? [['site build (npm run build)', 'npm', 'run', 'build']] : []),
  ].map(([name, command, ...args]) => {
    console.error(`Running the ${name} …`);
    return check(name, command, args, run);
  });
  const changesPage = path.join(SITE_DIR, 'docs/usage/sdk/api/changes.md');
  const changesSummary =
    build && existsSync(changesPage)
      ? /computed from the type declarations of both versions: ([^.]*)\./.exec(
          readFileSync(changesPage, 'utf8'),
        )?.[1]
      : undefined;
  const text = renderReport({
    plan,
    diff: diffMembers(before, after),
    checks,
    ...(changesSummary && {changesSummary}),
    needsWriter: writerTasks(plan),
  });
  if (report) writeFileSync(report, text);
  console.log(text);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  // `--members`: the child of membersInChild; stdout is its answer, so the process ends by itself.
  const job =
    process.argv[2] === '--members'
      ? installedMembers().then((members) => process.stdout.write(JSON.stringify(members)))
      : main(process.argv.slice(2));
  job.catch((error: unknown) => {
    console.error(error instanceof BumpError ? `sdk:bump: ${error.message}` : error);
    process.exitCode = 1;
  });
}
