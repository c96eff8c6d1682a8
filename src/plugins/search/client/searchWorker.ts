import {runIndexCall, type IndexCall} from './localIndex';

/**
 * The search worker: the engine off the page's main thread. Parsing the index
 * and ranking thousands of postings then run beside the dialog's rendering and
 * the visitor's typing instead of queueing behind them. Messages are
 * `{id, call}`; each is answered `{id, reply}` (./localIndex.ts).
 */
const scope = self as unknown as {
  addEventListener(
    type: 'message',
    listener: (event: MessageEvent<{id: number; call: IndexCall}>) => void,
  ): void;
  postMessage(message: unknown): void;
};

scope.addEventListener('message', ({data: {id, call}}) => {
  void runIndexCall(call).then((reply) => scope.postMessage({id, reply}));
});
