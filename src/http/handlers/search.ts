// /search: the parameters checked before the request is counted; the search
// itself once it is (it may wait for the index to load), one at a time per
// worker (a full line of searches is a 503, uncounted). Answers are kept as
// bytes with an ETag and compression, like projections.
import { isRefused, PARAMETERS, readParameter } from '../../contract/parameters.ts';
import { parseSearch } from '../../contract/search-parameters.ts';
import { searchPage } from '../../pages/search.ts';
import type { Handler } from '../context.ts';
import { badRequest, busy, html, HTML_TYPE, negotiated, notFound } from '../respond.ts';

export const search: Handler = (c) => {
  const query = c.query;
  // Read by its definition (the one wording of every route's parameters); given twice, refused before the handler (query-rules.ts).
  const format = readParameter(query, PARAMETERS.format, c.served.dist.manifest.content);
  if (isRefused(format)) return badRequest(format.error);
  const asHtml = format === 'html';
  const parsed = parseSearch(query ?? new URLSearchParams(), c.served.dist.manifest.content);
  if ('error' in parsed) return asHtml ? negotiated(c.req, html(400, searchPage(query?.get('q') ?? '', null, parsed.error))) : badRequest(parsed.error);
  const params = parsed.params;
  const key = `/search\0${asHtml ? 'html' : 'json'}\0${JSON.stringify(params)}`;
  // A search not made yet costs the event loop a few milliseconds: refused at once (uncounted) when too many wait.
  const pool = c.app.pools.search;
  if (pool.full && !c.served.projections.has(key)) return busy;
  return c.later(async (c) => {
    const held = c.served.projections.find(key);
    if (held) return c.prepared(held);
    const running = c.app.options.search?.();
    if (!running) return notFound.resource;
    const run = await running;
    // One search at a time per worker, each on its own turn of the event loop
    // (made here, or by the primary of a group of workers).
    const made = await pool.run(async () => {
      const result = await run(params);
      return Buffer.from(asHtml ? searchPage(params.q, result, undefined, params) : JSON.stringify({ query: params.q, ...result }));
    });
    return c.derived(key, () => made, asHtml ? HTML_TYPE : undefined);
  });
};
