import type {Token} from './tokenize.ts';

/** How a vocabulary term matched a query word. */
export type TermMatch = {typos: number; exact: boolean; prefixLength: number | null; synonym?: boolean};

export type QueryMatcher = {
  /** The query words as typed. */
  words: string[];
  /** For each query word, the terms it matches. */
  terms: Map<string, TermMatch>[];
};

/** Character ranges of a text to highlight, and the query words that matched it (how many of them). */
type Found = {ranges: [number, number][]; matchedWords: string[]; matchLevel: 'none' | 'partial' | 'full'};

/** Where a text matches the query. */
export function highlightRanges(tokens: Token[], matcher: QueryMatcher): Found {
  const ranges: [number, number][] = [];
  const matched = new Set<number>();
  for (const token of tokens) {
    for (let word = 0; word < matcher.terms.length; word++) {
      const match = matcher.terms[word].get(token.norm);
      if (!match) continue;
      // A prefix match highlights the typed part only (when normalizing kept the length).
      const end =
        match.prefixLength !== null && token.end - token.start === token.norm.length
          ? token.start + match.prefixLength
          : token.end;
      ranges.push([token.start, end]);
      matched.add(word);
      break;
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return {
    ranges: merged,
    matchedWords: [...matched].sort((a, b) => a - b).map((word) => matcher.words[word]),
    matchLevel: matched.size === 0 ? 'none' : matched.size === matcher.words.length ? 'full' : 'partial',
  };
}

/** The tags put around highlighted words, and the mark of a snippet's cut ends. */
type Tags = {pre: string; post: string; ellipsis: string};

function mark(text: string, from: number, to: number, ranges: [number, number][], {pre, post}: Tags): string {
  let result = '';
  let cursor = from;
  for (const [start, end] of ranges) {
    if (end <= from || start >= to) continue;
    const s = Math.max(start, from);
    const e = Math.min(end, to);
    result += text.slice(cursor, s) + pre + text.slice(s, e) + post;
    cursor = e;
  }
  return result + text.slice(cursor, to);
}

export function renderHighlight(text: string, found: Found, tags: Tags) {
  const trimmedStart = text.length - text.trimStart().length;
  const trimmedEnd = text.trimEnd().length;
  return {
    value: mark(text, 0, text.length, found.ranges, tags),
    matchLevel: found.matchLevel,
    matchedWords: found.matchedWords,
    fullyHighlighted:
      found.ranges.length === 1 && found.ranges[0][0] <= trimmedStart && found.ranges[0][1] >= trimmedEnd,
  };
}

/**
 * The `words`-word window of a text with the most highlighted words, with the
 * first of them near its start.
 */
export function renderSnippet(text: string, found: Found, words: number, tags: Tags) {
  const level = found.matchLevel;
  const spans = [...text.matchAll(/\S+/g)].map(
    (match) => [match.index, match.index + match[0].length] as const,
  );
  if (spans.length <= words)
    return {value: mark(text, 0, text.length, found.ranges, tags), matchLevel: level};
  const highlighted = spans.map(([start, end]) =>
    found.ranges.some(([from, to]) => from < end && to > start),
  );
  let best = 0;
  let bestScore = -Infinity;
  for (let start = 0; start + words <= spans.length; start++) {
    let count = 0;
    let first = -1;
    for (let i = start; i < start + words; i++) {
      if (!highlighted[i]) continue;
      count += 1;
      if (first < 0) first = i;
    }
    // More highlighted words first; then one word of context before the first one.
    const score = count * 100 - (first < 0 ? 0 : Math.abs(first - start - 1));
    if (score > bestScore) {
      bestScore = score;
      best = start;
    }
  }
  const end = best + words;
  const body = mark(text, spans[best][0], spans[end - 1][1], found.ranges, tags);
  return {
    value: `${best > 0 ? `${tags.ellipsis} ` : ''}${body}${end < spans.length ? ` ${tags.ellipsis}` : ''}`,
    matchLevel: level,
  };
}
