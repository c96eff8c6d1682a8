import {describe, expect, it} from 'vitest';
import {buildHeapFlags} from '../../scripts/lib/build-heap.ts';

describe('heap flags of the build process (scripts/lib/build-heap.ts)', () => {
  it('caps the young and the old generation, the old one at 384 MB unless BUILD_MAX_OLD_SPACE_MB says otherwise', () => {
    expect(buildHeapFlags({})).toEqual(['--max-semi-space-size=4', '--max-old-space-size=384']);
    expect(buildHeapFlags({BUILD_MAX_OLD_SPACE_MB: '1024'})).toContain('--max-old-space-size=1024');
  });

  it('refuses a limit that is not a whole number of megabytes or too small to build anything', () => {
    expect(() => buildHeapFlags({BUILD_MAX_OLD_SPACE_MB: '1g'})).toThrow(/whole number/);
    expect(() => buildHeapFlags({BUILD_MAX_OLD_SPACE_MB: '16'})).toThrow(/at least 64/);
  });
});
