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
import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';
import {MarkdownError, parsePage} from '../src/markdown/index.ts';
import {parseAnnotations} from '../src/plugins/code-highlighting/annotations.ts';
import {
  COMPILED_LANGUAGES,
  COMPILER_OPTIONS,
  SAMPLE_FOLDERS,
  SKIPPED_SAMPLE_FOLDERS,
  asModule,
  optOutReason,
} from '../src/plugins/code-highlighting/compiler-options.ts';
import {parseJsonWithLocations} from './lib/json-positions.ts';
import {loadNodeSchemas, validateNodeConfig} from './lib/node-config.ts';

const PARSED_JAVASCRIPT_LANGUAGES = new Set(['js', 'javascript', 'jsx', 'mjs', 'cjs']);
const SKIPPED_FOLDERS = new Set(SKIPPED_SAMPLE_FOLDERS.map((folder) => path.normalize(folder)));

// Shared with the build's type hovers (src/plugins/code-highlighting), so both compile the same way.
export {COMPILER_OPTIONS, optOutReason};

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

/**
 * Checks blocks; `projectRoot` is where node_modules with @streamr/sdk and @types live. `compiled`
 * counts TypeScript programs (samples and typed configs), `parsed` JSON and JavaScript blocks.
 */
export function checkCodeBlocks(
  blocks: CodeBlock[],
  projectRoot: string,
): {problems: SampleProblem[]; compiled: number; skipped: number; parsed: number; nodeConfigs: number} {
  const problems: SampleProblem[] = [];
  const virtualFiles = new Map<
    string,
    {block: CodeBlock; firstCodeLine: number; expectedErrors?: Set<number>; seenErrors?: Set<number>}
  >();
  const sources = new Map<string, string>();
  let skipped = 0;

  let parsed = 0;
  let nodeConfigs = 0;

  blocks.forEach((block, index) => {
    const reason = optOutReason(block.meta);
    const checked =
      COMPILED_LANGUAGES.has(block.language) ||
      block.language === 'json' ||
      PARSED_JAVASCRIPT_LANGUAGES.has(block.language);
    if (checked && reason !== undefined) {
      if (!reason)
        problems.push({
          file: block.file,
          line: block.line,
          message: 'nocompile needs a reason: nocompile="why"',
        });
      skipped += 1;
      return;
    }
    if (COMPILED_LANGUAGES.has(block.language)) {
      const name = path.join(
        projectRoot,
        '.code-samples',
        `sample-${index}.${block.language === 'tsx' ? 'tsx' : 'ts'}`,
      );
      // Annotation lines are comments: the block compiles as written, so lines keep their numbers.
      let expectedErrors: number[];
      try {
        expectedErrors = parseAnnotations(block.code).expectedErrors;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const line = Number(/^line (\d+)/.exec(message)?.[1] ?? 0);
        problems.push({
          file: block.file,
          line: block.line + line,
          message: message.replace(/^line \d+: /, ''),
        });
        return;
      }
      sources.set(name, asModule(block.code));
      virtualFiles.set(name, {
        block,
        firstCodeLine: block.line + 1,
        expectedErrors: new Set(expectedErrors),
        seenErrors: new Set(),
      });
    } else if (PARSED_JAVASCRIPT_LANGUAGES.has(block.language)) {
      parsed += 1;
      problems.push(...javascriptSyntaxProblems(block));
    } else if (block.language === 'json') {
      parsed += 1;
      const json = parseJsonWithLocations(block.code);
      if (!json.ok) {
        problems.push({
          file: block.file,
          line: block.line + json.line,
          message: `invalid JSON: ${json.message}`,
        });
        return;
      }
      const isNodeConfig = hasMarker(block.meta, 'node-config');
      if (isNodeConfig && hasMarker(block.meta, 'sdk-config')) {
        problems.push({
          file: block.file,
          line: block.line,
          message: 'a block is either sdk-config (SDK options) or node-config (a node config file), not both',
        });
        return;
      }
      let typeCheckPrefix: string | undefined;
      if (isNodeConfig) {
        nodeConfigs += 1;
        const schemas = loadNodeSchemas(path.join(projectRoot, 'schemas', 'streamr-node'));
        for (const problem of validateNodeConfig(json.value, json.locations, schemas)) {
          problems.push({
            file: block.file,
            line: block.line + problem.line,
            message: `node-config: ${problem.message}`,
          });
        }
        // The node hands `client` to new StreamrClient(), which has its own rules: the SDK's types.
        typeCheckPrefix =
          "import type {StreamrClientConfig} from '@streamr/sdk';\nconst config: {client?: StreamrClientConfig} & Record<string, unknown> = ";
      } else if (hasMarker(block.meta, 'sdk-config')) {
        typeCheckPrefix =
          "import type {StreamrClientConfig} from '@streamr/sdk';\nconst config: StreamrClientConfig = ";
      }
      if (typeCheckPrefix) {
        const name = path.join(projectRoot, '.code-samples', `config-${index}.ts`);
        sources.set(name, `${typeCheckPrefix}${block.code};\nexport {config};\n`);
        // The JSON starts on the prefix's second line.
        virtualFiles.set(name, {block, firstCodeLine: block.line});
      }
    }
  });

  if (sources.size > 0) {
    const host = ts.createCompilerHost(COMPILER_OPTIONS);
    const readFile = host.readFile.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.readFile = (file) => sources.get(path.resolve(file)) ?? readFile(file);
    host.fileExists = (file) => sources.has(path.resolve(file)) || ts.sys.fileExists(file);
    host.getSourceFile = (file, languageVersion, onError, shouldCreate) => {
      const source = sources.get(path.resolve(file));
      return source !== undefined
        ? ts.createSourceFile(file, source, languageVersion, true)
        : getSourceFile(file, languageVersion, onError, shouldCreate);
    };
    host.getCurrentDirectory = () => projectRoot;
    const program = ts.createProgram({
      rootNames: [...sources.keys()],
      options: {...COMPILER_OPTIONS, typeRoots: [path.join(projectRoot, 'node_modules', '@types')]},
      host,
    });
    for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      const fileName = diagnostic.file ? path.resolve(diagnostic.file.fileName) : undefined;
      const origin = fileName ? virtualFiles.get(fileName) : undefined;
      if (!origin || !diagnostic.file || diagnostic.start === undefined) {
        problems.push({file: fileName ?? '(compiler)', line: 0, message});
        continue;
      }
      const {line} = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      // Shown on purpose (`// @errors: 2322`): accepted, and required to occur (below).
      if (origin.expectedErrors?.has(diagnostic.code)) {
        origin.seenErrors?.add(diagnostic.code);
        continue;
      }
      problems.push({
        file: origin.block.file,
        line: origin.firstCodeLine + line,
        message: `TS${diagnostic.code}: ${message}`,
      });
    }
  }
  for (const {block, expectedErrors, seenErrors} of virtualFiles.values()) {
    for (const code of expectedErrors ?? []) {
      if (!seenErrors?.has(code))
        problems.push({
          file: block.file,
          line: block.line,
          message: `"// @errors: ${code}" expects error TS${code}, which the block does not have`,
        });
    }
  }
  return {problems, compiled: sources.size, skipped, parsed, nodeConfigs};
}

/** The Markdown/MDX files under the given files or folders. */
export function findMarkdownFiles(targets: string[]): string[] {
  const files: string[] = [];
  const walk = (target: string) => {
    if (SKIPPED_FOLDERS.has(path.normalize(target)) || path.basename(target) === 'node_modules') return;
    if (statSync(target).isDirectory()) {
      for (const entry of readdirSync(target).sort()) walk(path.join(target, entry));
    } else if (/\.mdx?$/.test(target)) {
      files.push(target);
    }
  };
  targets.forEach(walk);
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const targets = process.argv.slice(2);
  const files = findMarkdownFiles(targets.length ? targets : SAMPLE_FOLDERS);
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
  const checked = checkCodeBlocks(blocks, process.cwd());
  const {compiled, skipped, parsed, nodeConfigs} = checked;
  const problems = [...unparsable, ...checked.problems];
  for (const problem of problems) console.error(`${problem.file}:${problem.line}: ${problem.message}`);
  console.log(
    `Code samples: ${compiled} compiled, ${parsed} JSON/JavaScript parsed (${nodeConfigs} node configs validated) from ${files.length} files, ${skipped} opted out, ${problems.length} problem(s).`,
  );
  process.exit(problems.length ? 1 : 0);
}
