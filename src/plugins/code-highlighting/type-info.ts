/**
 * Type information of TypeScript samples, read at build time by `twoslash` (the
 * engine of VitePress's and Shiki's type hovers): the quick info (type and doc
 * comment) of every identifier, the answers to `// ^?` queries and the compiler
 * errors. One twoslasher serves every sample of the build: its TypeScript
 * environment (the SDK's and the standard library's declarations) is made once
 * for the compiler options, and each sample only replaces its one virtual file.
 *
 * The annotations are parsed by ./annotations.ts, which the sample check shares,
 * so twoslash gets the code as shown and keeps its positions (`keepNotations`);
 * expected errors are judged by the remark plugin, which names the page line.
 */
import path from 'node:path';
import {createTwoslasher, type NodeError, type NodeHover} from 'twoslash';
import ts from 'typescript';
import {apiLinkOf, sdkExports, type ApiReference} from './api-links.ts';
import {COMPILER_OPTIONS} from './compiler-options.ts';
import type {TypeQuery} from './annotations.ts';

/** Quick info of one identifier. Positions are 0-based line and columns in the sample. */
export type Hover = {
  line: number;
  start: number;
  end: number;
  /** The declaration as the compiler prints it, e.g. `(method) StreamrClient.subscribe(...): Promise<Subscription>`. */
  signature: string;
  /** The doc comment's first paragraph, if any. */
  docs: string;
  /** The symbol's member anchor in the SDK's API reference, for SDK symbols. */
  link?: string;
};

export type QueryAnswer = {line: number; column: number; text: string};

export type SampleError = {line: number; start: number; end: number; code: number; message: string};

export type TypeInfo = {hovers: Hover[]; queries: QueryAnswer[]; errors: SampleError[]};

/** Long signatures (big object types) are cut: the API reference has the rest. */
const MAX_SIGNATURE = 600;

/**
 * Twoslash joins the doc comment's parts with newlines, which would split a `{@link}`
 * from the words around it: a link becomes its text (or target), as a reader would say it.
 */
function firstParagraph(text: string): string {
  const links = /\n?\{@link(?:code|plain)?\s+([^\s}]+)(?:\s+([^}]*?))?\s*\}\n?/g;
  const plain = text.replace(links, (_, target: string, label?: string) => label || target);
  return (plain.split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim();
}

function shorten(text: string): string {
  return text.length > MAX_SIGNATURE ? `${text.slice(0, MAX_SIGNATURE)}…` : text;
}

export type TypeInfoService = {
  /** Type info of one sample (the code as shown, annotations removed). */
  typeInfo(code: string, options: {tsx: boolean; queries: readonly TypeQuery[]}): TypeInfo;
};

/** The identifier that starts at `position`, if any. */
function identifierAt(node: ts.Node, position: number, source: ts.SourceFile): ts.Node | undefined {
  return ts.forEachChild(node, (child) => {
    if (position < child.getStart(source) || position >= child.end) return undefined;
    if (ts.isIdentifier(child) && child.getStart(source) === position) return child;
    return identifierAt(child, position, source);
  });
}

/** The 1-based line of an offset. */
function lineOfOffset(code: string, offset: number): number {
  return code.slice(0, offset).split('\n').length;
}

/**
 * One twoslasher for many samples. `projectRoot` holds node_modules with
 * @streamr/sdk and @types, as for the sample check.
 */
export function createTypeInfoService(projectRoot: string, reference?: ApiReference): TypeInfoService {
  // API links need the symbol behind an identifier, which twoslash does not report: they are
  // read while twoslash asks whether to hover it, when its program holds the sample.
  let links = new Map<number, string>();
  const exportsOf = new WeakMap<ts.TypeChecker, Map<ts.Symbol, string>>();
  const linkIdentifier = (start: number, filename: string) => {
    const program = [...(twoslasher.getCacheMap()?.values() ?? [])][0]?.languageService.getProgram();
    const source = program?.getSourceFile(path.posix.join(projectRoot, filename));
    const node = source && identifierAt(source, start, source);
    if (!reference || !program || !node) return;
    const checker = program.getTypeChecker();
    let exports = exportsOf.get(checker);
    if (!exports) exportsOf.set(checker, (exports = sdkExports(program, projectRoot)));
    const link = apiLinkOf(node, checker, exports, reference);
    if (link) links.set(start, link);
  };
  const twoslasher = createTwoslasher({
    tsModule: ts,
    vfsRoot: projectRoot,
    // Twoslash's own defaults beneath (every file a module, as the check's `export {}` makes it).
    compilerOptions: {...COMPILER_OPTIONS, typeRoots: [path.join(projectRoot, 'node_modules', '@types')]},
    handbookOptions: {keepNotations: true, noErrorValidation: true},
    shouldGetHoverInfo: (_identifier, start, filename) => {
      linkIdentifier(start, filename);
      return true;
    },
  });

  return {
    typeInfo(code, {tsx, queries}) {
      links = new Map();
      const result = twoslasher(code, tsx ? 'tsx' : 'ts');
      // Twoslash notations the sample check does not know (`// @strict: false`, `// ---cut---`,
      // `// ^|`) would make the page disagree with the check. A flag is one line; the others hide lines.
      const [flag] = result.meta.flagNotations;
      const [hidden] = result.meta.removals;
      const [from, to] = flag ? [flag.start, flag.start] : (hidden ?? []);
      if (from !== undefined && to !== undefined) {
        const [first, last] = [lineOfOffset(code, from), lineOfOffset(code, Math.max(from, to - 1))];
        throw new Error(
          `line ${first}: twoslash notations other than "// ^?" and "// @errors:" are not supported` +
            (flag ? '' : ` (this one hides lines ${first}-${last})`),
        );
      }
      const lineStarts = [0];
      for (let i = code.indexOf('\n'); i >= 0; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
      const hovers = result.hovers.map((hover: NodeHover) => {
        const link = links.get(hover.start);
        return {
          line: hover.line,
          start: hover.character,
          end: hover.character + hover.length,
          signature: shorten(hover.text),
          docs: firstParagraph(hover.docs ?? ''),
          ...(link ? {link} : {}),
        };
      });
      const answers = queries.map(({line, column}) => {
        const hover = hovers.find(
          (found) => found.line === line && found.start <= column && column < found.end,
        );
        if (!hover)
          throw new Error(
            `line ${line + 1}: "// ^?" points at column ${column + 1}, where there is no identifier`,
          );
        return {line, column, text: hover.signature};
      });
      const errors = result.errors.map((error: NodeError) => {
        const lineEnd = (lineStarts[error.line + 1] ?? code.length + 1) - 1;
        return {
          line: error.line,
          start: error.character,
          // Underlined within its line; a longer span goes on in the following lines unmarked.
          end: error.character + Math.max(1, Math.min(error.length, lineEnd - error.start)),
          code: Number(error.code),
          message: error.text.replace(/\n/g, ' '),
        };
      });
      return {hovers, queries: answers, errors};
    },
  };
}
