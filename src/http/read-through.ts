// Files of dist/ that an in-memory route answers but that a worker does not
// hold: read when asked, synchronously (a few tens of microseconds from the
// page cache, which every worker of the machine shares), and kept in a small
// cache of served bytes (served-bytes.ts). The answer's headers were made with the manifest's
// size, so a file whose size differs (a rebuild swapped dist/ under a worker
// still serving the old build) is an error rather than a mismatched answer.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { LruPart, SharedLru } from '../cache/shared.ts';
import { servedBytes } from './served-bytes.ts';

export class ReadThrough {
  private readonly cache: LruPart<Buffer>;

  constructor(cache: SharedLru = servedBytes()) {
    this.cache = cache.part<Buffer>('file', (b) => b.length);
  }

  /** The bytes of `file` (an absolute path), which must be `size` long. */
  read(file: string, size: number): Buffer {
    const hit = this.cache.peek(file);
    if (hit) return hit;
    const fd = openSync(file, 'r');
    let body: Buffer;
    try {
      const found = fstatSync(fd).size;
      if (found !== size) throw new Error(`${file}: ${found} bytes, the build being served says ${size}; dist/ was rebuilt`);
      // Its own allocation (not Buffer's shared pool), so that evicting it frees it.
      body = Buffer.allocUnsafeSlow(size);
      if (readSync(fd, body, 0, size, 0) !== size) throw new Error(`${file}: shorter than ${size} bytes`);
    } finally {
      closeSync(fd);
    }
    this.cache.set(file, body);
    return body;
  }

  /** Files and bytes held (for the benchmark and tests). */
  get held(): { files: number; bytes: number } {
    const { entries, bytes } = this.cache.held;
    return { files: entries, bytes };
  }
}
