import type {EngineResult, SearchEngine} from '../engine/engine.ts';
import {countFacets, valueAt} from '../engine/facets.ts';
import {highlightRanges, renderHighlight, renderSnippet, type QueryMatcher} from '../engine/highlight.ts';
import {withObjectId} from '../records/recordId.ts';
import type {SearchRecord} from '../types.ts';
import type {SearchParams} from './requests.ts';

/**
 * The engine behind Algolia's search API: one Algolia search request in, an Algolia answer out, so
 * the stock DocSearch dialog, the /search page and algoliasearch-helper work on it unchanged.
 * Defaults come from the engine's settings; values come back unescaped, as Algolia's do.
 */

export type Hit = Record<string, unknown> & {objectID: string};

export type SearchResponse = {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: true;
  exhaustive: {nbHits: true; typo: true};
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  queryID?: string;
  facets?: Record<string, Record<string, number>>;
};

/**
 * `result`: the engine's ranked hits for these params, when the caller ranked them already (a
 * split index ranks before it loads the content of the hits shown: ../index-file/open.ts).
 * `shown`: the records to answer with, when the consumer shows only some of the page of hits
 * (the dialog, `firstOfEachSection`); by default the whole page.
 */
export function answerSearch(
  engine: SearchEngine,
  indexName: string,
  params: SearchParams,
  result: EngineResult = engine.search({query: queryOf(params), facetFilters: params.facetFilters}),
  shown: readonly SearchRecord[] = pageOfHits(engine, result, params),
): SearchResponse {
  const started = performance.now();
  const query = queryOf(params);
  const {count, matcher} = result;
  const {hitsPerPage, page} = paging(engine, params);
  const hits = shown.map((record) => hit(engine, record, params, matcher));

  const response: SearchResponse = {
    hits,
    nbHits: count,
    page,
    nbPages: hitsPerPage === 0 ? 0 : Math.ceil(count / hitsPerPage),
    hitsPerPage,
    exhaustiveNbHits: true,
    exhaustive: {nbHits: true, typo: true},
    query,
    // Nothing the site uses reads the request's parameters back.
    params: '',
    index: indexName,
    processingTimeMS: Math.round(performance.now() - started),
  };
  if (params.clickAnalytics)
    response.queryID = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
      byte.toString(16).padStart(2, '0'),
    ).join('');
  const facetNames = facetList(params.facets);
  if (facetNames.length) response.facets = countFacets(result.records, facetNames, engine.settings.facets);
  return response;
}

/** The records of the page of hits this request asks for (a split index loads their content first). */
export function pageOfHits(engine: SearchEngine, result: EngineResult, params: SearchParams): SearchRecord[] {
  const {hitsPerPage, page} = paging(engine, params);
  return hitsPerPage === 0 ? [] : result.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
}

/** The first section's hits always shown (one alone hid pages readers looked for: ../README.md). */
const FIRST_SECTION_LEAST = 2;

/**
 * The hits DocSearch's dialog shows of a page of hits: the first `perSection` of each section
 * (`hierarchy.lvl0`, its `maxResultsPerGroup`), and of the first section, past its first
 * `FIRST_SECTION_LEAST`, only those ranked above the next section's best (../README.md, "What the
 * dialog shows").
 */
export function firstOfEachSection(records: readonly SearchRecord[], perSection: number): SearchRecord[] {
  const first = records[0]?.hierarchy.lvl0;
  const nextSectionAt = records.findIndex((record) => record.hierarchy.lvl0 !== first);
  const kept = new Map<string | null, number>();
  return records.filter((record, rank) => {
    const section = record.hierarchy.lvl0;
    const count = kept.get(section) ?? 0;
    kept.set(section, count + 1);
    const belowNextSection = section === first && nextSectionAt !== -1 && rank > nextSectionAt;
    return count < perSection && !(belowNextSection && count >= FIRST_SECTION_LEAST);
  });
}

function queryOf(params: SearchParams): string {
  return typeof params.query === 'string' ? params.query : '';
}

function paging(engine: SearchEngine, params: SearchParams): {hitsPerPage: number; page: number} {
  return {
    hitsPerPage: clampInt(params.hitsPerPage, engine.settings.answer.hitsPerPage, 0, 1000),
    page: clampInt(params.page, 0, 0, 10_000),
  };
}

function hit(engine: SearchEngine, record: SearchRecord, params: SearchParams, matcher: QueryMatcher): Hit {
  const defaults = engine.settings.answer;
  withObjectId(record);
  const result: Hit = {
    ...retrieve(record, params.attributesToRetrieve ?? [...defaults.attributesToRetrieve]),
    objectID: record.objectID,
  };
  const tags = {
    pre: params.highlightPreTag ?? defaults.highlightPreTag,
    post: params.highlightPostTag ?? defaults.highlightPostTag,
    ellipsis: params.snippetEllipsisText ?? defaults.snippetEllipsisText,
  };
  const toHighlight = params.attributesToHighlight ?? defaults.attributesToHighlight;
  const toSnippet = params.attributesToSnippet
    ? params.attributesToSnippet.map(parseSnippetAttribute)
    : defaults.attributesToSnippet;
  const covers = (name: string, attribute: string) =>
    name === '*' || attribute === name || attribute.startsWith(`${name}.`);

  const highlight: Record<string, unknown> = {};
  const snippet: Record<string, unknown> = {};
  engine.settings.searchableAttributes.forEach((attribute, index) => {
    const text = engine.attributeTexts[index](record);
    if (!text) return;
    const wantsHighlight = toHighlight.some((name) => covers(name, attribute));
    const snippetWords = toSnippet.find((entry) => covers(entry.attribute, attribute))?.words;
    if (!wantsHighlight && snippetWords === undefined) return;
    const found = highlightRanges(engine.tokens(text, index), matcher);
    if (wantsHighlight) setPath(highlight, attribute, renderHighlight(text, found, tags));
    if (snippetWords !== undefined)
      setPath(snippet, attribute, renderSnippet(text, found, snippetWords, tags));
  });
  if (Object.keys(highlight).length) result._highlightResult = highlight;
  if (Object.keys(snippet).length) result._snippetResult = snippet;
  return result;
}

function retrieve(record: SearchRecord, attributes: string[]): Record<string, unknown> {
  if (attributes.includes('*')) {
    // A split index's records compute their fields (index-file/layout.ts `splitRecords`): copy them as data.
    const plain = 'toJSON' in record ? (record as {toJSON(): SearchRecord}).toJSON() : record;
    const all = structuredClone(plain) as Record<string, unknown>;
    delete all.objectID;
    return all;
  }
  const result: Record<string, unknown> = {};
  for (const attribute of attributes) {
    const value = valueAt(record, attribute.split('.'));
    if (value === undefined) continue;
    setPath(result, attribute, value && typeof value === 'object' ? structuredClone(value) : value);
  }
  return result;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

function parseSnippetAttribute(entry: string): {attribute: string; words: number} {
  const [attribute, count] = entry.split(':');
  const words = Number(count);
  return {attribute, words: Number.isFinite(words) && words > 0 ? Math.floor(words) : 10};
}

function facetList(facets: SearchParams['facets']): string[] {
  if (!facets) return [];
  const list = Array.isArray(facets) ? facets : String(facets).split(',');
  return list.map((facet) => facet.trim()).filter(Boolean);
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number)
    ? Math.min(max, Math.max(min, Math.floor(number)))
    : fallback;
}
