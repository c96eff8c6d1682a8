/**
 * Stands in for Docusaurus's prefetch helper (see ./index.ts): same contract (a
 * chunk URL in, a promise that never rejects out), but each URL is requested once,
 * not at all when the page already loaded it as a script, and the `<link>`s are
 * added when the main thread is idle, since the visible links all ask at once
 * while the page is still starting up.
 */
const requested = new Map<string, Promise<void>>();
const queue: Array<() => void> = [];

function alreadyLoaded(url: string): boolean {
  return Array.from(document.scripts).some((script) => script.getAttribute('src') === url);
}

/** Runs the callback when the main thread is idle (soon after, where idle callbacks are missing). */
export function whenIdle(callback: (deadline?: IdleDeadline) => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback, {timeout: 2000});
  else setTimeout(callback, 50);
}

/** Time one idle callback may spend; an idle period can be 50 ms, and a tap in it waits for the task. */
const SLICE_MS = 4;

function drain(deadline?: IdleDeadline): void {
  // At least one per idle period, more while the slice and the browser's idle time allow.
  const start = performance.now();
  do queue.shift()?.();
  while (
    queue.length > 0 &&
    deadline &&
    deadline.timeRemaining() > 2 &&
    performance.now() - start < SLICE_MS
  );
  if (queue.length > 0) whenIdle(drain);
}

function prefetchWithLink(url: string): Promise<void> {
  return new Promise((resolve) => {
    queue.push(() => {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = url;
      // A failed prefetch is harmless (the chunk loads when needed) and the browser logs it.
      link.onload = () => resolve();
      link.onerror = () => resolve();
      document.head.appendChild(link);
    });
    // The first in an empty queue schedules the drain; the drain reschedules itself.
    if (queue.length === 1) whenIdle(drain);
  });
}

export default function prefetchChunk(url: string): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  let pending = requested.get(url);
  if (!pending) {
    pending = alreadyLoaded(url) ? Promise.resolve() : prefetchWithLink(url);
    requested.set(url, pending);
  }
  return pending;
}
