import {describe, expect, it} from 'vitest';
import {lineOfPointer, parseJsonWithLocations} from '../../scripts/lib/json-positions.ts';

describe('parseJsonWithLocations', () => {
  const text = ['{', '  "a": {', '    "b/c": [', '      1,', '      {"d": true}', '    ]', '  }', '}'].join(
    '\n',
  );

  it('maps JSON Pointers to the lines of keys and values', () => {
    const result = parseJsonWithLocations(text);
    if (!result.ok) throw new Error(result.message);
    expect(result.value).toEqual({a: {'b/c': [1, {d: true}]}});
    expect(result.locations.get('/a')).toBe(2);
    expect(result.locations.get('/a/b~1c/0')).toBe(4);
    expect(lineOfPointer(result.locations, '/a/b~1c/1/d')).toBe(5);
    // A default filled in by the validator is not in the text: its nearest ancestor is.
    expect(lineOfPointer(result.locations, '/a/missing/deeper')).toBe(2);
  });

  it('names the line of the first syntax error', () => {
    for (const [broken, line] of [
      ['{\n  "a": 1\n  "b": 2\n}', 3],
      ['{\n  "a": tru\n}', 2],
      ['{\n  "a": "unterminated\n}', 2],
      ['{\n  "a": 1\n}\n{}', 4],
      // Node names no position for these: the first token JSON does not have does.
      ["{\n  'a': 1\n}", 2],
      ['{\n  "a": 1,\n  "b": \n}', 4],
      ['{\n  "a": 1\n  // a comment\n}', 3],
    ] as const) {
      const result = parseJsonWithLocations(broken);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.line).toBe(line);
    }
  });
});
