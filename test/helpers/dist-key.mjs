// The key of the tests' built dist/ (test/helpers/dist.ts): a hash of what
// the build reads (the project's sources, docs, package files, the shared
// content) and of the Node that builds it. A built dist/ is kept under
// .cache/test-dist/<key> and used again by any run, or test:quick, whose key
// is the same; an edit to any of these makes a new one. Plain JavaScript, so
// that test/run.mjs can use it too.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const INPUTS = ['src', 'docs', 'README.md', 'package.json', 'package-lock.json', 'tsconfig.json', 'test/helpers/dist.ts', '../shared/gita-data'];

/** What a key of a build compressed at quick levels ends with (the quick loop's, when no full one is kept). */
export const QUICK_SUFFIX = '-quick';

/** The folder of the kept dist/ builds. */
export const TEST_DIST_CACHE = join(ROOT, '.cache', 'test-dist');

export function distKey() {
  const hash = createHash('sha256').update(process.version);
  const add = (path) => {
    const full = join(ROOT, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) add(`${path}/${name}`);
    } else hash.update(`\0${path}\0`).update(readFileSync(full));
  };
  INPUTS.forEach(add);
  return hash.digest('hex').slice(0, 16);
}
