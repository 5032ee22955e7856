// One cache for several kinds of made things: each kind a part with its own
// keys and its own cost of an entry, all under one bound and one order of
// eviction (least recently used out first, whatever the kind). A server
// keeps the bytes it serves so: files read from disk, projected answers,
// compressed forms, PNG cards (src/http/served-bytes.ts), and the memory
// they take is one figure however the traffic mixes them.
import { ByteLru } from './byte-lru.ts';

interface Kind {
  cost: (value: unknown, key: string) => number;
  keepOversize: boolean;
}

export interface PartOptions {
  /** An entry costing more than the whole bound is still held, alone (ByteLru's keepOversize). */
  keepOversize?: boolean;
}

/** Scopes handed out by `part` when none is given: each part then has keys of its own. */
let scopes = 0;

export class SharedLru {
  readonly lru: ByteLru<unknown>;
  private readonly kinds = new Map<string, Kind>();

  constructor(readonly maxBytes: number) {
    this.lru = new ByteLru<unknown>(maxBytes, (value, key) => this.kindOf(key).cost(value, key), { keepOversize: (key) => this.kindOf(key).keepOversize });
  }

  /**
   * A part for one kind of entry (its name begins its keys) in one scope of
   * its own (a build's, say: a new build's part never answers with an old
   * one's entries, which age out as any others do).
   */
  part<V>(kind: string, cost: (value: V, key: string) => number, { keepOversize = false }: PartOptions = {}): LruPart<V> {
    if (kind.includes('\0')) throw new Error(`a cache part's kind has no NUL: ${JSON.stringify(kind)}`);
    this.kinds.set(kind, { cost: cost as Kind['cost'], keepOversize });
    return new LruPart<V>(this.lru, `${kind}\0${++scopes}\0`);
  }

  private kindOf(key: string): Kind {
    return this.kinds.get(key.slice(0, key.indexOf('\0')))!;
  }
}

/** A part of a SharedLru: ByteLru's methods, over keys of its own. */
export class LruPart<V> {
  constructor(
    private readonly lru: ByteLru<unknown>,
    private readonly prefix: string,
  ) {}

  peek(key: string): V | undefined {
    return this.lru.peek(this.prefix + key) as V | undefined;
  }

  set(key: string, value: V): void {
    this.lru.set(this.prefix + key, value);
  }

  grow(key: string, value: V, bytes: number): void {
    this.lru.grow(this.prefix + key, value, bytes);
  }

  has(key: string): boolean {
    return this.lru.has(this.prefix + key);
  }

  get(key: string, make: () => Promise<V>): Promise<V> {
    return this.lru.get(this.prefix + key, make) as Promise<V>;
  }

  /** This part's entries and what they cost (walks the whole cache: for tests and benchmarks). */
  get held(): { entries: number; bytes: number } {
    return this.lru.heldUnder(this.prefix);
  }
}
