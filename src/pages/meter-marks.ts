// A verse's meter on its reading page: the meter's name, and under a
// <details> (a button that opens without JavaScript, on the server's pages
// and on a static host's alike) the verse pāda by pāda, each syllable of the
// transliteration with its mark above it, in the page's language's
// convention (– and ˘, ऽ and ।, U and I: src/pages/meter-shapes.ts). A
// syllable is a box of its own (inline-block) with its mark on top, so the
// line a syllable stands on is made tall enough for its mark: a mark can
// only be drawn over its own syllable, and a line's marks stand clear of the
// line above, whatever font draws the letters. The syllables that break a
// pattern are underlined. Made from the verse's scansion
// (/slok/{ch}/{sl}/meter), never from the page's own reading of the text.
// Its words, in each page's language, are the reading pages' table
// (src/pages/read-labels.ts, `meter`).
import type { PadaScan, Syllable, VerseScan } from '../content/meter/shapes.ts';
import { html, raw, type Raw } from './html.ts';
import { READING_LABELS, type MeterLabels } from './read-labels.ts';
import type { ReadingLang } from './reading.ts';
import { markStyle, type Weight } from './meter-shapes.ts';

/**
 * The meter marks' own styles, added to the reading page's: a syllable
 * (.sy) is an inline-block: its mark (.mk, a block as wide as the mark's
 * ink) on top, a gap of .08em, then its letters on one line of 1.15em; a
 * margin of .55em above it keeps the mark apart from the line above. The
 * syllable is at least .6em wide (a lone i is narrower than its mark) and
 * its letters are centred in it. Then the shapes of the page language's
 * marks: the whole about 1.3 kB, 0.5 kB of brotli.
 */
const METER_STYLE = `
.meter .scan{margin:.5rem 0;font-size:1.05rem;font-style:italic;line-height:1.3}
.meter .pada{display:block;margin:0 0 .35rem}
.meter .w{white-space:nowrap}
.meter .sy{display:inline-block;min-width:.6em;margin:.55em .04em 0;text-align:center;line-height:1.15}
.meter .mk{display:block;margin:0 auto .08em;color:var(--accent);background:currentColor;-webkit-mask:var(--m) center/100% auto no-repeat;mask:var(--m) center/100% auto no-repeat}
.meter .muted .mk{display:inline-block;margin:0 .1em}
.meter .break{text-decoration:underline;text-decoration-color:var(--accent);text-decoration-thickness:2px}
.meter .form{font-size:.85rem;font-style:normal;color:var(--muted)}
`;
const styles = new Map<ReadingLang, string>();
/** The meter block's styles on a page in `lang` (its marks' shapes made once a process, from the fonts). */
export function meterStyle(lang: ReadingLang): string {
  let style = styles.get(lang);
  if (!style) styles.set(lang, (style = `${METER_STYLE}${markStyle(lang)}\n`));
  return style;
}

/** A syllable's mark: a shape (its class says which), named for a screen reader by the weight's name in the page's language. */
const mark = (weight: Weight, L: MeterLabels) => html`<span class="mk ${weight}" role="img" aria-label="${L.weights[weight]}"></span>`;

/** A pāda's syllables grouped into its written words (a space always falls between two syllables). */
function words(p: PadaScan): Syllable[][] {
  const out: Syllable[][] = [];
  let next = 0;
  for (const word of p.text.replace(/-/g, '').split(/\s+/).filter(Boolean)) {
    const group: Syllable[] = [];
    for (let written = 0; written < word.length && next < p.syllables.length; next++) {
      group.push(p.syllables[next]);
      written += p.syllables[next].text.length;
    }
    if (group.length) out.push(group);
  }
  // What the words did not account for (a text the syllables spell otherwise) stays, as one word.
  if (next < p.syllables.length) out.push(p.syllables.slice(next));
  return out;
}

/** A pāda's form: a named one as Sanskrit names it (IAST, as the syllables); one the scansion words in English, in the page's language. */
function formOf(p: PadaScan, L: MeterLabels, lang: ReadingLang): Raw {
  const said = p.form === 'irregular' ? L.irregular : p.form === 'hypermetric' ? L.hypermetric : null;
  return said === null ? html`<span class="form">${p.form}</span>` : html`<span class="form" lang="${lang}">${said}</span>`;
}

function padaLine(p: PadaScan, L: MeterLabels, lang: ReadingLang): Raw {
  const broken = new Set((p.breaks ?? []).map((b) => b.at));
  let at = 0;
  const shown = words(p).map((w) => html`<span class="w">${w.map((s) => html`<span class="sy${broken.has(++at) ? ' break' : ''}">${mark(s.weight, L)}${s.iast}</span>`)}</span>`);
  return html`<span class="pada">${shown.map((w, i) => html`${i ? ' ' : ''}${w}`)} ${formOf(p, L, lang)}</span>`;
}

/** The legend, its – and ˘ (the heavy and the light mark) drawn as the marks above are. */
const legend = (text: string): Raw => html`${text.split(/([–˘])/).map((part) => (part === '–' ? raw('<span class="mk G" aria-hidden="true"></span>') : part === '˘' ? raw('<span class="mk L" aria-hidden="true"></span>') : part))}`;

/** The verse's meter and, on request, its marked syllables; nothing for a colophon (prose) or a verse not scanned. */
export function meterBlock(scan: VerseScan | undefined, lang: ReadingLang): Raw | '' {
  if (!scan || !scan.padas.length) return '';
  const L = READING_LABELS[lang].meter;
  return html`<details class="meter"><summary>${L.name(scan.meter)} · <span class="muted">${L.marks}</span></summary>
<p class="scan" lang="sa-Latn">${scan.padas.map((p) => padaLine(p, L, lang))}</p>
<p class="muted">${legend(L.legend)}</p></details>`;
}
