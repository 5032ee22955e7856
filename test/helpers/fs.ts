// Test helpers for real files: temporary folders, copies of the shared
// content, and a fingerprint of a whole tree to tell "unchanged".
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../src/cli/run.ts';
import { ownDir } from './cleanup.ts';
import { MissingPart } from './programs.ts';

/** The upstream content beside the project (CI puts ../shared there). */
export const SHARED_DATA = resolve(PROJECT_ROOT, '../shared/gita-data');
if (!existsSync(join(SHARED_DATA, 'slok'))) {
  throw new Error(`the tests need the content at ${SHARED_DATA} (../shared/gita-data beside the project)`);
}

/**
 * A fresh temporary folder, removed when the test process ends (also on
 * Ctrl-C). Under test/run.mjs, tmpdir() is the run's own root (TMPDIR), which
 * the runner removes whole even if this process is killed outright.
 */
export function tempDir(prefix = 'gita-test-'): string {
  return ownDir(mkdtempSync(join(tmpdir(), prefix)));
}

/**
 * A private copy of a folder (default: the shared content, in the upstream
 * layout; or a built dist/), to break on purpose or to rebuild into. Its files
 * are hard links, made in a moment (fs.cp takes 11 s for a dist/): change a
 * file only with rewrite(), which replaces the link and never writes through
 * it into the original. Builds and swaps only ever rename and unlink.
 */
export async function linkedCopy(from = SHARED_DATA): Promise<string> {
  const dir = join(tempDir('gita-src-'), basename(from));
  try {
    execFileSync('cp', ['-al', from, dir]);
  } catch {
    await cp(from, dir, { recursive: true });
  }
  return dir;
}

/**
 * A copy of a built dist/ for a server to serve, swap or lose for a moment,
 * made in a few milliseconds: its top-level files are hard links, its
 * folders symbolic links to the original's (a dist/ has 45,000 files in 4,800
 * folders: a linkedCopy() takes about a second of system time to make and a
 * half to remove). The server reads files by path, so it serves the same
 * bytes. Only its top-level files may be changed (with rewrite()): a file
 * inside one of its folders is the original's, which other suites read; a
 * test that changes one makes that folder its own (ownFolder()) or takes a
 * linkedCopy(). The hostile-input suite takes a linkedCopy() too, so that
 * what it climbs out of is a plain tree.
 */
export function shallowCopy(from: string): string {
  const dir = join(tempDir('gita-dist-'), basename(from));
  mkdirSync(dir);
  shallowInto(from, dir);
  return dir;
}

/** What shallowCopy() puts in its folder, put into the empty folder `dir`. */
export function shallowInto(from: string, dir: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    if (entry.isDirectory()) symlinkSync(source, join(dir, entry.name), 'dir');
    else linkSync(source, join(dir, entry.name));
  }
}

/**
 * One folder of a shallowCopy() made its own: a hard-linked copy of the
 * original's in place of the symbolic link, so that rewrite() may change a
 * file in it (a chapters/ of 19 files, where a linkedCopy() of the whole
 * dist/ links 45,000).
 */
export function ownFolder(copy: string, folder: string): string {
  const dir = join(copy, folder);
  const original = readlinkSync(dir);
  unlinkSync(dir);
  execFileSync('cp', ['-al', original, dir]);
  return dir;
}

/** Replace a file of a linkedCopy() folder (never writing through a hard link). */
export function rewrite(file: string, data: string | Buffer): void {
  // Never through a folder of a shallowCopy(): that folder is the original's.
  for (let d = dirname(resolve(file)); d.startsWith(tmpdir()) && d !== tmpdir(); d = dirname(d)) {
    if (lstatSync(d).isSymbolicLink()) throw new Error(`rewrite: ${file} is inside a linked folder of a shallowCopy(), which is the original's; take a linkedCopy() to change it`);
  }
  rmSync(file, { force: true });
  writeFileSync(file, data);
}

/**
 * The hashes this process has read, by the file they were read from: its
 * inode, size and modification time. The trees the tests compare are mostly
 * hard links of one another (a linkedCopy(), a build linking files from its
 * cache), and a write in place gives the file a new modification time (no
 * code here sets one back), so a file seen again unchanged is not read again
 * (a dist/ is 48,000 files, 750 MB). Not the change time: every new hard link
 * to a file changes it, and its bytes stay as they were.
 */
const hashed = new Map<string, string>();
const SETTLED_MS = 1000;

/** Every file under `dir` (relative path → SHA-256), to compare trees byte for byte. */
export function treeFingerprint(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = statSync(p, { bigint: true });
      if (st.isDirectory()) {
        walk(p);
        continue;
      }
      const seen = `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}`;
      let hash = hashed.get(seen);
      if (hash === undefined) {
        hash = createHash('sha256').update(readFileSync(p)).digest('hex');
        // File times tick coarsely (a few milliseconds): a file written within the last second could be written again under the same time.
        if (Date.now() - Number(st.mtimeMs) > SETTLED_MS) hashed.set(seen, hash);
      }
      out.set(relative(dir, p), hash);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

export const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** Wrap a before/after hook so its error is printed: uvu reports a failed hook only as "0 / N". */
export function hook(fn: () => Promise<void> | void): () => Promise<void> {
  return async () => {
    try {
      await fn();
    } catch (err) {
      // A missing system part is said in its one line; anything else with its stack.
      if (err instanceof MissingPart) console.error(`\n${err.message}`);
      else console.error('\nhook failed:', err);
      throw err;
    }
  };
}
