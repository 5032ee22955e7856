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
 * only keeps the 719 records under 7.5 MB for the least build time on two
 * cores. Small files (the cards, three themes each, and the chapters) get
 * quality 5: 20 times faster than 10 for about 80 bytes more a card (figures
 * in the history of docs/benchmarks.md).
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
 * 1 and 27 MB/s for 10 and 6, for about a fifth more bytes (the history of docs/benchmarks.md).
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
 * with the themes) get brotli 4 and gzip 4: on the 719 plain cards (37.6 MB),
 * one core, gzip 4 makes 12.6 MB in 0.38 s (gzip 6: 12.2 MB, 0.68 s); brotli
 * 4 11.6 MB in 0.45 s, brotli 5 11.4 MB in 0.77 s. The brotli twin costs a
 * cold build about a second of CPU and 2,163 files, and saves a brotli client
 * 8 % of a card; without it a client that takes brotli alone got the card
 * uncompressed (48 kB instead of 15 kB).
 */
export const CARD_LEVELS: Levels = { brotli: 4, gzip: 4 };

/**
 * How hard a build compresses. 'full': the settings above, for what is
 * published (`npm run build`, the publish workflow). 'quick': brotli 1 and
 * gzip 1 for every file, for the dist/ that `npm start` makes to serve on
 * this machine: over the 150 MB a build compresses that is seconds instead
 * of half a minute of both cores, for twins about a quarter larger (figures
 * in the history of docs/benchmarks.md). The stamp records which one made a dist/.
 */
export const EFFORTS = ['full', 'quick'] as const;
export type Effort = (typeof EFFORTS)[number];
export const QUICK = { brotli: 1, gzip: 1 } as const;

/** One compressed twin: its size, and its bytes (to write, then cache) or a cache file holding them. */
export interface Twin extends Cached {
  size: number;
  bytes?: Buffer;
}

export interface Compressed {
  /** None for a batch compressed without brotli. */
  br?: Twin;
  gzip: Twin;
}

export interface CompressStats {
  hits: number;
  misses: number;
}

/**
 * What a job costs a worker, roughly, in milliseconds: bytes times the time a
 * byte takes at its brotli quality and gzip level on one core here (the
 * records at brotli 10: 0.74 us a byte, at 11 about 1.2 to 2 us; the derived
 * files at 5: 0.03 us; the history of docs/benchmarks.md). It only sizes what each worker
 * is handed ahead, so a rough table will do.
 */
const BROTLI_US_PER_BYTE: Record<number, number> = { 0: 0.003, 1: 0.004, 2: 0.006, 3: 0.008, 4: 0.012, 5: 0.03, 6: 0.04, 7: 0.06, 8: 0.08, 9: 0.13, 10: 0.75, 11: 1.5 };
const GZIP_US_PER_BYTE: Record<number, number> = { 0: 0.002, 1: 0.004, 2: 0.005, 3: 0.007, 4: 0.012, 5: 0.03, 6: 0.05, 7: 0.07, 8: 0.12, 9: 0.15 };
const jobCost = (size: number, levels: Levels) => (size * ((levels.brotli === null ? 0 : BROTLI_US_PER_BYTE[levels.brotli] ?? 1.5) + (GZIP_US_PER_BYTE[levels.gzip] ?? 0.15))) / 1000;

/**
 * How much work (jobCost) each worker is handed ahead of the one it is on.
 * The main thread hands out jobs between its own stretches of work (drawing
 * the cards, the SQLite download: a second or two each on a quiet machine,
 * several on a busy one); with nothing queued in a worker's own inbox the
 * worker would sit idle through them. As the queue runs out each worker
 * holds less (dispatch), so a long window does not make a long tail.
 */
const AHEAD_MS = 8000;
/** And at most this many bytes to compress: a job's input is copied into the worker's inbox, and a quick build's 8 s would be all of its 450 MB. */
const AHEAD_BYTES = 64_000_000;

interface Job {
  data: Uint8Array;
  brotliQuality: number | null;
  gzipLevel: number;
  cost: number;
  slots: { br: Cached | null; gzip: Cached };
  resolve: (out: Compressed) => void;
  reject: (err: Error) => void;
}

/** A worker and the jobs posted to it, answered in the order they were posted. */
interface Slot {
  worker: Worker;
  posted: Job[];
  /** The cost and the bytes of the jobs posted and not yet answered. */
  ahead: number;
  aheadBytes: number;
}

/**
 * A pool of compression workers, one per core, started on first use.
 * Batches go in the order they came, each largest first, so that the last
 * jobs are small ones and the workers finish together. (Not the costliest
 * job first over all batches: then most small files, and their twins, come
 * last, and their thousands of writes, which cost far more here than their
 * compression, would end the build instead of running beside it.) Each
 * worker holds a few seconds of jobs in its own inbox, so that it keeps
 * compressing while the main thread, which hands them out, is busy making
 * the rest.
 */
