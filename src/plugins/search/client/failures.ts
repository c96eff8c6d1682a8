/**
 * Whether the latest search request failed (backend unreachable, index missing).
 * DocSearch 3.9 never shows its error screen: it sets status `error` only for a
 * `RetryError` and resets it to `idle` at once. The wrappers here record failures
 * themselves and the UI reads them from this store.
 */
export function createFailureTracker() {
  let latest = 0;
  let failed = false;
  const listeners = new Set<() => void>();
  const set = (value: boolean) => {
    if (value === failed) return;
    failed = value;
    for (const listener of listeners) listener();
  };
  /** A request starts; returns its number. A newer request makes older outcomes irrelevant. */
  const begin = (): number => {
    latest += 1;
    set(false);
    return latest;
  };
  return {
    begin,
    succeed(request: number) {
      if (request === latest) set(false);
    },
    fail(request: number) {
      if (request === latest) set(true);
    },
    /** The query was cleared: nothing to report. */
    reset: begin,
    isFailed: () => failed,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type FailureTracker = ReturnType<typeof createFailureTracker>;

/** The /search page's requests (one page at a time). */
export const searchPageFailures = createFailureTracker();
