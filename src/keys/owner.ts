// One server to a data folder. The embedded stores count in memory and write
// usage.json now and then, so a second server on the same folder would write
// over the first's counts: it refuses to start instead. Redis keeps the counts
// itself, so servers that use it may share a folder.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { holdLock } from '../fs/lock.ts';

/** The lock in GITA_DATA_DIR naming the server (its pid) that counts there. */
export const SERVER_LOCK = 'server.lock';

/** For a server (a single one, or the primary of workers) before it opens its stores. */
export async function claimDataDir(config: Pick<Config, 'dataDir' | 'redisUrl'>): Promise<void> {
  if (config.redisUrl) return;
  await mkdir(config.dataDir, { recursive: true });
  await holdLock(
    join(config.dataDir, SERVER_LOCK),
    (pid) => `${config.dataDir} is in use by another server (pid ${pid}), and two servers on one data folder would lose each other's counts; stop it, give this one another --data-dir, or share the counts through Redis (--redis-url)`,
  );
}
