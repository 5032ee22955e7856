// A lock file for read-modify-write of a shared file by several processes
// (the server and the `gita` CLI). Created with O_EXCL; a lock whose owner
// has died is taken over.
import { open, readFile, rm } from 'node:fs/promises';
import { isAlive } from './atomic.ts';

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
