// Every verbal word's dhātu: the join of the DCS's verb lemmas with the
// dhātupāṭha. The entry point:
//
//   readDhatupatha(dir: string): Dhatupatha          (dhatupatha.ts)
//   rootsOf(input: DcsSentence[][] | DcsSentence[] | DcsWord[], table: Dhatupatha): Roots
//     → { lemmas: Map<lemmaKey, LemmaRoot>, undecided: Undecided[], summary: RootsSummary }
//   lemmaKey(lemma, lemmaId): string                 ("prāp#163158")
//
// For each distinct VERB lemma (its IAST name and DCS lemma id): its preverbs
// (preverbs.ts), the root or the secondary stem left (derived.ts,
// substitutes.ts), and the dhātupāṭha entries of that root. A root that stands
// more than once is narrowed by rule: the present class its forms show
// (present.ts), then the hand-read sense (senses.ts); what stays several
// entries of one root is `ambiguous`, with all of them listed. Nothing is
// guessed: a lemma that no split reads, that reads two ways, or whose stem
// fits several roots goes to `undecided` with the reason.
import type { DcsSentence, DcsWord } from '../dcs/conllu.ts';
import { lemmaName } from '../dcs/lemma-name.ts';
import type { Dhatupatha, DhatupathaEntry, Voice } from './dhatupatha.ts';
import { readStem, type Derived, type StemReading } from './derived.ts';
import { allSplits, splitPreverbs, type Split } from './preverbs.ts';
import { classesShown } from './present.ts';
import { SENSES } from './senses.ts';
import { SUBSTITUTES } from './substitutes.ts';

export { readDhatupatha } from './dhatupatha.ts';

export interface RootEntry {
  code: string;
  class: number;
  voice: Voice;
  meaning: { devanagari: string; iast: string };
}

export interface LemmaRoot {
  lemma: string;
  lemmaId: number;
  /** How many VERB words have this lemma. */
  words: number;
  prefixes: string[];
  /** The root's citation form (IAST); null for a denominative, whose base is a noun (derived.stem). */
  root: string | null;
  derived: Derived | null;
  entries: RootEntry[];
  /** Several entries of the root stay after every rule: all are listed. */
  ambiguous?: true;
  /** How the entry was chosen (or why it could not be). */
  reason: string;
}

export interface Undecided {
  lemma: string;
  lemmaId: number;
  words: number;
  reason: string;
}

export interface Count {
  lemmas: number;
  words: number;
}

export interface RootsSummary {
  total: Count;
  /** A root and one dhātupāṭha entry. */
  decided: Count;
  /** A root, several entries. */
  ambiguous: Count;
  /** No root: a noun's denominative. */
  denominative: Count;
  undecided: Count;
}

export interface Roots {
  lemmas: Map<string, LemmaRoot>;
  undecided: Undecided[];
  summary: RootsSummary;
}

export const lemmaKey = (lemma: string, lemmaId: number) => `${lemma}#${lemmaId}`;

/** The VERB words of whatever shape is given, grouped by lemma, in first-seen order. */
function verbLemmas(input: DcsSentence[][] | DcsSentence[] | DcsWord[]): Map<string, { lemma: string; lemmaId: number; words: DcsWord[] }> {
  const flat = (input as unknown[]).flat() as Array<DcsSentence | DcsWord>;
  const words = flat.flatMap((x) => ('words' in x ? x.words : [x]));
  const by = new Map<string, { lemma: string; lemmaId: number; words: DcsWord[] }>();
  for (const w of words) {
    if (w.pos !== 'VERB') continue;
    const lemma = lemmaName(w.lemma);
    const key = lemmaKey(lemma, w.lemmaId);
    if (!by.has(key)) by.set(key, { lemma, lemmaId: w.lemmaId, words: [] });
    by.get(key)!.words.push(w);
  }
  return by;
}

/** A stem's readings, a substitute read as its root. */
function readRest(rest: string, table: Dhatupatha): StemReading[] {
  const sub = SUBSTITUTES[rest];
  if (sub) return readStem(sub.root, table).map((r) => ({ ...r, rule: sub.rule }));
  return readStem(rest, table);
}

const toRootEntry = (e: DhatupathaEntry): RootEntry => ({ code: e.code, class: e.class, voice: e.voice, meaning: { devanagari: e.meaning.devanagari, iast: e.meaning.iast } });

/** The forms that show a present stem of the root itself: present and imperfect, active or middle, not the passive (its -ya- is no class's). */
function presentForms(words: DcsWord[]): string[] {
  return words.filter((w) => (w.features.Tense === 'Pres' || w.features.Tense === 'Impf') && w.features.Voice !== 'Pass' && w.features.VerbForm !== 'Gdv').map((w) => w.unsandhied);
}

