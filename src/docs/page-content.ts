// The docs page's sections on the content: the records and their fields, the
// commentators as this build has them, the speakers, and the license.
import { KINDS, type AuthorEntry } from '../content/authors.ts';
import { REPAIR_RULES } from '../content/repairs.ts';
import { isSpecCommentary, TEXT_FIELDS, TEXT_FIELD_NAMES } from '../content/schema.ts';
import { LANGUAGE_NAMES } from '../content/projection.ts';
import { NOT_FOUND } from '../contract/errors.ts';
import { ROUTE_PATHS } from '../contract/routes/paths.ts';
import { fillPath } from '../contract/paths.ts';
import { html, type Raw } from '../pages/html.ts';
import { UPSTREAM, UPSTREAM_URL } from '../content/upstream.ts';
import type { DocsInput } from './page-input.ts';

/** A commentator's text fields: each one's language and kind, and its verses when it has a text on fewer than all. */
function fieldCell(a: AuthorEntry, proper: number): string {
  return TEXT_FIELD_NAMES.filter((f) => a.fields[f])
    .map((f) => {
      const d = a.fields[f]!;
      return `${f} (${LANGUAGE_NAMES[d.lang]} ${d.kind}${d.verses !== proper ? `, ${d.verses} verses` : ''})`;
    })
    .join(', ');
}

/** A commentator's repairs, by rule, with their counts. */
function repairCell(a: AuthorEntry): string {
  const done = REPAIR_RULES.filter((r) => a.repairs[r.id]);
  return done.length ? done.map((r) => `${r.id} ${a.repairs[r.id].toLocaleString('en-US')}`).join(', ') : '';
}

/** The records' fields, and the commentators' table. */
export function recordsSection(input: DocsInput): Raw {
  const verses = input.content.verses.length;
  const proper = input.facts.verses;
  return html`<h2 id="records">Records</h2>
<p>A verse record has <code>_id</code> (<code>BG&lt;chapter&gt;.&lt;verse&gt;</code>), <code>chapter</code>, <code>verse</code>, <code>slok</code> (Devanagari, lines separated by <code>\\n</code>, ending with a marker such as <code>||२-४७||</code>), <code>transliteration</code> (IAST letters with the source's ASCII marks; <a href="#marks"><code>marks=iast</code></a> writes IAST's), and one object per commentator: <code>author</code> plus text fields. Records are served exactly as the content holds them, keys in source order. A chapter record has <code>chapter_number</code>, <code>verses_count</code>, <code>name</code>, <code>translation</code>, <code>transliteration</code>, <code>meaning</code> and <code>summary</code> (each <code>{en, hi}</code>).</p>
<table>
<tr><th>field</th><th>holds</th></tr>
${TEXT_FIELD_NAMES.map((f) => html`<tr><td><code>${f}</code></td><td>${TEXT_FIELDS[f].description}</td></tr>`)}
</table>
<h3 id="commentators">Commentators</h3>
<p>Read from the content of this build (${verses} verse records), as <a href="${ROUTE_PATHS.authors}"><code>${ROUTE_PATHS.authors}</code></a> answers it (one entry per key; <code>${ROUTE_PATHS.author}</code> one of them). Commentators with nothing to say on a verse are present with the text "&lt;author&gt; did not comment on this sloka": a field names its verses only where it has a real text on fewer than all ${proper} (colophons not counted). What a field holds is decided from its texts: ${KINDS.map((k) => `<em>${k}</em>`).join(', ')}. A translation renders the verse in a few lines (et and ht of most keys); a commentary discusses it (ec, hc, sc, and the English and Hindi renderings of the classical commentaries: raman.et, abhinav.et, sankar.et, sankar.ht); siva.ec opens with the verse word by word (<code>/slok/C/V/words</code>) and goes on to a commentary. Repairs are the changes of the rules below, by rule; every text comes from <a href="${UPSTREAM_URL}">${UPSTREAM.repository}</a> at <code>${UPSTREAM.commit.slice(0, 7)}</code> (GPL-3.0), with the corrections listed under each field of the entry.</p>
<table>
<tr><th>key</th><th>author</th><th>text fields (language, kind)</th><th>repairs</th></tr>
${input.authors.map((a) => html`<tr><td><a href="${fillPath(ROUTE_PATHS.author, { key: a.key })}"><code>${a.key}</code></a>${isSpecCommentary(a.key) ? '' : html` <span class="muted">(not a classical commentary)</span>`}</td><td>${a.author}</td><td>${fieldCell(a, proper)}</td><td>${repairCell(a)}</td></tr>`)}
</table>`;
}

/** Who speaks each verse, as ?speaker= names them. */
export function speakersSection(input: DocsInput): Raw {
  return html`<h2 id="speakers">Who speaks</h2>
<p>Every verse record names its speaker (<code>speaker</code>, in Devanagari, as the content writes it). <code>/slok?speaker=</code> and <code>/gita.svg?speaker=</code> draw a verse of one speaker (the plain name or the Devanagari), <code>?ch=</code> one of a chapter; the two combine, and never draw a colophon. A filter nothing matches is <code>404</code> <code>${NOT_FOUND.verse}</code>.</p>
<table>
<tr><th><code>?speaker=</code></th><th>in the content</th><th>verses</th></tr>
${input.facts.speakers.map((sp) => html`<tr><td>${sp.slug ? html`<a href="/slok?speaker=${sp.slug}"><code>${sp.slug}</code></a>` : html`<span class="muted">(by its name)</span>`}</td><td>${sp.name}${sp.label ? ` (${sp.label})` : ''}</td><td>${sp.verses}</td></tr>`)}
</table>`;
}

/** The content's license. */
export function licenseSection(): Raw {
  return html`<h2 id="license">License</h2>
<p>The scripture content (verses, translations, commentaries, chapter texts) is the dataset <a href="${UPSTREAM_URL}">${UPSTREAM.repository}</a>, published under the <strong>GNU General Public License v3</strong>; what you build with it must respect that license. The commentators and translators are named in every record and in the table above.</p>`;
}
