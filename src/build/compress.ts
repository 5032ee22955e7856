// Precompression: brotli and gzip twins for every text file, on all cores,
// with a cache keyed by the bytes' hash so an unchanged file costs nothing.
import { createHash, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PROJECT_ROOT } from '../paths.ts';

/**
 * Brotli quality by size. Quality 11 shrinks the records about 4 % more than
 * quality 10 but takes 2.5 times as long; spending it on the large records
 * only keeps the 719 records under 7.5 MB and a cold build under 15 s on two
 * cores (figures in docs/benchmarks.md).
 */
export const BROTLI_Q11_FROM_BYTES = 90_000;
export const brotliQuality = (size: number) => (size >= BROTLI_Q11_FROM_BYTES ? 11 : 10);
/** gzip level 9 is 3 times slower than 6 for 0.5 % smaller records; brotli carries the size, so 6. */
export const GZIP_LEVEL = 6;

/** One compressed twin: its size, and its bytes or a cache file holding them. */
export interface Twin {
  size: number;
  bytes?: Buffer;
  file?: string;
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
  private used = new Set<string>();

  constructor(private cacheDir: string | null) {}

  async compressMany(buffers: Uint8Array[]): Promise<Compressed[]> {
    if (this.cacheDir) await mkdir(this.cacheDir, { recursive: true });
    const lookups = await Promise.all(buffers.map((data) => this.fromCache(data)));
    // Identical files (the daily card is also its verse's card) are compressed once.
    const pending = new Map<string, Promise<Compressed>>();
    const misses = lookups.filter((l) => !l.hit).sort((a, b) => b.data.length - a.data.length);
    for (const m of misses) if (!pending.has(m.key)) pending.set(m.key, this.enqueue(m.data, m.key, m.quality));
    return Promise.all(lookups.map((l) => l.hit ?? pending.get(l.key)!));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers = [];
    this.idle = [];
  }

  /** Remove cache entries this pool did not use: the cache holds the latest build, not every build. */
  async prune(): Promise<void> {
    if (!this.cacheDir) return;
    for (const name of await readdir(this.cacheDir)) {
      if (!this.used.has(name.slice(0, 64))) await rm(join(this.cacheDir, name), { force: true });
    }
  }

  private async fromCache(data: Uint8Array) {
    const quality = brotliQuality(data.length);
    const key = createHash('sha256').update(`br${quality}.gz${GZIP_LEVEL}\0`).update(data).digest('hex');
    this.used.add(key);
    let hit: Compressed | null = null;
    if (this.cacheDir && existsSync(join(this.cacheDir, `${key}.gz`))) {
      const twin = async (file: string): Promise<Twin> => ({ file, size: (await stat(file)).size });
      const found = await Promise.all([twin(join(this.cacheDir, `${key}.br`)), twin(join(this.cacheDir, `${key}.gz`))]).catch(() => null);
      if (found) hit = { br: found[0], gzip: found[1] };
    }
    if (hit) this.stats.hits++;
    else this.stats.misses++;
    return { data, key, quality, hit };
  }

  private enqueue(data: Uint8Array, key: string, brotliQuality: number): Promise<Compressed> {
    return new Promise((resolve, reject) => {
      if (this.failed) return reject(this.failed);
      this.queue.push({ data, key, brotliQuality, gzipLevel: GZIP_LEVEL, resolve, reject });
      if (this.workers.length < availableParallelism()) this.spawn();
      this.dispatch();
    });
  }

  private spawn() {
    const worker = new Worker(join(PROJECT_ROOT, 'src', 'build', 'compress-worker.mjs'));
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
      worker.once('message', async (msg: { br: Uint8Array; gzip: Uint8Array }) => {
        this.running.delete(worker);
        const br = Buffer.from(msg.br.buffer, msg.br.byteOffset, msg.br.byteLength);
        const gzip = Buffer.from(msg.gzip.buffer, msg.gzip.byteOffset, msg.gzip.byteLength);
        this.idle.push(worker);
        this.dispatch();
        try {
          const out: Compressed = { br: { bytes: br, size: br.length }, gzip: { bytes: gzip, size: gzip.length } };
          if (this.cacheDir) {
            // .gz last: its presence marks a complete entry.
            await writeCacheFile((out.br.file = join(this.cacheDir, `${job.key}.br`)), br);
            await writeCacheFile((out.gzip.file = join(this.cacheDir, `${job.key}.gz`)), gzip);
          }
          job.resolve(out);
        } catch (err) {
          job.reject(err as Error);
        }
      });
      worker.postMessage({ data: job.data, brotliQuality: job.brotliQuality, gzipLevel: job.gzipLevel });
    }
  }
}

async function writeCacheFile(file: string, data: Uint8Array) {
  const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}
