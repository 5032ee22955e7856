// The full-text engine: MiniSearch (BM25+ over a radix tree, per-term fuzzy search, plain
// JSON serialization the same package loads in a browser), behind the small surface the
// search module needs. MiniSearch, Orama and FlexSearch were compared on this data with the
// same ranking on top: see docs/search.md for the figures and why MiniSearch.
import MiniSearch, { type SearchResult } from 'minisearch';
import type { EngineDoc } from './docs.ts';
import type { Group } from './fields.ts';
import { compactTerms, type SerializedTermData } from './postings.ts';

export type { Group };

export interface QueryTerm {
  term: string;
  /** Allow one edit (the typed word had five letters or more). */
  fuzzy: boolean;
  /** Also match the words that begin with it (Telugu: a word and its inflections). */
  prefix?: boolean;
  /** Its weight beside the others' (1 when absent): a stem counts less than the word typed. */
  boost?: number;
}

export interface Filter {
  ch?: number;
  sp?: string;
  /** Only these verses (by their place in the bundle): a root's (?root=). */
  ids?: ReadonlySet<number>;
}

export interface Hit {
  id: number;
  /** The engine's own relevance (BM25 for MiniSearch and Orama; FlexSearch exposes only a rank). */
  score: number;
  /** The query terms the verse matched. */
  matched: readonly string[];
}

export interface Engine {
  readonly name: string;
  build(docs: EngineDoc[]): Promise<void>;
  /** JSON text for a static file, loadable by the same library in a browser. */
  serialize(): Promise<string>;
  /** Takes JSON.parse(serialize()) (the bundle embeds the index as JSON, not as a string). */
  load(data: unknown): Promise<void>;
  /** OR-search of `terms` in one group's field; every matching verse, best first. */
  search(group: Group, terms: QueryTerm[], filter: Filter, limit: number): Hit[];
}

// Terms arrive normalized and space-separated (src/normalize.ts does all language work),
// so the engine's own tokenizer and term processing are reduced to a split. One field per
// language of the search (en, hi, sa and the versions'): the build's documents name them,
// and a serialized index lists them.
const options = (fields: string[]) => ({
  fields,
  storeFields: ['ch', 'sp'],
  extractField: (doc: EngineDoc, field: string) => (field === 'ch' || field === 'sp' || field === 'id' ? doc[field] : doc.text[field]) as never,
  tokenize: (text: string) => text.split(' '),
  processTerm: (term: string) => term || null,
});

export class MiniSearchEngine implements Engine {
  readonly name = 'minisearch';
  private ms = new MiniSearch<EngineDoc>(options([]));
  private fields = new Set<string>();

  /** compactPostings false: load with MiniSearch's own loader (a Map per term and field), to compare. */
  constructor(private readonly options: { compactPostings?: boolean } = {}) {}

  async build(docs: EngineDoc[]): Promise<void> {
    this.fields = new Set(docs.flatMap((d) => Object.keys(d.text)));
    this.ms = new MiniSearch<EngineDoc>(options([...this.fields]));
    this.ms.addAll(docs);
  }

  async serialize(): Promise<string> {
    return JSON.stringify(this.ms);
  }

  async load(data: unknown): Promise<void> {
    const js = data as Parameters<typeof MiniSearch.loadJS>[0] & { index: [string, SerializedTermData][]; fieldIds: Record<string, number> };
    this.fields = new Set(Object.keys(js.fieldIds));
    const opts = options([...this.fields]);
    if (this.options.compactPostings === false) {
      this.ms = await MiniSearch.loadJSAsync<EngineDoc>(js, opts);
      return;
    }
    const ms = await MiniSearch.loadJSAsync<EngineDoc>({ ...js, index: [] }, opts);
    // The term tree filled as MiniSearch's own loader fills it, in the same order, but with
    // each term's postings held compactly (postings.ts). The tree is MiniSearch's own and
    // private (_index): checked here, and the reason package.json pins MiniSearch to one
    // exact version, since any release may move or reshape it (an upgrade is a change of its
    // own, made with this check and the search tests). Filling it yields to the event loop
    // every 1000 terms, as the library's async loader does: a server that starts listening
    // first is not frozen for the ~100 ms that rebuilding the tree takes.
    const tree = (ms as unknown as { _index?: { set?: unknown } })._index;
    if (typeof tree?.set !== 'function') throw new Error('minisearch: its term tree (_index) is not where this version of the engine expects it');
    const set = (tree.set as (term: string, data: unknown) => void).bind(tree);
    const terms = compactTerms(js.index);
    for (let i = 0; i < terms.length; i++) {
      set(terms[i][0], terms[i][1]);
      if (i % 1000 === 999) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    this.ms = ms;
  }

  search(group: Group, terms: QueryTerm[], filter: Filter, limit: number): Hit[] {
    if (terms.length === 0 || !this.fields.has(group)) return [];
    const fuzzy = new Set(terms.filter((t) => t.fuzzy).map((t) => t.term));
    const prefix = new Set(terms.filter((t) => t.prefix).map((t) => t.term));
    const boost = new Map(terms.flatMap((t) => (t.boost === undefined ? [] : [[t.term, t.boost] as const])));
    const { ch, sp, ids } = filter;
    const results = this.ms.search(terms.map((t) => t.term).join(' '), {
      fields: [group],
      fuzzy: fuzzy.size ? (term: string) => (fuzzy.has(term) ? 1 : false) : false,
      ...(prefix.size && { prefix: (term: string) => prefix.has(term) }),
      ...(boost.size && { boostTerm: (term: string) => boost.get(term) ?? 1 }),
      filter: ch || sp || ids ? (r: SearchResult) => (!ch || r.ch === ch) && (!sp || r.sp === sp) && (!ids || ids.has(r.id as number)) : undefined,
    });
    const out: Hit[] = [];
    for (let i = 0; i < results.length && i < limit; i++) {
      const r = results[i];
      out.push({ id: r.id as number, score: r.score, matched: r.queryTerms });
    }
    return out;
  }
}
