// The verse of the day: picked from a seed (by default a UTC date) the same
// way by the build (gita.svg and slok/today/ of dist/), by every server
// (/slok/today) and by the client on a static host, so that they agree.
// Method: the first four bytes of SHA-256(seed), big-endian, modulo the
// number of verses (colophons excluded), over the verses in order.
import { createHash } from 'node:crypto';
import { indexFromDigest } from './day.ts';

export { indexFromDigest, isDate, utcDate } from './day.ts';

export const dailyIndex = (seed: string, count: number) => indexFromDigest(createHash('sha256').update(seed).digest(), count);
