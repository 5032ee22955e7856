// Compression on demand: the brotli or gzip form of an answer that has no
// precompressed twin (a quick build's derived files, a list of records sent
// as its parts, a projection or a search), made off the event loop (zlib on
// libuv's thread pool) at fast levels, within bounds (ON_DEMAND): a few at a
// time per process, a cap on the bytes running or waiting. Past the bounds
// an answer is compressed here and now at the quickest level (compressNow):
// a client that takes brotli or gzip always gets it, and a flood of distinct
// answers queues no work and memory without end (it costs the event loop
// what compressing costs, as a server that compresses every answer does).
import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Coding } from '../layout.ts';
import { ON_DEMAND, perThread } from '../contract/limits.ts';
import type { LruPart, SharedLru } from '../cache/shared.ts';
import { servedBytes } from './served-bytes.ts';
import { openServed } from './file.ts';

/** Below this, compression saves too little to be worth a round trip through the thread pool. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Brotli 5 and gzip 6; above 1 MB brotli 4 and gzip 4. A chapter's whole
 * list (3.96 MB) takes 109 ms at brotli 4 against 125 ms at 5 for 5 % more
 * bytes, and 85 ms at gzip 4 against 195 ms at 6 for 8 % more: the first
 * request of a large answer waits for it (figures in docs/operations.md).
 */
export function onDemandLevel(coding: Coding, size: number): number {
  const big = size > 1_000_000;
  return coding === 'br' ? (big ? 4 : 5) : big ? 4 : 6;
}

type Input = Uint8Array | readonly Uint8Array[];

/**
 * The smallest brotli window that holds the whole input (a window of w bits
 * holds 2^w - 16 bytes; 10 to 24 bits, brotli's bounds), rather than the
 * default 22 bits (4 MB) for an answer of 50 kB: the encoder's buffers are
 * sized by the window, so each compression allocates and clears less, and
 * a client decodes with a smaller buffer. The same bytes decode either way.
 */
export const windowBits = (size: number) => Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 16))));

/** Compress `body` in `coding` at the on-demand level, on the thread pool. */
function squeeze(body: Uint8Array, coding: Coding, done: (err: Error | null, out: Buffer) => void): void {
  const level = onDemandLevel(coding, body.length);
  if (coding === 'br') brotliCompress(body, { params: { [constants.BROTLI_PARAM_QUALITY]: level, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_LGWIN]: windowBits(body.length) } }, done);
  else gzip(body, { level }, done);
}

/**
 * An answer compressed on this thread, at once, at the quickest level (brotli
 * 1, gzip 1: about 1 ms for 100 kB, 40 ms for the largest answer, 8 MB): for
 * when the line is at its bounds.
 */
export function compressNow(input: Input, coding: Coding): Buffer {
  const body = input instanceof Uint8Array ? input : Buffer.concat(input as Uint8Array[]);
  if (coding === 'br') return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_LGWIN]: windowBits(body.length) } });
  return gzipSync(body, { level: 1 });
}

/** The answer was not compressed (its file changed under it, or is gone): send it as it is. */
export class NotNow extends Error {
  override name = 'NotNow';
}

/**
 * The bounded line of compressions of one process. `run` takes the size of
 * the input before the input itself, so that work refused costs nothing (no
 * file read, no list joined), and makes the input only when its turn comes.
 */
export class Compressor {
  private active = 0;
  private bytes = 0;
  private readonly line: Array<() => void> = [];

  constructor(
    readonly running: number = perThread(ON_DEMAND.running),
    readonly waiting: number = perThread(ON_DEMAND.waiting),
    readonly maxBytes: number = perThread(ON_DEMAND.bytes),
  ) {}

  /** Compressions running and waiting, and their input's bytes (for tests and the benchmark). */
  get load(): { running: number; waiting: number; bytes: number } {
    return { running: this.active, waiting: this.line.length, bytes: this.bytes };
  }

