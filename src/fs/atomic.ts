// Nothing half-written: files go to a temporary name and are renamed into
// place; whole folders are staged beside their target and swapped in.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const suffix = () => `${process.pid}-${randomBytes(4).toString('hex')}`;

/**
 * Remove the temporary files a writeFileAtomic of `file` left behind when its
 * process was killed mid-write (`file.tmp-<pid>-<random>`, never renamed).
 * Call it only where no other process writes `file` (a server holds its data
 * folder alone).
 */
export async function removeStaleTemps(file: string): Promise<string[]> {
  const prefix = `${basename(file)}.tmp-`;
  const names = (await readdir(dirname(file)).catch(() => [] as string[])).filter((n) => n.startsWith(prefix));
  await Promise.all(names.map((n) => rm(join(dirname(file), n), { force: true })));
  return names;
}

/** Write `data` to `file` so that readers see the old or the new file, never a part. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${suffix()}`;
  const handle = await open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  await syncDir(dirname(file));
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the rename is still atomic.
  } finally {
    await handle.close();
  }
}

/** A fresh folder beside `target` (same file system, so it can be renamed over it). */
export async function stagingDir(target: string): Promise<string> {
  const dir = join(dirname(target), `${basename(target)}.tmp-${suffix()}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

/**
 * Put the staged folder in place of `target`. The old folder is renamed aside
 * first and removed only once the new one is in place; `recoverDir` puts it
 * back if the process died between the two renames.
 */
export async function replaceDir(target: string, staged: string): Promise<void> {
  const old = join(dirname(target), `${basename(target)}.old-${suffix()}`);
  const hadTarget = existsSync(target);
  // Back to back, with no turn of the event loop between: a server reading
  // dist/ finds it missing for as short a time as two system calls take.
  if (hadTarget) renameSync(target, old);
  try {
    renameSync(staged, target);
  } catch (err) {
    if (hadTarget) renameSync(old, target);
    throw err;
  }
  if (hadTarget) await rm(old, { recursive: true, force: true });
  await removeStale(target);
}

/** Restore `target` from a `.old-*` folder left by an interrupted swap. */
export function recoverDir(target: string): void {
  if (existsSync(target)) return;
  const parent = dirname(target);
  const prefix = `${basename(target)}.old-`;
  const old = existsSync(parent) ? readdirSync(parent).filter((n) => n.startsWith(prefix)).sort() : [];
  if (old.length) renameSync(join(parent, old[old.length - 1]), target);
}

/** Remove staging and old folders of `target` left by processes that died. */
async function removeStale(target: string): Promise<void> {
  const parent = dirname(target);
  const base = basename(target);
  for (const name of await readdir(parent)) {
    const m = /^(?:.+)\.(?:tmp|old)-(\d+)-[0-9a-f]{8}$/.exec(name);
    if (!m || !name.startsWith(`${base}.`)) continue;
    if (Number(m[1]) !== process.pid && isAlive(Number(m[1]))) continue;
    await rm(join(parent, name), { recursive: true, force: true });
  }
}

/**
 * Is a process of that id running? `unknown` where this process may not ask:
 * Deno without --allow-run may not signal another process, nor read /proc.
 */
export function processState(pid: number): 'alive' | 'dead' | 'unknown' {
  try {
    process.kill(pid, 0);
    return 'alive';
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // EPERM: running, but not ours.
    return code === 'ESRCH' ? 'dead' : code === 'EPERM' ? 'alive' : 'unknown';
  }
}

/** Is a process of that id running? Counted so when it cannot be told (nothing of a live process is ever removed). */
export const isAlive = (pid: number) => processState(pid) !== 'dead';
