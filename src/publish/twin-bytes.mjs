// The bytes of a published twin: brotli in text mode with the size as a
// hint, and gzip, at the levels given. Plain JavaScript, so that the
// compression workers (compress-worker.mjs) load it without a loader; the
// build's tests and benchmarks read the same settings here.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export function brotliTwin(data, quality) {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

export function gzipTwin(data, level) {
  return gzipSync(data, { level });
}
