/**
 * Where things are in a JSON text, for error messages that name a line: the 1-based line of every
 * member key and array item (by JSON Pointer), and the line of the first syntax error.
 * `JSON.parse` stays the judge of validity; Node 20's messages often give no position at all.
 */

/** `line` is where the value starts; `keyLine` where its member name is (absent for array items and the root). */
export type JsonLocation = {line: number; keyLine?: number};
export type JsonParseResult =
  | {ok: true; value: unknown; locations: Map<string, JsonLocation>}
  | {ok: false; line: number; message: string};

/** What each one-letter escape after a backslash stands for in a JSON string. */
const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

export const escapePointerSegment = (segment: string): string =>
  segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Parses `text` with JSON.parse and maps each JSON Pointer to its lines. */
export function parseJsonWithLocations(text: string): JsonParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const located = locate(text);
    // Node quotes the whole text back ('"{...}" is not valid JSON'); the line number says where.
    const message = (error as Error).message.replace(/, ".*" is not valid JSON$/s, '');
    return {ok: false, line: located.error?.line ?? 1, message};
  }
  const {locations} = locate(text);
  return {ok: true, value, locations};
}

/**
 * The line of `pointer`'s member name (or value), or of its nearest ancestor that is in the text:
 * a node fills in defaults, and an error about a default-filled value belongs to where it was left out.
 */
export function lineOfPointer(
  locations: Map<string, JsonLocation>,
  pointer: string,
  options: {preferValue?: boolean} = {},
): number {
  let current = pointer;
  for (;;) {
    const location = locations.get(current);
    if (location) return options.preferValue ? location.line : (location.keyLine ?? location.line);
    if (current === '') return 1;
    current = current.slice(0, current.lastIndexOf('/'));
  }
}

/** A strict JSON reader that records positions instead of building values. */
function locate(text: string): {locations: Map<string, JsonLocation>; error?: {line: number}} {
  const locations = new Map<string, JsonLocation>();
  let index = 0;
  let line = 1;

  class LocateError extends Error {}
  const fail = (): never => {
    throw new LocateError();
  };
  const skipWhitespace = () => {
    while (index < text.length && ' \t\n\r'.includes(text[index])) {
      if (text[index] === '\n') line += 1;
      index += 1;
    }
  };
  const expect = (expected: string) => {
    if (text[index] !== expected) fail();
    index += 1;
  };
  const readString = () => {
    expect('"');
    let result = '';
    while (index < text.length && text[index] !== '"') {
      const char = text[index];
      if (char === '\n' || char < ' ') fail();
      if (char === '\\') {
        const escaped = text[index + 1];
        if (escaped === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) fail();
          result += String.fromCharCode(parseInt(text.slice(index + 2, index + 6), 16));
          index += 6;
          continue;
        }
        const simple = SIMPLE_ESCAPES[escaped];
        if (simple === undefined) fail();
        result += simple;
        index += 2;
        continue;
      }
      result += char;
      index += 1;
    }
    expect('"');
    return result;
  };
  const readValue = (pointer: string, keyLine: number | undefined): void => {
    skipWhitespace();
    locations.set(pointer, keyLine === undefined ? {line} : {line, keyLine});
    const char = text[index];
    if (char === '{') {
      index += 1;
      skipWhitespace();
      if (text[index] === '}') {
        index += 1;
        return;
      }
      for (;;) {
        skipWhitespace();
        const memberLine = line;
        const key = readString();
        skipWhitespace();
        expect(':');
        readValue(`${pointer}/${escapePointerSegment(key)}`, memberLine);
        skipWhitespace();
        if (text[index] === ',') {
          index += 1;
          continue;
        }
        expect('}');
        return;
      }
    }
    if (char === '[') {
      index += 1;
      skipWhitespace();
      if (text[index] === ']') {
        index += 1;
        return;
      }
      for (let item = 0; ; item++) {
        readValue(`${pointer}/${item}`, undefined);
        skipWhitespace();
        if (text[index] === ',') {
          index += 1;
          continue;
        }
        expect(']');
        return;
      }
    }
    if (char === '"') {
      readString();
      return;
    }
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(index),
    );
    if (!literal) return fail();
    index += literal[0].length;
  };

  try {
    readValue('', undefined);
    skipWhitespace();
    if (index < text.length) fail();
    return {locations};
  } catch (error) {
    if (!(error instanceof LocateError)) throw error;
    return {locations, error: {line}};
  }
}
