// Real Redis for the tests. The machine's Redis (127.0.0.1:6379) is used when
// it answers; a test that needs to kill Redis starts a private redis-server
// on a free port. Every test writes under a prefix of its own and removes it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort } from './net.ts';
import { Redis } from 'ioredis';
import { ownProcess } from './cleanup.ts';
import { tempDir } from './fs.ts';
import { missingPart, requireProgram } from './programs.ts';

export const SHARED_REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

/** redis-server's path; a suite that starts a privateRedis() calls this first in its before hook. */
export const requireRedisServer = () => requireProgram('redis-server', 'redis-server');

/** The shared Redis, or one line saying it is missing (a server to start, not only a program to install). */
export async function sharedRedis(): Promise<string> {
  const client = new Redis(SHARED_REDIS, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 });
  // The socket's own error (`connect ECONNREFUSED ...`) says more than the
  // rejection, which without retries is only "Connection is closed.".
  let cause = '';
  client.on('error', (err) => (cause ||= err.message));
  try {
    await client.connect();
    await client.ping();
    return SHARED_REDIS;
  } catch (err) {
    throw missingPart(`a Redis answering at ${SHARED_REDIS} (${cause || (err as Error).message})`, 'redis-server', '.ci/run installs and starts it; or set TEST_REDIS_URL');
  } finally {
    client.disconnect();
  }
}

export const testPrefix = () => `gita-test-${randomBytes(4).toString('hex')}:`;

/** Delete every key under `prefix`. */
export async function dropPrefix(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

export { freePort };

export interface PrivateRedis {
  url: string;
  port: number;
  kill(): Promise<void>;
  restart(): Promise<void>;
}

/**
 * A redis-server of the test's own, which it may kill and start again on the
 * same port. It keeps an append-only file, as a production Redis would, so
 * what was written before a kill is there after the restart.
 */
export async function privateRedis(): Promise<PrivateRedis> {
  const redisServer = requireRedisServer();
  const port = await freePort();
  const dir = tempDir('gita-redis-');
  let proc: ChildProcess;
  const start = async () => {
    proc = ownProcess(spawn(redisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir], { stdio: 'ignore' }));
    for (let i = 0; i < 100; i++) {
      const c = new Redis({ port, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      c.on('error', () => {});
      try {
        await c.connect();
        await c.ping();
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      } finally {
        c.disconnect();
      }
    }
    throw new Error(`private redis-server on port ${port} did not start`);
  };
  await start();
  const kill = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  return { url: `redis://127.0.0.1:${port}`, port, kill, restart: start };
}
