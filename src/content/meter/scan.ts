// One verse scanned: its measured lines read into letters, divided into
// pādas, each pāda's syllables weighed and named, and the verse's meter.
import { devanagariLetters, iastLetters, type Letter, type Letters } from './letters.ts';
import { anushtubhPada, meterName, trishtubhPada, type PadaFit, type PadaForm } from './meters.ts';
import { divideAt, divisions, padaSize, type Division, type Pada, type PadaSize } from './padas.ts';
import type { Break, PadaScan, VerseScan } from './shapes.ts';
import { cut, pattern, type Syllable } from './syllables.ts';
import { measuredText } from './verse.ts';

export type { Break, PadaScan, VerseScan };

export type Script = 'devanagari' | 'iast';

/** The pāda's letter in the verse: a, b, c, d. */
export const padaName = (index: number) => String.fromCharCode(97 + index);

const read = (text: string, script: Script): Letters => (script === 'iast' ? iastLetters(text) : devanagariLetters(text));

/** A pāda's fit in a verse of pādas of `size`, by its place (a, b, c, d...). */
function fit(pada: Pada, size: PadaSize, index: number): PadaFit {
  const p = pattern(pada.syllables);
  return size === 8 ? anushtubhPada(p, index % 2 === 1) : trishtubhPada(p, size);
}

/** A broken place: the pattern wants the other weight there. */
const breakOf = (s: Syllable, at: number): Break => ({ at, text: s.text, weight: s.weight, wanted: s.weight === 'G' ? 'L' : 'G' });

/** Of a line's divisions, the one fewest syllables off the size, then with fewest broken pādas, then cut between words. */
function bestDivision(options: Division[], size: PadaSize, firstIndex: number): Division {
  const broken = (d: Division) => d.padas.filter((p, i) => fit(p, size, firstIndex + i).form === 'irregular').length;
  return options.reduce((a, b) => (b.deviation - a.deviation || broken(b) - broken(a) || b.inWords - a.inWords) < 0 ? b : a);
}

/** An anuṣṭubh's halves: each named by its odd pāda's form, unless its even pāda is irregular. */
const halves = (forms: readonly PadaForm[]): PadaForm[] => forms.flatMap((f, i) => (i % 2 ? [] : [forms[i + 1] === 'irregular' ? 'irregular' : f]));

export interface ScanOptions {
  /** The text's script: Devanagari (a record's slok, gita/gita's) or IAST (the DCS's words). */
  script?: Script;
  /**
   * The syllables of each pāda of another text of the same verse: a witness's
   * reading is cut where ours is, when its syllables add up to ours (a text
   * without lines, the DCS's, has nothing else to cut it by).
   */
  like?: readonly number[];
}

/** Between two lines: a word ends there. */
const LINE_BREAK: Letter = { kind: 'space', text: '\n', iast: '' };

/** The lines' pādas: cut like another text's when asked and the syllables add up, else each line by the family's size. */
function padasOf(lines: Letter[][], size: PadaSize, like: readonly number[] | undefined): Pada[] {
  const joined = lines.flatMap((l, i) => (i ? [LINE_BREAK, ...l] : l));
  if (like?.length && cut(joined).length === like.reduce((s, n) => s + n, 0)) return divideAt(joined, like, size).padas;
  const padas: Pada[] = [];
  for (const line of lines) {
    const options = divisions(line, size);
    if (options.length) padas.push(...bestDivision(options, size, padas.length).padas);
  }
  return padas;
}

/** Scan one verse's text (a record's slok, or a witness's reading: gita/gita's Devanagari, the DCS's IAST). */
export function scanVerse(ref: string, text: string, { script = 'devanagari', like }: ScanOptions = {}): VerseScan {
  const measured = measuredText(text);
  const notes = [...measured.left];
  const lines = measured.lines.map((l) => read(l, script));
  const unread = lines.flatMap((l) => l.unread);
  if (unread.length) notes.push(`characters not read as letters, left out of the measure: ${[...new Set(unread)].join(' ')}`);
  const counts = lines.map((l) => cut(l.letters).length);
  if (!counts.some((n) => n > 0)) return { ref, meter: 'unscanned', padas: [], regular: false, notes: [...notes, 'no syllables to measure'] };
  const size = padaSize(counts.filter((n) => n > 0));
  const padas = padasOf(lines.map((l) => l.letters), size, like).map((pada, i) => {
    const f = fit(pada, size, i);
    notes.push(...f.notes.map((n) => `pāda ${padaName(i)}: ${n}`));
    const scan: PadaScan = { text: pada.text, syllables: pada.syllables, pattern: pattern(pada.syllables), form: f.form };
    if (f.form === 'irregular') scan.breaks = f.breaks.map((at) => breakOf(pada.syllables[at - 1], at));
    return scan;
  });
  const forms = padas.map((p) => p.form);
  const meter = meterName(size, forms);
  if (padas.length !== 4) notes.push(`${padas.length} pādas where the verse has four`);
  if (meter === 'upajāti' || meter === 'triṣṭubh' || meter === 'jagatī') notes.push(`pādas: ${forms.join(', ')}`);
  const regular = padas.length === 4 && forms.every((f) => f !== 'irregular');
  return { ref, meter, padas, size, ...(size === 8 && { halves: halves(forms) }), regular, notes };
}
