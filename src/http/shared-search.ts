// The search index once per machine: with several workers, a worker asks its
// primary to search (over the IPC channel they already share for the counts
// and the PNG cards), and the primary holds the one index. The index is
// 21 MB of a worker's heap once loaded, and its queries leave about as much
// again for the collector: paid once, by the primary, rather than by every
// worker. A search costs the primary a few milliseconds of its event loop;
// each worker's pool lets one of its searches run at a time, so the primary
// has at most one per worker to make. With one process, it searches itself.
import cluster from 'node:cluster';
import type { SearchParams, SearchResponse } from '../search/query.ts';
import { readBuildId } from './assets.ts';
import { SEARCH_RETRY_MS } from '../contract/limits.ts';
import type { RunSearch } from './search.ts';

const CHANNEL = 'gita';

type SearchMessage =
  | { channel: typeof CHANNEL; type: 'search-ask'; id: number; dir: string; build: string; params: SearchParams }
  | { channel: typeof CHANNEL; type: 'search-answer'; id: number; result?: SearchResponse; error?: string };

const isSearchMessage = (m: unknown): m is SearchMessage => typeof m === 'object' && m !== null && (m as { channel?: unknown }).channel === CHANNEL && String((m as { type?: unknown }).type).startsWith('search-');

/** How long a worker waits for its primary's answer before it searches itself (loading the index it then holds). */
const ASK_TIMEOUT_MS = 10_000;

/**
 * In a worker with an IPC channel to its primary: the search of the build
 * `build` of `dir`, made by the primary. Without a channel, or when the
 * primary does not answer in time, `here()` (this process's own index).
 */
export function searchInPrimary(dir: string, build: () => string, here: () => Promise<RunSearch>): () => Promise<RunSearch> {
  if (!process.send) return here;
  let nextId = 1;
  const waiting = new Map<number, (m: Extract<SearchMessage, { type: 'search-answer' }>) => void>();
  process.on('message', (m: unknown) => {
    if (isSearchMessage(m) && m.type === 'search-answer') waiting.get(m.id)?.(m);
  });
  const ask: RunSearch = (params) =>
    new Promise<SearchResponse>((resolve, reject) => {
      const id = nextId++;
      const searchHere = () => here().then((run) => run(params)).then(resolve, reject);
      const timer = setTimeout(() => {
        waiting.delete(id);
        searchHere();
      }, ASK_TIMEOUT_MS);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (m.result) resolve(m.result);
        else reject(new Error(`the primary could not search: ${m.error}`));
      });
      const message: SearchMessage = { channel: CHANNEL, type: 'search-ask', id, dir, build: build(), params };
      const failed = () => {
        clearTimeout(timer);
        waiting.delete(id);
        searchHere();
      };
      if (!process.connected) return failed();
      process.send!(message, undefined, {}, (err: Error | null) => err && failed());
    });
  const ready = Promise.resolve(ask);
  return () => ready;
}

/** After a load, how long asks for another build are answered with it rather than loading again (during a swap the workers move to the new build a few milliseconds apart). */
const RELOAD_GAP_MS = 1_000;

/**
 * In a primary: search for the workers (node:cluster's, or those of
 * processes.ts, which forwards their messages as cluster's). The index of
 * `dir` is loaded at once, and again when a worker asks for a build other
 * than the one loaded (dist/ was rebuilt and the workers moved to it), at
 * most once a second. A failed load is not tried again for SEARCH_RETRY_MS:
 * meanwhile every search fails at once, as a single server's do.
 */
export function serveSearches(dir: string): void {
  let loaded: { build: string | null; run: Promise<RunSearch>; at: number; failedAt: number } | null = null;
  const load = () => {
    const entry: NonNullable<typeof loaded> = { build: null, run: Promise.resolve(null as unknown as RunSearch), at: Date.now(), failedAt: 0 };
    // The build is read first: the index read after it is that build's or a newer one's, which a later ask then loads.
    entry.run = readBuildId(dir).then(async (build) => {
      entry.build = build;
      return (await import('./search.ts')).loadSearch(dir);
    });
    entry.run.catch(() => void (entry.failedAt = Date.now()));
    loaded = entry;
    return entry.run;
  };
  const searcher = (build: string): Promise<RunSearch> => {
    if (loaded) {
      if (loaded.failedAt) {
        if (Date.now() - loaded.failedAt < SEARCH_RETRY_MS) return loaded.run;
      } else if (loaded.build === build || loaded.build === null || Date.now() - loaded.at < RELOAD_GAP_MS) return loaded.run;
    }
    return load();
  };
  // Loaded now, so that the first search does not wait for it.
  load().catch(() => {});
  cluster.on('message', (worker: { send(m: unknown): unknown; isConnected(): boolean }, m: unknown) => {
    if (!isSearchMessage(m) || m.type !== 'search-ask' || m.dir !== dir) return;
    const reply = (r: Omit<Extract<SearchMessage, { type: 'search-answer' }>, 'channel' | 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ channel: CHANNEL, type: 'search-answer', id: m.id, ...r } satisfies SearchMessage);
    };
    searcher(m.build)
      .then((run) => run(m.params))
      .then(
        (result) => reply({ result }),
        (err: Error) => reply({ error: err.message }),
      );
  });
}
