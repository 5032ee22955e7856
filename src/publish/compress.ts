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

/** Levels for one batch: a brotli quality (null: no brotli twin) and a gzip level. */
export interface Levels {
  brotli: number | null;
  gzip: number;
}

/**
 * The cards (about 50 kB each, their letters drawn as outlines; 2,163 files
 * with the themes) get a gzip twin only: brotli saves little on path data.
 * On the 719 plain cards (37.6 MB), one core: gzip 4 makes 12.6 MB in 0.38 s
 * (gzip 6: 12.2 MB, 0.68 s); brotli 4 11.6 MB in 0.45 s, brotli 5 11.4 MB in
 * 0.77 s. A brotli twin would save a brotli client 8 % of a card for 0.45 s
 * of CPU and 721 more files a theme; the server and nginx send the gzip twin
 * to a client that takes both.
 */
export const CARD_LEVELS: Levels = { brotli: null, gzip: 4 };

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
  /** None for a batch compressed without brotli (the cards). */
  br?: Twin;
  gzip: Twin;
}

export interface CompressStats {
  hits: number;
  misses: number;
}

interface Job {
  data: Uint8Array;
  brotliQuality: number | null;
  gzipLevel: number;
  key: string;
  slots: { br: Cached | null; gzip: Cached };
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
   * Compress every buffer: at `levels` when given, FAST for 'fast', else
   * brotli by size (brotliQuality) and gzip GZIP_LEVEL; at the 'quick'
   * effort QUICK (and still no brotli where `levels` says none). `sha256`:
   * the buffers' hashes, when the caller has them (the cache key is made
   * from them instead of hashing the bytes again). Results in the same order.
   */
  async compressMany(buffers: Uint8Array[], levels?: Levels | 'fast', sha256?: readonly string[]): Promise<Compressed[]> {
    const settings = (data: Uint8Array): Levels => {
      const brotli = levels === undefined ? brotliQuality(data.length) : levels === 'fast' ? FAST.brotli : levels.brotli;
      if (this.effort === 'quick') return { brotli: brotli === null ? null : QUICK.brotli, gzip: QUICK.gzip };
      return { brotli, gzip: levels === undefined ? GZIP_LEVEL : levels === 'fast' ? FAST.gzip : levels.gzip };
    };
    const lookups = buffers.map((data, i) => this.fromCache(data, settings(data), sha256?.[i]));
    // Identical files (the daily card is also its verse's card) are compressed once.
    const pending = new Map<string, Promise<Compressed>>();
    const misses = lookups.filter((l) => !l.hit).sort((a, b) => b.data.length - a.data.length);
    for (const m of misses) if (!pending.has(m.key)) pending.set(m.key, this.enqueue(m.data, m.key, m.levels, m.slots));
    return Promise.all(lookups.map((l) => l.hit ?? pending.get(l.key)!));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers = [];
    this.idle = [];
  }

  private fromCache(data: Uint8Array, levels: Levels, sha256?: string) {
    const hash = createHash('sha256').update(`br${levels.brotli ?? '-'}.gz${levels.gzip}\0`);
    const key = (sha256 ? hash.update(sha256) : hash.update(data)).digest('hex');
    const slots = { br: levels.brotli === null ? null : this.cache.lookup(`${key}.br`), gzip: this.cache.lookup(`${key}.gz`) };
    const twin = (slot: Cached): Twin => ({ ...slot, size: slot.size! });
    const hit: Compressed | null = (!slots.br || slots.br.file) && slots.gzip.file ? { ...(slots.br && { br: twin(slots.br) }), gzip: twin(slots.gzip) } : null;
    if (hit) this.stats.hits++;
    else this.stats.misses++;
    return { data, key, levels, hit, slots };
  }

  private enqueue(data: Uint8Array, key: string, levels: Levels, slots: Job['slots']): Promise<Compressed> {
    return new Promise((resolve, reject) => {
      if (this.failed) return reject(this.failed);
      this.queue.push({ data, key, brotliQuality: levels.brotli, gzipLevel: levels.gzip, slots, resolve, reject });
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
      worker.once('message', (msg: { br: Uint8Array | null; gzip: Uint8Array }) => {
        this.running.delete(worker);
        const br = msg.br && Buffer.from(msg.br.buffer, msg.br.byteOffset, msg.br.byteLength);
        const gzip = Buffer.from(msg.gzip.buffer, msg.gzip.byteOffset, msg.gzip.byteLength);
        this.idle.push(worker);
        this.dispatch();
        this.onJob(++this.jobs.done, this.jobs.total);
        // Written with dist/, then linked into the cache (see cache.ts).
        job.resolve({ ...(br && { br: { bytes: br, size: br.length, cacheAs: job.slots.br?.cacheAs } }), gzip: { bytes: gzip, size: gzip.length, cacheAs: job.slots.gzip.cacheAs } });
      });
      worker.postMessage({ data: job.data, brotliQuality: job.brotliQuality, gzipLevel: job.gzipLevel });
    }
  }
}
