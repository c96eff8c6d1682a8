/**
 * Twoslash-style annotations in TypeScript samples, which the page does not show:
 * - `// ^?` under a line asks for the type of the identifier above the caret; the
 *   build shows it under that line.
 * - `// @errors: 2322 2345` says the sample shows these compiler errors on purpose;
 *   the sample check accepts exactly those and the build underlines them.
 * No imports: the sample check, the build and the Markdown twins all read it.
 */

export type TypeQuery = {
  /** 0-based line of the shown code the query points at. */
  line: number;
  /** 0-based column of the caret. */
  column: number;
};

export type Annotations = {
  /** The code without its annotation lines: what the page shows and the copy button copies. */
  code: string;
  queries: TypeQuery[];
  /** Error codes the sample shows on purpose (the numbers of `TS2322`). */
  expectedErrors: number[];
  /** For each shown line, its 0-based line in the written code (to name the source line in messages). */
  writtenLine: number[];
};

const QUERY = /^(\s*)\/\/(\s*)\^\?\s*$/;
const ERRORS = /^\s*\/\/\s*@errors:\s*(.*)$/;

export function parseAnnotations(code: string): Annotations {
  const shown: string[] = [];
  const writtenLine: number[] = [];
  const queries: TypeQuery[] = [];
  const expectedErrors: number[] = [];
  code.split('\n').forEach((line, index) => {
    const errors = ERRORS.exec(line);
    if (errors) {
      const codes = (errors[1] ?? '').split(/[\s,]+/).filter(Boolean);
      if (codes.length === 0 || codes.some((code) => !/^\d+$/.test(code)))
        throw new Error(`line ${index + 1}: "// @errors:" takes error numbers, e.g. "// @errors: 2322"`);
      expectedErrors.push(...codes.map(Number));
      return;
    }
    if (QUERY.test(line)) {
      if (shown.length === 0) throw new Error(`line ${index + 1}: "// ^?" needs a line of code above it`);
      queries.push({line: shown.length - 1, column: line.indexOf('^')});
      return;
    }
    shown.push(line);
    writtenLine.push(index);
  });
  return {code: shown.join('\n'), queries, expectedErrors, writtenLine};
}
