// Rate limits with rate-limiter-flexible: a daily quota per key or anonymous
// client (counted per UTC day, reset at midnight UTC), a short burst window
// for anonymous clients, and a small daily allowance of registrations per
// client. In memory for one server; in Redis, with an in-memory insurance
// limiter, for several. A key's quota is spent from leases (leases.ts).
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { UsageRow } from './usage.ts';
import { ANON_BURST, LEASE, REGISTRATIONS_PER_DAY } from '../contract/policy.ts';
import { DayClock } from '../content/day.ts';
import { Leases } from './leases.ts';
import { dailyVerdict, settle, type Verdict } from './verdict.ts';

// The policy's numbers and the day clock live apart (policy.ts, content/day.ts); re-exported for the limiter's callers.
export { ANON_BURST, LEASE, REGISTRATIONS_PER_DAY } from '../contract/policy.ts';
export { DayClock, nextMidnight, utcDay } from '../content/day.ts';
export type { Verdict } from './verdict.ts';

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
  const clock = new DayClock();
  const leases = new Leases(daily, clock, lease);
  return {
    consume(subject, dailyLimit, anonymous, n = 1) {
      return anonymous ? consumeAnonymous({ daily, burst, clock }, subject, dailyLimit, n) : leases.consume(subject, dailyLimit, n);
    },
    async peek(subject, dailyLimit) {
      const d = clock.at();
      const res = await daily.get(`${subject}:${d}`);
      const counted = (res?.consumedPoints ?? 0) - leases.unspent(subject, d);
      return dailyVerdict(clock, counted, dailyLimit, counted <= dailyLimit);
    },
    async register(ip) {
      return (await settle(registrations.consume(ip))).allowed;
    },
    close: () => leases.close(),
  };
}

/**
 * An anonymous client's requests: the burst window first (it counts HTTP
 * requests: a batch is one; its work is bounded by the request's budget), so
 * that what it refuses never reaches the daily quota; then the quota, counted
 * in the store at once.
 */
async function consumeAnonymous(limiters: { daily: RateLimiterAbstract; burst: RateLimiterAbstract; clock: DayClock }, subject: string, dailyLimit: number, n: number): Promise<Verdict> {
  const { daily, burst, clock } = limiters;
  const now = Date.now();
  const d = clock.at(now);
  const b = await settle(burst.consume(subject, 1));
  if (!b.allowed) {
    const wait = Math.max(1, Math.ceil(b.res.msBeforeNext / 1000));
    return { allowed: false, limit: ANON_BURST.points, remaining: 0, reset: Math.ceil(now / 1000) + wait, retryAfter: wait };
  }
  const key = `${subject}:${d}`;
  const { res } = await settle(daily.consume(key, n, { customDuration: clock.secondsLeft(now) }));
  const counted = res.consumedPoints;
  const allowed = counted <= dailyLimit;
  if (!allowed && n > 1) void daily.reward(key, n).catch(() => {});
  return dailyVerdict(clock, allowed || n === 1 ? counted : counted - n, dailyLimit, allowed, allowed ? 1 : clock.secondsLeft(now));
}
