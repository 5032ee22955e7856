// Test helpers for real files: temporary folders, copies of the shared
// content, and a fingerprint of a whole tree to tell "unchanged".
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../src/cli/run.ts';

/** The upstream content beside the project (CI puts ../shared there). */
export const SHARED_DATA = resolve(PROJECT_ROOT, '../shared/gita-data');
if (!existsSync(join(SHARED_DATA, 'slok'))) {
  throw new Error(`the tests need the content at ${SHARED_DATA} (../shared/gita-data beside the project)`);
}

const made: string[] = [];
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary folder, removed when the test process exits. */
export function tempDir(prefix = 'gita-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A private copy of the shared content, in the upstream layout, to break on purpose. */
export async function copyOfSource(): Promise<string> {
  const dir = join(tempDir('gita-src-'), 'gita-data');
  await cp(SHARED_DATA, dir, { recursive: true });
  return dir;
}

/** Every file under `dir` (relative path → SHA-256), to compare trees byte for byte. */
export function treeFingerprint(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p), createHash('sha256').update(readFileSync(p)).digest('hex'));
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
      console.error('\nhook failed:', err);
      throw err;
    }
  };
}
