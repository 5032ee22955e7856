// The search for a browser (and the client on a static host): the same code
// and the same index file as the server, dist/search.js beside dist/search/index.json.
//   const { openSearch } = await import('https://<host>/search.js');
//   const s = await openSearch('https://<host>/');
//   s.search('yada yada hi dharmasya', { limit: 3 });
import { FILES } from '../layout.ts';
import { parseSearch, type SearchFacts } from '../contract/search-parameters.ts';
import type { SearchLang } from '../contract/parameters.ts';
import { loadSearcher, search, type SearchResponse } from './query.ts';

export interface SearchOptions {
  /** en, hi, sa, or a version's language of the build (te). */
  lang?: SearchLang;
  chapter?: number;
  speaker?: string;
  limit?: number;
  /** How many of the best results to skip: the next page is offset + limit. */
  offset?: number;
}

export interface OpenedSearch {
  /** The server's answer to /search, made here; a bad option throws an Error naming it, as the server's 400. */
  search(q: string, options?: SearchOptions): SearchResponse & { query: string };
}

/** Load the index (and the facts the filters need) from a host that serves dist/. */
export async function openSearch(base: string, fetcher: typeof fetch = fetch): Promise<OpenedSearch> {
  const get = async (path: string) => {
    const url = new URL(path.replace(/^\//, ''), base.replace(/\/?$/, '/')).href;
    const res = await fetcher(url);
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return res.text();
  };
  const [index, facts] = await Promise.all([get(FILES.searchIndex), get(FILES.facts)]);
  const searcher = await loadSearcher(index);
  const known = JSON.parse(facts) as SearchFacts;
  return {
    search(q, o = {}) {
      const params = new URLSearchParams({ q });
      if (o.lang) params.set('lang', o.lang);
      if (o.chapter !== undefined) params.set('ch', String(o.chapter));
      if (o.speaker !== undefined) params.set('speaker', o.speaker);
      if (o.limit !== undefined) params.set('limit', String(o.limit));
      if (o.offset !== undefined) params.set('offset', String(o.offset));
      const parsed = parseSearch(params, known);
      if ('error' in parsed) throw new Error(parsed.error);
      return { query: q, ...search(searcher, parsed.params) };
    },
  };
}
