// Writing the staged dist/ while the build is still making it: each file is
// written as soon as its bytes exist (a record at once, its twins when the
// compression workers hand them back), so the writes, which on some file
// systems cost more than the compression of small files, overlap with it
// instead of following it. A file the build cache holds is hard-linked; a
// new one is written, then linked into the cache. A file with the same bytes
// as one written before it (a lemma's page under its ASCII spelling, the
// day's verse, and their twins) is linked to that one. A link costs the
// kernel a fraction of a new file: 17 to 19 us against 37 to 85 us for a
// 9 kB file on the machine of docs/benchmarks.md, where an earlier, slower
// disk took 0.3 to 0.6 ms a new file.
import { copyFile, link, mkdir, writeFile } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { Cached } from './cache.ts';

export interface OutFile extends Cached {
  /** Its path under the staged folder, from its URL path (/slok/2/47/index.json). */
  path: string;
  bytes?: Uint8Array | string;
  /** Another cache slot for the same new bytes (a card just rendered: cards.ts). */
  alsoCacheAs?: string;
  /** The SHA-256 of `bytes`, when the caller has it: files with equal hashes are written once and linked. (Without it, only the same buffer handed in twice is.) */
  sha256?: string;
}

// The callback forms, promised: fs/promises' writeFile opens a FileHandle and
// awaits each of its steps, which over 16,000 files of 9 kB cost 1.8 to 2.5
// times the CPU (100 to 165 against 56 to 65 us a file); a cold quick build
// takes about 4 s less CPU with these.
const writeBytes = promisify(writeFile);
const linkFile = promisify(link);
const copy = promisify(copyFile);
const makeDir = promisify(mkdir);

/** How many writes run at once: enough to keep the thread pool busy, few enough to stay fair to the compression workers. */
const AT_ONCE = 16;

export class StagedWriter {
  private dirs = new Map<string, Promise<unknown>>();
  /** The first file written with these bytes (by their hash, or the buffer itself), once written. */
  private written = new Map<string, Promise<string>>();
  private writtenBuffers = new WeakMap<object, Promise<string>>();
  /** The files handed in and not yet started: queue[head] on. (Array#shift copies the whole array once it is long: 2.4 s over a build's 48,000 files.) */
  private queue: OutFile[] = [];
  private head = 0;
  private running = 0;
  private failed: Error | null = null;
  private waiting: Array<() => void> = [];
  /** Files written or linked, and files handed in: for progress. */
  readonly count = { done: 0, total: 0 };

  constructor(
    readonly root: string,
    private onFile: (done: number, total: number) => void = () => {},
  ) {}

  /** Queue files to write; they are written in the background, a few at a time. */
  put(...files: OutFile[]): void {
    for (const file of files) this.queue.push(file);
    this.count.total += files.length;
    this.pump();
  }

  /** Resolves once every file handed in is written; rejects with the first failure. */
  async done(): Promise<void> {
    while (!this.failed && (this.queued() || this.running)) await new Promise<void>((r) => this.waiting.push(r));
    if (this.failed) throw this.failed;
  }

  private pump(): void {
    while (!this.failed && this.running < AT_ONCE && this.queued()) {
      const file = this.next();
      this.running++;
      this.write(file)
        .then(() => this.onFile(++this.count.done, this.count.total))
        .catch((err: Error) => {
          this.failed ??= err;
        })
        .finally(() => {
          this.running--;
          this.pump();
          if (this.failed || (!this.queued() && !this.running)) for (const wake of this.waiting.splice(0)) wake();
        });
    }
  }

  private queued(): number {
    return this.queue.length - this.head;
  }

  /** The first file queued, taken off; the taken part of the queue is let go now and then. */
  private next(): OutFile {
    const file = this.queue[this.head++];
    if (this.head === this.queue.length || (this.head >= 4096 && this.head * 2 >= this.queue.length)) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    return file;
  }

  private async write({ path, bytes, file, cacheAs, alsoCacheAs, sha256 }: OutFile): Promise<void> {
    const target = join(this.root, path);
    // Looked up and noted before the first await: of two files with the same bytes, the first handed in is written.
    const key = file ? undefined : (sha256 ?? (typeof bytes === 'string' ? undefined : bytes));
    const first = key === undefined ? undefined : typeof key === 'string' ? this.written.get(key) : this.writtenBuffers.get(key);
    if (file) {
      await this.dir(dirname(target));
      await linkFile(file, target).catch(() => copy(file, target));
    } else if (first) {
      await this.dir(dirname(target));
      const from = await first;
      await linkFile(from, target).catch(() => writeBytes(target, bytes!));
    } else {
      const written = this.dir(dirname(target)).then(() => writeBytes(target, bytes!)).then(() => target);
      if (typeof key === 'string') this.written.set(key, written);
      else if (key) this.writtenBuffers.set(key, written);
      await written;
      // Another build may have cached the same bytes a moment ago: then keep its file.
      if (cacheAs) await linkFile(target, cacheAs).catch(() => {});
    }
    if (alsoCacheAs) await linkFile(target, alsoCacheAs).catch(() => {});
  }

  /** A folder, made once (its parents with it). */
  private dir(dir: string): Promise<unknown> {
    let made = this.dirs.get(dir);
    if (!made) this.dirs.set(dir, (made = makeDir(dir, { recursive: true })));
    return made;
  }
}
