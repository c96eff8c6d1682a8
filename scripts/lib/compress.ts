/**
 * How the static server (scripts/serve-build.ts) compresses a response body.
 * Shared with the byte budgets, so they measure exactly what visitors download.
 */
import {promisify} from 'node:util';
import {brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib} from 'node:zlib';

const BROTLI = {params: {[zlib.BROTLI_PARAM_QUALITY]: 11}};
const GZIP = {level: 9};
const brotliOffThread = promisify(brotliCompress);
const gzipOffThread = promisify(gzip);

export function compressBody(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body, GZIP);
}

/** The same bytes, made on libuv's threads: a server keeps answering while a big file compresses. */
export function compressBodyOffThread(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br' ? brotliOffThread(body, BROTLI) : gzipOffThread(body, GZIP);
}
