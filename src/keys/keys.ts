// API keys: random, shown once, kept only as a hash.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyRecord, NewKey } from './store.ts';

/** Prefix that makes a key recognizable in a config file or a leaked log. */
export const KEY_PREFIX = 'gita_';

/** A new key: 192 random bits, base64url. */
export const generateKey = () => KEY_PREFIX + randomBytes(24).toString('base64url');

/**
 * SHA-256 of the key. Keys carry 192 random bits, so a fast hash is safe
 * (nothing to brute-force); a slow password hash would cost every request.
 */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Compare two hex hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** A short public id to list and revoke a key by (not derived from the key). */
export const newKeyId = () => `key_${randomBytes(6).toString('hex')}`;

/** A new key and the record that stands for it (the key itself is returned once, never stored). */
export function newKeyRecord(input: NewKey): { key: string; record: KeyRecord } {
  const key = generateKey();
  return {
    key,
    record: {
      id: newKeyId(),
      name: input.name,
      hash: hashKey(key),
      created: new Date().toISOString(),
      limit: input.limit,
      plan: input.plan ?? 'operator',
      ...(input.email && { email: input.email }),
      ...(input.use && { use: input.use }),
    },
  };
}

/** Plausible key syntax, checked before hashing: anything else is invalid at once. */
export const looksLikeKey = (key: string) => key.length >= 16 && key.length <= 128 && /^[A-Za-z0-9_-]+$/.test(key);

/**
 * Keys already verified, by the key as presented, so a busy key is hashed
 * once rather than on every request. The authoritative check (hash, then a
 * constant-time comparison with the stored hash) runs on first sight; the
 * stores clear this whenever their index changes, so a revocation takes
 * effect at once. Only valid keys are remembered, at most 10,000.
 */
export class VerifiedKeys<T> {
  private map = new Map<string, T>();
  get(key: string): T | undefined {
    return this.map.get(key);
  }
  set(key: string, value: T): void {
    if (this.map.size >= 10_000) this.map.clear();
    this.map.set(key, value);
  }
  clear(): void {
    this.map.clear();
  }
}
