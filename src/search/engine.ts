// The full-text engine: MiniSearch (BM25+ over a radix tree, per-term fuzzy search, plain
// JSON serialization the same package loads in a browser), behind the small surface the
// search module needs. MiniSearch, Orama and FlexSearch were compared on this data with the
// same ranking on top: see docs/search.md for the figures and why MiniSearch.
import MiniSearch, { type SearchResult } from 'minisearch';
import type { EngineDoc } from './docs.ts';

export type Group = 'en' | 'hi' | 'sa';

export interface QueryTerm {
  term: string;
  /** Allow one edit (the typed word had five letters or more). */
  fuzzy: boolean;
}

export interface Filter {
  ch?: number;
  sp?: string;
}

export interface Hit {
  id: number;
  /** The engine's own relevance (BM25 for MiniSearch and Orama; FlexSearch exposes only a rank). */
  score: number;
  /** Distinct query terms the verse matched, when the engine reports it (MiniSearch does). */
  matched?: number;
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
// so the engine's own tokenizer and term processing are reduced to a split.
const OPTIONS = {
  fields: ['en', 'hi', 'sa'],
  storeFields: ['ch', 'sp'],
  tokenize: (text: string) => text.split(' '),
  processTerm: (term: string) => term || null,
};

export class MiniSearchEngine implements Engine {
  readonly name = 'minisearch';
  private ms = new MiniSearch<EngineDoc>(OPTIONS);

  async build(docs: EngineDoc[]): Promise<void> {
    this.ms = new MiniSearch<EngineDoc>(OPTIONS);
    this.ms.addAll(docs);
  }

  async serialize(): Promise<string> {
    return JSON.stringify(this.ms);
  }

  async load(data: unknown): Promise<void> {
    // The async variant yields to the event loop every 1000 terms: a server that starts
    // listening first is not frozen for the ~100 ms that rebuilding the term tree takes.
    this.ms = await MiniSearch.loadJSAsync<EngineDoc>(data as Parameters<typeof MiniSearch.loadJS>[0], OPTIONS);
  }

  search(group: Group, terms: QueryTerm[], filter: Filter, limit: number): Hit[] {
    if (terms.length === 0) return [];
    const fuzzy = new Set(terms.filter((t) => t.fuzzy).map((t) => t.term));
    const { ch, sp } = filter;
    const results = this.ms.search(terms.map((t) => t.term).join(' '), {
      fields: [group],
      fuzzy: fuzzy.size ? (term: string) => (fuzzy.has(term) ? 1 : false) : false,
      filter: ch || sp ? (r: SearchResult) => (!ch || r.ch === ch) && (!sp || r.sp === sp) : undefined,
    });
    const out: Hit[] = [];
    for (let i = 0; i < results.length && i < limit; i++) {
      const r = results[i];
      out.push({ id: r.id as number, score: r.score, matched: r.queryTerms.length });
    }
    return out;
  }
}
