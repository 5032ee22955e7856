// Precompression: brotli and gzip twins for every text file, on all cores,
// with a cache keyed by the bytes' hash so an unchanged file costs nothing.
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { BuildCache, Cached } from './cache.ts';
import { Worker } from 'node:worker_threads';
import { PROJECT_ROOT } from '../paths.ts';

/**
 * Brotli quality by size. Quality 11 shrinks the records about 4 % more than
 * quality 10 but takes 2.5 times as long; spending it on the large records
 * only keeps the 719 records under 7.5 MB and a cold build under 15 s on two
 * cores. Small files (the cards, three themes each, and the chapters) get
 * quality 5: 20 times faster than 10 for about 80 bytes more a card (figures
 * in docs/benchmarks.md).
 */
export const BROTLI_Q11_FROM_BYTES = 90_000;
export const BROTLI_Q5_BELOW_BYTES = 8_000;
export const brotliQuality = (size: number) => (size >= BROTLI_Q11_FROM_BYTES ? 11 : size < BROTLI_Q5_BELOW_BYTES ? 5 : 10);
/** gzip level 9 is 3 times slower than 6 for 0.5 % smaller records; brotli carries the size, so 6. */
export const GZIP_LEVEL = 6;

/**
 * Derived files (the language forms of every record, the chapters' verse
 * lists, about 110 MB of JSON the records already hold) get quick settings:
 * brotli 5 and gzip 4 compress a chapter list at about 36 and 80 MB/s against
 * 1 and 27 MB/s for 10 and 6, for about a fifth more bytes (docs/benchmarks.md).
 * The records themselves keep the best settings above.
 */
export const FAST = { brotli: 5, gzip: 4 } as const;

/**
 * How hard a build compresses. 'full': the settings above, for what is
 * published (`npm run build`, the publish workflow). 'quick': brotli 1 and
 * gzip 1 for every file, for the dist/ that `npm start` makes to serve on
 * this machine: over the 150 MB a build compresses that is seconds instead
 * of half a minute of both cores, for twins about a quarter larger (figures
 * in docs/benchmarks.md). The stamp records which one made a dist/.
 */
export type Effort = 'full' | 'quick';
export const QUICK = { brotli: 1, gzip: 1 } as const;

/** One compressed twin: its size, and its bytes (to write, then cache) or a cache file holding them. */
export interface Twin extends Cached {
  size: number;
  bytes?: Buffer;
}

export interface Compressed {
  br: Twin;
  gzip: Twin;
}

export interface CompressStats {
  hits: number;
  misses: number;
}

interface Job {
  data: Uint8Array;
  brotliQuality: number;
  gzipLevel: number;
  key: string;
  slots: { br: Cached; gzip: Cached };
  resolve: (out: Compressed) => void;
  reject: (err: Error) => void;
}

/**
 * A pool of compression workers, one per core, started on first use. Batches
 * go largest first, so the workers finish together; the caller may keep
 * working on the main thread while they run.
 */
export class CompressPool {
  readonly stats: CompressStats = { hits: 0, misses: 0 };
  private queue: Job[] = [];
  private workers: Worker[] = [];
  private idle: Worker[] = [];
  private running = new Map<Worker, Job>();
  private failed: Error | null = null;

  /** Jobs compressed and jobs queued so far (cache hits are neither), for progress. */
  readonly jobs = { done: 0, total: 0 };

  constructor(
    private cache: BuildCache,
    private effort: Effort = 'full',
    private onJob: (done: number, total: number) => void = () => {},
  ) {}

  /**
   * Compress every buffer (brotli quality by size, unless `quality` is given; `fast`: FAST; gzip at
   * GZIP_LEVEL unless `gzipLevel` is given; all QUICK at the 'quick' effort); results in the same order.
   */
  async compressMany(buffers: Uint8Array[], quality?: number, fast = false, gzipLevel?: number): Promise<Compressed[]> {
    const settings = (data: Uint8Array): [number, number] =>
      this.effort === 'quick' ? [QUICK.brotli, QUICK.gzip] : fast ? [FAST.brotli, gzipLevel ?? FAST.gzip] : [quality ?? brotliQuality(data.length), gzipLevel ?? GZIP_LEVEL];
    const lookups = buffers.map((data) => this.fromCache(data, ...settings(data)));
    // Identical files (the daily card is also its verse's card) are compressed once.
    const pending = new Map<string, Promise<Compressed>>();
    const misses = lookups.filter((l) => !l.hit).sort((a, b) => b.data.length - a.data.length);
    for (const m of misses) if (!pending.has(m.key)) pending.set(m.key, this.enqueue(m.data, m.key, m.quality, m.gzipLevel, m.slots));
    return Promise.all(lookups.map((l) => l.hit ?? pending.get(l.key)!));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers = [];
    this.idle = [];
  }

  private fromCache(data: Uint8Array, quality: number, gzipLevel: number) {
    const key = createHash('sha256').update(`br${quality}.gz${gzipLevel}\0`).update(data).digest('hex');
    const slots = { br: this.cache.lookup(`${key}.br`), gzip: this.cache.lookup(`${key}.gz`) };
    const hit: Compressed | null = slots.br.file && slots.gzip.file ? { br: { ...slots.br, size: slots.br.size! }, gzip: { ...slots.gzip, size: slots.gzip.size! } } : null;
    if (hit) this.stats.hits++;
    else this.stats.misses++;
    return { data, key, quality, gzipLevel, hit, slots };
  }

  private enqueue(data: Uint8Array, key: string, brotliQuality: number, gzipLevel: number, slots: Job['slots']): Promise<Compressed> {
    return new Promise((resolve, reject) => {
      if (this.failed) return reject(this.failed);
      this.queue.push({ data, key, brotliQuality, gzipLevel, slots, resolve, reject });
      this.jobs.total++;
      if (this.workers.length < availableParallelism()) this.spawn();
      this.dispatch();
    });
  }

  private spawn() {
    const worker = new Worker(join(PROJECT_ROOT, 'src', 'publish', 'compress-worker.mjs'));
    worker.on('error', (err: Error) => {
      this.failed = err;
      this.running.get(worker)?.reject(err);
      for (const job of this.queue.splice(0)) job.reject(err);
    });
    this.workers.push(worker);
    this.idle.push(worker);
  }

  private dispatch() {
    while (this.idle.length && this.queue.length) {
      const worker = this.idle.pop()!;
      const job = this.queue.shift()!;
      this.running.set(worker, job);
      worker.once('message', (msg: { br: Uint8Array; gzip: Uint8Array }) => {
        this.running.delete(worker);
        const br = Buffer.from(msg.br.buffer, msg.br.byteOffset, msg.br.byteLength);
        const gzip = Buffer.from(msg.gzip.buffer, msg.gzip.byteOffset, msg.gzip.byteLength);
        this.idle.push(worker);
        this.dispatch();
        this.onJob(++this.jobs.done, this.jobs.total);
        // Written with dist/, then linked into the cache (see cache.ts).
        job.resolve({ br: { bytes: br, size: br.length, cacheAs: job.slots.br.cacheAs }, gzip: { bytes: gzip, size: gzip.length, cacheAs: job.slots.gzip.cacheAs } });
      });
      worker.postMessage({ data: job.data, brotliQuality: job.brotliQuality, gzipLevel: job.gzipLevel });
    }
  }
}
