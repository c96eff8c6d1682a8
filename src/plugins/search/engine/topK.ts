import type {RecordLayout} from './engine.ts';

/**
 * What the top-k merge (../README.md, "Ranking only what is shown") needs to know of the records'
 * pages and order. A page's records are contiguous, so sorting record numbers groups them by page.
 */
export type RecordPages = Pick<RecordLayout, 'pageOf' | 'distinctKey' | 'distinctInPage'> & {
  pageCount: number;
  /** `settings.weights.samePageDecay` */
  samePageDecay: number;
  /** samePageDecay^n, as far as a page's candidates have needed. */
  decayPowers: number[];
  /** Ties of score go by this (`settings.customRanking`, then record order). */
  compareCustom(a: number, b: number): number;
};

/** Items in the order of a strict total order, sorted only as far as `slice` has asked. */
export type OrderedLazily = {count: number; slice(start: number, end: number): number[]};

/**
 * The best record of each `settings.distinct` value among `candidates`, best
 * first, after the same-page decay (a page's nth best record's score times
 * samePageDecay^n). Pages are merged best head first (a heap); a page's
 * candidates are sorted when the merge reaches its second one. A decay in
 * (0, 1] (the engine checks) keeps a page's order, so this is the order a sort
 * of all the decayed candidates gives. With `upperBound` (no record of the page scores more),
 * pages are scored in the order of their bounds, only until the best record
 * left beats every bound not yet scored.
 */
export function bestByPage(
  pages: RecordPages,
  candidates: number[],
  scores: Float64Array,
  byScore: (a: number, b: number) => number,
  score: (record: number) => void,
  upperBound?: (page: number, record: number) => number,
): OrderedLazily {
  const {grouped, starts, distinct: count} = groupByPage(pages, candidates);
  const groups = starts.length - 1;
  const head = new Int32Array(groups);
  // Scores a page's candidates and finds its best (the group's head until the group is sorted).
  const scorePage = (group: number) => {
    const end = starts[group + 1];
    let best = grouped[starts[group]];
    for (let i = starts[group]; i < end; i++) {
      const record = grouped[i];
      score(record);
      // byScore(record, best) < 0, without a call for every candidate.
      if (
        scores[record] > scores[best] ||
        (scores[record] === scores[best] && pages.compareCustom(record, best) < 0)
      )
        best = record;
    }
    head[group] = best;
  };
  // Position of each group's head in it; -1: the group is not sorted yet (the head is its best).
  const cursor = new Int32Array(groups).fill(-1);
  const heap = new MinHeap([], (a, b) => byScore(head[a], head[b]));
  // Pages not scored yet, highest bound first (without bounds, all are scored before a record is taken).
  const bound = new Float64Array(groups).fill(Infinity);
  if (upperBound)
    for (let group = 0; group < groups; group++) {
      const first = grouped[starts[group]];
      bound[group] = upperBound(pages.pageOf[first], first);
    }
  const waiting = new MinHeap(
    Array.from({length: groups}, (_, group) => group),
    (a, b) => (bound[a] === bound[b] ? 0 : bound[b] - bound[a]),
  );
  const emitted = new Set<number>();
  const ordered: number[] = [];
  const orderTo = (end: number) => {
    while (ordered.length < end) {
      // A page not scored yet might hold a record that beats (or ties) the best one left: score it first.
      if (waiting.size > 0) {
        const next = waiting.peek();
        if (heap.size === 0 || !(scores[head[heap.peek()]] > bound[next])) {
          waiting.pop();
          scorePage(next);
          heap.push(next);
          continue;
        }
      }
      if (heap.size === 0) break;
      const group = heap.peek();
      const record = head[group];
      const first = starts[group];
      const size = starts[group + 1] - first;
      if (cursor[group] < 0) {
        sortPage(pages, grouped, first, first + size, scores, byScore);
        cursor[group] = 0;
      }
      if (++cursor[group] < size) {
        head[group] = grouped[first + cursor[group]];
        heap.replaceTop(group);
      } else heap.pop();
      const key = pages.distinctKey(record);
      if (emitted.has(key)) continue;
      emitted.add(key);
      ordered.push(record);
    }
  };
  return {
    count,
    slice(from, to) {
      orderTo(Math.min(to, count));
      return ordered.slice(from, to);
    },
  };
}

/**
 * The candidates grouped by page: `grouped[starts[g] … starts[g + 1])` are the
 * candidates of the gth page that has any (a page's records are contiguous), and
 * how many `settings.distinct` values they have.
 */
function groupByPage({pageOf, distinctInPage}: RecordPages, candidates: number[]) {
  const grouped = Int32Array.from(candidates).sort();
  const starts: number[] = [];
  // Values never span pages: a value is counted once, marked with its page's group number.
  const mark = new Int32Array(distinctInPage.size);
  let distinct = 0;
  for (let i = 0; i < grouped.length; i++) {
    if (i === 0 || pageOf[grouped[i]] !== pageOf[grouped[i - 1]]) starts.push(i);
    const key = distinctInPage.keyOf(grouped[i]);
    if (mark[key] !== starts.length) {
      mark[key] = starts.length;
      distinct += 1;
    }
  }
  starts.push(grouped.length);
  return {grouped, starts, distinct};
}

/** Sorts a page's candidates by `byScore`, then multiplies the nth one's score by samePageDecay^n. */
function sortPage(
  pages: RecordPages,
  grouped: Int32Array,
  first: number,
  end: number,
  scores: Float64Array,
  byScore: (a: number, b: number) => number,
): void {
  if (end - first < 2) return;
  // Most pages have a few candidates: an insertion sort, without the sort builtin's callbacks.
  if (end - first <= 16) {
    for (let i = first + 1; i < end; i++) {
      const record = grouped[i];
      let j = i - 1;
      for (; j >= first && byScore(record, grouped[j]) < 0; j--) grouped[j + 1] = grouped[j];
      grouped[j + 1] = record;
    }
  } else grouped.subarray(first, end).sort(byScore);
  const rate = pages.samePageDecay;
  const powers = pages.decayPowers;
  for (let n = 1; n < end - first; n++) scores[grouped[first + n]] *= powers[n] ??= rate ** n;
}

/** A binary heap of numbers whose top is the least by `compare`. */
class MinHeap {
  private readonly items: number[];
  private readonly compare: (a: number, b: number) => number;

  constructor(items: number[], compare: (a: number, b: number) => number) {
    this.items = items;
    this.compare = compare;
    for (let at = (items.length >> 1) - 1; at >= 0; at--) this.down(at);
  }

  get size(): number {
    return this.items.length;
  }

  peek(): number {
    return this.items[0];
  }

  push(item: number): void {
    const {items, compare} = this;
    let at = items.length;
    items.push(item);
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (compare(items[parent], item) <= 0) break;
      items[at] = items[parent];
      at = parent;
    }
    items[at] = item;
  }

  /** Replaces the top with an item no less than it was (the next record of the same page). */
  replaceTop(item: number): void {
    this.items[0] = item;
    this.down(0);
  }

  pop(): void {
    const last = this.items.pop()!;
    if (this.items.length === 0) return;
    this.items[0] = last;
    this.down(0);
  }

  private down(from: number): void {
    const {items, compare} = this;
    const item = items[from];
    let at = from;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= items.length) break;
      if (child + 1 < items.length && compare(items[child + 1], items[child]) < 0) child += 1;
      if (compare(items[child], item) >= 0) break;
      items[at] = items[child];
      at = child;
    }
    items[at] = item;
  }
}
