// The search page: what /search?format=html answers, for the form on the docs
// page. No JavaScript: the form is a GET to /search, the results are links to
// each verse's record and card, with the matched words marked.
import type { SearchResponse } from '../search/query.ts';
import { MAX_QUERY_LENGTH, type SearchParams } from '../contract/search-parameters.ts';
import { FILES } from '../layout.ts';
import { devanagariMarks, iastMarks } from '../content/display.ts';
import { html, page, type Raw } from './html.ts';

/** The search form (on the docs page and above the results). */
export function searchForm(q = ''): Raw {
  return html`<form method="get" action="/search" role="search">
<label>Search the Gita: English, Hindi, Telugu, or Sanskrit in Devanagari, IAST or plain letters<input name="q" type="search" required maxlength="${MAX_QUERY_LENGTH}" value="${q}" placeholder="karmanye vadhikaraste, lotus leaf, यदा यदा हि धर्मस्य"></label>
<input type="hidden" name="format" value="html">
<button type="submit">Search</button>
</form>`;
}

/** How a field's snippet is shown: the verse's own text with the marks the reading page shows (src/content/display.ts), the rest as it is. */
const SHOWN: Record<string, (text: string) => string> = { transliteration: iastMarks, slok: devanagariMarks };

/**
 * A snippet with its matched ranges marked, shown as its field is on the
 * reading page: each range's ends carried over to the shown text (the marks
 * change lengths, `.a` to `'`), or the snippet as it is where an end would
 * fall inside a changed mark.
 */
function marked(snippet: string, ranges: Array<[number, number]>, field?: string): Raw {
  const show = field ? SHOWN[field] : undefined;
  if (show) {
    const shown = show(snippet);
    const at = (x: number) => {
      const head = show(snippet.slice(0, x));
      return shown.startsWith(head) && show(snippet.slice(x)) === shown.slice(head.length) ? head.length : -1;
    };
    const moved = ranges.map(([a, b]) => [at(a), at(b)] as [number, number]);
    if (moved.every(([a, b]) => a >= 0 && b >= 0)) return marked(shown, moved);
  }
  const parts: Array<string | Raw> = [];
  let at = 0;
  for (const [a, b] of ranges) {
    parts.push(snippet.slice(at, a), html`<mark>${snippet.slice(a, b)}</mark>`);
    at = b;
  }
  parts.push(snippet.slice(at));
  return html`${parts}`;
}

/** The address of another page of the same search: every parameter kept, offset changed. */
function pageLink(params: SearchParams, offset: number): string {
  const q = new URLSearchParams({ q: params.q });
  if (params.lang) q.set('lang', params.lang);
  if (params.ch) q.set('ch', String(params.ch));
  if (params.speaker) q.set('speaker', params.speaker);
  if (params.limit) q.set('limit', String(params.limit));
  if (offset) q.set('offset', String(offset));
  q.set('format', 'html');
  return `/search?${q}`;
}

/** Where this page sits among all the matches, and the links to the pages before and after it. */
function paging(params: SearchParams, answer: SearchResponse): Raw {
  const { total, limit, offset } = answer;
  const first = offset + 1;
  const last = offset + answer.results.length;
  const prev = offset > 0 ? html`<a href="${pageLink(params, Math.max(0, offset - limit))}" rel="prev">← the ${Math.min(limit, offset)} before</a>` : '';
  const next = last < total ? html`<a href="${pageLink(params, last)}" rel="next">the next ${Math.min(limit, total - last)} →</a>` : '';
  return html`<nav aria-label="Pages of results"><p>${total} ${total === 1 ? 'verse matches' : 'verses match'}${total > answer.results.length ? html`; ${first} to ${last} here` : ''}.${prev || next ? html` ${prev}${prev && next ? ' · ' : ''}${next}` : ''}</p></nav>`;
}

export function searchPage(q: string, answer: SearchResponse | null, error?: string, params: SearchParams = { q }): string {
  const searched = answer?.searched?.devanagari ? html`<p class="muted">The Hindi was searched as ${answer.searched.devanagari}.</p>` : answer?.searched?.phrase ? html`<p class="muted">Only common words: searched as the phrase “${answer.searched.phrase}”.</p>` : '';
  const results = answer
    ? answer.results.length
      ? html`${paging(params, answer)}${searched}
<ol start="${answer.offset + 1}">${answer.results.map(
          (r) => html`<li><p><a href="${FILES.verse(r.chapter, r.verse).replace(/\/index\.json$/, '')}"><strong>${r.chapter}.${r.verse}</strong></a> <span class="muted">${r.speaker}</span> · <a href="${FILES.card(r.chapter, r.verse)}">card</a></p>
${r.matches.map((m) => html`<p><span class="muted">${m.author ?? m.field}:</span> ${marked(m.snippet, m.ranges, m.field)}${m.credit ? html` <span class="muted credit">(${m.credit})</span>` : ''}</p>`)}</li>`,
        )}</ol>
${answer.total > answer.results.length ? paging(params, answer) : ''}`
      : html`<p>No verse matches <strong>${q}</strong>${answer.hint ? html`: ${answer.hint}` : ''}.</p>${answer.offset ? html`<p><a href="${pageLink(params, 0)}">The first page</a></p>` : ''}`
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
