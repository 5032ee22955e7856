// The shapes the API serves from the analysis: a verse's words
// (/slok/{ch}/{sl}/analysis), the word-by-word lists joined to them, a
// lemma's concordance (/lemma/{lemma}) and every lemma (/lemmas). Made by
// the build; the server streams the files.
import type { Word } from '../words.ts';
import type { DcsWord } from './conllu.ts';
import type { AnalysedWord, LemmaChoice, LemmaEntry, Occurrence, VerseAnalysis } from './shapes.ts';

export type { AnalysedWord, LemmaChoice, LemmaEntry, Occurrence, VerseAnalysis };
import { grammarInWords } from './grammar.ts';
import { joinWords } from './join.ts';
import { foldLemma, lemmaName } from './lemma-name.ts';
import { DCS_ATTRIBUTION } from './read.ts';
import { ROOTS_ATTRIBUTION } from '../roots/attribution.ts';
import type { WordRoot } from '../roots/shapes.ts';

export const served = (w: DcsWord): AnalysedWord => ({ form: w.form, unsandhied: w.unsandhied, lemma: w.lemma, pos: w.pos, features: w.features, token: w.token ?? w.form, grammar: grammarInWords(w.features) });

/** A verbal word's root (src/content/roots/served.ts, rootLookup), or none. */
export type RootOf = (w: DcsWord) => WordRoot | undefined;

/** A word as served, with its root when it has one. */
export function withRoot(w: DcsWord, rootOf?: RootOf): AnalysedWord {
  const root = rootOf?.(w);
  return root ? { ...served(w), root } : served(w);
}

export const NOTE_COLOPHON = "A chapter's colophon is no verse of the text: the DCS does not analyse it.";
export const NOTE_NOT_IN_DCS = 'Not in the Critical Edition that the DCS analyses (its chapter 13 starts at our 13.2).';
export const NOTE_NOT_IMPORTED = 'The word analysis was not imported with this content.';

/** A verse's analysis; with `rootOf`, each verbal word carries its root, and the answer credits the dhātupāṭha too. */
export function verseAnalysis(ref: string, words: DcsWord[] | undefined, colophon: boolean, imported: boolean, rootOf?: RootOf): VerseAnalysis {
  const note = !imported ? NOTE_NOT_IMPORTED : colophon ? NOTE_COLOPHON : !words ? NOTE_NOT_IN_DCS : undefined;
  return { ref, words: (words ?? []).map((w) => withRoot(w, rootOf)), ...(note && { note }), attribution: rootOf ? ROOTS_ATTRIBUTION : DCS_ATTRIBUTION };
}

/** A word-by-word entry with the DCS words it covers ([] where none aligns). */
export interface JoinedWord extends Word {
  analysis: AnalysedWord[];
}

export function joinedWords(entries: Word[], words: DcsWord[] | undefined, rootOf?: RootOf): JoinedWord[] {
  const joined = words?.length ? joinWords(entries.map((e) => e.transliteration), words) : entries.map(() => []);
  return entries.map((e, i) => ({ ...e, analysis: joined[i].map((p) => withRoot(words![p], rootOf)) }));
}

/** Every lemma's concordance, in verse order, most frequent lemma first. */
export function concordance(verses: Array<{ ref: string; words: DcsWord[] }>): LemmaEntry[] {
  const by = new Map<string, { dcs: string; pos: Map<string, number>; occurrences: Occurrence[] }>();
  for (const { ref, words } of verses) {
    words.forEach((w, position) => {
      const name = lemmaName(w.lemma);
      let e = by.get(name);
      if (!e) by.set(name, (e = { dcs: w.lemma, pos: new Map(), occurrences: [] }));
      e.pos.set(w.pos, (e.pos.get(w.pos) ?? 0) + 1);
      e.occurrences.push({ ref, position: position + 1, form: w.form, unsandhied: w.unsandhied, pos: w.pos, features: w.features, grammar: grammarInWords(w.features) });
    });
  }
  const folded = new Map<string, string[]>();
  for (const name of by.keys()) folded.set(foldLemma(name), [...(folded.get(foldLemma(name)) ?? []), name]);
  const entries: LemmaEntry[] = [...by].map(([lemma, e]) => {
    const also = folded.get(foldLemma(lemma))!.filter((l) => l !== lemma).sort();
    return {
      lemma,
      ...(e.dcs !== lemma && { dcs: e.dcs }),
      pos: [...e.pos].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([p]) => p),
      count: e.occurrences.length,
      ...(also.length && { also }),
      occurrences: e.occurrences,
      attribution: DCS_ATTRIBUTION,
    };
  });
  return entries.sort((a, b) => b.count - a.count || (a.lemma < b.lemma ? -1 : a.lemma > b.lemma ? 1 : 0));
}

/** The ASCII spellings that are no lemma themselves, and what each answers: one lemma's entry, or a choice of several. */
export function asciiAnswers(entries: LemmaEntry[]): Map<string, LemmaEntry | LemmaChoice> {
  const names = new Set(entries.map((e) => e.lemma));
  const by = new Map<string, LemmaEntry[]>();
  for (const e of entries) {
    const key = foldLemma(e.lemma);
    if (!names.has(key)) by.set(key, [...(by.get(key) ?? []), e]);
  }
  return new Map([...by].map(([key, list]) => [key, list.length === 1 ? list[0] : { query: key, lemmas: list, attribution: DCS_ATTRIBUTION }]));
}
