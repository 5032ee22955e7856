// /search: the parameters read before the request is counted (app.ts; q
// missing is refused here); the search itself once it is (it may wait for the index to load), one at a time per
// worker (a full line of searches is a 503, uncounted). Answers are kept as
// bytes with an ETag and compression, like projections.
import type { Valid } from '../../contract/query-rules.ts';
import { searchFrom } from '../../contract/search-parameters.ts';
import { searchPage } from '../../pages/search.ts';
import type { Context, Handler } from '../context.ts';
import { badRequest, busy, html, HTML_TYPE, negotiated, notFound } from '../respond.ts';

/** A search's 400: a page for format=html (the words asked for in its box), else JSON; a format refused itself is JSON. */
export function searchRefused(c: Context<'search'>, why: string, valid: Valid<'search'>) {
  return valid.format === 'html' ? negotiated(c.req, html(400, searchPage(c.query?.get('q') ?? '', null, why))) : badRequest(why);
}

export const search: Handler<'search'> = (c) => {
  const asHtml = c.valid.format === 'html';
  const parsed = searchFrom(c.valid, c.served.dist.manifest.content);
  if ('error' in parsed) return searchRefused(c, parsed.error, c.valid);
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
