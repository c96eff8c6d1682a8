// @ts-check
/**
 * How the static server (scripts/serve-build.mjs) compresses a response body.
 * Shared with the byte budgets, so they measure exactly what visitors download.
 */
import {brotliCompressSync, gzipSync, constants as zlib} from 'node:zlib';

/**
 * @param {Buffer} body
 * @param {'br' | 'gzip'} encoding
 * @returns {Buffer}
 */
export function compressBody(body, encoding) {
  return encoding === 'br'
    ? brotliCompressSync(body, {params: {[zlib.BROTLI_PARAM_QUALITY]: 11}})
    : gzipSync(body, {level: 9});
}
