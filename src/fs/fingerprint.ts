// A fingerprint of source files named by globs: each file's path and bytes,
// in the order of their paths, into a hash. The import's record of which code
// made content/ (src/content/importer.ts), the build's staleness stamp
// (src/publish/stamp.ts) and the build cache's keys for the client and the
// search bundle (src/publish/build.ts) are all this, each over its own list
// (the client's is read from its imports: src/fs/imports.ts);
// test/publish/stamp.test.ts checks each list covers the modules its code
// imports.
import type { Hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { PROJECT_ROOT } from '../paths.ts';

/** The files `globs` match under `root`, as paths relative to it, sorted (the order of the hash must not depend on the file system's). */
export function sourceFiles(globs: readonly string[], root = PROJECT_ROOT): string[] {
  return fg.sync([...globs], { cwd: root }).sort();
}

/** `hash`, fed each matched file's path and bytes; returned, for more to be added or digested. */
export function hashSources(hash: Hash, globs: readonly string[], root = PROJECT_ROOT): Hash {
  for (const file of sourceFiles(globs, root)) hash.update(file).update(readFileSync(join(root, file)));
  return hash;
}
