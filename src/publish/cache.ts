// The build cache: files a build made, kept by a key (the hash of what they
// were made from), so that the next build links them into dist/ instead of
// making them again. A new file is written into the staging dist/ first and
// then linked into the cache under its key: one write, no copy. The cache
// keeps only what the latest build used.
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

export interface Cached {
  /** A file with these bytes already: link it. */
  file?: string;
  /** No such file yet: after writing the bytes, link them here. */
  cacheAs?: string;
  size?: number;
}

export class BuildCache {
  private used = new Set<string>();

  private constructor(readonly dir: string | null) {}

  static async open(dir: string | null): Promise<BuildCache> {
    if (dir) await mkdir(dir, { recursive: true });
    return new BuildCache(dir);
  }

  /** The cached file named `name`, or where to put it. */
  lookup(name: string): Cached {
    if (!this.dir) return {};
    this.used.add(name);
    const file = join(this.dir, name);
    if (existsSync(file)) return { file, size: statSync(file).size };
    return { cacheAs: file };
  }

  /** Drop what this build did not use (and leftovers of builds that died). */
  async prune(): Promise<void> {
    if (!this.dir) return;
    for (const name of await readdir(this.dir)) if (!this.used.has(name)) await rm(join(this.dir, name), { force: true, recursive: true });
  }
}
