// The stores a server (or the CLI) works with, chosen by the configuration:
// a file in GITA_DATA_DIR and memory for one server, or Redis for several.
import { mkdir } from 'node:fs/promises';
import type { Config } from '../config.ts';
import { FileKeyStore } from './file-store.ts';
import { createLimiter, memoryFactory, redisFactory, type Limiter } from './limits.ts';
import type { RedisState } from './redis.ts';
import type { KeyStore } from './store.ts';
import { FileUsageStore, type UsageStore } from './usage.ts';

export interface Stores {
  keys: KeyStore;
  usage: UsageStore;
  limiter: Limiter;
  /** For /healthz: where things are kept, and whether that is reachable. */
  health(): { degraded: boolean; stores: Record<string, unknown> };
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A server: keep keys current, write usage in the background. The CLI: read and write on demand. */
  live: boolean;
  /** A worker process of a cluster (GITA_WORKERS > 1): usage and limits are the primary's (embedded store only). */
  clusterWorker?: boolean;
  say?: (line: string) => void;
}

export async function openStores(config: Config, { live, say = () => {}, clusterWorker = false }: OpenOptions): Promise<Stores> {
  if (config.redisUrl) {
    // Loaded only for Redis: ioredis alone adds about 20 MB to a server that does not use it.
    const { connectRedis, redactUrl, RedisKeyStore, RedisUsageStore } = await import('./redis.ts');
    const where = redactUrl(config.redisUrl);
    const { client, state } = await connectRedis(config.redisUrl, (s: RedisState) =>
      say(
        s.reachable
          ? `redis ${where}: reachable again; writing the buffered counts`
          : `redis ${where}: unreachable (${s.error ?? 'closed'}); still serving with cached keys, buffered counts and local limits`,
      ),
    );
    const keys = await RedisKeyStore.open(client, config.redisPrefix, live);
    const usage = new RedisUsageStore(client, config.redisPrefix, live ? 250 : 0);
    const limiter = createLimiter(redisFactory(client, config.redisPrefix));
    return {
      keys,
      usage,
      limiter,
      health() {
        const s = state();
        return { degraded: !s.reachable, stores: { keys: 'redis', usage: 'redis', redis: s.reachable ? 'reachable' : `unreachable since ${s.since}` } };
      },
      async close() {
        await limiter.close();
        await usage.close();
        await keys.close();
        client.disconnect();
      },
    };
  }

  await mkdir(config.dataDir, { recursive: true });
  if (clusterWorker) {
    // Keys from the file (every worker watches it); usage and limits held by the primary process.
    const { ClusterUsageStore, clusterFactory } = await import('./cluster.ts');
    const keys = await FileKeyStore.open(config.dataDir, live);
    const usage = new ClusterUsageStore();
    const limiter = createLimiter(clusterFactory);
    return {
      keys,
      usage,
      limiter,
      health: () => ({ degraded: false, stores: { keys: 'file', usage: 'file' } }),
      async close() {
        await limiter.close();
        await usage.close();
        await keys.close();
      },
    };
  }
  const keys = await FileKeyStore.open(config.dataDir, live);
  const usage = await FileUsageStore.open(config.dataDir, { readOnly: !live });
  if (usage.recovered) {
    say(`error: ${usage.recovered.from} was corrupt (${usage.recovered.reason}); it was moved to ${usage.recovered.to} and counting starts again from zero`);
  }
  // Today's counts so far: a restart does not give anybody its quota again.
  const limiter = createLimiter(memoryFactory, undefined, live ? await usage.read(1) : undefined);
  return {
    keys,
    usage,
    limiter,
    health: () => ({ degraded: false, stores: { keys: 'file', usage: 'file', ...(usage.recovered && { usageRecoveredFrom: usage.recovered.to }) } }),
    async close() {
      await limiter.close();
      await usage.close();
      await keys.close();
    },
  };
}
