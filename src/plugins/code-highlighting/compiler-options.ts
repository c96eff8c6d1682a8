/**
 * The compiler options of the docs' TypeScript samples, in one place: the sample
 * check (scripts/check-code-samples.ts) compiles with them and the build's type
 * info (./type-info.ts) reads types with them, so a hover never shows a type the
 * check did not see.
 */
import ts from 'typescript';

/** Compiler options a reader's strict TypeScript project would have. */
export const COMPILER_OPTIONS = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: ['node'],
  skipLibCheck: true,
  noEmit: true,
  esModuleInterop: true,
  noFallthroughCasesInSwitch: true,
};

/** Folders whose Markdown code samples are checked and get type info. */
export const SAMPLE_FOLDERS = ['docs', 'blog'];

/** Folders under those whose code is not samples: TypeDoc's generated reference. */
export const SKIPPED_SAMPLE_FOLDERS = ['node_modules', 'docs/usage/sdk/api'];

/** Languages of the blocks that are compiled (unless opted out with `nocompile="why"`). */
export const COMPILED_LANGUAGES = new Set(['ts', 'typescript', 'tsx']);

/** The reason given with `nocompile="..."`, `''` for a bare `nocompile`, or undefined. */
export function optOutReason(meta: string): string | undefined {
  const match = /(?:^|\s)nocompile(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/.exec(meta);
  if (!match) return undefined;
  return (match[1] ?? match[2] ?? match[3] ?? '').trim();
}

/**
 * `export {}` makes every block a module (own scope, top-level await allowed). Appended after
 * the code, so positions in the code stay the same.
 */
export function asModule(code: string): string {
  return `${code}\nexport {};\n`;
}
