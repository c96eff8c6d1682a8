import {describe, expect, it} from 'vitest';
import {cleanPath} from '../../src/plugins/clean-html-urls/cleanPath.ts';

describe('cleanPath', () => {
  it.each([
    ['/guides/nodejs.html', '/guides/nodejs'],
    ['/guides/nodejs/index.html', '/guides/nodejs'],
    ['/index.html', '/'],
    ['/docs/base/index.html', '/docs/base'],
  ])('cleans %s to %s', (input, output) => {
    expect(cleanPath(input)).toBe(output);
  });

  it.each(['/', '/guides/nodejs', '/usage/sdk/api', '/files/data.json', '/html-guide'])(
    'keeps %s',
    (input) => {
      expect(cleanPath(input)).toBe(input);
    },
  );
});
