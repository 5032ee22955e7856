// Answers the server makes rather than reads from dist/: projections of a
// record or of a chapter's records, and searches. Each is made once, from slices of the
// records' bytes, and kept in a cache bounded by bytes; its brotli and gzip
// forms are made on first demand, off the event loop, within the bounds of
// compression on demand (on-demand.ts), and kept with it.
import { createHash } from 'node:crypto';
import type { Coding } from '../layout.ts';
import { headerSets, type Variant } from './assets.ts';
import { etagOf } from '../contract/headers.ts';
import type { LruPart, SharedLru } from '../cache/shared.ts';
import { servedBytes } from './served-bytes.ts';
import { compressNow, compressor, MIN_COMPRESS_BYTES } from './on-demand.ts';

export { MIN_COMPRESS_BYTES };

const JSON_TYPE = 'application/json; charset=utf-8';

export class Projected {
  private readonly type: string;
  readonly identity: Variant;
  /** Every ETag of the answer, whatever the coding: any of them answers 304. */
  readonly etags: string[];
  private coded: Partial<Record<Coding, Variant | Promise<Variant>>> = {};
  /** Bytes held: the answer and whatever compressed forms were made. */
  size: number;
  /** Worth compressing: not a PNG, which is compressed already. */
  readonly compressible: boolean;
  private readonly sha256: string;

  /** `grew`: told the bytes of each compressed form when it is made. */
  constructor(body: Buffer, type = JSON_TYPE, private readonly grew?: (bytes: number) => void) {
    const sha256 = createHash('sha256').update(body).digest('hex');
    this.sha256 = sha256;
    this.type = type;
    this.identity = { body, ...headerSets(type, sha256, undefined, body.length) };
    this.etags = [this.identity.etag, etagOf(sha256, 'br'), etagOf(sha256, 'gzip')];
    this.size = body.length;
    this.compressible = !type.startsWith('image/png');
  }

  /**
   * The answer in `coding`, made now if it was not yet (onDemandLevel: brotli
   * 5 or gzip 6, 4 and 4 above 1 MB; at the line's bounds, brotli 1 or gzip
   * 1 at once: compressNow).
   */
  coding(coding: Coding): Variant | Promise<Variant> {
    const have = this.coded[coding];
    if (have) return have;
    const body = this.identity.body;
    const out = compressor.run(body.length, coding, () => body) ?? Promise.resolve(compressNow(body, coding));
    const made = out.then((bytes) => {
      const v: Variant = { body: bytes, ...headerSets(this.type, this.sha256, coding, bytes.length) };
      this.coded[coding] = v;
      this.size += bytes.length;
      this.grew?.(bytes.length);
      return v;
    });
    // A failure is not kept: the next request tries again.
    made.catch(() => delete this.coded[coding]);
    this.coded[coding] = made;
    return made;
  }
}

/**
 * What an entry costs beyond its bodies: its key (two bytes a character), three
 * header lists, the ETags and the map's own entry, about 1.7 kB for a small
 * answer (RSS over 200,000 of them). Counted so that a flood of tiny distinct
 * answers (`?fields=_id&authors=...`) is bounded too: 16 MB hold at most about 8,000.
 */
export const ENTRY_OVERHEAD = 2048;

/**
 * Projected answers by key (the resource and the projection), least recently
 * used first out, at most `maxBytes` in all, counting bodies, compressed forms
 * and each entry's overhead, in the server's one cache of served bytes
 * (served-bytes.ts). A projection is cheap to make again; the bound
 * keeps a flood of distinct projections from growing memory. One larger than
 * the bound is still held until the next comes (its compressed forms are made
 * for the requests that follow it).
 */
export class ProjectionCache {
  private readonly lru: LruPart<Projected>;

  constructor(cache: SharedLru = servedBytes()) {
    this.lru = cache.part<Projected>('projection', (p, key) => p.size + key.length * 2 + ENTRY_OVERHEAD, { keepOversize: true });
  }

  get(key: string, make: () => Buffer, type?: string): Projected {
    const held = this.lru.peek(key);
    if (held) return held;
    // A compressed form made later counts too, while the entry is still held.
    const entry: Projected = new Projected(make(), type, (bytes) => this.lru.grow(key, entry, bytes));
    this.lru.set(key, entry);
    return entry;
  }

  /** The answer held for this key, if any (counted as a use, as get() does). */
  find(key: string): Projected | undefined {
    return this.lru.peek(key);
  }

  /** Is an answer of this key held? (Its parts need not be cut again.) */
  has(key: string): boolean {
    return this.lru.has(key);
  }

  /** Entries and bytes held (for tests). */
  get held(): { entries: number; bytes: number } {
    return this.lru.held;
  }
}
