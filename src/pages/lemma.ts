// /read/lemma/{lemma}: a lemma's concordance as a page for people: every
// verse where it occurs, the verse's words (as the DCS divides them) with the
// occurrence highlighted, its form and grammar. Written by the build for
// every lemma (and ASCII spelling); the server streams those files.
import { posInWords } from '../content/dcs/grammar.ts';
import type { AnalysedWord, LemmaChoice, LemmaEntry } from '../content/dcs/shapes.ts';
// A lemma's page is named by its IAST (the DCS's own letters for ṝ and ḷ written out).
import { lemmaName as lemmaLink } from '../content/dcs/lemma-name.ts';
import { html, page, raw, type Raw } from './html.ts';
import { READING_STYLE, READ_PATHS, type BaseUrl, type ReadingLang } from './reading.ts';
import { READING_LABELS } from './read-labels.ts';

export const LEMMA_STYLE = `
.occ{padding:.5rem 0;border-bottom:1px solid var(--line);overflow-wrap:anywhere}.occ a{font-weight:600;margin-right:.5rem}
.occ .dcs{font-style:italic}.occ mark{font-weight:700;background:none;color:var(--accent);text-decoration:underline}
.occ .g{color:var(--muted);font-size:.92rem;display:block}.credit{color:var(--muted);font-size:.88rem}
`;

/** The credit the DCS's license asks for, as a line under what shows its data, in the page's language (the lemma pages are English). */
export const dcsCredit = (lang: ReadingLang = 'en'): Raw => html`<p class="credit">${READING_LABELS[lang].analysisCredit}</p>`;

const refPlace = (ref: string) => ref.slice(2).split('.').map(Number) as [number, number];

/** The page of a lemma; `verseWords(ref)` gives each verse's analysed words, to show the occurrence among them. */
export function lemmaPage(answer: LemmaEntry | LemmaChoice, verseWords: (ref: string) => readonly AnalysedWord[], base: BaseUrl): string {
  const entries = 'lemmas' in answer ? answer.lemmas : [answer];
  const title = 'lemmas' in answer ? `${answer.query}: ${entries.map((e) => e.lemma).join(', ')}` : answer.lemma;
  const body = html`<article>
<p class="ref"><a href="${base}/lemmas">Lemmas</a></p>
<h1 lang="sa-Latn">${title}</h1>
${'lemmas' in answer ? html`<p>Typed <strong>${answer.query}</strong> in ASCII, these lemmas are one: ${entries.map((e, i) => html`${i ? ', ' : ''}<a href="#${e.lemma}">${e.lemma}</a>`)}.</p>` : ''}
${entries.map((e) => section(e, verseWords, base))}
${dcsCredit()}
</article>`;
  return page(`${title} — every occurrence in the Bhagavad Gita`, body, `Every verse of the Bhagavad Gita where ${title} occurs, with its form and grammar.`, { style: READING_STYLE + LEMMA_STYLE });
}

function section(e: LemmaEntry, verseWords: (ref: string) => readonly AnalysedWord[], base: BaseUrl): Raw {
  return html`<section id="${e.lemma}">
<h2 lang="sa-Latn">${e.lemma} <span class="by">${e.pos.map(posInWords).join(', ')} · ${e.count} ${e.count === 1 ? 'occurrence' : 'occurrences'}</span></h2>
${e.also ? html`<p class="by">Typed the same in ASCII: ${e.also.map((a, i) => html`${i ? ', ' : ''}<a href="${base}/read/lemma/${encodeURIComponent(a)}" lang="sa-Latn">${a}</a>`)}</p>` : ''}
${e.occurrences.map((o) => {
  const [ch, sl] = refPlace(o.ref);
  const words = verseWords(o.ref);
  // The verse as the DCS divides it (its sandhi strings), the one holding this occurrence highlighted.
  const tokens: Array<{ token: string; here: boolean }> = [];
  words.forEach((w, i) => {
    const here = i === o.position - 1;
    const last = tokens.at(-1);
    // The words of one sandhi string (its token differs from their forms) show it once.
    if (last && i > 0 && words[i - 1].token === w.token && w.token !== w.form) last.here ||= here;
    else tokens.push({ token: w.token, here });
  });
  return html`<div class="occ"><a href="${base}${READ_PATHS.verse(ch, sl)}">${o.ref}</a><span class="dcs" lang="sa-Latn">${tokens.map((t, i) => html`${i ? ' ' : ''}${t.here ? html`<mark>${t.token}</mark>` : t.token}`)}</span><span class="g"><span lang="sa-Latn">${o.form}</span>${o.grammar ? `: ${o.grammar}` : ''}</span></div>`;
})}
</section>`;
}

/** Under a word of a verse page: the lemma of each DCS word it covers, linking to its page, a verbal word's root linking to the root's, and its grammar in words. */
export function wordAnalysis(analysis: readonly AnalysedWord[] | undefined, base: BaseUrl): Raw {
  if (!analysis?.length) return raw('');
  return html`<span class="analysis">${analysis.map((a, i) => html`${i ? ' + ' : ''}<a href="${base}/read/lemma/${encodeURIComponent(lemmaLink(a.lemma))}" lang="sa-Latn">${lemmaLink(a.lemma)}</a>${a.root?.root ? html` <a href="${base}/read/root/${encodeURIComponent(a.root.root)}" lang="sa-Latn" title="its root">√${a.root.root}</a>` : ''}${a.grammar || a.pos ? ` (${[a.grammar, posInWords(a.pos)].filter(Boolean).join(' ')})` : ''}`)}</span>`;
}
