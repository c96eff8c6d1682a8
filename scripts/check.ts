#!/usr/bin/env node
/**
 * `npm run check [files or folders…]`: the writer's check of the pages they touched, without a
 * build. By default the Markdown pages changed against main (committed, staged, unstaged and new).
 * Runs on those pages: front matter and content rules, markdownlint, spelling, internal links and
 * anchors, code samples and node configs, Mermaid syntax. Every problem is `file:line: message`,
 * and each failed check ends with a hint. `npm test` still runs everything before a pull request.
 */
import {execFileSync, spawn} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {checkContent} from './check-content.ts';
import {checkCodeBlocks, codeBlocksOf} from './check-code-samples.ts';
import {findMarkdownFiles} from './lib/markdown-files.ts';
import {checkContentRules} from './lib/content-rules.ts';
import {diagramSyntaxErrors, diagramsIn} from './lib/diagrams.ts';
import {launchMermaid} from './lib/mermaid-browser.ts';
import {checkSourceLinks} from './lib/source-links.ts';

type Result = {name: string; problems: string[]; hint: string; note?: string};

const root = process.cwd();
const CONTENT = /^(docs|blog)\/.*\.mdx?$/;
const git = (...args: string[]) =>
  execFileSync('git', args, {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']})
    .split('\n')
    .filter(Boolean);

/** Markdown pages changed against main: since the branch left it, plus uncommitted and new files. */
function changedPages(): string[] {
  const base = ['main', 'origin/main'].find((ref) => {
    try {
      return git('rev-parse', '--verify', '--quiet', ref).length > 0;
    } catch {
      return false;
    }
  });
  const files = new Set([
    ...(base ? git('diff', '--name-only', '--diff-filter=d', `${git('merge-base', 'HEAD', base)[0]}`) : []),
    ...git('diff', '--name-only', '--diff-filter=d', 'HEAD'),
    ...git('ls-files', '--others', '--exclude-standard', 'docs', 'blog'),
  ]);
  return [...files].filter((file) => CONTENT.test(file) && existsSync(file)).sort();
}

/** Runs a tool from node_modules/.bin on the files; its output lines are the problems. */
function runTool(tool: string, args: string[]): Promise<string[]> {
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', tool), args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (data) => (output += data));
    child.stderr.on('data', (data) => (output += data));
    child.on('close', (code) =>
      resolve(code === 0 ? [] : output.split('\n').filter((line) => /^\S+:\d+/.test(line))),
    );
  });
}

async function checkDiagrams(files: string[]): Promise<Result> {
  const diagrams = files.flatMap((file) => {
    try {
      return diagramsIn(readFileSync(file, 'utf8'), file);
    } catch {
      return []; // a page that does not parse is reported by the content rules
    }
  });
  const result: Result = {
    name: 'Mermaid syntax',
    problems: [],
    hint: 'see https://mermaid.js.org/intro/syntax-reference.html; after a fix run `npm run diagrams` and commit static/diagrams/',
  };
  if (!diagrams.length) return {...result, note: 'no diagrams'};
  const mermaid = await launchMermaid();
  try {
    result.problems = await diagramSyntaxErrors(diagrams, mermaid.parse);
  } finally {
    await mermaid.close();
  }
  return result;
}

function checkSamples(files: string[]): Result {
  // A page that does not parse is reported by the content rules.
  const checked = checkCodeBlocks(codeBlocksOf(files).blocks, root);
  return {
    name: 'code samples and node configs',
    problems: checked.problems.map((problem) => `${problem.file}:${problem.line}: ${problem.message}`),
    hint: 'each ts block compiles alone against the pinned SDK with its own imports; opt out with ```ts nocompile="why" (docs/help/how-to-contribute.md)',
    note: `${checked.compiled} compiled, ${checked.parsed} parsed, ${checked.nodeConfigs} node configs`,
  };
}

function checkPages(files: string[]): Result {
  const problems = files.flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    return [...checkContent(source, file), ...checkContentRules(source, file)].map(
      (problem) => `${problem.file}:${problem.line}: ${problem.message}`,
    );
  });
  return {
    name: 'front matter and content rules',
    problems,
    hint: 'the rules are listed in docs/help/how-to-contribute.md and README "Writing a page"',
  };
}

function checkLinks(files: string[]): Result {
  const {problems, checked, apiGenerated} = checkSourceLinks(root, files);
  return {
    name: 'links and anchors',
    problems: problems.map((problem) => `${problem.file}:${problem.line}: ${problem.message}`),
    hint: 'link pages by route (/usage/identity), anchors by heading id (#set-up-the-project)',
    note: `${checked} internal links${apiGenerated ? '' : '; links into the SDK reference are checked once a build has generated it (npm run build)'}`,
  };
}

async function main() {
  const targets = process.argv.slice(2);
  const missing = targets.filter((target) => !existsSync(target));
  if (missing.length) {
    console.error(`No such file or folder: ${missing.join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const files = targets.length ? findMarkdownFiles(targets) : changedPages();
  if (!files.length) {
    console.log(
      targets.length
        ? 'No Markdown pages in the given paths.'
        : 'No docs or blog pages changed against main. Name pages to check: npm run check -- docs/usage/identity.md',
    );
    return;
  }
  console.log(`Checking ${files.length} page(s): ${files.join(', ')}`);
  const started = Date.now();
  const tools = Promise.all([
    runTool('markdownlint-cli2', files).then((problems): Result => ({
      name: 'markdownlint',
      problems,
      hint: 'rules: .markdownlint-cli2.jsonc',
    })),
    runTool('cspell', ['--no-progress', '--no-summary', ...files]).then((problems): Result => ({
      name: 'spelling',
      problems,
      hint: 'a real word? add it to the .cspell/words-*.txt file of its area',
    })),
  ]);
  const results = [
    checkPages(files),
    checkLinks(files),
    checkSamples(files),
    await checkDiagrams(files),
    ...(await tools),
  ];
  for (const {name, problems, hint, note} of results) {
    const mark = problems.length ? '✘' : '✔';
    console.log(`\n${mark} ${name}${note ? ` (${note})` : ''}`);
    for (const problem of problems) console.log(`  ${problem}`);
    if (problems.length) console.log(`  hint: ${hint}`);
  }
  const failed = results.filter((result) => result.problems.length);
  console.log(
    `\n${failed.length ? `${failed.reduce((sum, r) => sum + r.problems.length, 0)} problem(s)` : 'All checks passed'} in ${files.length} page(s), ${((Date.now() - started) / 1000).toFixed(1)} s. Before a pull request: npm test.`,
  );
  process.exitCode = failed.length ? 1 : 0;
}

await main();
