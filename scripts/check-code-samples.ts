#!/usr/bin/env node
/**
 * Checks the code blocks of docs/ and blog/; every failure names the file and line.
 * - TypeScript/TSX: compiled against the pinned @streamr/sdk, each block as its own strict ES module.
 * - JSON: parsed. Marked `sdk-config`: type-checked as a `StreamrClientConfig`. Marked `node-config`:
 *   a whole node config file, validated like the node does against the schemas in
 *   schemas/streamr-node/ (scripts/lib/node-config.ts), its `client` section type-checked as a
 *   `StreamrClientConfig`.
 * - JavaScript/JSX: parsed (syntax only).
 *
 * A block opts out only with a reason: ```ts nocompile="why it cannot compile"
 * Blocks are checked in memory: nothing is written to disk. Pages are read by the site's Markdown
 * front-end (src/markdown), so a block is what the page shows, inside lists, quotes and JSX too.
 *
 * Usage: node scripts/check-code-samples.ts [files or folders...]   (default: docs blog)
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';
import {MarkdownError, parsePage} from '../src/markdown/index.ts';
import {parseAnnotations} from '../src/plugins/code-highlighting/annotations.ts';
import {
  COMPILED_LANGUAGES,
  COMPILER_OPTIONS,
  SAMPLE_FOLDERS,
  asModule,
  optOutReason,
} from '../src/plugins/code-highlighting/compiler-options.ts';
import {parseJsonWithLocations} from './lib/json-positions.ts';
import {findMarkdownFiles} from './lib/markdown-files.ts';
import {loadNodeSchemas, validateNodeConfig} from './lib/node-config.ts';

const PARSED_JAVASCRIPT_LANGUAGES = new Set(['js', 'javascript', 'jsx', 'mjs', 'cjs']);

export type CodeBlock = {file: string; line: number; language: string; meta: string; code: string};
export type SampleProblem = {file: string; line: number; message: string};

/**
 * Code blocks of a Markdown/MDX document, with the 1-based line of the fence; language '' when the
 * block names none. A page that does not parse throws a MarkdownError with its file and line.
 */
export function extractCodeBlocks(markdown: string, file: string): CodeBlock[] {
  return parsePage(markdown, {file}).codeBlocks.map((block) => ({
    file,
    line: block.line,
    language: block.language ?? '',
    meta: block.meta,
    code: block.code,
  }));
}

function hasMarker(meta: string, marker: string): boolean {
  return new RegExp(`(?:^|\\s)${marker}(?:\\s|$)`).test(meta);
}

/**
 * The first syntax error of a JavaScript block (no type-checking: JS samples have no types to
 * check). Later errors are mostly the parser recovering from the first.
 */
