import type {LocalIndexFile, SplitIndexFile} from '../index-file/codec.ts';
import {warmUpEngine} from '../warm-up/run.ts';
import {openLocalIndex, runIndexCall, type IndexCall} from './localIndex.ts';
import {INDEX_WORKER_NAME} from './indexWorkerName.ts';

/** What the worker uses of its global scope (a fake one in the unit tests). */
export type WorkerScope = {
  name: string;
  addEventListener(
    type: 'message',
    listener: (event: MessageEvent<{id: number; call: IndexCall}>) => void,
  ): void;
  postMessage(message: unknown): void;
};

/** Warms the engine up on a file's sample until `stop()` (../warm-up/run.ts). */
export type WarmUp = (file: LocalIndexFile | SplitIndexFile, stop: () => boolean) => Promise<unknown>;

/**
 * The search worker's work: answers each message `{id, call}` with `{id, reply}`, in order. Before
 * any message comes, it opens the index its name gives and, until the first call other than
 * `open`, warms up (../README.md, "The search worker and its warm-up", says why).
 */
export function serveIndexCalls(scope: WorkerScope, warmUp: WarmUp = warmUpEngine): void {
  let calls = 0;
  const url = scope.name.startsWith(`${INDEX_WORKER_NAME} `)
    ? scope.name.slice(INDEX_WORKER_NAME.length + 1)
    : undefined;
  if (url) {
    // A failure here is reported to the first call, which opens the index again.
    openLocalIndex(url).then(
      (file) => (calls === 0 ? warmUp(file, () => calls > 0) : undefined),
      () => undefined,
    );
  }
  scope.addEventListener('message', ({data: {id, call}}) => {
    if (call.kind !== 'open') calls += 1;
    void runIndexCall(call).then((reply) => scope.postMessage({id, reply}));
  });
}
