import type {SearchRecord} from '../types.ts';

/** Algolia facetFilters: an AND list whose items are filters or OR lists of filters. */
export type FacetFilters = string | (string | string[])[];

type Filter = {attribute: string; value: string; negated: boolean};

export function parseFacetFilters(input: FacetFilters | undefined): Filter[][] {
  if (input === undefined || input === null || input === '') return [];
  let list: unknown = input;
  if (typeof input === 'string') list = input.trim().startsWith('[') ? JSON.parse(input) : [input];
  if (!Array.isArray(list))
    throw new Error(`facetFilters must be an array or a string, got ${JSON.stringify(input)}`);
  return list.map((item) =>
    (Array.isArray(item) ? item : [item]).map((filter) => parseFilter(String(filter))),
  );
}

function parseFilter(text: string): Filter {
  const negated = text.startsWith('-');
  const body = negated ? text.slice(1) : text.replace(/^\\-/, '-');
  const colon = body.indexOf(':');
  if (colon < 1) throw new Error(`Invalid facet filter "${text}" (expected attribute:value)`);
  const value = body.slice(colon + 1).trim();
  return {attribute: body.slice(0, colon).trim(), value: value.replace(/^"(.*)"$/, '$1'), negated};
}

/** The value at a dotted attribute path (split at the dots) of a record. */
export function valueAt(record: SearchRecord, path: string[]): unknown {
  let value: unknown = record;
  for (const key of path)
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

function valuesOf(record: SearchRecord, path: string[]): string[] {
  const value = valueAt(record, path);
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** 1 for every record the filters let through. */
export function applyFacetFilters(records: SearchRecord[], input: FacetFilters | undefined): Uint8Array {
  // Attribute paths split once, not once per record (the first search filters every record).
  const groups = parseFacetFilters(input).map((group) =>
    group.map((filter) => ({...filter, path: filter.attribute.split('.')})),
  );
  const allowed = new Uint8Array(records.length);
  records.forEach((record, index) => {
    const ok = groups.every((group) =>
      group.some((filter) => valuesOf(record, filter.path).includes(filter.value) !== filter.negated),
    );
    allowed[index] = ok ? 1 : 0;
  });
  return allowed;
}

/** Counts of each value of the named facets (`*`: all); only attributes in `facets` count, as in Algolia. */
export function countFacets(
  records: SearchRecord[],
  names: string[],
  facets: readonly string[],
): Record<string, Record<string, number>> {
  const all = names.includes('*') ? facets : names.filter((name) => facets.includes(name));
  const counts: Record<string, Record<string, number>> = {};
  for (const name of all) {
    const values: Record<string, number> = {};
    const path = name.split('.');
    for (const record of records)
      for (const value of valuesOf(record, path)) values[value] = (values[value] ?? 0) + 1;
    counts[name] = values;
  }
  return counts;
}
