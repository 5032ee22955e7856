// A verse's meter on its reading page: the meter's name, and under a
// <details> (a button that opens without JavaScript, on the server's pages
// and on a static host's alike) the verse pāda by pāda, each syllable of the
// transliteration with its mark above it, as <ruby>: – heavy, ˘ light. The
// syllables that break a pattern are marked. Made from the verse's scansion
// (/slok/{ch}/{sl}/meter), never from the page's own reading of the text.
import type { PadaScan, Syllable, VerseScan } from '../content/meter/shapes.ts';
import { html, raw, type Raw } from './html.ts';
import type { ReadingLang } from './reading.ts';

const MARKS = { G: '–', L: '˘' } as const;

/** The meters' names in Devanagari, for a page in Hindi. */
const DEVANAGARI_NAMES: Record<string, string> = {
  anuṣṭubh: 'अनुष्टुभ्',
  triṣṭubh: 'त्रिष्टुभ्',
  jagatī: 'जगती',
  upajāti: 'उपजाति',
  indravajrā: 'इन्द्रवज्रा',
  upendravajrā: 'उपेन्द्रवज्रा',
  śālinī: 'शालिनी',
  vātormī: 'वातोर्मी',
  vaṃśastha: 'वंशस्थ',
  indravaṃśā: 'इन्द्रवंशा',
};

interface Labels {
  meter: (name: string) => Raw;
  marks: string;
  legend: string;
  breaks: string;
}

/** The block's words in the pages' languages that have them; a page in another (Telugu) shows the English ones, marked so. */
const LABELS: { en: Labels } & Partial<Record<ReadingLang, Labels>> = {
  en: {
    meter: (name) => html`Meter: <span lang="sa-Latn">${name}</span>`,
    marks: 'the syllables, light and heavy',
    legend: '– heavy (guru), ˘ light (laghu); the last syllable of a pāda is free. Underlined: a syllable that breaks the pattern.',
    breaks: 'does not scan here',
  },
  hi: {
    meter: (name) => html`छन्द: <span lang="sa">${DEVANAGARI_NAMES[name] ?? name}</span> <span lang="sa-Latn">(${name})</span>`,
    marks: 'अक्षर, लघु और गुरु',
    legend: '– गुरु, ˘ लघु; पाद का अन्तिम अक्षर स्वतन्त्र है। रेखांकित: छन्द का नियम तोड़ने वाला अक्षर।',
    breaks: 'यहाँ छन्द नहीं बैठता',
  },
};

/** The meter marks' own styles, added to the reading page's. */
export const METER_STYLE = `
.meter .scan{margin:.5rem 0;font-size:1.05rem;font-style:italic;line-height:1.3}
.meter .pada{display:block;margin:.2rem 0 .7rem}
.meter .w{white-space:nowrap}
.meter ruby{ruby-position:over;margin:0 .05em}
.meter rt{font-style:normal;font-weight:700;font-size:1em;color:var(--accent);line-height:1.05}
.meter .break{text-decoration:underline;text-decoration-color:var(--accent);text-decoration-thickness:2px}
.meter .form{font-size:.85rem;font-style:normal;color:var(--muted)}
`;

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

function padaLine(p: PadaScan, breakText: string): Raw {
  const broken = new Set((p.breaks ?? []).map((b) => b.at));
  let at = 0;
  const shown = words(p).map((w) => html`<span class="w">${w.map((s) => html`<ruby${broken.has(++at) ? raw(' class="break"') : ''}>${s.iast}<rt>${MARKS[s.weight]}</rt></ruby>`)}</span>`);
  const form = p.form === 'irregular' ? `irregular, ${breakText}` : p.form;
  return html`<span class="pada">${shown.map((w, i) => html`${i ? ' ' : ''}${w}`)} <span class="form">${form}</span></span>`;
}

/** The verse's meter and, on request, its marked syllables; nothing for a colophon (prose) or a verse not scanned. */
export function meterBlock(scan: VerseScan | undefined, lang: ReadingLang): Raw | '' {
  if (!scan || !scan.padas.length) return '';
  const said = LABELS[lang] ? lang : 'en';
  const L = LABELS[said] ?? LABELS.en;
  return html`<details class="meter"${said === lang ? '' : raw(` lang="${said}"`)}><summary>${L.meter(scan.meter)} · <span class="muted">${L.marks}</span></summary>
<p class="scan" lang="sa-Latn">${scan.padas.map((p) => padaLine(p, L.breaks))}</p>
<p class="muted">${L.legend}</p></details>`;
}