  /**
   * `input()` (made when its turn comes: `size` bytes) compressed in
   * `coding`; null at once when the bounds are full. One input larger than
   * the whole byte bound still runs when nothing else does.
   */
  run(size: number, coding: Coding, input: () => Input | Promise<Input>): Promise<Buffer> | null {
    if (this.bytes && this.bytes + size > this.maxBytes) return null;
    if (this.active >= this.running && this.line.length >= this.waiting) return null;
    this.bytes += size;
    return new Promise<Buffer>((resolve, reject) => {
      const start = async () => {
        try {
          const made = await input();
          const body = made instanceof Uint8Array ? made : Buffer.concat(made as Uint8Array[]);
          resolve(await new Promise<Buffer>((ok, fail) => squeeze(body, coding, (err, out) => (err ? fail(err) : ok(out)))));
        } catch (err) {
          reject(err as Error);
        } finally {
          this.bytes -= size;
          // The place goes to the next in line, if any, else it is freed.
          const next = this.line.shift();
          if (next) void next();
          else this.active--;
        }
      };
      if (this.active < this.running) {
        this.active++;
        void start();
      } else this.line.push(start);
    });
  }
}

/** The one line of this process: every answer compressed on demand, of every build, waits in it. */
export const compressor = new Compressor();

/** A file of dist/ as its manifest lists it: what its bytes must be. */
export interface ListedFile {
  path: string;
  size: number;
  sha256: string;
}

/**
 * What one build compressed on demand, by file or list and coding: only the
 * compressed bytes are kept (the file stays on disk, the list in the records
 * held), in the server's one cache of served bytes (served-bytes.ts). A new
 * build gets a new one, so its twins (when it has them) take over at once.
 */
export class OnDemand {
  private readonly lru: LruPart<Buffer>;

  constructor(
    /** The dist/ folder the files are read from. */
    private readonly dir: string,
    private readonly line: Compressor = compressor,
    cache: SharedLru = servedBytes(),
  ) {
    // Each entry also costs its key (two bytes a character) and about 256 bytes of objects (the Buffer, the map's entry).
    this.lru = cache.part<Buffer>('compressed', (b, key) => b.length + key.length * 2 + 256);
  }

  /**
   * A file of dist/ in `coding`: read when its turn comes and checked against
   * the manifest's hash (a rebuild may have swapped dist/ under this build),
   * then compressed. Rejects with NotNow when it cannot be now.
   */
  file(f: ListedFile, coding: Coding): Promise<Buffer> {
    return this.made(`${f.path}\0${coding}`, f.size, coding, async () => {
      const opened = await openServed(this.dir + f.path);
      if (!opened) throw new NotNow(`${f.path}: missing from dist/`);
      const { handle, size } = opened;
      try {
        if (size !== f.size) throw new NotNow(`${f.path}: ${size} bytes, the build being served says ${f.size}`);
        const body = Buffer.allocUnsafe(size);
        let at = 0;
        while (at < size) {
          const { bytesRead } = await handle.read(body, at, size - at, at);
          if (!bytesRead) break;
          at += bytesRead;
        }
        if (at !== size || createHash('sha256').update(body).digest('hex') !== f.sha256) throw new NotNow(`${f.path}: not the file the build being served lists`);
        return body;
      } finally {
        await handle.close();
      }
    });
  }

  /** A list sent as its parts (key: what names it in this build), joined only when its turn comes. Rejects with NotNow when it cannot be now. */
  parts(key: string, parts: readonly Uint8Array[], length: number, coding: Coding): Promise<Buffer> {
    return this.made(`parts\0${key}\0${coding}`, length, coding, () => parts);
  }

  /** Files and bytes held (for tests). */
  get kept(): { entries: number; bytes: number } {
    return this.lru.held;
  }

  private made(key: string, size: number, coding: Coding, input: () => Input | Promise<Input>): Promise<Buffer> {
    return this.lru.get(key, () => this.line.run(size, coding, input) ?? Promise.resolve(input()).then((made) => compressNow(made, coding)));
  }
}
