// The scansion of the whole Gita for the audit: every verse scanned, the
// count of each meter (every verse once), the verses that do not scan with
// the pāda and syllables that break, and the colophons set apart as prose.
// Beside it, the witnesses: for a verse that does not scan, the same verse as
// another edition reads it, scanned the same way. This is a check of the
// text, never a repair: nothing here changes a verse.
import type { IrregularVerse, MeterSummary, PadaForm } from './shapes.ts';
import { padaName, scanVerse, type Script, type VerseScan } from './scan.ts';

export type { IrregularVerse, MeterSummary };

export interface MeterRecord {
  _id: string;
  chapter: number;
  verse: number;
  slok: string;
}

export interface MeterReport {
  verses: VerseScan[];
  summary: MeterSummary;
}

/** A colophon's scan: prose, no pādas. */
const prose = (ref: string): VerseScan => ({ ref, meter: 'prose', padas: [], regular: true, notes: ["the chapter's colophon: prose, not measured"] });

/** Scan every record; `versesPerChapter` tells the colophons (verse verses_count + 1) from the verses. */
export function meterReport(records: readonly MeterRecord[], versesPerChapter: readonly number[]): MeterReport {
  const verses = records.map((r) => (r.verse > (versesPerChapter[r.chapter - 1] ?? Infinity) ? prose(r._id) : scanVerse(r._id, r.slok)));
  return { verses, summary: summarize(verses) };
}

export function irregularVerse(v: VerseScan): IrregularVerse {
  const padas = v.padas.flatMap((p, i) => (p.form === 'irregular' ? [{ pada: padaName(i), text: p.text, pattern: p.pattern, breaks: p.breaks ?? [] }] : []));
  return { ref: v.ref, meter: v.meter, padas, notes: v.notes.filter((n) => !/^the (end mark|speaker line|note)/.test(n)) };
}

function summarize(verses: readonly VerseScan[]): MeterSummary {
  const measured = verses.filter((v) => v.meter !== 'prose');
  const meters = new Map<VerseScan['meter'], string[]>();
  const halves: MeterSummary['halves'] = {};
  for (const v of measured) {
    (meters.get(v.meter) ?? meters.set(v.meter, []).get(v.meter)!).push(v.ref);
    for (const h of v.halves ?? []) halves[h] = (halves[h] ?? 0) + 1;
  }
  return {
    verses: measured.length,
    meters: [...meters].map(([meter, refs]) => ({ meter, count: refs.length, verses: refs })).sort((a, b) => b.count - a.count),
    halves,
    hypermetric: measured.filter((v) => v.padas.some((p) => p.form === 'hypermetric' || p.syllables.length === (v.size ?? 0) + 1)).map((v) => v.ref),
    irregular: measured.filter((v) => !v.regular).map(irregularVerse),
    prose: verses.filter((v) => v.meter === 'prose').map((v) => v.ref),
  };
}

/** The other editions' texts of each verse, by ref: the DCS's words (IAST, as they stand, with sandhi), gita/gita's Devanagari, Besant's Devanagari (1922). */
export interface MeterWitnesses {
  dcs?: ReadonlyMap<string, string>;
  gitaGita?: ReadonlyMap<string, string>;
  besant?: ReadonlyMap<string, string>;
}

export type WitnessName = 'dcs' | 'gita-gita' | 'besant';

/** A witness's reading of a verse that does not scan, scanned. */
export interface WitnessReading {
  witness: WitnessName;
  /** The witness's pādas where ours break, as it reads them. */
  padas: Array<{ pada: string; text: string; pattern: string; form: PadaForm }>;
  /** Its reading of those pādas is named or licensed. */
  scans: boolean;
  /** It weighs those pādas otherwise than our text (the last syllable, free, aside). */
  differs: boolean;
  /** Its syllables in the whole verse, and ours: a witness that writes words without their sandhi (the DCS's "na ayam" for nāyaṃ) counts more. */
  syllables: { witness: number; ours: number };
  note: string;
}

export interface MeterFinding extends IrregularVerse {
  witnesses: WitnessReading[];
}

const WITNESS_SCRIPTS: Record<WitnessName, Script> = { dcs: 'iast', 'gita-gita': 'devanagari', besant: 'devanagari' };
export const WITNESS_NAMES: Record<WitnessName, string> = { dcs: 'the Digital Corpus of Sanskrit', 'gita-gita': 'gita/gita', besant: "Besant's Devanagari (1922)" };

/** For each verse that does not scan, what each witness reads at its broken pādas and whether that scans. */
export function meterFindings(verses: readonly VerseScan[], witnesses: MeterWitnesses): MeterFinding[] {
  const texts: Record<WitnessName, ReadonlyMap<string, string> | undefined> = { dcs: witnesses.dcs, 'gita-gita': witnesses.gitaGita, besant: witnesses.besant };
  return verses
    .filter((v) => !v.regular && v.meter !== 'prose')
    .map((v) => {
      const like = v.padas.map((p) => p.syllables.length);
      const readings = (Object.keys(texts) as WitnessName[]).flatMap((w) => {
        const text = texts[w]?.get(v.ref);
        return text === undefined ? [] : [witnessReading(v, w, scanVerse(v.ref, text, { script: WITNESS_SCRIPTS[w], like }))];
      });
      return { ...irregularVerse(v), witnesses: readings };
    });
}

const count = (v: VerseScan) => v.padas.reduce((s, p) => s + p.syllables.length, 0);
/** A pāda's weights but the last, which is free. */
const bound = (pattern: string) => pattern.slice(0, -1);

function witnessReading(ours: VerseScan, witness: WitnessName, theirs: VerseScan): WitnessReading {
  const broken = ours.padas.flatMap((p, i) => (p.form === 'irregular' ? [i] : []));
  const padas = broken.flatMap((i) => (theirs.padas[i] ? [{ pada: padaName(i), text: theirs.padas[i].text, pattern: theirs.padas[i].pattern, form: theirs.padas[i].form }] : []));
  const differs = padas.length !== broken.length || padas.some((p, k) => bound(p.pattern) !== bound(ours.padas[broken[k]].pattern));
  const scans = padas.length === broken.length && padas.every((p) => p.form !== 'irregular');
  const syllables = { witness: count(theirs), ours: count(ours) };
  const reads = !differs ? 'reads these pādas with the same weights: they do not scan there either' : scans ? 'reads these pādas otherwise, and its reading scans' : 'reads these pādas otherwise, and its reading does not scan either';
  const counted = syllables.witness === syllables.ours ? '' : `; its verse counts ${syllables.witness} syllables to our ${syllables.ours}${witness === 'dcs' ? ' (the DCS writes some words without their sandhi: its syllables there are not the verse as recited)' : ''}`;
  return { witness, padas, scans, differs, syllables, note: `${WITNESS_NAMES[witness]} ${reads}${counted}` };
}
