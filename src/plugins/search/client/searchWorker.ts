import {serveIndexCalls, type WorkerScope} from './serveIndexCalls.ts';

/**
 * The search worker's script: the engine off the page's main thread. Parsing
 * the index and ranking thousands of postings then run beside the dialog's
 * rendering and the visitor's typing instead of queueing behind them.
 */
serveIndexCalls(self as unknown as WorkerScope);
