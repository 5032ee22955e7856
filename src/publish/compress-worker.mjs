// One compression worker: takes a job ({ data, brotliQuality, gzipLevel }),
// answers with the brotli and gzip bytes; or a card ({ svg, config }), answers
// with svgo's optimized card. Plain JavaScript so that worker threads start
// without a TypeScript loader.
import { parentPort } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** svgo, loaded by the first card (a worker that only compresses never loads it). */
let svgo;

parentPort.on('message', async ({ data, brotliQuality, gzipLevel, svg, config }) => {
  if (svg !== undefined) {
    svgo ??= await import('svgo');
    parentPort.postMessage({ svg: svgo.optimize(svg, config).data });
    return;
  }
  // Copied into arrays of their own: zlib may hand back views of a shared pool, which must not be transferred.
  const br = new Uint8Array(
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  );
  const gzip = new Uint8Array(gzipSync(data, { level: gzipLevel }));
  parentPort.postMessage({ br, gzip }, [br.buffer, gzip.buffer]);
});
