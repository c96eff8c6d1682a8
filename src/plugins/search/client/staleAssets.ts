/**
 * Search after a redeploy. Chunk names carry a content hash, so a tab opened before a deploy asks
 * for search code the server no longer has, and the Search button would do nothing. When search
 * code fails to load, the page reloads once (getting the new names) and reopens search; a failure
 * again soon after that reload asks the visitor to reload instead, so it never loops. The guard is
 * a timestamp in sessionStorage (per tab, survives the reload).
 */

/** sessionStorage key: when search last reloaded the page (ms since epoch). */
export const RELOADED_AT_KEY = 'docs-search-reloaded-at';
/** sessionStorage key: open search once the reloaded page is ready. */
export const REOPEN_KEY = 'docs-search-reopen';
/** A failure this soon after a reload is not a stale tab: ask, do not reload again. */
export const RELOAD_GUARD_MS = 5 * 60_000;

/** A failed `import()` of a JavaScript chunk (webpack and Rspack: `ChunkLoadError`) or of a CSS chunk. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const {code} = error as Error & {code?: unknown};
  return (
    error.name === 'ChunkLoadError' ||
    code === 'CSS_CHUNK_LOAD_FAILED' ||
    /^Loading (CSS )?chunk \S+ failed/.test(error.message)
  );
}

/** What failed to load: the dialog's code (the button) or the engine's (inside the dialog). */
type SearchCode = 'dialog' | 'engine';

/** The words both places show once the visitor must reload. */
export const STALE_TITLE = 'Search needs a page reload';
export const STALE_HELP = 'The site was updated after this page was loaded. Reload the page to search.';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** How long after a click a chunk failure is taken for the dialog's (its chunks load in well under this). */
const DIALOG_REQUEST_WINDOW_MS = 60_000;

export function createStaleAssets({
  storage,
  reload,
  now,
}: {
  /** undefined where sessionStorage is unavailable: no guard, so never reload automatically. */
  storage: KeyValueStore | undefined;
  reload: () => void;
  now: () => number;
}) {
  const manual = new Set<SearchCode>();
  // Set once this page has asked for its reload: further failures (other chunks of the same load) wait for it.
  let reloading = false;
  let dialogRequestedAt = -Infinity;
  const listeners = new Set<() => void>();
  const reported = new WeakSet<object>();
  const read = (key: string) => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  // False if the value could not be stored (storage full or blocked): then the guard would not hold.
  const write = (key: string, value: string) => {
    try {
      storage!.setItem(key, value);
      return storage!.getItem(key) === value;
    } catch {
      return false;
    }
  };
  const reloadedRecently = () => {
    const at = Number(read(RELOADED_AT_KEY));
    return Number.isFinite(at) && at > 0 && now() - at < RELOAD_GUARD_MS;
  };

  return {
    /** Returns true if `error` was a chunk failure it handled (by reloading, or by asking for a reload). */
    report(error: unknown, code: SearchCode): boolean {
      if (!isChunkLoadError(error)) return false;
      reported.add(error as object);
      if (reloading) return true;
      if (storage && !reloadedRecently() && write(RELOADED_AT_KEY, String(now()))) {
        write(REOPEN_KEY, 'true');
        reloading = true;
        reload();
        return true;
      }
      if (!manual.has(code)) {
        manual.add(code);
        for (const listener of listeners) listener();
      }
      return true;
    },
    /** True once `code` failed again after the reload: the visitor must reload by hand. */
    needsManualReload: (code: SearchCode) => manual.has(code),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** True (once) if the page was reloaded by `report` and search should open again. */
    takeReopenRequest(): boolean {
      if (read(REOPEN_KEY) === null) return false;
      try {
        storage?.removeItem(REOPEN_KEY);
      } catch {
        // Unremovable: reopening once more is harmless.
      }
      return true;
    },
    /** Errors `report` handled: their unhandled rejections elsewhere are expected. */
    wasReported: (error: unknown) => typeof error === 'object' && error !== null && reported.has(error),
    /** The dialog's code was asked for: chunk failures soon after are the dialog's. */
    noteDialogRequest() {
      dialogRequestedAt = now();
    },
    dialogRecentlyRequested: () => now() - dialogRequestedAt < DIALOG_REQUEST_WINDOW_MS,
  };
}

function sessionStorageOrUndefined(): KeyValueStore | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Blocked by the browser's privacy settings.
    return undefined;
  }
}

/** The page's one instance, shared by the button, the dialog and the engine loader. */
export const staleAssets = createStaleAssets({
  storage: sessionStorageOrUndefined(),
  reload: () => window.location.reload(),
  now: () => Date.now(),
});

/**
 * The stock SearchBar loads the dialog's code (and chunks of its own) in a click handler that
 * discards the promise, so a failure there is an unhandled rejection. A chunk failure already
 * reported, or one soon after the dialog was asked for, is handled like the button's (reload once,
 * or ask) and kept out of the console.
 */
export function handleDialogChunkRejections(): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    const {reason} = event;
    if (staleAssets.wasReported(reason)) {
      event.preventDefault();
    } else if (isChunkLoadError(reason) && staleAssets.dialogRecentlyRequested()) {
      event.preventDefault();
      staleAssets.report(reason, 'dialog');
    }
  };
  window.addEventListener('unhandledrejection', onRejection);
  return () => window.removeEventListener('unhandledrejection', onRejection);
}
