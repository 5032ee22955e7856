// The verse of the day: picked from a seed (by default a UTC date) the same
// way by the build (gita.svg and slok/today/ of dist/), by every server
// (/slok/today) and by the client on a static host, so that they agree.
// Method: the first four bytes of SHA-256(seed), big-endian, modulo the
// number of verses (colophons excluded), over the verses in order.
import { createHash } from 'node:crypto';

export const dailyIndex = (seed: string, count: number) => createHash('sha256').update(seed).digest().readUInt32BE(0) % count;

/** Today's UTC date, YYYY-MM-DD: the default seed. */
export const utcDate = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/** Is `s` a real calendar date written YYYY-MM-DD (so 2026-02-30 is not)? */
export function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}
