// The docs page's endpoints: each listed route with its example link (marked
// with what it answers, for the test that follows every link), its size on
// this build, its sample answer and the query parameters it takes.
import { QUERY_RULES } from '../contract/query-rules.ts';
import type { Manifest } from '../contract/manifest.ts';
import { LISTED_ROUTES, type RouteId, type RouteSpec } from '../contract/routes/index.ts';
import { html, type Raw } from '../pages/html.ts';
import type { DocsInput } from './page-input.ts';
import { exampleSizes, samples } from './page-samples.ts';

/**
 * What a route's example link answers, for the reader and for the test that
 * follows every link: a GET route's 200 in its first media type (401 for a
 * route that needs a key, asked without one); none for a POST route.
 */
function expectOf(r: RouteSpec<RouteId>): { status: number; type: string } | undefined {
  if (r.methods.includes('POST')) return undefined;
  const content = (r.responses['200'] as { content?: Record<string, unknown> } | undefined)?.content;
  const type = r.access === 'key' ? 'application/json' : Object.keys(content ?? {})[0];
  return type ? { status: r.access === 'key' ? 401 : 200, type } : undefined;
}

/** A route's query parameters and the values each takes, and what is refused (src/contract/query-rules.ts): after its example. */
function parameterList(id: RouteId, facts: Manifest['content'], page: boolean): Raw | string {
  const { taken, near } = QUERY_RULES[id];
  if (!taken.size) return '';
  const misses = [...near].map(([miss, meant]) => `${miss} (say ${meant})`).join(', ');
  return html`<ul class="parameters">${[...taken].map(([name, p]) => html`<li><code>${name}</code>: ${p.values(facts)}</li>`)}</ul>
<p class="muted">A value a parameter does not take, a parameter given twice${misses ? `, or a near miss (${misses})` : ''} is a 400 naming the parameter and the values it takes${page ? ', as a page' : ''}; other parameters are ignored.</p>`;
}

/** One route's entry. */
function endpoint(r: RouteSpec<RouteId>, example: Partial<Record<RouteId, Raw>>, size: Partial<Record<RouteId, string>>, facts: Manifest['content']): Raw {
  const expect = expectOf(r);
  const link = expect
    ? html`<a class="try" href="${r.example}" data-expect-status="${expect.status}" data-expect-type="${expect.type}"><code>${r.example}</code></a>`
    : r.id === 'register'
      ? html`<code>POST ${r.path}</code> (the form on <a href="/pricing">/pricing</a>)`
      : r.methods.includes('POST')
      ? html`<code>POST ${r.path}</code>, JSON-RPC (below)`
      : html`<a href="${r.example}"><code>${r.example}</code></a>`;
  return html`<h3 id="${r.id}"><code>${r.methods.includes('POST') ? 'POST' : 'GET'} ${r.path}</code></h3>
<p>${r.summary}</p>
<p>Try: ${link}${expect && expect.status !== 200 ? html` <span class="muted">(answers ${expect.status} without a key)</span>` : ''}${size[r.id] ? html` <span class="muted">(${size[r.id]})</span>` : ''}</p>
${example[r.id] ?? ''}
${parameterList(r.id, facts, !!r.page)}`;
}

/** The section of every listed route. */
export function endpointsSection(input: DocsInput): Raw {
  const example = samples(input);
  const size = exampleSizes(input);
  const endpoints = LISTED_ROUTES.map((r) => endpoint(r, example, size, input.facts));
  return html`<h2 id="endpoints">Endpoints</h2>
<p>Every GET also answers HEAD. A trailing slash names the same resource. <code>ch</code> and <code>sl</code> are plain decimal integers: <code>ch</code> from 1 to 18, <code>sl</code> from 1 to the chapter's <code>verses_count + 1</code> (the last is the chapter's closing colophon, <em>iti ... adhyayah</em>). Samples below are trimmed.</p>
${endpoints}`;
}
