// @ts-check
/**
 * Where things are in a JSON text, for error messages that name a line: the 1-based line of every
 * member key and array item (by JSON Pointer), and the line of the first syntax error.
 * `JSON.parse` stays the judge of validity; Node 20's messages often give no position at all.
 */

/**
 * @typedef {{line: number, keyLine?: number}} JsonLocation
 *   `line` is where the value starts; `keyLine` where its member name is (absent for array items and the root).
 * @typedef {{ok: true, value: unknown, locations: Map<string, JsonLocation>}
 *   | {ok: false, line: number, message: string}} JsonParseResult
 */

/** @param {string} segment */
export const escapePointerSegment = (segment) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Parses `text` with JSON.parse and maps each JSON Pointer to its lines.
 * @param {string} text
 * @returns {JsonParseResult}
 */
export function parseJsonWithLocations(text) {
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const located = locate(text);
    // Node quotes the whole text back ('"{...}" is not valid JSON'); the line number says where.
    const message = /** @type {Error} */ (error).message.replace(/, ".*" is not valid JSON$/s, '');
    return {ok: false, line: located.error?.line ?? 1, message};
  }
  const {locations} = locate(text);
  return {ok: true, value, locations};
}

/**
 * The line of `pointer`'s member name (or value), or of its nearest ancestor that is in the text:
 * a node fills in defaults, and an error about a default-filled value belongs to where it was left out.
 * @param {Map<string, JsonLocation>} locations
 * @param {string} pointer
 * @param {{preferValue?: boolean}} [options]
 */
export function lineOfPointer(locations, pointer, options = {}) {
  let current = pointer;
  for (;;) {
    const location = locations.get(current);
    if (location) return options.preferValue ? location.line : (location.keyLine ?? location.line);
    if (current === '') return 1;
    current = current.slice(0, current.lastIndexOf('/'));
  }
}

/**
 * A strict JSON reader that records positions instead of building values.
 * @param {string} text
 * @returns {{locations: Map<string, JsonLocation>, error?: {line: number}}}
 */
function locate(text) {
  /** @type {Map<string, JsonLocation>} */
  const locations = new Map();
  let index = 0;
  let line = 1;

  class LocateError extends Error {}
  const fail = () => {
    throw new LocateError();
  };
  const skipWhitespace = () => {
    while (index < text.length && ' \t\n\r'.includes(text[index])) {
      if (text[index] === '\n') line += 1;
      index += 1;
    }
  };
  /** @param {string} expected */
  const expect = (expected) => {
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
        const simple = {'"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t'}[escaped];
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
  /** @param {string} pointer @param {number | undefined} keyLine */
  const readValue = (pointer, keyLine) => {
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
    if (!literal) fail();
    index += /** @type {RegExpExecArray} */ (literal)[0].length;
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