/** One way to read the lemma: a split, a reading of its rest, one dhātupāṭha entry. */
interface Candidate {
  split: Split;
  reading: StemReading;
  entry: DhatupathaEntry;
}

const describe = (c: Candidate) => `${[...c.split.prefixes, c.reading.root].join(' + ')}${c.reading.derived ? ` (${c.reading.derived.kind})` : ''} ${c.entry.code} ${c.entry.meaning.iast}`;

/** Keep the candidates whose class the present forms show (only a root's own present: not a ṇic, san or yaṅ stem). */
function byPresentClass(candidates: Candidate[], words: DcsWord[]): { kept: Candidate[]; reason: string } | null {
  const forms = presentForms(words);
  if (!forms.length) return null;
  // A causative's present stem (vartaya-) is spelled as a class 10 root's own (3.1.25, 3.1.26): the forms show both alike.
  const causativeShows = (c: Candidate) => forms.filter((f) => f.includes(`${c.reading.derived!.stem}a`));
  const shows = (c: Candidate) => (c.reading.derived?.kind === 'causative' ? causativeShows(c) : c.reading.derived ? [] : forms.filter((f) => classesShown(f, [c.entry]).length));
  const kept = candidates.filter((c) => shows(c).length);
  if (!kept.length || kept.length === candidates.length) return null;
  const seen = [...new Set(kept.flatMap(shows))];
  const what = [...new Set(kept.map((c) => (c.reading.derived ? 'a causative' : `class ${c.entry.class}`)))];
  return { kept, reason: `the present stem of ${seen.join(', ')} is ${what.join(' or ')}'s` };
}

/**
 * The lemma unsplit reads only as an intensive or a denominative: its first
 * letters would be a reduplication or part of a noun (saṃsmṛ as an intensive
 * of smṛ, abhyasūy as one stem). A preverb is the likelier reading
 * (saṃsmṛtya, saṃstabhya: a gerund in -ya stands only after a preverb,
 * 7.1.37), so a split that takes one off is read instead, where there is one.
 */
function wholeOnlyDerived(splits: Split[], table: Dhatupatha): boolean {
  if (splits.length !== 1 || splits[0].prefixes.length) return false;
  const readings = readRest(splits[0].rest, table);
  return readings.length > 0 && readings.every((r) => r.derived?.kind === 'intensive' || r.derived?.kind === 'denominative');
}

/** The splits with the fewest preverbs but at least one; the unsplit reading when there is none. */
function withPreverb(lemma: string, known: (rest: string) => boolean, unsplit: Split[]): Split[] {
  const split = allSplits(lemma, known).filter((s) => s.prefixes.length > 0);
  if (!split.length) return unsplit;
  const fewest = Math.min(...split.map((s) => s.prefixes.length));
  return split.filter((s) => s.prefixes.length === fewest);
}

/** The candidates with the fewest preverbs (of upa + ās and upa + ā + ās, the first). */
function fewestPreverbs(candidates: Candidate[]): Candidate[] {
  const fewest = Math.min(...candidates.map((c) => c.split.prefixes.length));
  return candidates.filter((c) => c.split.prefixes.length === fewest);
}

/** A sense read by hand for this DCS lemma itself (`root#lemmaId` in senses.ts). */
const hasLemmaSense = (lemmaId: number) => Object.keys(SENSES).some((k) => k.endsWith(`#${lemmaId}`));

/** Two rests that differ at most in the length of their first vowel, which a vowel sandhi at the join leaves unwritten. */
const sameRest = (a: string, b: string) => a === b || a.replace(/^[āīūṝ]/, (v) => SHORT[v]) === b.replace(/^[āīūṝ]/, (v) => SHORT[v]);
const SHORT: Record<string, string> = { ā: 'a', ī: 'i', ū: 'u', ṝ: 'ṛ' };

/** Narrow the candidates: by the present class the forms show, then by the hand-read sense. */
function narrow(candidates: Candidate[], words: DcsWord[], lemmaId: number): { kept: Candidate[]; reason: string } {
  if (candidates.length === 1) return { kept: candidates, reason: `${candidates[0].reading.rule}; the one entry of ${candidates[0].reading.root}` };
  // A sense read by hand for this very lemma comes before every rule.
  for (const root of new Set(candidates.map((c) => c.reading.root))) {
    const sense = SENSES[`${root}#${lemmaId}`];
    const chosen = fewestPreverbs(sense ? candidates.filter((c) => c.entry.code === sense.code && c.reading.root === root) : []);
    if (chosen.length === 1) return { kept: chosen, reason: `sense of this lemma, read by hand: ${sense!.why}` };
  }
  const byClass = byPresentClass(candidates, words);
  const left = byClass?.kept ?? candidates;
  if (left.length === 1) return byClass!;
  const before = byClass ? byClass.reason + '; ' : '';
  // A root's sense chooses among the entries one split of the lemma reads (dhā or dhe for the same letters; i or ī where
  // a vowel sandhi merged a short and a long vowel: pra + i and pra + ī are both pre); between two splits that differ
  // otherwise (uddhṛ: ud + hṛ, the h written dh by 8.4.62, or ud + dhṛ) only a sense read for this lemma may choose.
  const first = left[0];
  const oneSplit = left.every((c) => sameRest(c.split.rest, first.split.rest) && c.split.prefixes.join() === first.split.prefixes.join());
  for (const root of oneSplit ? new Set(left.map((c) => c.reading.root)) : []) {
    const sense = SENSES[root];
    const chosen = sense ? left.filter((c) => c.entry.code === sense.code && c.reading.root === root) : [];
    if (chosen.length === 1) return { kept: chosen, reason: `${before}sense, read by hand: ${sense.why}` };
  }
  return { kept: left, reason: `${before}${left.length} readings stay (${left.map(describe).join('; ')}) and neither the forms nor a hand-read sense decide` };
}

