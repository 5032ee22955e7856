// A key's daily quota, spent from leases: with plenty of quota left a server
// takes requests from the store in blocks and spends them locally, so most
// keyed requests need no store call at all; near the end of a quota every
// request goes to the store, one by one, which keeps the last requests of a
// day exact across servers. A busy key's next block is fetched before the
// current one runs out (so its requests never wait for the store) and is
// larger, up to `max`.
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LEASE } from '../contract/policy.ts';
import type { DayClock } from '../content/day.ts';
import { dailyVerdict, settle, type Verdict } from './verdict.ts';

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

export class Leases {
  private readonly held = new Map<string, Lease>();
  /** One store call per key at a time: concurrent requests wait for the same refill. */
  private readonly refilling = new Map<string, Promise<Verdict>>();
  private readonly sweep: ReturnType<typeof setInterval>;

  /** `daily`: the store's counter of each caller's day. */
  constructor(
    private readonly daily: RateLimiterAbstract,
    private readonly clock: DayClock,
    private readonly lease: typeof LEASE,
  ) {
    // Unspent leases go back to the store, so other servers may use them.
    this.sweep = setInterval(() => {
      const now = Date.now();
      for (const [subject, held] of this.held) if (held.expires <= now) this.giveBack(subject, held);
    }, lease.ms / 2);
    this.sweep.unref();
  }

  /** Count `n` requests of `subject` against its daily `limit`: from its lease when it has one, else from the store. */
  consume(subject: string, limit: number, n: number): Verdict | Promise<Verdict> {
    const now = Date.now();
    const d = this.clock.at(now);
    // Spend from this server's lease when it has one: no store call.
    const held = this.held.get(subject);
    if (held && held.left >= n && held.day === d) {
      held.left -= n;
      // A quarter of the block left: fetch the next one now, so that no request waits for it.
      if (held.left <= held.size >> 2 && !this.refilling.has(subject) && limit - held.counted > this.lease.above) {
        void this.refill(subject, limit, now, true).catch(() => {});
      }
      return dailyVerdict(this.clock, held.counted - held.left, limit, held.counted - held.left <= limit);
    }
    // Concurrent requests of one key wait for one refill, not one each.
    const pending = this.refilling.get(subject);
    if (pending) return pending.then(() => this.consume(subject, limit, n), () => this.consume(subject, limit, n));
    return this.refill(subject, limit, now, false, n);
  }

  /** What `subject`'s lease of day `d` holds unspent: taken from the store, not yet a request. */
  unspent(subject: string, d: string): number {
    const held = this.held.get(subject);
    return held && held.day === d ? held.left : 0;
  }

  /** Stop sweeping, and give back what leases did not spend. */
  async close(): Promise<void> {
    clearInterval(this.sweep);
    await Promise.all([...this.held].map(([subject, held]) => (held.left > 0 ? this.daily.reward(`${subject}:${held.day}`, held.left).catch(() => {}) : null)));
    this.held.clear();
  }

  private giveBack(subject: string, held: Lease): void {
    this.held.delete(subject);
    if (held.left > 0 && held.day === this.clock.day) void this.daily.reward(`${subject}:${held.day}`, held.left).catch(() => {});
  }

  private refill(subject: string, limit: number, now: number, ahead: boolean, n = 1): Promise<Verdict> {
    const p = this.fromStore(subject, limit, now, ahead, n).finally(() => this.refilling.delete(subject));
    this.refilling.set(subject, p);
    return p;
  }

  /**
   * How many requests to take from the store at once: one near the end of a
   * quota, or when this server knows nothing of today's count yet (the answer
   * tells it); more the busier the key.
   */
  private blockSize(limit: number, known: Lease | undefined, now: number): number {
    const { lease } = this;
    if (!known || limit - known.counted <= lease.above) return 1;
    const left = limit - known.counted;
    const next = now - known.taken < lease.ms / 4 ? known.size * 2 : known.size >> 1;
    return Math.max(lease.size, Math.min(next, lease.max, Math.floor(left / 20)));
  }

  /**
   * Take one request, or a lease of many, from the store. `ahead`: a refill
   * while the current lease still has requests (no request waits for it, and
   * none is spent from the new block here).
   */
  private async fromStore(subject: string, limit: number, now: number, ahead: boolean, n = 1): Promise<Verdict> {
    const d = this.clock.at(now);
    const held = this.held.get(subject);
    const known = held?.day === d ? held : undefined;
    // A batch is counted in the store as it is, all at once.
    const block = n > 1 ? n : this.blockSize(limit, known, now);
    const exact = n > 1 || block === 1;
    if (exact && held) this.giveBack(subject, held);
    const untilMidnight = this.clock.secondsLeft(now);
    const { res } = await settle(this.daily.consume(`${subject}:${d}`, block, { customDuration: untilMidnight }));
    const counted = res.consumedPoints;
    if (exact) return this.exactVerdict(subject, d, counted, limit, now, n, untilMidnight);
    // A lease that went past the quota (others spent it meanwhile): keep what fits, give the rest back.
    const over = Math.max(0, counted - limit);
    const granted = block - over;
    if (over > 0) void this.daily.reward(`${subject}:${d}`, Math.min(over, block)).catch(() => {});
    const spend = ahead ? 0 : 1;
    // The lease may have been spent, swept or replaced by a new day while the store answered.
    const current = this.held.get(subject);
    const topUp = current?.day === d ? current : undefined;
    if (granted < spend) {
      return topUp && topUp.left > 0 ? dailyVerdict(this.clock, topUp.counted - topUp.left, limit, true) : dailyVerdict(this.clock, limit + 1, limit, false, untilMidnight);
    }
    // Whatever this server still holds is counted in the store already: the store's count covers both.
    const left = (topUp ? topUp.left : 0) + granted - spend;
    this.held.set(subject, { day: d, counted: counted - over, left, expires: now + this.lease.ms, size: block, taken: now });
    return dailyVerdict(this.clock, counted - over - left, limit, true);
  }

  /** The verdict on requests counted in the store one by one (or a batch at once), `counted` the store's count of day `d`. */
  private exactVerdict(subject: string, d: string, counted: number, limit: number, now: number, n: number, untilMidnight: number): Verdict {
    // Remember the count (an empty lease), so the next request knows whether to lease.
    if (!this.held.has(subject)) this.held.set(subject, { day: d, counted, left: 0, expires: now + this.lease.ms, size: this.lease.size, taken: 0 });
    const allowed = counted <= limit;
    if (!allowed && n > 1) void this.daily.reward(`${subject}:${d}`, n).catch(() => {});
    return dailyVerdict(this.clock, allowed ? counted : counted - (n > 1 ? n : 0), limit, allowed, allowed ? 1 : untilMidnight);
  }
}
