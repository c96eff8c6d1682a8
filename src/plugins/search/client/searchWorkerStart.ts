import {searchBackend} from './backend.ts';
import {INDEX_WORKER_NAME} from './indexWorkerName.ts';

/** The search worker (./searchWorker.ts); `failed` once it could not start. */
export type StartedWorker = {worker: Worker; failed: boolean};

let started: StartedWorker | null | undefined;

/** The page's one search worker, started on first use; null where workers cannot start. */
export function searchWorker(): StartedWorker | null {
  if (started !== undefined) return started;
  started = null;
  if (typeof Worker !== 'function') return null;
  try {
    // The chunk's name says what the file is in the build's assets.
    const worker = new Worker(
      /* webpackChunkName: "docs-search-worker" */ new URL('./searchWorker.ts', import.meta.url),
      // Named after its index, which it opens as soon as it runs (./serveIndexCalls.ts says why).
      {name: `${INDEX_WORKER_NAME} ${searchBackend().localIndexUrl}`},
    );
    const handle: StartedWorker = {worker, failed: false};
    // The worker answers every call, failures included: an error event means it did not start.
    worker.addEventListener('error', () => (handle.failed = true));
    started = handle;
  } catch {
    // A browser that refuses the worker: the engine runs in the page.
  }
  return started;
}

/**
 * Called as the visitor opens search: the worker starts and opens the index while the dialog's code
 * loads, not at the dialog's first render, which holds the main thread a worker needs to start.
 */
export function startLocalSearch(): void {
  if (searchBackend().backend === 'local') searchWorker();
}