/** Every reading of the lemma with the fewest preverbs, as candidates. */
function candidatesOf(splits: Split[], table: Dhatupatha): Candidate[] {
  return splits.flatMap((split) => readRest(split.rest, table).flatMap((reading) => reading.entries.map((entry) => ({ split, reading, entry }))));
}

/** One lemma's root, or the reason it has none. */
function decide(lemma: string, lemmaId: number, words: DcsWord[], table: Dhatupatha): LemmaRoot | Undecided {
  const base = { lemma, lemmaId, words: words.length };
  const known = (rest: string) => readRest(rest, table).length > 0;
  // The fewest preverbs win (pat is no p + at), unless a sense read for this very lemma names a longer split (vīta: vi + i),
  // or the whole lemma reads only as an intensive or a denominative (wholeOnlyDerived).
  const fewest = splitPreverbs(lemma, known);
  const preverbFirst = !hasLemmaSense(lemmaId) && wholeOnlyDerived(fewest, table);
  const splits = hasLemmaSense(lemmaId) ? allSplits(lemma, known) : preverbFirst ? withPreverb(lemma, known, fewest) : fewest;
  const before = preverbFirst && splits !== fewest ? `unsplit, ${lemma} reads only as an intensive or a denominative: the preverb read instead (a gerund in -ya follows a preverb, 7.1.37); ` : '';
  if (!splits.length) return { ...base, reason: `no split of ${lemma} into preverbs leaves a root of the dhātupāṭha or a stem made from one` };
  const denominative = splits.length === 1 && readRest(splits[0].rest, table).find((r) => r.derived?.kind === 'denominative');
  if (denominative) return { ...base, prefixes: splits[0].prefixes, root: null, derived: denominative.derived, entries: [], reason: denominative.rule };
  const narrowed = narrow(candidatesOf(splits, table), words, lemmaId);
  const { kept } = narrowed;
  const reason = before + narrowed.reason;
  const [first] = kept;
  const same = (c: Candidate) => c.reading.root === first.reading.root && c.split.prefixes.join() === first.split.prefixes.join() && c.reading.derived?.kind === first.reading.derived?.kind;
  if (!kept.every(same)) return { ...base, reason };
  return {
    ...base,
    prefixes: first.split.prefixes,
    root: first.reading.root,
    derived: first.reading.derived,
    entries: kept.map((c) => toRootEntry(c.entry)),
    ...(kept.length > 1 && { ambiguous: true as const }),
    reason,
  };
}

const count = (items: Array<{ words: number }>): Count => ({ lemmas: items.length, words: items.reduce((n, x) => n + x.words, 0) });

/** The figures: how many lemmas and words have a root with one entry, several, a denominative's noun, none. */
export function summarise(lemmas: Iterable<LemmaRoot>, undecided: Undecided[]): RootsSummary {
  const all = [...lemmas];
  const withRoot = all.filter((l) => l.root !== null);
  return {
    total: count([...all, ...undecided]),
    decided: count(withRoot.filter((l) => !l.ambiguous)),
    ambiguous: count(withRoot.filter((l) => l.ambiguous)),
    denominative: count(all.filter((l) => l.root === null)),
    undecided: count(undecided),
  };
}

/** Every VERB lemma's root (see the top of this file). */
export function rootsOf(input: DcsSentence[][] | DcsSentence[] | DcsWord[], table: Dhatupatha): Roots {
  const lemmas = new Map<string, LemmaRoot>();
  const undecided: Undecided[] = [];
  for (const [key, { lemma, lemmaId, words }] of verbLemmas(input)) {
    const result = decide(lemma, lemmaId, words, table);
    if ('root' in result) lemmas.set(key, result);
    else undecided.push(result);
  }
  return { lemmas, undecided, summary: summarise(lemmas.values(), undecided) };
}
