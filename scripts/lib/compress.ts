/**
 * How the static server (scripts/serve-build.ts) compresses a response body.
 * Shared with the byte budgets, so they measure exactly what visitors download.
 */
import {brotliCompressSync, gzipSync, constants as zlib} from 'node:zlib';

export function compressBody(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {params: {[zlib.BROTLI_PARAM_QUALITY]: 11}})
    : gzipSync(body, {level: 9});
}
