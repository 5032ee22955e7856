// Keys and usage in Redis, for several servers. Each server keeps the keys in
// memory (verified without a round trip) and hears of every change on a
// pub/sub channel; usage counts are buffered and written in one pipeline a
// few times a second. When Redis is unreachable the server keeps answering:
// cached keys still verify, counts wait in the buffer, limits fall back to
// in-memory insurance limiters (limits.ts).
import { Redis } from 'ioredis';
import { DayClock } from './limits.ts';
import { hashKey, looksLikeKey, newKeyRecord, sameHash, VerifiedKeys } from './keys.ts';
import { StoreError, type KeyRecord, type KeyStore, type NewKey } from './store.ts';
import { add, lastDays, RETENTION_DAYS, rowsOf, type Counts, type UsageRow, type UsageStore } from './usage.ts';

export interface RedisState {
  reachable: boolean;
  since: string;
  error?: string;
}

/**
 * A client that fails fast when Redis is away (no offline queue, short
 * command timeout) instead of holding requests, and reconnects forever.
 */
export async function connectRedis(url: string, onChange: (state: RedisState) => void = () => {}, connectTimeoutMs = 10_000): Promise<{ client: Redis; state: () => RedisState }> {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(100 * times, 1_000),
    lazyConnect: true,
  });
  let state: RedisState = { reachable: false, since: new Date().toISOString() };
  let connected = false;
  // Each change is told once (not every reconnect attempt), and only after the first connection.
  const set = (reachable: boolean, error?: string) => {
    if (state.reachable === reachable) return;
    state = { reachable, since: new Date().toISOString(), ...(error && { error }) };
    if (connected) onChange(state);
  };
  let lastError = '';
  client.on('ready', () => set(true));
  client.on('error', (err: Error) => (lastError = err.message));
  client.on('close', () => set(false, lastError || 'connection closed'));
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${connectTimeoutMs} ms`)), connectTimeoutMs).unref()),
    ]);
  } catch (err) {
    client.disconnect();
    throw new StoreError(`REDIS_URL ${redactUrl(url)}: cannot connect (${(err as Error).message})`);
  }
  set(true);
  connected = true;
  return { client, state: () => state };
}

/** A Redis URL without its password, for messages. */
export const redactUrl = (url: string) => url.replace(/\/\/([^@/]*)@/, (_m, auth: string) => `//${auth.includes(':') ? `${auth.split(':')[0]}:***` : '***'}@`);

export class RedisKeyStore implements KeyStore {
  readonly kind = 'redis';
  private cache = new Map<string, KeyRecord>();
  private verified = new VerifiedKeys<KeyRecord>();
  /** Hashes recently looked up and not found, so a flood of bad keys does not become a flood of lookups. */
  private unknown = new Map<string, number>();
  private subscriber: Redis | null = null;
  private timer: NodeJS.Timeout | null = null;

  private constructor(
    private client: Redis,
    private prefix: string,
  ) {}

  private get keysHash() {
    return `${this.prefix}keys`;
  }
  private get idsHash() {
    return `${this.prefix}key-ids`;
  }
  private get channel() {
    return `${this.prefix}keys:changed`;
  }

  /** `live`: keep the cache current (servers); the CLI only reads and writes. */
  static async open(client: Redis, prefix: string, live: boolean): Promise<RedisKeyStore> {
    const store = new RedisKeyStore(client, prefix);
    if (live) {
      await store.refresh();
      store.subscriber = client.duplicate({ enableOfflineQueue: true });
      store.subscriber.on('error', () => {});
      store.subscriber.on('message', (_channel: string, hash: string) => void store.refreshOne(hash).catch(() => {}));
      // After an outage, messages may have been missed: reload everything.
      store.subscriber.on('ready', () => void store.refresh().catch(() => {}));
      await store.subscriber.subscribe(store.channel);
      store.timer = setInterval(() => void store.refresh().catch(() => {}), 30_000);
      store.timer.unref();
    }
    return store;
  }

  verify(key: string): KeyRecord | null | Promise<KeyRecord | null> {
    const seen = this.verified.get(key);
    if (seen) return seen;
    if (!looksLikeKey(key)) return null;
    const hash = hashKey(key);
    const cached = this.cache.get(hash);
    if (cached) {
      if (cached.revoked || !sameHash(cached.hash, hash)) return null;
      this.verified.set(key, cached);
      return cached;
    }
    const missedAt = this.unknown.get(hash);
    if (missedAt && Date.now() - missedAt < 5_000) return null;
    // Not in the cache: a key made a moment ago elsewhere, or no key at all.
    return this.client.hget(this.keysHash, hash).then(
      (json) => {
        if (!json) {
          if (this.unknown.size > 10_000) this.unknown.clear();
          this.unknown.set(hash, Date.now());
          return null;
        }
        const record = JSON.parse(json) as KeyRecord;
        this.cache.set(hash, record);
        return record.revoked ? null : record;
      },
      () => null, // Redis away and the key unknown here: it cannot be verified, so it is not valid.
    );
  }

