// PNG cards drawn for the server on threads of their own (as many as the
// renders a worker runs at once), each ending once it has had nothing to draw
// for a moment.
//
// Why not libuv's pool (resvg's renderAsync): resvg allocates with mimalloc,
// which frees a block at once only on the thread that allocated it; a block
// freed from another thread waits until its own thread allocates again. A
// drawing made on the pool is collected on the main thread, so its canvas
// (1200x630, 3 MB) and its buffers stayed in memory while the pool's threads
// sat idle: a server that had drawn 80 cards held some 30 MB of them. Here a
// thread draws and collects what it drew, and when it ends, what it held goes
// with it (the figures are in the history of docs/benchmarks.md).
//
// Node only: Deno and Bun draw on libuv's pool as before (renderAsync), their
// threads and native modules being their own.
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths.ts';
import { PNG_POOL } from '../contract/limits.ts';
import { canvasSvg, cardPngAsync, RENDER_OPTIONS, setAllocatorOptions } from './png.ts';

/** How long the thread waits for another card before it ends. */
export const DRAW_THREAD_IDLE_MS = 2_000;

interface Waiting {
  resolve: (png: Buffer) => void;
  reject: (err: Error) => void;
}

export interface DrawingThread {
  /** The PNG of a card (an SVG in the light or dark theme): the same bytes as cardPng. */
  draw(card: string | Buffer, theme: 'light' | 'dark'): Promise<Buffer>;
  /** How many threads are running now. (For the tests.) */
  readonly running: number;
  /** Cards asked for and not drawn yet. */
  readonly pending: number;
  /** End the thread now, failing what it has not drawn. */
  close(): Promise<void>;
}

/** `count` drawing threads, each card to the one with the fewest waiting; each starts at its first card and again at the first after it ended. */
export function drawingThreads(count: number = PNG_POOL.running, idleMs = DRAW_THREAD_IDLE_MS): DrawingThread {
  const threads = Array.from({ length: Math.max(1, count) }, () => drawingThread(idleMs));
  return {
    draw(card, theme) {
      let best = threads[0];
      for (const t of threads) if (t.pending < best.pending || (t.pending === best.pending && t.running > best.running)) best = t;
      return best.draw(card, theme);
    },
    get running() {
      return threads.reduce((n, t) => n + t.running, 0);
    },
    get pending() {
      return threads.reduce((n, t) => n + t.pending, 0);
    },
    close() {
      return Promise.all(threads.map((t) => t.close())).then(() => undefined);
    },
  };
}

/** One drawing thread, started at the first card and again at the first after it ended. */
export function drawingThread(idleMs = DRAW_THREAD_IDLE_MS): DrawingThread {
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | null = null;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();

  const failAll = (err: Error) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  const stop = () => {
    const w = worker;
    worker = null;
    if (idle) clearTimeout(idle);
    idle = null;
    return w ? w.terminate().then(() => undefined) : Promise.resolve();
  };
  const start = () => {
    setAllocatorOptions();
    const w = new Worker(join(PROJECT_ROOT, 'src', 'card', 'draw-worker.mjs'));
    // The server's own handles keep it alive; an idle drawing thread must not.
    w.unref();
    w.on('message', ({ id, png, error }: { id: number; png?: Uint8Array; error?: string }) => {
      const wait = waiting.get(id);
      waiting.delete(id);
      if (png) wait?.resolve(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
      else wait?.reject(new Error(`resvg could not draw the card: ${error}`));
      if (waiting.size === 0 && worker === w) idle = setTimeout(() => void stop(), idleMs).unref();
    });
    w.on('error', (err) => {
      if (worker === w) worker = null;
      failAll(new Error(`the drawing thread failed: ${err.message}`));
    });
    w.on('exit', (code) => {
      if (worker !== w) return;
      worker = null;
      failAll(new Error(`the drawing thread ended (exit code ${code})`));
    });
    return w;
  };

  return {
    draw(card, theme) {
      if (idle) clearTimeout(idle);
      idle = null;
      worker ??= start();
      const id = nextId++;
      const svg = canvasSvg(card.toString(), theme);
      return new Promise<Buffer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker!.postMessage({ id, svg, options: RENDER_OPTIONS });
      });
    },
    get running() {
      return worker ? 1 : 0;
    },
    get pending() {
      return waiting.size;
    },
    close() {
      failAll(new Error('the drawing thread was closed'));
      return stop();
    },
  };
}

const onNode = !process.versions.bun && !(process.versions as { deno?: string }).deno;
let shared: DrawingThread | null = null;

/** The server's drawing: on the process's drawing thread under Node, on libuv's pool under Deno and Bun. */
export function drawCard(card: string | Buffer, theme: 'light' | 'dark'): Promise<Buffer> {
  if (!onNode) return cardPngAsync(card, theme);
  shared ??= drawingThreads();
  return shared.draw(card, theme);
}