function javascriptSyntaxProblems(block: CodeBlock): SampleProblem[] {
  const {diagnostics = []} = ts.transpileModule(block.code, {
    fileName: 'sample.jsx',
    reportDiagnostics: true,
    compilerOptions: {allowJs: true, jsx: ts.JsxEmit.Preserve, target: ts.ScriptTarget.ES2022},
  });
  return diagnostics.slice(0, 1).map((diagnostic) => {
    const position = diagnostic.file && diagnostic.start !== undefined ? diagnostic.start : 0;
    const line = block.code.slice(0, position).split('\n').length;
    return {
      file: block.file,
      line: block.line + line,
      message: `JavaScript syntax error: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
    };
  });
}

/** A TypeScript file the check compiles: from a block, with the page line of its first line. */
type Program = {block: CodeBlock; source: string; firstLine: number; expectedErrors: Set<number>};

const CONFIG_TYPE = "import type {StreamrClientConfig} from '@streamr/sdk';\nconst config: ";

/**
 * Checks blocks; `projectRoot` is where node_modules with @streamr/sdk and @types live. `compiled`
 * counts TypeScript programs (samples and typed configs), `parsed` JSON and JavaScript blocks.
 */
export function checkCodeBlocks(
  blocks: CodeBlock[],
  projectRoot: string,
): {problems: SampleProblem[]; compiled: number; skipped: number; parsed: number; nodeConfigs: number} {
  const problems: SampleProblem[] = [];
  const report = (block: CodeBlock, line: number, message: string) =>
    problems.push({file: block.file, line, message});
  const programs = new Map<string, Program>();
  const program = (name: string, details: Program) =>
    programs.set(path.join(projectRoot, '.code-samples', name), details);
  let skipped = 0;
  let parsed = 0;
  let nodeConfigs = 0;

  blocks.forEach((block, index) => {
    const compiled = COMPILED_LANGUAGES.has(block.language);
    const javascript = PARSED_JAVASCRIPT_LANGUAGES.has(block.language);
    if (!compiled && !javascript && block.language !== 'json') return;
    const reason = optOutReason(block.meta);
    if (reason !== undefined) {
      if (!reason) report(block, block.line, 'nocompile needs a reason: nocompile="why"');
      skipped += 1;
      return;
    }
    if (compiled) {
      // Annotation lines are comments: the block compiles as written, so lines keep their numbers.
      let expectedErrors: number[];
      try {
        expectedErrors = parseAnnotations(block.code).expectedErrors;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const line = Number(/^line (\d+)/.exec(message)?.[1] ?? 0);
        report(block, block.line + line, message.replace(/^line \d+: /, ''));
        return;
      }
      program(`sample-${index}.${block.language === 'tsx' ? 'tsx' : 'ts'}`, {
        block,
        source: asModule(block.code),
        firstLine: block.line + 1,
        expectedErrors: new Set(expectedErrors),
      });
      return;
    }
    parsed += 1;
    if (javascript) {
      problems.push(...javascriptSyntaxProblems(block));
      return;
    }
    const json = parseJsonWithLocations(block.code);
    if (!json.ok) {
      report(block, block.line + json.line, `invalid JSON: ${json.message}`);
      return;
    }
    const isNodeConfig = hasMarker(block.meta, 'node-config');
    if (isNodeConfig && hasMarker(block.meta, 'sdk-config')) {
      report(
        block,
        block.line,
        'a block is either sdk-config (SDK options) or node-config (a node config file), not both',
      );
      return;
    }
    let configType: string | undefined;
    if (isNodeConfig) {
      nodeConfigs += 1;
      const schemas = loadNodeSchemas(path.join(projectRoot, 'schemas', 'streamr-node'));
      for (const problem of validateNodeConfig(json.value, json.locations, schemas))
        report(block, block.line + problem.line, `node-config: ${problem.message}`);
      // The node hands `client` to new StreamrClient(), which has its own rules: the SDK's types.
      configType = '{client?: StreamrClientConfig} & Record<string, unknown>';
    } else if (hasMarker(block.meta, 'sdk-config')) {
      configType = 'StreamrClientConfig';
    }
    if (configType) {
      // The JSON starts on the second line of the program.
      program(`config-${index}.ts`, {
        block,
        source: `${CONFIG_TYPE}${configType} = ${block.code};\nexport {config};\n`,
        firstLine: block.line,
        expectedErrors: new Set(),
      });
    }
  });

  const seenErrors = new Map<Program, Set<number>>();
  for (const diagnostic of programs.size ? compile(programs, projectRoot) : []) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const fileName = diagnostic.file ? path.resolve(diagnostic.file.fileName) : undefined;
    const origin = fileName ? programs.get(fileName) : undefined;
    if (!origin || !diagnostic.file || diagnostic.start === undefined) {
      problems.push({file: fileName ?? '(compiler)', line: 0, message});
      continue;
    }
    // Shown on purpose (`// @errors: 2322`): accepted, and required to occur (below).
    if (origin.expectedErrors.has(diagnostic.code)) {
      seenErrors.set(origin, (seenErrors.get(origin) ?? new Set()).add(diagnostic.code));
      continue;
    }
    const {line} = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    report(origin.block, origin.firstLine + line, `TS${diagnostic.code}: ${message}`);
  }
  for (const origin of programs.values()) {
    for (const code of origin.expectedErrors) {
      if (!seenErrors.get(origin)?.has(code))
        report(
          origin.block,
          origin.block.line,
          `"// @errors: ${code}" expects error TS${code}, which the block does not have`,
        );
    }
  }
  return {problems, compiled: programs.size, skipped, parsed, nodeConfigs};
}

/** Compiles the programs in memory, against the project's node_modules. */
function compile(programs: Map<string, Program>, projectRoot: string): readonly ts.Diagnostic[] {
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  const sourceOf = (file: string) => programs.get(path.resolve(file))?.source;
  host.readFile = (file) => sourceOf(file) ?? readFile(file);
  host.fileExists = (file) => sourceOf(file) !== undefined || ts.sys.fileExists(file);
  host.getSourceFile = (file, languageVersion, onError, shouldCreate) => {
    const source = sourceOf(file);
    return source !== undefined
      ? ts.createSourceFile(file, source, languageVersion, true)
      : getSourceFile(file, languageVersion, onError, shouldCreate);
  };
  host.getCurrentDirectory = () => projectRoot;
  const program = ts.createProgram({
    rootNames: [...programs.keys()],
    options: {...COMPILER_OPTIONS, typeRoots: [path.join(projectRoot, 'node_modules', '@types')]},
    host,
  });
  return ts.getPreEmitDiagnostics(program);
}

/** The code blocks of the files; a page that does not parse is a problem with its file and line. */
export function codeBlocksOf(files: string[]): {blocks: CodeBlock[]; unparsable: SampleProblem[]} {
  const unparsable: SampleProblem[] = [];
  const blocks = files.flatMap((file) => {
    try {
      return extractCodeBlocks(readFileSync(file, 'utf8'), file);
    } catch (error) {
      if (!(error instanceof MarkdownError)) throw error;
      unparsable.push({file, line: error.line, message: error.reason});
      return [];
    }
  });
  return {blocks, unparsable};
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const targets = process.argv.slice(2);
  const files = findMarkdownFiles(targets.length ? targets : SAMPLE_FOLDERS);
  const {blocks, unparsable} = codeBlocksOf(files);
  const checked = checkCodeBlocks(blocks, process.cwd());
  const {compiled, skipped, parsed, nodeConfigs} = checked;
  const problems = [...unparsable, ...checked.problems];
  for (const problem of problems) console.error(`${problem.file}:${problem.line}: ${problem.message}`);
  console.log(
    `Code samples: ${compiled} compiled, ${parsed} JSON/JavaScript parsed (${nodeConfigs} node configs validated) from ${files.length} files, ${skipped} opted out, ${problems.length} problem(s).`,
  );
  process.exit(problems.length ? 1 : 0);
}
