/**
 * Where things are in a JSON text, for error messages that name a line: the 1-based line of every
 * member (its name) and array item, by JSON Pointer, and the line of a syntax error. `JSON.parse`
 * is the judge of validity; TypeScript's JSON parser, which is more lenient, gives the positions.
 */
import ts from 'typescript';

export type JsonParseResult =
  {ok: true; value: unknown; locations: Map<string, number>} | {ok: false; line: number; message: string};

export const escapePointerSegment = (segment: string): string =>
  segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Parses `text` with JSON.parse and maps each JSON Pointer to its line. */
export function parseJsonWithLocations(text: string): JsonParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // Node quotes the whole text back ('"{...}" is not valid JSON'); the line number says where.
    const message = (error as Error).message.replace(/, ".*" is not valid JSON$/s, '');
    return {ok: false, line: syntaxErrorLine(text, message), message};
  }
  const file = ts.parseJsonText('block.json', text);
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const locations = new Map<string, number>();
  const visit = (node: ts.Expression, pointer: string, line: number) => {
    locations.set(pointer, line);
    if (ts.isObjectLiteralExpression(node)) {
      for (const member of node.properties) {
        if (ts.isPropertyAssignment(member) && ts.isStringLiteral(member.name))
          visit(member.initializer, `${pointer}/${escapePointerSegment(member.name.text)}`, lineOf(member));
      }
    } else if (ts.isArrayLiteralExpression(node)) {
      node.elements.forEach((item, index) => visit(item, `${pointer}/${index}`, lineOf(item)));
    }
  };
  const root = file.statements[0]?.expression;
  if (root) visit(root, '', lineOf(root));
  return {ok: true, value, locations};
}

/**
 * The line of a syntax error: from Node's message when it gives a position, else the first place
 * TypeScript's parser stumbles or a token JSON does not have (a bare word, a single-quoted string,
 * a comment), else the first line.
 */
function syntaxErrorLine(text: string, message: string): number {
  const lineAt = (position: number) => text.slice(0, position).split('\n').length;
  const fromMessage = /at position (\d+)/.exec(message)?.[1];
  if (fromMessage) return lineAt(Number(fromMessage));
  const positions: number[] = [];
  // parseDiagnostics is internal to TypeScript: should a release drop it, the scanner below or line 1 answers.
  const {parseDiagnostics} = ts.parseJsonText('block.json', text) as unknown as {
    parseDiagnostics?: ts.Diagnostic[];
  };
  const firstDiagnostic = parseDiagnostics?.[0]?.start;
  if (firstDiagnostic !== undefined) positions.push(firstDiagnostic);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    const doubleQuoted = token === ts.SyntaxKind.StringLiteral && text[scanner.getTokenStart()] === '"';
    if (!doubleQuoted && !JSON_TOKENS.has(token)) {
      positions.push(scanner.getTokenStart());
      break;
    }
  }
  return positions.length ? lineAt(Math.min(...positions)) : 1;
}

const JSON_TOKENS = new Set([
  ts.SyntaxKind.OpenBraceToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.OpenBracketToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.ColonToken,
  ts.SyntaxKind.CommaToken,
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.WhitespaceTrivia,
  ts.SyntaxKind.NewLineTrivia,
]);

/**
 * The line of `pointer`, or of its nearest ancestor that is in the text: a node fills in
 * defaults, and an error about a default-filled value belongs to where it was left out.
 */
export function lineOfPointer(locations: Map<string, number>, pointer: string): number {
  for (let current = pointer; ; current = current.slice(0, current.lastIndexOf('/'))) {
    const line = locations.get(current);
    if (line !== undefined) return line;
    if (current === '') return 1;
  }
}
