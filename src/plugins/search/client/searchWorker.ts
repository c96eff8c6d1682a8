import {serveIndexCalls, type WorkerScope} from './serveIndexCalls.ts';

/** The search worker's script: parsing and ranking run beside the dialog's rendering and the typing. */
serveIndexCalls(self as unknown as WorkerScope);
