// The routes of a build answered in-process with no server around them:
// what `gita mcp` on stdio calls its tools' routes with (in-process.ts). The
// server's own modules, so the tools answer there as over HTTP; imported by
// the command only, since it loads the search's code.
import type { AnswerRoute } from '../contract/route-call.ts';
import { PNG_POOL, SEARCH_POOL } from '../contract/limits.ts';
import { loadDist } from './assets.ts';
import type { AppCore } from './context.ts';
import { answerRoute } from './in-process.ts';
import { Pool } from './pool.ts';
import { loadSearch } from './search.ts';
import { prepare, type Served } from './served.ts';

/**
 * The routes of the build in `distDir`, answered in-process with no server
 * around them (`gita mcp` on stdio). The build is loaded as the server loads
 * it, on the first call (its records held: some 250 to 700 ms and 85 MB on
 * the test build), so a session that only lists the tools or reads files
 * pays none of it; its search loads on the first search. Its options are
 * the handlers' only: nothing here is gated, so no key, quota or usage is
 * ever read.
 */
export function answersOf(distDir: string): AnswerRoute {
  let loading: Promise<Served> | undefined;
  let searching: ReturnType<typeof loadSearch> | undefined;
  const core: AppCore = {
    options: { search: () => (searching ??= loadSearch(distDir)) } as AppCore['options'],
    random: Math.random,
    pricing: null,
    pools: { png: new Pool(PNG_POOL.running, PNG_POOL.waiting), search: new Pool(SEARCH_POOL.running, SEARCH_POOL.waiting) },
  };
  // A load that failed is tried again by the next call, as a server's search is.
  const served = () => (loading ??= loadDist(distDir).then(prepare, (err) => ((loading = undefined), Promise.reject(err))));
  return async (id, values) => answerRoute(await served(), core, id, values);
}
