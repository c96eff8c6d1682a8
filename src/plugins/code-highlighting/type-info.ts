/**
 * Type information of TypeScript samples, read at build time with the TypeScript
 * language service: the quick info (type and doc comment) of every identifier,
 * the answers to `// ^?` queries and the compiler errors. One language service
 * serves every sample of the build: the SDK's and the standard library's
 * declarations are parsed once, and each sample only replaces the one virtual file.
 *
 * Why not the `twoslash` package: it drives the same language service, but puts each
 * sample in its program on its own and changes the program twice per sample (once for
 * the quick info, once more before the errors), so every sample costs new type checkers
 * that resolve the SDK's types again; here one checker serves every sample. Tried as
 * a replacement, it gave the same hovers and links for several times the CPU (README,
 * "Type hovers on code samples"). The annotations are twoslash's syntax
 * (./annotations.ts), so writers meet familiar notation.
 */
import path from 'node:path';
import ts from 'typescript';
import {apiLinkOf, sdkExports, type ApiReference} from './api-links.ts';
import {COMPILER_OPTIONS, asModule} from './compiler-options.ts';
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

function firstParagraph(text: string): string {
  return (text.split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * A doc comment's text. A `{@link Target | words}` comes as parts (`link` for the braces,
 * `linkName`, `linkText`): the reader gets its words, or its target when it has none.
 */
function docText(parts: readonly ts.SymbolDisplayPart[]): string {
  return parts
    .filter(
      (part, i) => part.kind !== 'link' && !(part.kind === 'linkName' && parts[i + 1]?.kind === 'linkText'),
    )
    .map((part) => part.text)
    .join('');
}

function shorten(text: string): string {
  return text.length > MAX_SIGNATURE ? `${text.slice(0, MAX_SIGNATURE)}…` : text;
}

export type Sample = {code: string; tsx: boolean};

export type TypeInfoService = {
  /**
   * Adds samples to the one program in one go. A program change costs a new type
   * checker, which has to resolve the SDK's types again (about half a second), so
   * the build preloads every sample instead of adding them one at a time.
   */
  preload(samples: readonly Sample[]): void;
  /** Type info of one sample (the code as shown, annotations removed); added first if not preloaded. */
  typeInfo(code: string, options: {tsx: boolean; queries: readonly TypeQuery[]}): TypeInfo;
};

/** A sample's virtual file name, from its text: the same sample is one file. */
function sampleName(code: string, tsx: boolean): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) hash = Math.imul(hash ^ code.charCodeAt(i), 0x01000193) >>> 0;
  return `sample-${hash.toString(36)}-${code.length}.${tsx ? 'tsx' : 'ts'}`;
}

/**
 * One language service for many samples. `projectRoot` holds node_modules with
 * @streamr/sdk and @types, as for the sample check.
 */
export function createTypeInfoService(projectRoot: string, reference?: ApiReference): TypeInfoService {
  const files = new Map<string, {text: string; version: number}>();
  let version = 0;
  const sampleFile = (code: string, tsx: boolean) =>
    path.join(projectRoot, '.code-samples', sampleName(code, tsx));
  const options: ts.CompilerOptions = {
    ...COMPILER_OPTIONS,
    typeRoots: [path.join(projectRoot, 'node_modules', '@types')],
  };
  // Sample files are named with absolute paths, and the compiler asks with those same names;
  // every other file (libraries) never changes. The project version changes only when a sample
  // is added: otherwise the service skips comparing every file's version before each query.
  const sample = (file: string) => files.get(file);
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getProjectVersion: () => String(version),
    getScriptFileNames: () => [...files.keys()],
    getScriptVersion: (file) => String(sample(file)?.version ?? 0),
    getScriptSnapshot: (file) => {
      const text = sample(file)?.text ?? ts.sys.readFile(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => projectRoot,
    getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
    fileExists: (file) => files.has(file) || ts.sys.fileExists(file),
    readFile: (file) => sample(file)?.text ?? ts.sys.readFile(file),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const answered = new Map<string, TypeInfo>();
  const add = (code: string, tsx: boolean): string => {
    const file = sampleFile(code, tsx);
    if (!files.has(file)) files.set(file, {text: asModule(code), version: ++version});
    return file;
  };

  return {
    preload(samples) {
      for (const {code, tsx} of samples) add(code, tsx);
    },
    typeInfo(code, {tsx, queries}) {
      const file = add(code, tsx);
      // Samples are modules of their own: adding one changes no other's types. So the dev server,
      // which compiles a page again on every save, asks the checker only for samples it has not seen.
      const key = `${file}\n${JSON.stringify(queries)}`;
      const known = answered.get(key);
      if (known) return known;
      const program = service.getProgram();
      const source = program?.getSourceFile(file);
      if (!program || !source) throw new Error('type-info: the language service lost the sample');
      const checker = program.getTypeChecker();
      const exports = reference ? sdkExports(program, projectRoot) : new Map<ts.Symbol, string>();
      const lineStarts = source.getLineStarts();
      const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position);
      const codeEnd = code.length;

      // Errors first: quick info on a JSX tag name before the file is checked leaves a
      // bogus "Cannot find name 'div'" among the checker's diagnostics.
      const errors = [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)].map(
        (diagnostic) => {
          const startPosition = diagnostic.start ?? 0;
          const {line, character} = lineOf(startPosition);
          const lineEnd = (lineStarts[line + 1] ?? codeEnd + 1) - 1;
          return {
            line,
            start: character,
            // Underlined within its line; a longer span goes on in the following lines unmarked.
            end: character + Math.max(1, Math.min(diagnostic.length ?? 1, lineEnd - startPosition)),
            code: diagnostic.code,
            message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
          };
        },
      );
      const hovers: Hover[] = [];
      const visit = (node: ts.Node) => {
        if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
          const start = node.getStart(source);
          if (start < codeEnd) {
            const info = service.getQuickInfoAtPosition(file, start);
            if (info?.displayParts?.length) {
              const {line, character} = lineOf(start);
              const link = reference && apiLinkOf(node, checker, exports, reference);
              hovers.push({
                line,
                start: character,
                end: character + node.getWidth(source),
                signature: shorten(ts.displayPartsToString(info.displayParts)),
                docs: firstParagraph(docText(info.documentation ?? [])),
                ...(link ? {link} : {}),
              });
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);

      const answers = queries.map(({line, column}) => {
        const position = (lineStarts[line] ?? 0) + column;
        const info = service.getQuickInfoAtPosition(file, position);
        if (!info?.displayParts?.length)
          throw new Error(
            `line ${line + 1}: "// ^?" points at column ${column + 1}, where there is no identifier`,
          );
        return {line, column, text: shorten(ts.displayPartsToString(info.displayParts))};
      });

      const info = {hovers, queries: answers, errors};
      answered.set(key, info);
      return info;
    },
  };
}
