import {describe, expect, it} from 'vitest';
import {firstOfEachSection} from '../../src/plugins/search/algolia-protocol/answer.ts';
import type {SearchRecord} from '../../src/plugins/search/types.ts';

/** Records in the engine's order, named "<section><n>" (section A, B, C…). */
const ranked = (...names: string[]) =>
  names.map(
    (name) =>
      ({
        objectID: name,
        url: `https://x.test/${name}`,
        hierarchy: {lvl0: name[0], lvl1: name},
      }) as unknown as SearchRecord,
  );
const shown = (records: SearchRecord[], perSection = 5) =>
  firstOfEachSection(records, perSection).map((record) => record.objectID);

describe('the hits the dialog shows (firstOfEachSection)', () => {
  it("leaves out the first section's hits ranked below the next section's best, past its first 2", () => {
    // Grouped by section, A3 and A4 would be listed before B1, which the engine ranks higher.
    expect(shown(ranked('A1', 'B1', 'A2', 'A3', 'A4', 'C1', 'B2'))).toEqual(['A1', 'B1', 'A2', 'C1', 'B2']);
  });

  it("keeps the first section's hits ranked above the next section's best, up to the section's limit", () => {
    expect(shown(ranked('A1', 'A2', 'A3', 'A4', 'B1', 'A5'))).toEqual(['A1', 'A2', 'A3', 'A4', 'B1']);
    expect(shown(ranked('A1', 'A2', 'A3', 'B1'), 2)).toEqual(['A1', 'A2', 'B1']);
  });

  it('keeps the later sections and a lone section as DocSearch groups them: the first hits of each', () => {
    expect(shown(ranked('A1', 'B1', 'C1', 'B2', 'C2', 'B3', 'C3'), 2)).toEqual([
      'A1',
      'B1',
      'C1',
      'B2',
      'C2',
    ]);
    expect(shown(ranked('A1', 'A2', 'A3'))).toEqual(['A1', 'A2', 'A3']);
    expect(shown([])).toEqual([]);
  });
});
