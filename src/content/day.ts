// The verse of the day, the parts every runtime shares (no imports: the
// browser client bundles this): the pick from a SHA-256 digest, and dates.
// src/content/daily.ts hashes with node:crypto; the client with WebCrypto.

/** The pick from SHA-256(seed): its first four bytes, big-endian, modulo `count`. */
export const indexFromDigest = (digest: Uint8Array, count: number) => (((digest[0] << 24) >>> 0) + (digest[1] << 16) + (digest[2] << 8) + digest[3]) % count;

/** Today's UTC date, YYYY-MM-DD: the default seed. */
export const utcDate = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/** Is `s` a real calendar date written YYYY-MM-DD (so 2026-02-30 is not)? */
export function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}
