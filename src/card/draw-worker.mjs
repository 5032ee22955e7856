// The drawing thread's side (draw-thread.ts): takes { id, svg, options },
// draws the SVG with resvg and answers { id, png } (its bytes copied into an
// array of their own, transferred) or { id, error }. Plain JavaScript so that
// the thread starts without a TypeScript loader.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js');

parentPort.on('message', ({ id, svg, options }) => {
  try {
    // The copy leaves resvg's own buffer and canvas to this thread's collector,
    // so that mimalloc frees them on the thread that allocated them.
    const png = new Uint8Array(new Resvg(svg, options).render().asPng());
    parentPort.postMessage({ id, png }, [png.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
