// The server's search: the index the build wrote into dist/ (search/index.json),
// loaded once per build. Loading takes a few hundred milliseconds (MiniSearch
// rebuilds its term tree, yielding to the event loop as it goes), so it starts
// at start-up without holding it up: the server listens at once, and a search
// that comes in before the index is ready waits for it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FILES } from '../layout.ts';
import { loadSearcher, search, type SearchParams, type SearchResponse } from '../search/query.ts';

/** A search of the build: made here (at once), or by the primary of a group of workers (shared-search.ts). */
export type RunSearch = (params: SearchParams) => SearchResponse | Promise<SearchResponse>;

/** The search of the build in `distDir`, once its index is loaded. Its own result cache is off: the app keeps answers as bytes. */
export async function loadSearch(distDir: string): Promise<RunSearch> {
  const searcher = await loadSearcher(await readFile(join(distDir, FILES.searchIndex), 'utf8'), undefined, { cacheSize: 0 });
  return (params) => search(searcher, params);
}
