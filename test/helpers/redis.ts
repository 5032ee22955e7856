// Real Redis for the tests. The machine's Redis (127.0.0.1:6379) is used when
// it answers; a test that needs to kill Redis starts a private redis-server
// on a free port. Every test writes under a prefix of its own and removes it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { tempDir } from './fs.ts';

export const SHARED_REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

/** The shared Redis, or a clear error saying it is missing. */
export async function sharedRedis(): Promise<string> {
  const client = new Redis(SHARED_REDIS, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return SHARED_REDIS;
  } catch (err) {
    throw new Error(`these tests need Redis at ${SHARED_REDIS} (set TEST_REDIS_URL, or start one: redis-server --port 6379 --save ""): ${(err as Error).message}`);
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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

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
  if (spawnSync('sh', ['-c', 'command -v redis-server']).status !== 0) {
    throw new Error('redis-server is missing: install the Debian package redis-server (the CI script does)');
  }
  const port = await freePort();
  const dir = tempDir('gita-redis-');
  let proc: ChildProcess;
  const start = async () => {
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir], { stdio: 'ignore' });
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
  process.on('exit', () => proc.kill('SIGKILL'));
  return { url: `redis://127.0.0.1:${port}`, port, kill, restart: start };
}
