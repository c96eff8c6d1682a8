import {describe, expect, it} from 'vitest';
import {hash53} from '../../src/utils/hash53.ts';

describe('hash53', () => {
  it('gives 14 hex digits, the same for the same text every time', () => {
    expect(hash53('')).toMatch(/^[0-9a-f]{14}$/);
    expect(hash53('stream')).toBe(hash53('stream'));
  });

  it('keeps the values that name existing diagram files and search record ids', () => {
    // Changing the hash renames every pre-rendered diagram and every Algolia record.
    expect(hash53('')).toBe('0bdcb81aee8d83');
    expect(hash53('graph LR; A-->B')).toBe('17959249fbe90f');
  });

  it('tells apart texts that differ in one character', () => {
    expect(hash53('streamr')).not.toBe(hash53('Streamr'));
  });
});
