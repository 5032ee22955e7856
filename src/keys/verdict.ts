// What a limiter answers about one request, and how rate-limiter-flexible's
// answers are read into it.
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { DayClock } from '../content/day.ts';

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

/** A verdict on the daily quota, `counted` requests of `limit` spent today; it starts again at the clock's midnight. */
export function dailyVerdict(clock: DayClock, counted: number, limit: number, allowed: boolean, retryAfter = 1): Verdict {
  return {
    allowed,
    limit,
    remaining: Math.max(limit - counted, 0),
    reset: clock.midnight,
    retryAfter,
  };
}

/** rate-limiter-flexible resolves under the limit and rejects with a RateLimiterRes over it (or an Error when its store fails). */
export const settle = (p: Promise<RateLimiterRes>) =>
  p.then(
    (res) => ({ res, allowed: true }),
    (err: unknown) => {
      if (err instanceof RateLimiterRes) return { res: err, allowed: false };
      throw err;
    },
  );
