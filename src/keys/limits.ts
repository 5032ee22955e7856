// Rate limits with rate-limiter-flexible: a daily quota per key or anonymous
// client (counted per UTC day, reset at midnight UTC), a short burst window
// for anonymous clients, and a small daily allowance of registrations per
// client. In memory for one server; in Redis, with an in-memory insurance
// limiter, for several.
//
// A key with plenty of quota left takes it from the store in blocks (a
// lease) and spends the block locally, so most keyed requests need no store
// call at all; near the end of a quota every request goes to the store, one
// by one, which keeps the last requests of a day exact across servers. A
// busy key's next block is fetched before the current one runs out (so its
// requests never wait for the store) and is larger, up to `max`.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { UsageRow } from './usage.ts';
import { ANON_BURST, LEASE, REGISTRATIONS_PER_DAY } from '../contract/policy.ts';
import { DayClock } from '../content/day.ts';

// The policy's numbers and the day clock live apart (policy.ts, content/day.ts); re-exported for the limiter's callers.
export { ANON_BURST, LEASE, REGISTRATIONS_PER_DAY } from '../contract/policy.ts';
export { DayClock, nextMidnight, utcDay } from '../content/day.ts';

export interface Verdict {
  allowed: boolean;
  /** The limit that decided: requests a day, or (when the burst window refused) requests per window. */
  limit: number;
  remaining: number;
  /** Unix time (seconds) when that limit starts again: the next midnight UTC, or the burst window's end. */
  reset: number;
  /** Seconds to wait, when refused. */
  retryAfter: number;
}

export interface Limiter {
  /**
   * Count `n` requests (a JSON-RPC batch: one per message) against
   * `subject`'s daily quota, and for anonymous clients first one against the
   * burst window: a request the window refuses does not spend the quota.
   * Refused requests of a batch are given back, so a smaller one may pass.
   */
  consume(subject: string, dailyLimit: number, anonymous: boolean, n?: number): Verdict | Promise<Verdict>;
  /** The daily quota's state without counting. */
  peek(subject: string, dailyLimit: number): Promise<Verdict>;
  /** Count one registration from a client address; false when it is over the day's allowance. */
  register(ip: string): Promise<boolean>;
  /** Give back what leases did not spend (at shutdown). */
  close(): Promise<void>;
}

export type Factory = (keyPrefix: string, points: number, seconds: number) => RateLimiterAbstract;

export const memoryFactory: Factory = (keyPrefix, points, duration) => new RateLimiterMemory({ keyPrefix, points, duration });

/** Redis limiters; when Redis fails, an in-memory limiter of the same shape decides (the insurance strategy). */
export function redisFactory(client: Redis, prefix: string): Factory {
  return (keyPrefix, points, duration) =>
    new RateLimiterRedis({
      storeClient: client,
      keyPrefix: `${prefix}${keyPrefix}`,
      points,
      duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
    });
}

/**
 * The daily counter's own ceiling. Quotas differ per key (and may change
 * during a day), so one counter per caller and day counts every request and
 * each request is judged against the caller's quota of the moment.
 */
export const DAILY_CEILING = 2 ** 31 - 1;

/** What a usage row counts that is not a request against the quota. */
const NOT_QUOTA = new Set(['rate-limited', 'register']);

/**
 * Start in-memory limiters from the persisted usage of today (usage.json), so
 * that a restart gives nobody a day's quota or registrations again: each
 * caller's daily counter starts at the requests counted for it today, and
 * each address's registrations at the keys it registered today. (Redis
 * limiters keep their counters in Redis and need none of this.)
 */
export function seedLimiters(limiters: { day: RateLimiterAbstract; register: RateLimiterAbstract }, rows: readonly UsageRow[], now = Date.now()): void {
  const clock = new DayClock();
  const today = clock.at(now);
  const ttl = clock.secondsLeft(now);
  const requests = new Map<string, number>();
  const registered = new Map<string, number>();
  for (const r of rows) {
    if (r.day !== today) continue;
    if (r.route === 'register') registered.set(r.subject, (registered.get(r.subject) ?? 0) + r.count);
    else if (!NOT_QUOTA.has(r.route)) requests.set(r.subject, (requests.get(r.subject) ?? 0) + r.count);
  }
  const set = (limiter: RateLimiterAbstract, key: string, n: number) => (limiter as RateLimiterMemory).set(key, n, ttl);
  for (const [subject, n] of requests) set(limiters.day, `${subject}:${today}`, n);
  for (const [subject, n] of registered) set(limiters.register, subject.replace(/^anon:/, ''), n);
}

