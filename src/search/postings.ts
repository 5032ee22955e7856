// The index's postings held compactly. MiniSearch keeps, for every term, a Map
// of field to a Map of document to term frequency: 46,000 small Maps for this
// index, about 12 MB of heap in every process that searches. Loaded from JSON
// the index is only read, so each term's fields and documents can live in two
// typed arrays shared by every term, behind objects that answer the few Map
// methods MiniSearch reads them with (get, has, size, keys, entries). The
// order is the JSON's, which is the order MiniSearch's own loader gives.

/** A serialized term's data: field id -> document id -> term frequency, as MiniSearch writes it. */
export type SerializedTermData = Record<string, Record<string, number>>;

/** One term in one field: its documents and their term frequencies, a slice of the shared arrays. */
export class Postings implements ReadonlyMap<number, number> {
  constructor(
    private readonly docs: Uint32Array,
    private readonly freqs: Uint32Array,
    private readonly from: number,
    private readonly to: number,
  ) {}

  get size(): number {
    return this.to - this.from;
  }

  private indexOf(doc: number): number {
    // Ascending: JSON objects list integer keys in ascending order.
    let lo = this.from;
    let hi = this.to - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const d = this.docs[mid];
      if (d === doc) return mid;
      if (d < doc) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  get(doc: number): number | undefined {
    const i = this.indexOf(doc);
    return i < 0 ? undefined : this.freqs[i];
  }

  has(doc: number): boolean {
    return this.indexOf(doc) >= 0;
  }

  *keys(): MapIterator<number> {
    for (let i = this.from; i < this.to; i++) yield this.docs[i];
  }

  *values(): MapIterator<number> {
    for (let i = this.from; i < this.to; i++) yield this.freqs[i];
  }

  *entries(): MapIterator<[number, number]> {
    for (let i = this.from; i < this.to; i++) yield [this.docs[i], this.freqs[i]];
  }

  [Symbol.iterator](): MapIterator<[number, number]> {
    return this.entries();
  }

  forEach(fn: (freq: number, doc: number, map: ReadonlyMap<number, number>) => void): void {
    for (let i = this.from; i < this.to; i++) fn(this.freqs[i], this.docs[i], this);
  }
}

/** A term found in one field only (all but 1 % of this index's terms): the field's id and its postings, without a Map. */
export class OneField implements ReadonlyMap<number, Postings> {
  constructor(
    private readonly field: number,
    private readonly postings: Postings,
  ) {}

  get size(): number {
    return 1;
  }

  get(field: number): Postings | undefined {
    return field === this.field ? this.postings : undefined;
  }

  has(field: number): boolean {
    return field === this.field;
  }

  *keys(): MapIterator<number> {
    yield this.field;
  }

  *values(): MapIterator<Postings> {
    yield this.postings;
  }

  *entries(): MapIterator<[number, Postings]> {
    yield [this.field, this.postings];
  }

  [Symbol.iterator](): MapIterator<[number, Postings]> {
    return this.entries();
  }

  forEach(fn: (postings: Postings, field: number, map: ReadonlyMap<number, Postings>) => void): void {
    fn(this.postings, this.field, this);
  }
}

/**
 * The terms of a serialized index with their data held compactly, in the
 * serialized order: what MiniSearch's loader would set in its term tree, but
 * a OneField (or, for a term in several fields, a Map) of Postings for each.
 */
export function compactTerms(index: readonly (readonly [string, SerializedTermData])[]): [string, ReadonlyMap<number, Postings>][] {
  let total = 0;
  for (const [, data] of index) for (const field in data) total += Object.keys(data[field]).length;
  const docs = new Uint32Array(total);
  const freqs = new Uint32Array(total);
  let at = 0;
  const out: [string, ReadonlyMap<number, Postings>][] = new Array(index.length);
  for (let t = 0; t < index.length; t++) {
    const [term, data] = index[t];
    const fields: [number, Postings][] = [];
    for (const field of Object.keys(data)) {
      const from = at;
      const entries = data[field];
      for (const doc of Object.keys(entries)) {
        const id = Number(doc);
        const freq = entries[doc];
        // Integer keys come in ascending order, which the lookups' binary search needs.
        if (!(Number.isInteger(id) && id >= 0 && id < 2 ** 32 && (at === from || id > docs[at - 1])))
          throw new Error(`search index: term "${term}", field ${field}: document id "${doc}" is not an integer above the one before`);
        if (!(Number.isInteger(freq) && freq >= 0 && freq < 2 ** 32)) throw new Error(`search index: term "${term}", field ${field}, document ${doc}: frequency ${freq} is not a count`);
        docs[at] = id;
        freqs[at] = freq;
        at++;
      }
      fields.push([parseInt(field, 10), new Postings(docs, freqs, from, at)]);
    }
    out[t] = [term, fields.length === 1 ? new OneField(fields[0][0], fields[0][1]) : new Map(fields)];
  }
  return out;
}
