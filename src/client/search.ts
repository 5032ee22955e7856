// search(): on a server its route; on a static host the host's search index,
// read here with the engine the server uses (search.js, beside the index).
import { GitaError } from './error.ts';
import { at, withQuery } from './paths.ts';
import { errorOf, get, send } from './transport.ts';
import type { Fetcher, Searcher, State } from './state.ts';
import type { SearchOptions, SearchResponse } from './types.ts';

/** The search engine's module, as search.js exports it. */
interface Engine {
  openSearch(base: string, fetch?: Fetcher): Promise<Searcher>;
}

export async function search(s: State, query: string, o: SearchOptions = {}): Promise<SearchResponse> {
  if (s.mode === 'server') {
    const q = [`q=${encodeURIComponent(query)}`, o.lang ? `lang=${encodeURIComponent(o.lang)}` : '', o.chapter ? `ch=${o.chapter}` : '', o.speaker ? `speaker=${encodeURIComponent(o.speaker)}` : '', o.limit ? `limit=${o.limit}` : '', o.offset ? `offset=${o.offset}` : ''];
    return get(s, withQuery(at(s, 'search'), ...q));
  }
  // Loaded once; a failure is forgotten, so the next search tries again.
  s.searcher ??= loadModule(s, new URL('search.js', s.base).href)
    .then((engine) => (engine as Engine).openSearch(s.base, s.fetch))
    .catch((err) => ((s.searcher = null), Promise.reject(err)));
  try {
    return (await s.searcher).search(query, o);
  } catch (err) {
    // The engine refuses a parameter with the server's sentence: the server's 400.
    if (err instanceof Error && /^(q|lang|ch|speaker|limit|offset): /.test(err.message)) throw new GitaError(400, err.message, s.base);
    throw err;
  }
}

/** A module from the host: imported by URL where the runtime can (browsers, Deno), else (Node) from its fetched text. */
async function loadModule(s: State, url: string): Promise<unknown> {
  try {
    return await import(/* @vite-ignore */ url);
  } catch (err) {
    if (!/ERR_UNSUPPORTED_ESM_URL_SCHEME|scheme/i.test(String((err as Error)?.message ?? err) + String((err as { code?: string })?.code))) throw err;
    const res = await send(s, url);
    if (!res.ok) throw await errorOf(res, url);
    return import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(await res.text())}`);
  }
}