interface Lease {
  day: string;
  /** The store's count for the day when the lease was last topped up, this lease included. */
  counted: number;
  /** Requests of the lease not yet spent. */
  left: number;
  expires: number;
  /** The last block taken, and when. */
  size: number;
  taken: number;
}

/** rate-limiter-flexible resolves under the limit and rejects with a RateLimiterRes over it (or an Error when its store fails). */
const settle = (p: Promise<RateLimiterRes>) =>
  p.then(
    (res) => ({ res, allowed: true }),
    (err: unknown) => {
      if (err instanceof RateLimiterRes) return { res: err, allowed: false };
      throw err;
    },
  );

/** The limiters' names and shapes, as every factory (and a cluster's primary) makes them. */
export const LIMITERS = {
  day: { points: DAILY_CEILING, duration: 86_400 },
  burst: { points: ANON_BURST.points, duration: ANON_BURST.seconds },
  register: { points: REGISTRATIONS_PER_DAY, duration: 86_400 },
} as const;

/** `seed`: today's persisted usage, which in-memory limiters start from (seedLimiters). */
export function createLimiter(factory: Factory, lease: typeof LEASE = LEASE, seed?: readonly UsageRow[]): Limiter {
  const daily = factory('day', LIMITERS.day.points, LIMITERS.day.duration);
  const burst = factory('burst', LIMITERS.burst.points, LIMITERS.burst.duration);
  const registrations = factory('register', LIMITERS.register.points, LIMITERS.register.duration);
  if (seed) seedLimiters({ day: daily, register: registrations }, seed);
  const leases = new Map<string, Lease>();
  const refilling = new Map<string, Promise<unknown>>();

  const clock = new DayClock();

  const verdict = (counted: number, limit: number, allowed: boolean, retryAfter = 1): Verdict => ({
    allowed,
    limit,
    remaining: Math.max(limit - counted, 0),
    reset: clock.midnight,
    retryAfter,
  });

  const giveBack = (subject: string, held: Lease) => {
    leases.delete(subject);
    if (held.left > 0 && held.day === clock.day) void daily.reward(`${subject}:${held.day}`, held.left).catch(() => {});
  };
  // Unspent leases go back to the store, so other servers may use them.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [subject, held] of leases) if (held.expires <= now) giveBack(subject, held);
  }, lease.ms / 2);
  sweep.unref();

  /**
   * How many requests to take from the store at once: one near the end of a
   * quota, or when this server knows nothing of today's count yet (the answer
   * tells it); more the busier the key.
   */
  const blockSize = (limit: number, known: Lease | undefined, now: number) => {
    if (!known || limit - known.counted <= lease.above) return 1;
    const left = limit - known.counted;
    const next = now - known.taken < lease.ms / 4 ? known.size * 2 : known.size >> 1;
    return Math.max(lease.size, Math.min(next, lease.max, Math.floor(left / 20)));
  };

  /**
   * Take one request, or a lease of many, from the store. `ahead`: a refill
   * while the current lease still has requests (no request waits for it, and
   * none is spent from the new block here).
   */
  async function fromStore(subject: string, limit: number, now: number, ahead: boolean, n = 1): Promise<Verdict> {
    const d = clock.at(now);
    const held = leases.get(subject);
    const known = held?.day === d ? held : undefined;
    // A batch is counted in the store as it is, all at once.
    const block = n > 1 ? n : blockSize(limit, known, now);
    const exact = n > 1 || block === 1;
    if (exact && held) giveBack(subject, held);
    const untilMidnight = clock.secondsLeft(now);
    const { res } = await settle(daily.consume(`${subject}:${d}`, block, { customDuration: untilMidnight }));
    const counted = res.consumedPoints;
    if (exact) {
      // Remember the count (an empty lease), so the next request knows whether to lease.
      if (!leases.has(subject)) leases.set(subject, { day: d, counted, left: 0, expires: now + lease.ms, size: lease.size, taken: 0 });
      const allowed = counted <= limit;
      if (!allowed && n > 1) void daily.reward(`${subject}:${d}`, n).catch(() => {});
      return verdict(allowed ? counted : counted - (n > 1 ? n : 0), limit, allowed, allowed ? 1 : untilMidnight);
    }
    // A lease that went past the quota (others spent it meanwhile): keep what fits, give the rest back.
    const over = Math.max(0, counted - limit);
    const granted = block - over;
    if (over > 0) void daily.reward(`${subject}:${d}`, Math.min(over, block)).catch(() => {});
    const spend = ahead ? 0 : 1;
    // The lease may have been spent, swept or replaced by a new day while the store answered.
    const current = leases.get(subject);
    const topUp = current?.day === d ? current : undefined;
    if (granted < spend) {
      return topUp && topUp.left > 0 ? verdict(topUp.counted - topUp.left, limit, true) : verdict(limit + 1, limit, false, untilMidnight);
    }
    // Whatever this server still holds is counted in the store already: the store's count covers both.
    const left = (topUp ? topUp.left : 0) + granted - spend;
    leases.set(subject, { day: d, counted: counted - over, left, expires: now + lease.ms, size: block, taken: now });
    return verdict(counted - over - left, limit, true);
  }

  /** One store call per key at a time: concurrent requests wait for the same refill. */
  const refill = (subject: string, limit: number, now: number, ahead: boolean, n = 1) => {
    const p = fromStore(subject, limit, now, ahead, n).finally(() => refilling.delete(subject));
    refilling.set(subject, p);
    return p;
  };

  return {
    consume(subject, dailyLimit, anonymous, n = 1) {
      const now = Date.now();
      const d = clock.at(now);
      if (!anonymous) {
        // Spend from this server's lease when it has one: no store call.
        const held = leases.get(subject);
        if (held && held.left >= n && held.day === d) {
          held.left -= n;
          // A quarter of the block left: fetch the next one now, so that no request waits for it.
          if (held.left <= held.size >> 2 && !refilling.has(subject) && dailyLimit - held.counted > lease.above) {
            void refill(subject, dailyLimit, now, true).catch(() => {});
          }
          return verdict(held.counted - held.left, dailyLimit, held.counted - held.left <= dailyLimit);
        }
        // Concurrent requests of one key wait for one refill, not one each.
        const pending = refilling.get(subject);
        if (pending) return pending.then(() => this.consume(subject, dailyLimit, anonymous, n), () => this.consume(subject, dailyLimit, anonymous, n));
        return refill(subject, dailyLimit, now, false, n);
      }
      // The burst window first (it counts HTTP requests: a batch is one; its
      // work is bounded by the request's budget): what it refuses never
      // reaches the daily quota.
      return settle(burst.consume(subject, 1)).then(async (b) => {
        if (!b.allowed) {
          const wait = Math.max(1, Math.ceil(b.res.msBeforeNext / 1000));
          return { allowed: false, limit: ANON_BURST.points, remaining: 0, reset: Math.ceil(now / 1000) + wait, retryAfter: wait };
        }
        const key = `${subject}:${d}`;
        const { res } = await settle(daily.consume(key, n, { customDuration: clock.secondsLeft(now) }));
        const counted = res.consumedPoints;
        const allowed = counted <= dailyLimit;
        if (!allowed && n > 1) void daily.reward(key, n).catch(() => {});
        return verdict(allowed || n === 1 ? counted : counted - n, dailyLimit, allowed, allowed ? 1 : clock.secondsLeft(now));
      });
    },
    async peek(subject, dailyLimit) {
      const d = clock.at();
      const res = await daily.get(`${subject}:${d}`);
      const held = leases.get(subject);
      const counted = (res?.consumedPoints ?? 0) - (held && held.day === d ? held.left : 0);
      return verdict(counted, dailyLimit, counted <= dailyLimit);
    },
    async register(ip) {
      return (await settle(registrations.consume(ip))).allowed;
    },
    async close() {
      clearInterval(sweep);
      await Promise.all([...leases].map(([subject, held]) => (held.left > 0 ? daily.reward(`${subject}:${held.day}`, held.left).catch(() => {}) : null)));
      leases.clear();
    },
  };
}