  async create(input: NewKey): Promise<{ key: string; record: KeyRecord }> {
    const { key, record } = newKeyRecord(input);
    await this.client.multi().hset(this.keysHash, record.hash, JSON.stringify(record)).hset(this.idsHash, record.id, record.hash).publish(this.channel, record.hash).exec();
    this.cache.set(record.hash, record);
    return { key, record };
  }

  async list(): Promise<KeyRecord[]> {
    const all = await this.client.hgetall(this.keysHash);
    return Object.values(all)
      .map((j) => JSON.parse(j) as KeyRecord)
      .sort((a, b) => a.created.localeCompare(b.created));
  }

  async revoke(id: string): Promise<boolean> {
    const hash = await this.client.hget(this.idsHash, id);
    if (!hash) return false;
    const json = await this.client.hget(this.keysHash, hash);
    if (!json) return false;
    const record = JSON.parse(json) as KeyRecord;
    record.revoked ??= new Date().toISOString();
    await this.client.multi().hset(this.keysHash, hash, JSON.stringify(record)).publish(this.channel, hash).exec();
    this.cache.set(hash, record);
    this.verified.clear();
    return true;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.subscriber?.disconnect();
  }

  private async refresh() {
    const all = await this.client.hgetall(this.keysHash);
    this.cache = new Map(Object.entries(all).map(([hash, json]) => [hash, JSON.parse(json) as KeyRecord]));
    this.unknown.clear();
    this.verified.clear();
  }

  private async refreshOne(hash: string) {
    const json = await this.client.hget(this.keysHash, hash);
    if (json) this.cache.set(hash, JSON.parse(json));
    else this.cache.delete(hash);
    this.unknown.delete(hash);
    this.verified.clear();
  }
}

/**
 * Usage counts in Redis: a hash per day and caller (`usage:<day>:<subject>`,
 * route → count) and a set of the day's callers. Counts are buffered here and
 * written in one pipeline every `flushEveryMs`; when Redis is away they stay
 * in the buffer and go out when it returns.
 */
export class RedisUsageStore implements UsageStore {
  readonly kind = 'redis';
  private buffer: Counts = new Map();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private clock = new DayClock();

  constructor(
    private client: Redis,
    private prefix: string,
    flushEveryMs = 250,
  ) {
    if (flushEveryMs > 0) {
      this.timer = setInterval(() => void this.flush().catch(() => {}), flushEveryMs);
      this.timer.unref();
    }
  }

  count(subject: string, route: string, n = 1): void {
    add(this.buffer, this.clock.at(), subject, route, n);
  }

  flush(): Promise<void> {
    // One write at a time; a failed one must not stop the next.
    this.flushing = this.flushing.catch(() => {}).then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (!this.buffer.size) return;
    const batch = this.buffer;
    this.buffer = new Map();
    const ttl = RETENTION_DAYS * 86_400;
    const pipe = this.client.pipeline();
    for (const [day, bySubject] of batch) {
      const daySet = `${this.prefix}usage:${day}`;
      for (const [subject, byRoute] of bySubject) {
        const hash = `${daySet}:${subject}`;
        for (const [route, n] of byRoute) pipe.hincrby(hash, route, n);
        pipe.expire(hash, ttl);
        pipe.sadd(daySet, subject);
      }
      pipe.expire(daySet, ttl);
    }
    try {
      const results = await pipe.exec();
      if (!results || results.some(([err]) => err)) throw new Error('some counts were not written');
    } catch (err) {
      // Keep the counts for the next attempt.
      for (const [day, bySubject] of batch) for (const [subject, byRoute] of bySubject) for (const [route, n] of byRoute) add(this.buffer, day, subject, route, n);
      throw err;
    }
  }

  async read(days: number, subject?: string): Promise<UsageRow[]> {
    const dayList = lastDays(days);
    const counts: Counts = new Map();
    const subjects = subject
      ? dayList.map((day) => [day, [subject]] as const)
      : await Promise.all(dayList.map(async (day) => [day, await this.client.smembers(`${this.prefix}usage:${day}`)] as const));
    await Promise.all(
      subjects.flatMap(([day, list]) =>
        list.map(async (s) => {
          const byRoute = await this.client.hgetall(`${this.prefix}usage:${day}:${s}`);
          for (const [route, n] of Object.entries(byRoute)) add(counts, day, s, route, Number(n));
        }),
      ),
    );
    // Counts not yet written are counts all the same.
    for (const row of rowsOf(this.buffer, dayList, subject)) add(counts, row.day, row.subject, row.route, row.count);
    return rowsOf(counts, dayList, subject);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush().catch(() => {});
  }
}
