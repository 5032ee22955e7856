// The one kind of cache of made things held in memory (the server's served
// bytes, through shared.ts; slice indexes, header lists): bounded by what its
// entries cost, least recently used out first.
// Its own folder, importing nothing, so that the server and the card code
// may both use it without either importing the other.
//
// A plain Map: it keeps insertion order, so a hit is a delete and a set (the
// entry goes last) and eviction walks from the front. A hit costs two Map
// operations and allocates nothing.

export interface ByteLruOptions {
  /**
   * An entry that costs more than the whole bound is held (alone, until the
   * next one comes) rather than not at all. For answers that are dear to
   * make again and asked for again at once (a projection of a whole
   * chapter); a read-through file or a card past the bound is simply not kept.
   */
  keepOversize?: boolean | ((key: string) => boolean);
}

const bufferLength = (v: unknown) => (v as Uint8Array).length;

/**
 * Entries by key, at most `maxBytes` of them as `costOf` counts (by default a
 * buffer's length; `() => 1` bounds the count of entries instead). An entry's
 * cost is counted when it is set, and grows only through `grow`, so what is
 * taken off at eviction is what was added. `get` makes a missing entry once:
 * callers asking for it while it is being made wait for the same promise. A
 * failure is not kept.
 */
export class ByteLru<V = Buffer> {
  private readonly entries = new Map<string, { value: V; cost: number }>();
  private readonly pending = new Map<string, Promise<V>>();
  /** The cost of everything held. */
  bytes = 0;
  private readonly keepOversize: (key: string) => boolean;

  constructor(
    readonly maxBytes: number,
    private readonly costOf: (value: V, key: string) => number = bufferLength,
    { keepOversize = false }: ByteLruOptions = {},
  ) {
    this.keepOversize = typeof keepOversize === 'function' ? keepOversize : () => keepOversize;
  }

  /** The entry held for `key`, if any, which becomes the most recently used. */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /** Hold `value` as the most recently used, evicting the least recently used until what is held fits. */
  set(key: string, value: V): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.bytes -= old.cost;
      this.entries.delete(key);
    }
    const cost = this.costOf(value, key);
    if (cost > this.maxBytes && !this.keepOversize(key)) return;
    this.entries.set(key, { value, cost });
    this.bytes += cost;
    this.trim();
  }

  /** `value`, held under `key`, now costs `bytes` more (a compressed form made for it); nothing when it is no longer held. */
  grow(key: string, value: V, bytes: number): void {
    const held = this.entries.get(key);
    if (held?.value !== value) return;
    held.cost += bytes;
    this.bytes += bytes;
    this.trim();
  }

  /** Entries held. */
  get size(): number {
    return this.entries.size;
  }

  /** Entries held whose keys start with `prefix`, and what they cost (a part of a shared cache: shared.ts). Walks every entry: for tests and benchmarks. */
  heldUnder(prefix: string): { entries: number; bytes: number } {
    let entries = 0;
    let bytes = 0;
    for (const [key, held] of this.entries) {
      if (!key.startsWith(prefix)) continue;
      entries++;
      bytes += held.cost;
    }
    return { entries, bytes };
  }

  /** Held, or being made. */
  has(key: string): boolean {
    return this.entries.has(key) || this.pending.has(key);
  }

  /** The entry for `key`, made by `make` when missing (once, however many ask at the same time). */
  get(key: string, make: () => Promise<V>): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let p = this.pending.get(key);
    if (!p) {
      p = make().then(
        (value) => {
          this.pending.delete(key);
          this.set(key, value);
          return value;
        },
        (err) => {
          this.pending.delete(key);
          throw err;
        },
      );
      this.pending.set(key, p);
    }
    return p;
  }

  /** Drop the least recently used until what is held fits; the newest always stays. */
  private trim(): void {
    for (const [key, held] of this.entries) {
      if (this.bytes <= this.maxBytes || this.entries.size === 1) break;
      this.entries.delete(key);
      this.bytes -= held.cost;
    }
  }
}
