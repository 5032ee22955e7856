// The docs page's sections on using the answers: searching, the tagger for
// other sites' pages, projections (only the fields asked for) and the verse
// cards.
import { CARD_TRANSLATIONS, TRANSLATION_MAX_LINES } from '../card/card.ts';
import type { ManifestCommentary } from '../contract/manifest.ts';
import { LANGS, LANGUAGES } from '../content/projection.ts';
import { formatBytes } from '../cli/format.ts';
import { CARD_CSP } from '../contract/headers.ts';
import { FILES, ORIGIN_PLACEHOLDER } from '../layout.ts';
import { html, raw, type Raw } from '../pages/html.ts';
import { SEARCHED_TRANSLATIONS } from '../search/fields.ts';
import { LIMIT_DEFAULT, LIMIT_MAX } from '../contract/search-parameters.ts';
import { SNIPPET_MAX } from '../search/snippet.ts';
import type { DocsInput } from './page-input.ts';
import { projectionSizes } from './page-samples.ts';

type Commentator = ManifestCommentary;

/** "the first of A, B or C that commented on the verse", with the authors' names from the content. */
function choice(list: ReadonlyArray<readonly [string, string]>, people: Commentator[]): string {
  const names = list.map(([key]) => people.find((p) => p.key === key)?.author ?? key);
  return `the first of ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} to have commented on the verse`;
}

/** Search: what it reads and how it ranks, and the same search without a server. */
export function searchSection(): Raw {
  return html`<h2 id="search-details">Search</h2>
<p><code>/search?q=</code> finds verses by what they say or how they sound: the English translations (${SEARCHED_TRANSLATIONS.en.join(', ')}), the Hindi translations (${SEARCHED_TRANSLATIONS.hi.join(', ')}), the verse itself, in Devanagari or transliterated, its words' English meanings (<code>/slok/C/V/words</code>), and the versions (<code>/versions</code>: an English one with the English, the Telugu in Telugu script, each match with the version's credit). Sanskrit may be typed as people type it: IAST with or without diacritics (<code>karmaṇyevādhikāraste</code>, <code>karmanyevadhikaraste</code>), or plain letters (<code>sh</code> for ś and ṣ, <code>ch</code> for c, <code>ksh</code> for kṣ, <code>ri</code> for ṛ, long vowels doubled or not), split into words or not: <a href="/search?q=karmanye%20vadhikaraste%20ma%20phaleshu"><code>karmanye vadhikaraste ma phaleshu</code></a> finds 2.47. A word of the verse (or its inflection: <code>karma</code> finds <code>karmaṇi</code>) ranks above a piece of a compound, a match in the verse, its transliteration or its words above one deep in a long translation, and every place a query word stands is marked. English is ranked with BM25, with stems (fruits finds fruit) and one wrong letter forgiven in words of five letters or more. <code>lang=en|hi|sa</code> (or a version's language: <code>te</code>) searches one language, <code>ch</code> and <code>speaker</code> filter, <code>limit</code> (1 to ${LIMIT_MAX}, default ${LIMIT_DEFAULT}) caps the results; <code>format=html</code> answers a page (the box above). Each result names the fields that matched best, with a snippet of at most ${SNIPPET_MAX} characters and the matched ranges in it. The long commentaries are not searched.</p>
<p id="search">On a static host, or in a browser with no server, the same search runs from the index the build writes (<code>${FILES.searchIndex}</code>, 0.9 MB brotli) with <code>${FILES.searchModule}</code>, the same code the server runs:</p>
<pre>const { openSearch } = await import('${raw(ORIGIN_PLACEHOLDER)}${FILES.searchModule}');
const gita = await openSearch('${raw(ORIGIN_PLACEHOLDER)}/');
gita.search('yada yada hi dharmasya', { limit: 3 });   // { query, total, results }</pre>`;
}

/** The reference tagger: one script tag on any page. */
export function linkerSection(): Raw {
  return html`<h2 id="linker">Gita references on your pages</h2>
<p>One script tag on any page, of any site, makes every Gita reference in its text (<code>Bhagavad Gita 2.47</code>, <code>BG 2.47-50</code>, <code>गीता २.४७</code>: what <code>/verses</code> reads, after a name of the Gita) a link to the verse's reading page, with the verse in Devanagari, its transliteration and a translation on hover or keyboard focus. <code>data-lang="hi"</code> and <code>data-author="rams"</code> choose the translation; code, links, form fields and <code>.no-gita</code> are left alone. ${FILES.linker}, no dependencies: <a href="/docs/linker">the tagger's guide</a>, which runs it.</p>
<pre>&lt;script src="${raw(ORIGIN_PLACEHOLDER)}${FILES.linker}" defer&gt;&lt;/script&gt;</pre>`;
}

