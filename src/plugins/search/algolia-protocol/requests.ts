import type {FacetFilters} from '../engine/facets.ts';

/** The Algolia search parameters the site's clients send (others are ignored). */
export type SearchParams = {
  query?: string;
  page?: number;
  hitsPerPage?: number;
  facetFilters?: FacetFilters;
  facets?: string | string[];
  attributesToRetrieve?: string[];
  attributesToHighlight?: string[];
  attributesToSnippet?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  snippetEllipsisText?: string;
  clickAnalytics?: boolean;
  [other: string]: unknown;
};

export type SearchRequest = {indexName: string; params: SearchParams};

/**
 * Requests in any shape the clients accept: `{requests: [{indexName, query, ...}]}`
 * (DocSearch), `[{indexName, params: {...}}]` (algoliasearch-helper), or params
 * as a query string (older clients).
 */
export function normalizeRequests(input: unknown): SearchRequest[] {
  const list = Array.isArray(input) ? input : (input as {requests?: unknown[]} | undefined)?.requests;
  if (!Array.isArray(list)) throw new Error('A search needs a list of requests');
  return list.map((entry) => {
    const {indexName, params, ...rest} = entry as {
      indexName: string;
      params?: unknown;
      [key: string]: unknown;
    };
    const parsed =
      typeof params === 'string' ? parseParams(params) : ((params as SearchParams | undefined) ?? {});
    return {indexName, params: {...rest, ...parsed}};
  });
}

function parseParams(query: string): SearchParams {
  const params: SearchParams = {};
  for (const [key, value] of new URLSearchParams(query)) {
    try {
      params[key] = /^[[{\d]|^(true|false|null)$/.test(value) ? JSON.parse(value) : value;
    } catch {
      params[key] = value;
    }
  }
  return params;
}
