// /read/root/{root}: a verbal root as a page for people: its dhātupāṭha
// entries, the English meanings its words have in the word lists, and its
// words grouped by preverb and form, each with its verses. Written by the
// build for every root (and ASCII spelling); the server streams those files.
import type { RootAnswer, RootChoice, RootGroup } from '../content/roots/shapes.ts';
import { DHATUPATHA_ATTRIBUTION, SENSES_CREDIT } from '../content/roots/attribution.ts';
import { html, page, type Raw } from './html.ts';
import { READING_STYLE, READ_PATHS, type BaseUrl } from './reading.ts';
import { dcsCredit, LEMMA_STYLE } from './lemma.ts';

const ROOT_STYLE = `
.entries{padding-left:1.2rem}.entries li{margin:.2rem 0}.senses{color:var(--muted)}
.group h3{font-size:1.05rem;margin:1.2rem 0 .3rem}
`;

const refPlace = (ref: string) => ref.slice(2).split('.').map(Number) as [number, number];
/** A root's page address, by its IAST (or an ASCII spelling). */
export const rootHref = (base: BaseUrl, root: string) => `${base}/read/root/${encodeURIComponent(root)}`;

/** The page of a root (or of an ASCII spelling several roots share). */
export function rootPage(answer: RootAnswer | RootChoice, base: BaseUrl): string {
  const roots = 'roots' in answer ? answer.roots : [answer];
  const title = 'roots' in answer ? `${answer.query}: ${roots.map((r) => `√${r.root}`).join(', ')}` : `√${answer.root}`;
  const body = html`<article>
<p class="ref"><a href="${base}/roots">Roots</a></p>
<h1 lang="sa-Latn">${title}</h1>
${'roots' in answer ? html`<p>Typed <strong>${answer.query}</strong> in ASCII, these roots are one: ${roots.map((r, i) => html`${i ? ', ' : ''}<a href="#${r.root}">√${r.root}</a>`)}.</p>` : ''}
${roots.map((r) => section(r, base))}
<p class="credit">${DHATUPATHA_ATTRIBUTION}. ${SENSES_CREDIT}.</p>
${dcsCredit()}
</article>`;
  return page(`${title} — every word of the root in the Bhagavad Gita`, body, `The Sanskrit verbal root ${title}: its dhātupāṭha entries and every verse of the Bhagavad Gita with a word made from it.`, { style: READING_STYLE + LEMMA_STYLE + ROOT_STYLE });
}

function section(r: RootAnswer, base: BaseUrl): Raw {
  return html`<section id="${r.root}">
<h2><span lang="sa-Latn">√${r.root}</span> <span lang="sa">${r.devanagari}</span> <span class="by">${r.count} ${r.count === 1 ? 'word' : 'words'} in ${r.verses} ${r.verses === 1 ? 'verse' : 'verses'}</span></h2>
<ul class="entries">${r.entries.map((e) => html`<li>Dhātupāṭha ${e.code}: class ${e.class}, ${e.voice}; <span lang="sa-Latn">${e.meaning.iast}</span> (<span lang="sa">${e.meaning.devanagari}</span>)</li>`)}</ul>
${r.also ? html`<p class="by">Typed the same in ASCII: ${r.also.map((a, i) => html`${i ? ', ' : ''}<a href="${rootHref(base, a)}" lang="sa-Latn">√${a}</a>`)}</p>` : ''}
${r.senses.length ? html`<p class="senses">In the word lists: ${r.senses.map((s, i) => html`${i ? '; ' : ''}${s.meaning} (${s.count})`)}</p>` : ''}
${r.groups.map((g) => group(r.root, g, base))}
</section>`;
}

function group(root: string, g: RootGroup, base: BaseUrl): Raw {
  // The lemma's parts where it has more than the root: its preverbs, its secondary stem.
  const parts = g.prefixes.length ? html`<span lang="sa-Latn">${[...g.prefixes, root].join(' + ')}</span>` : '';
  const derived = g.derived ? `${parts ? ', ' : ''}${g.derived.kind} ${g.derived.stem}` : '';
  return html`<div class="group"><h3><a href="${base}/read/lemma/${encodeURIComponent(g.lemma)}" lang="sa-Latn">${g.lemma}</a> <span class="by">${parts}${derived}${parts || derived ? ' · ' : ''}${g.count}</span></h3>
${g.forms.flatMap((f) =>
  f.occurrences.map((o) => {
    const [ch, sl] = refPlace(o.ref);
    return html`<div class="occ"><a href="${base}${READ_PATHS.verse(ch, sl)}">${o.ref}</a><span class="dcs" lang="sa-Latn">${o.form}</span><span class="g">${o.grammar}${o.meaning ? html` · “${o.meaning}”` : ''}</span></div>`;
  }),
)}</div>`;
}