/** The projections (lang, authors, fields, marks) and the bytes they save on this build. */
export function projectionsSection(input: DocsInput): Raw {
  return html`<h2 id="projections">Only what you need</h2>
<p><code>/slok</code>, <code>/slok/{ch}/{sl}</code>, <code>/slok/today</code> and <code>/chapter/{ch}/slok</code> take three parameters that narrow the answer; they combine, each narrowing the others:</p>
<table>
<tr><th>parameter</th><th>keeps</th></tr>
<tr><td><code>lang=${LANGS.join('|')}</code></td><td>in every commentary, only the text fields of that language (${LANGS.map((l) => `${l}: ${LANGUAGES[l].join(', ')}`).join('; ')})</td></tr>
<tr><td><code>authors=siva,tej</code></td><td>only those commentaries (keys in the table of commentators below)</td></tr>
<tr><td><code>fields=slok,transliteration,siva.et</code></td><td>only the top-level fields listed, whole commentaries for a listed key, one text field for <code>key.field</code></td></tr>
</table>
<p><code>_id</code>, <code>chapter</code> and <code>verse</code> are always kept; a commentary kept keeps its <code>author</code>, and one left with no text is dropped; top-level fields other than commentaries stay unless <code>fields</code> is given. The answer is compact JSON in the record's key order, with its own <code>ETag</code> and compression. A value the parameter does not accept, an empty one, or a parameter given twice: <code>400</code> <code>{"error":"..."}</code> naming the parameter and what it accepts. Sizes on this build:</p>
<table>
<tr><th>request</th><th>bytes</th></tr>
${projectionSizes(input).map(([path, n]) => html`<tr><td><a href="${path}"><code>${path}</code></a></td><td>${formatBytes(n)}</td></tr>`)}
</table>
<p id="marks"><code>marks=iast</code> narrows nothing: it writes the <code>transliteration</code> with IAST's marks, as the reading pages, cards and MCP text show it (<code>|</code> for the danda, <code>'</code> for the avagraha, <code>m̐</code> for the candrabindu: <a href="/slok/2/47?fields=transliteration&amp;marks=iast"><code>saṅgo'stvakarmaṇi</code></a>), by the one rule they use (<code>iastMarks</code>, <code>src/content/display.ts</code>). Without it (or with <code>marks=source</code>) the transliteration is the record's, byte for byte, with the source's ASCII marks (<code>.</code> standing alone for the danda, <code>.a</code> for the avagraha: <code>saṅgo.astvakarmaṇi</code>); the letters are the same either way, and <code>slok</code> and the commentaries never change. It combines with the three above; a static host has no file of it (the client writes it so itself).</p>
<p>A static host cannot compute projections; the build writes each record in each language beside it (<code>/slok/2/47/en.json</code>, <code>hi.json</code>, <code>sa.json</code>), each chapter's verses whole and per language (<code>/chapter/3/slok/index.json</code>, <code>en.json</code>...) and the build day's verse (<code>/slok/today/index.json</code>, its language forms and cards). This server answers those paths too. The verse of the day is picked from the UTC date (SHA-256 of <code>YYYY-MM-DD</code>, its first four bytes as a big-endian number, modulo the ${input.facts.verses} verses in order), by the build and by every server alike, so a static copy rebuilt each day agrees with them.</p>`;
}

/** The verse cards: what they show, their PNG twins, and how to embed them. */
export function cardsSection(people: Commentator[]): Raw {
  return html`<h2 id="cards">Verse cards</h2>
<p>A card shows the verse in Devanagari, its transliteration, a Hindi translation (${choice(CARD_TRANSLATIONS.hindi, people)}) and an English one (${choice(CARD_TRANSLATIONS.english, people)}), each cut after ${TRANSLATION_MAX_LINES} lines with an ellipsis, and the reference; on a colophon, where nobody commented, the verse alone. It is plain SVG: no script, no external font or image, no text left to the viewer's fonts (every letter is an outline of Noto Sans or Noto Sans Devanagari, shaped by HarfBuzz), served with <code>Content-Security-Policy: ${CARD_CSP}</code>. It is 800 px wide and scales down with the page. The plain card follows the reader's light or dark preference; <code>?theme=light|dark</code>, or the files <code>gita-light.svg</code> and <code>gita-dark.svg</code> beside it, force one.</p>
<p>Every card is also a PNG of 1200x630, the size link previews use (Slack, WhatsApp, X, Telegram, Discord): <code>gita.png</code> in place of <code>gita.svg</code>, with the same queries, on <code>/gita.png</code>, <code>/slok/today/gita.png</code> and <code>/slok/{ch}/{sl}/gita.png</code>. A PNG cannot follow the reader's preference: <code>gita.png</code> is the light picture, <code>gita-dark.png</code> (or <code>?theme=dark</code>) the dark one. The server draws a PNG on its first request and keeps it; the bytes are the same on every call (<code>ETag</code>, <code>304</code>). A static build holds today's; every verse's with <code>npm run build -- --png</code>.</p>
<pre>![Bhagavad Gita 2.47](${raw(ORIGIN_PLACEHOLDER)}/slok/2/47/gita.svg)
&lt;img src="${raw(ORIGIN_PLACEHOLDER)}/gita.svg?ch=2" alt="A verse of chapter 2 of the Bhagavad Gita" width="800"&gt;
&lt;meta property="og:image" content="${raw(ORIGIN_PLACEHOLDER)}/slok/2/47/gita.png"&gt;</pre>`;
}
