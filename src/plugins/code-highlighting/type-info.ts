/**
 * Type information of TypeScript samples, read at build time with the TypeScript
 * language service: the quick info (type and doc comment) of every identifier,
 * the answers to `// ^?` queries and the compiler errors. One language service,
 * and so one type checker, serves every sample: the SDK's and the standard
 * library's declarations are resolved once (the `twoslash` package gives each sample a
 * checker of its own). Its annotation syntax is twoslash's, familiar to writers.
 */
import path from 'node:path';
import ts from 'typescript';
import {apiLinkOf, sdkExports, type ApiReference} from './api-links.ts';
import {hash53} from '../../utils/hash53.ts';
import {COMPILER_OPTIONS, asModule} from './compiler-options.ts';
import type {TypeQuery} from './annotations.ts';

/** Positions are 0-based lines and columns in the sample as shown. */
export type TypeInfo = {
  /**
   * Quick info of each identifier: the declaration as the compiler prints it (`signature`), its
   * doc comment's first paragraph, and for SDK symbols their anchor in the API reference.
   */
  hovers: Array<{line: number; start: number; end: number; signature: string; docs: string; link?: string}>;
  queries: Array<{line: number; column: number; text: string}>;
  errors: Array<{line: number; start: number; end: number; code: number; message: string}>;
};

/** Long signatures (big object types) are cut: the API reference has the rest. */
const MAX_SIGNATURE = 600;

/**
 * A doc comment's text. A `{@link Target | words}` comes as parts (`link` for the braces,
 * `linkName`, `linkText`): the reader gets its words, or its target when it has none.
 */
function docText(parts: readonly ts.SymbolDisplayPart[]): string {
  const text = parts
    .filter(
      (part, i) => part.kind !== 'link' && !(part.kind === 'linkName' && parts[i + 1]?.kind === 'linkText'),
    )
    .map((part) => part.text)
    .join('');
  // The first paragraph, on one line.
  return (text.split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim();
}

function shorten(text: string): string {
  return text.length > MAX_SIGNATURE ? `${text.slice(0, MAX_SIGNATURE)}…` : text;
}

export type TypeInfoService = ReturnType<typeof createTypeInfoService>;

/**
 * One language service for many samples. `projectRoot` holds node_modules with
 * @streamr/sdk and @types, as for the sample check. `samples` go into the program in
 * one go: every program change costs a new type checker, which resolves the SDK's
 * types again, so the build hands over every sample up front.
 */
export function createTypeInfoService(
  projectRoot: string,
  reference: ApiReference,
  samples: ReadonlyArray<{code: string; tsx: boolean}> = [],
) {
  const files = new Map<string, {text: string; version: number}>();
  let version = 0;
  const options: ts.CompilerOptions = {
    ...COMPILER_OPTIONS,
    typeRoots: [path.join(projectRoot, 'node_modules', '@types')],
  };
  // Samples are the only files that change (libraries never do), and the project version changes
  // only when one is added: otherwise the service compares every file's version before each query.
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getProjectVersion: () => String(version),
    getScriptFileNames: () => [...files.keys()],
    getScriptVersion: (file) => String(files.get(file)?.version ?? 0),
    getScriptSnapshot: (file) => {
      const text = files.get(file)?.text ?? ts.sys.readFile(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => projectRoot,
    getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
    fileExists: (file) => files.has(file) || ts.sys.fileExists(file),
    readFile: (file) => files.get(file)?.text ?? ts.sys.readFile(file),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const answered = new Map<string, TypeInfo>();
  // The SDK's exports as symbols of the program's checker: looked up again only when the program changes.
  let sdk: {program: ts.Program; exports: Map<ts.Symbol, string>} | undefined;
  /** A sample's virtual file, named after its text: the same sample is one file. */
  const add = (code: string, tsx: boolean): string => {
    const file = path.join(projectRoot, '.code-samples', `sample-${hash53(code)}.${tsx ? 'tsx' : 'ts'}`);
    if (!files.has(file)) files.set(file, {text: asModule(code), version: ++version});
    return file;
  };
  for (const {code, tsx} of samples) add(code, tsx);

  return {
    /** Type info of one sample (the code as shown, annotations removed); added to the program if new. */
    typeInfo(code: string, {tsx, queries}: {tsx: boolean; queries: readonly TypeQuery[]}): TypeInfo {
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
      if (sdk?.program !== program) sdk = {program, exports: sdkExports(program, projectRoot)};
      const {exports} = sdk;
      const lineStarts = source.getLineStarts();
      const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position);

      // Errors first: quick info on a JSX tag name before the file is checked leaves a
      // bogus "Cannot find name 'div'" among the checker's diagnostics.
      const errors = [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)].map(
        (diagnostic) => {
          const startPosition = diagnostic.start ?? 0;
          const {line, character} = lineOf(startPosition);
          const lineEnd = (lineStarts[line + 1] ?? code.length + 1) - 1;
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
      const hovers: TypeInfo['hovers'] = [];
      const visit = (node: ts.Node) => {
        // Identifiers of the sample, not of the `export {}` appended to it.
        const start = node.getStart(source);
        if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && start < code.length) {
          const info = service.getQuickInfoAtPosition(file, start);
          if (info?.displayParts?.length) {
            const {line, character} = lineOf(start);
            const link = apiLinkOf(node, checker, exports, reference);
            hovers.push({
              line,
              start: character,
              end: character + node.getWidth(source),
              signature: shorten(ts.displayPartsToString(info.displayParts)),
              docs: docText(info.documentation ?? []),
              ...(link ? {link} : {}),
            });
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

      const info: TypeInfo = {hovers, queries: answers, errors};
      answered.set(key, info);
      return info;
    },
  };
}
