// The search page: what /search?format=html answers, for the form on the docs
// page. No JavaScript: the form is a GET to /search, the results are links to
// each verse's record and card, with the matched words marked.
import type { SearchResponse } from '../search/query.ts';
import { FILES } from '../layout.ts';
import { html, page, type Raw } from './html.ts';

/** The search form (on the docs page and above the results). */
export function searchForm(q = ''): Raw {
  return html`<form method="get" action="/search" role="search">
<label>Search the Gita: English, Hindi, or Sanskrit in Devanagari, IAST or plain letters<input name="q" type="search" required maxlength="500" value="${q}" placeholder="karmanye vadhikaraste, lotus leaf, यदा यदा हि धर्मस्य"></label>
<input type="hidden" name="format" value="html">
<button type="submit">Search</button>
</form>`;
}

/** A snippet with its matched ranges marked. */
function marked(snippet: string, ranges: Array<[number, number]>): Raw {
  const parts: Array<string | Raw> = [];
  let at = 0;
  for (const [a, b] of ranges) {
    parts.push(snippet.slice(at, a), html`<mark>${snippet.slice(a, b)}</mark>`);
    at = b;
  }
  parts.push(snippet.slice(at));
  return html`${parts}`;
}

export function searchPage(q: string, answer: SearchResponse | null, error?: string): string {
  const results = answer
    ? answer.results.length
      ? html`<p>${answer.total} ${answer.total === 1 ? 'verse matches' : 'verses match'}; the best ${answer.results.length}:</p>
<ol>${answer.results.map(
          (r) => html`<li><p><a href="${FILES.verse(r.chapter, r.verse).replace(/\/index\.json$/, '')}"><strong>${r.chapter}.${r.verse}</strong></a> <span class="muted">${r.speaker}</span> · <a href="${FILES.card(r.chapter, r.verse)}">card</a></p>
${r.matches.map((m) => html`<p><span class="muted">${m.author ?? m.field}:</span> ${marked(m.snippet, m.ranges)}</p>`)}</li>`,
        )}</ol>`
      : html`<p>No verse matches <strong>${q}</strong>.</p>`
    : '';
  return page(
    q ? `${q} · Search · Gita API` : 'Search · Gita API',
    html`<h1>Search</h1>
${searchForm(q)}
${error ? html`<p class="error">${error}</p>` : ''}
${results}
<p class="muted">The same as JSON: <code>/search?q=...</code> (see the documentation).</p>`,
  );
}