export class CompressPool {
  readonly stats: CompressStats = { hits: 0, misses: 0 };
  /** Jobs not yet posted, from `next` on. */
  private queue: Job[] = [];
  private next = 0;
  private queuedCost = 0;
  private slots: Slot[] = [];
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
  compressMany(buffers: Uint8Array[], levels?: Levels | 'fast', sha256?: readonly string[]): Promise<Compressed[]> {
    return Promise.all(this.compressEach(buffers, levels, sha256));
  }

  /** The same, a promise for each buffer: its twins can be written as soon as they are made, before the rest of the batch. */
  compressEach(buffers: Uint8Array[], levels?: Levels | 'fast', sha256?: readonly string[]): Array<Promise<Compressed>> {
    const settings = (data: Uint8Array): Levels => {
      const brotli = levels === undefined ? brotliQuality(data.length) : levels === 'fast' ? FAST.brotli : levels.brotli;
      if (this.effort === 'quick') return { brotli: brotli === null ? null : QUICK.brotli, gzip: QUICK.gzip };
      return { brotli, gzip: levels === undefined ? GZIP_LEVEL : levels === 'fast' ? FAST.gzip : levels.gzip };
    };
    const lookups = buffers.map((data, i) => this.fromCache(data, settings(data), sha256?.[i]));
    // Identical files (the daily card is also its verse's card) are compressed once.
    const pending = new Map<string, Promise<Compressed>>();
    const jobs: Job[] = [];
    for (const m of lookups) if (!m.hit && !pending.has(m.key)) pending.set(m.key, new Promise((resolve, reject) => jobs.push(this.job(m.data, m.levels, m.slots, resolve, reject))));
    this.enqueue(jobs);
    return lookups.map((l) => (l.hit ? Promise.resolve(l.hit) : pending.get(l.key)!));
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots = [];
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

  private job(data: Uint8Array, levels: Levels, slots: Job['slots'], resolve: Job['resolve'], reject: Job['reject']): Job {
    return { data, brotliQuality: levels.brotli, gzipLevel: levels.gzip, cost: jobCost(data.length, levels), slots, resolve, reject };
  }

  private enqueue(jobs: Job[]): void {
    if (!jobs.length) return;
    if (this.failed) {
      for (const job of jobs) job.reject(this.failed);
      return;
    }
    // Largest first (a stable sort: equal sizes in the order given).
    for (const job of jobs.sort((a, b) => b.data.length - a.data.length)) this.queue.push(job);
    for (const job of jobs) this.queuedCost += job.cost;
    this.jobs.total += jobs.length;
    while (this.slots.length < Math.min(availableParallelism(), this.jobs.total - this.jobs.done)) this.spawn();
    this.dispatch();
  }

  private spawn() {
    const slot: Slot = { worker: new Worker(join(PROJECT_ROOT, 'src', 'publish', 'compress-worker.mjs')), posted: [], ahead: 0, aheadBytes: 0 };
    slot.worker.on('error', (err: Error) => {
      this.failed = err;
      for (const job of [...slot.posted.splice(0), ...this.queue.splice(this.next)]) job.reject(err);
    });
    slot.worker.on('message', (msg: { br: Uint8Array | null; gzip: Uint8Array }) => {
      const job = slot.posted.shift()!;
      slot.ahead -= job.cost;
      slot.aheadBytes -= job.data.length;
      const br = msg.br && Buffer.from(msg.br.buffer, msg.br.byteOffset, msg.br.byteLength);
      const gzip = Buffer.from(msg.gzip.buffer, msg.gzip.byteOffset, msg.gzip.byteLength);
      this.dispatch();
      this.onJob(++this.jobs.done, this.jobs.total);
      // Written with dist/, then linked into the cache (see cache.ts).
      job.resolve({ ...(br && { br: { bytes: br, size: br.length, cacheAs: job.slots.br?.cacheAs } }), gzip: { bytes: gzip, size: gzip.length, cacheAs: job.slots.gzip.cacheAs } });
    });
    this.slots.push(slot);
  }

  /**
   * Hand out queued jobs to the worker with the least ahead of it, until each
   * holds AHEAD_MS of work (or AHEAD_BYTES); or less, as the queue runs out, so that the
   * workers finish together: never more than its share of what is left (the
   * one job it needs excepted).
   */
  private dispatch() {
    while (this.next < this.queue.length && !this.failed) {
      const slot = this.slots.reduce((a, b) => (b.ahead < a.ahead ? b : a));
      const job = this.queue[this.next];
      const limit = Math.min(AHEAD_MS, (this.queuedCost + this.slots.reduce((n, s) => n + s.ahead, 0)) / this.slots.length);
      if (slot.posted.length && (slot.ahead + job.cost > limit || slot.aheadBytes + job.data.length > AHEAD_BYTES)) return;
      // Taken jobs are dropped from the queue once it is all taken (shifting each would copy the rest every time).
      if (++this.next === this.queue.length) {
        this.queue = [];
        this.next = 0;
      }
      this.queuedCost -= job.cost;
      slot.posted.push(job);
      slot.ahead += job.cost;
      slot.aheadBytes += job.data.length;
      slot.worker.postMessage({ data: job.data, brotliQuality: job.brotliQuality, gzipLevel: job.gzipLevel });
    }
  }
}
