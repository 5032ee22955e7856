// Besant's Devanagari (a print of 1922) as a third witness of the verse:
// independent of the records and of gita/gita. Each verse's served `slok`
// (after the project's verse repairs) is compared with hers, word by word,
// once what is only typography is set aside (NORMALIZED says what); every
// difference left is reported with what the two other witnesses (the
// Digital Corpus of Sanskrit's words, gita/gita's Devanagari) read there.
// Nothing is changed here: a repair of the verse needs two witnesses to
// agree, which verse-text.ts decides.
import { toIast } from '../iast.ts';
import { bears, devanagariTokens, fieldLetters, hunks, type Token } from '../verse-text.ts';

/** Which reading a witness bears out at a difference: the served one, Besant's, neither, or it lacks the verse. */
export type Reading = 'served' | 'besant' | 'neither' | 'absent';

export interface WitnessDifference {
  ref: string;
  /** The served slok's words there (empty: Besant has words the served verse lacks). */
  served: string;
  besant: string;
  dcs: Reading;
  gitaGita: Reading;
}

export interface BesantWitnessReport {
  /** Verses compared (those both texts have). */
  compared: number;
  /** Verses that read the same once typography is set aside. */
  agree: number;
  /** What was set aside before comparing. */
  normalized: readonly string[];
  /** Differences by what the other witnesses read: "dcs:besant gita-gita:served" → count. */
  tally: Record<string, number>;
  differences: WitnessDifference[];
}

export const NORMALIZED = [
  'the danda forms (।, ॥, | and ||) and the verse-number marks (॥ १२ ॥, ||२-१२||)',
  'spaces and line breaks (words are compared by their letters, however an edition parts them)',
  'the avagraha (ऽ, ऽऽ or none), and the zero-width joiners (U+200C, U+200D) of half forms',
  'a colon typed for the visarga (जिजीविषाम: for जिजीविषामः)',
  'the speaker lines (अर्जुन उवाच, श्रीभगवानुवाच...), and the served verse\'s notes of variant readings, "(or ...)"',
  'a nasal written as anusvara or as the class nasal (सङ्ख्ये, संख्ये), and a final m or ṃ (as verse-text.ts reads letters)',
] as const;

const SPEAKER = /(?:धृतराष्ट्र|स(?:ञ्|ं)जय|अर्जुन)\s*उवाच|श्रीभगवानुवाच/g;
const VERSE_MARK = /(?:॥|\|\|)\s*[०-९0-9][०-९0-9.\-\s]*(?:॥|\|\|)/g;

/** A verse's Devanagari with the typography set aside: only its words, one space apart. */
export function bareVerse(devanagari: string): string {
  return devanagari
    .replace(/\s*\((?:or|var)\b[^)]*\)/g, ' ')
    .replace(SPEAKER, ' ')
    .replace(VERSE_MARK, ' ')
    .replace(/[।॥|]/g, ' ')
    .replace(/[ऽ\u200C\u200D]/g, '')
    .replace(/(?<=[\u0900-\u0963]):/g, 'ः')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface Witnesses {
  /** The DCS's words of each verse (IAST, as they stand), by ref. */
  dcs: ReadonlyMap<string, string>;
  /** gita/gita's Devanagari of each verse, by ref. */
  gitaGita: ReadonlyMap<string, string>;
}

/** Compare Besant's Devanagari (by ref) with each served verse's slok. */
export function compareWithBesant(besant: ReadonlyMap<string, string>, served: ReadonlyArray<{ _id: string; slok: string }>, witnesses: Witnesses): BesantWitnessReport {
  const report: BesantWitnessReport = { compared: 0, agree: 0, normalized: NORMALIZED, tally: {}, differences: [] };
  for (const record of served) {
    const hers = besant.get(record._id);
    if (hers === undefined) continue;
    report.compared++;
    const found = verseDifferences(record._id, record.slok, hers, witnesses);
    if (!found.length) report.agree++;
    for (const d of found) {
      const key = `dcs:${d.dcs} gita-gita:${d.gitaGita}`;
      report.tally[key] = (report.tally[key] ?? 0) + 1;
    }
    report.differences.push(...found);
  }
  return report;
}

function verseDifferences(ref: string, slok: string, hers: string, witnesses: Witnesses): WitnessDifference[] {
  const ours = devanagariTokens(bareVerse(slok));
  const theirs = devanagariTokens(bareVerse(hers));
  const dcs = witnesses.dcs.get(ref);
  const gg = witnesses.gitaGita.get(ref);
  const ggIast = gg === undefined ? undefined : toIast(bareVerse(gg));
  const whole = ours.map((t) => t.iast).join(' ');
  // A difference only in where the words part ("रणसमुद्यमे" joined to the word before, or not) is none: the letters are read across the words.
  const spelled = (ts: Token[]) => fieldLetters(ts.map((t) => t.iast).join(''));
  const real = hunks(ours, theirs).filter(([a0, a1, b0, b1]) => spelled(ours.slice(a0, a1)) !== spelled(theirs.slice(b0, b1)));
  return real.map(([a0, a1, b0, b1]) => {
    const withHers = [...ours.slice(0, a0), ...theirs.slice(b0, b1), ...ours.slice(a1)].map((t) => t.iast).join(' ');
    return {
      ref,
      served: ours.slice(a0, a1).map((t) => t.text).join(' '),
      besant: theirs.slice(b0, b1).map((t) => t.text).join(' '),
      dcs: reading(bears(dcs, whole, withHers)),
      gitaGita: reading(bears(ggIast, whole, withHers)),
    };
  });
}

const reading = (r: ReturnType<typeof bears>): Reading => (r === 'slok' ? 'served' : r === 'transliteration' ? 'besant' : r);
