// The verse of the day and the day clock, the parts every runtime shares (no
// imports: the browser client bundles this): the pick from a SHA-256 digest,
// dates, and the UTC day that usage is counted on.
// src/content/daily.ts hashes with node:crypto; the client with WebCrypto.

/** The pick from SHA-256(seed): its first four bytes, big-endian, modulo `count`. */
export const indexFromDigest = (digest: Uint8Array, count: number) => (((digest[0] << 24) >>> 0) + (digest[1] << 16) + (digest[2] << 8) + digest[3]) % count;

/** Today's UTC date, YYYY-MM-DD: the default seed, and the day usage is counted on. */
export const utcDate = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);
export const utcDay = utcDate;
/** Unix time (seconds) of the next midnight UTC. */
export const nextMidnight = (now = Date.now()) => Math.floor(now / 86_400_000 + 1) * 86_400;

/**
 * Today's UTC day and the next midnight, recomputed only when a midnight has
 * passed: a date string per request would cost more than the counting.
 */
export class DayClock {
  day = '';
  /** Unix time (seconds) of the next midnight UTC. */
  midnight = 0;
  at(now = Date.now()): string {
    if (now >= this.midnight * 1000) {
      this.day = utcDate(now);
      this.midnight = nextMidnight(now);
    }
    return this.day;
  }
  /** Whole seconds left until midnight, at least 1 (a counter's time to live). */
  secondsLeft(now: number): number {
    return Math.max(1, this.midnight - Math.floor(now / 1000));
  }
}

/** Is `s` a real calendar date written YYYY-MM-DD (so 2026-02-30 is not)? */
export function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}
