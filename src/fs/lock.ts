// A lock file for read-modify-write of a shared file by several processes
// (the server and the `gita` CLI). Created with O_EXCL; a lock whose owner
// has died is taken over. holdLock: a lock held for a process's whole life.
import { readFileSync, rmSync, utimesSync } from 'node:fs';
import { open, readFile, rm, stat } from 'node:fs/promises';
import { isAlive, processState } from './atomic.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function withLock<T>(file: string, fn: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + timeoutMs;
  for (let wait = 5; ; wait = Math.min(wait * 2, 200)) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(await readFile(lock, 'utf8').catch(() => ''));
      if (owner && !isAlive(owner)) {
        await rm(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`${lock}: still locked by process ${owner || '?'} after ${timeoutMs} ms`);
      await sleep(wait);
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { force: true });
  }
}

/** A lock another living process holds (holdLock). */
export class LockedError extends Error {
  override name = 'LockedError';
  constructor(
    message: string,
    readonly pid: number,
  ) {
    super(message);
  }
}

/**
 * A held lock is touched this often. Where a process may not ask whether
 * another lives (Deno without --allow-run), a lock untouched for three beats
 * is a dead holder's.
 */
const BEAT_MS = 5_000;

/** Whether the holder of a lock is gone: its process dead, or where that cannot be told, its lock no longer touched. */
async function holderGone(file: string, pid: number): Promise<boolean> {
  if (pid === process.pid) return true;
  const state = processState(pid);
  if (state !== 'unknown') return state === 'dead';
  const touched = await stat(file).then((s) => s.mtimeMs, () => 0);
  return Date.now() - touched > 3 * BEAT_MS;
}

/**
 * Hold `file` (a lock naming this process) for as long as the process runs:
 * released when it exits however it exits, but by a kill that leaves no
 * chance; a lock whose process has died is taken over, and so is one naming
 * this very process (a container started again gets the same pid). Another
 * living holder: LockedError, its message from `explain(pid)`.
 */
export async function holdLock(file: string, explain: (pid: number) => string): Promise<void> {
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      // An empty file is a holder between its create and its write: wait for the pid.
      if (!owner) {
        await sleep(20);
        const again = Number((await readFile(file, 'utf8').catch(() => '')).trim());
        if (!again) await rm(file, { force: true });
        continue;
      }
      if (!(await holderGone(file, owner))) throw new LockedError(explain(owner), owner);
      await rm(file, { force: true });
    }
  }
  const beat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // Removed by hand: the holder keeps serving; the next server will not be refused.
    }
  }, BEAT_MS);
  beat.unref();
  process.once('exit', () => {
    try {
      // Only our own: never a lock another process took over.
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Gone already: nothing to release.
    }
  });
}
