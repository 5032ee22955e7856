// One compression worker: takes jobs ({ data, brotliQuality, gzipLevel }) and
// answers each, in the order they came, with the brotli (unless its quality
// is null) and gzip bytes. Plain JavaScript so that worker threads start
// without a TypeScript loader.
import { parentPort } from 'node:worker_threads';
import { brotliTwin, gzipTwin } from './twin-bytes.mjs';

parentPort.on('message', ({ data, brotliQuality, gzipLevel }) => {
  // Copied into arrays of their own: zlib may hand back views of a shared pool, which must not be transferred.
  // No brotli twin when the quality is null (the cards).
  const br = brotliQuality === null ? null : new Uint8Array(brotliTwin(data, brotliQuality));
  const gzip = new Uint8Array(gzipTwin(data, gzipLevel));
  parentPort.postMessage({ br, gzip }, br ? [br.buffer, gzip.buffer] : [gzip.buffer]);
});
