// The roots as the API serves them, made by the build from content/roots.json
// and the placed analysis: each verbal word's root (for its verse's analysis),
// each root's answer (/root/{root}: its entries, its words grouped by
// preverbs and by form, with each verse), every root (/roots), and the ASCII
// spellings that are no root themselves.
import type { DcsWord } from '../dcs/conllu.ts';
import { grammarInWords } from '../dcs/grammar.ts';
import { foldLemma, lemmaName } from '../dcs/lemma-name.ts';
import { Sanscript } from '../iast.ts';
import { ROOTS_ATTRIBUTION } from './attribution.ts';
import { lemmaKey, type LemmaRoot } from './roots.ts';
import type { RootAnswer, RootChoice, RootGroup, RootIndex, WordRoot } from './shapes.ts';

/** At most this many English senses are listed for a root: the most frequent. */
export const MAX_SENSES = 12;

export const wordRoot = (l: LemmaRoot): WordRoot => ({ root: l.root, prefixes: l.prefixes, derived: l.derived, codes: l.entries.map((e) => e.code), ...(l.ambiguous && { ambiguous: true as const }) });

/** A verbal word's root, by its lemma and lemma id; undefined for any other word and for an undecided lemma. */
export function rootLookup(lemmas: readonly LemmaRoot[]): (w: DcsWord) => WordRoot | undefined {
  const by = new Map(lemmas.map((l) => [lemmaKey(l.lemma, l.lemmaId), wordRoot(l)]));
  return (w) => (w.pos === 'VERB' ? by.get(lemmaKey(lemmaName(w.lemma), w.lemmaId)) : undefined);
}

export const devanagariOf = (iast: string) => Sanscript.t(iast, 'iast', 'devanagari');

type Analysed = Array<{ ref: string; words: DcsWord[] }>;
/** The word-by-word meaning a DCS word is joined to, by verse and position (1 first). */
export type MeaningOf = (ref: string, position: number) => string | undefined;

const byCountThenName = <T extends { count: number }>(key: (x: T) => string) => (a: T, b: T) => b.count - a.count || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/** One group (a lemma: its preverbs and stem) with its forms and their places. */
function groupOf(l: LemmaRoot, places: Array<{ ref: string; position: number; w: DcsWord }>, meaningOf: MeaningOf): RootGroup {
  const forms = new Map<string, RootGroup['forms'][number]>();
  for (const { ref, position, w } of places) {
    let f = forms.get(w.unsandhied);
    if (!f) forms.set(w.unsandhied, (f = { form: w.unsandhied, count: 0, occurrences: [] }));
    const meaning = meaningOf(ref, position);
    f.count++;
    f.occurrences.push({ ref, position, form: w.form, grammar: grammarInWords(w.features), ...(meaning && { meaning }) });
  }
  const { root: _, ...word } = wordRoot(l);
  return { ...word, lemma: l.lemma, count: places.length, forms: [...forms.values()].sort(byCountThenName((f) => f.form)) };
}

/** Every root's answer, most frequent first: the lemmas with a root (denominatives have none), their words in verse order. */
export function rootAnswers(lemmas: readonly LemmaRoot[], analysed: Analysed, meaningOf: MeaningOf): RootAnswer[] {
  const places = new Map<string, Array<{ ref: string; position: number; w: DcsWord }>>();
  for (const { ref, words } of analysed)
    words.forEach((w, i) => {
      if (w.pos !== 'VERB') return;
      const key = lemmaKey(lemmaName(w.lemma), w.lemmaId);
      places.set(key, [...(places.get(key) ?? []), { ref, position: i + 1, w }]);
    });
  const byRoot = new Map<string, LemmaRoot[]>();
  for (const l of lemmas) if (l.root !== null && places.has(lemmaKey(l.lemma, l.lemmaId))) byRoot.set(l.root, [...(byRoot.get(l.root) ?? []), l]);
  const answers = [...byRoot].map(([root, ls]): RootAnswer => {
    const groups = ls.map((l) => groupOf(l, places.get(lemmaKey(l.lemma, l.lemmaId))!, meaningOf)).sort(byCountThenName((g) => g.lemma));
    const occurrences = groups.flatMap((g) => g.forms.flatMap((f) => f.occurrences));
    const entries = new Map(ls.flatMap((l) => l.entries).map((e) => [e.code, e]));
    const senses = new Map<string, number>();
    for (const o of occurrences) if (o.meaning) senses.set(o.meaning, (senses.get(o.meaning) ?? 0) + 1);
    return {
      root,
      devanagari: devanagariOf(root),
      entries: [...entries.values()].sort((a, b) => (a.code < b.code ? -1 : 1)),
      count: occurrences.length,
      verses: new Set(occurrences.map((o) => o.ref)).size,
      senses: [...senses].map(([meaning, count]) => ({ meaning, count })).sort(byCountThenName((s) => s.meaning)).slice(0, MAX_SENSES),
      groups,
      attribution: ROOTS_ATTRIBUTION,
    };
  });
  // Roots typed the same in ASCII name each other, as lemmas do.
  const folded = new Map<string, string[]>();
  for (const a of answers) folded.set(foldLemma(a.root), [...(folded.get(foldLemma(a.root)) ?? []), a.root]);
  return answers
    .map(({ attribution, ...a }) => {
      const also = folded.get(foldLemma(a.root))!.filter((r) => r !== a.root).sort();
      return { ...a, ...(also.length && { also }), attribution };
    })
    .sort(byCountThenName((a) => a.root));
}

/** /roots: every root, most frequent first. */
export const rootIndex = (answers: readonly RootAnswer[]): RootIndex => ({
  attribution: ROOTS_ATTRIBUTION,
  count: answers.length,
  roots: answers.map((a) => ({ root: a.root, devanagari: a.devanagari, classes: [...new Set(a.entries.map((e) => e.class))].sort((x, y) => x - y), meaning: a.entries[0]?.meaning.iast ?? '', count: a.count, verses: a.verses })),
});

/** The ASCII spellings that are no root themselves, and what each answers: one root, or a choice of several. */
export function asciiRootAnswers(answers: readonly RootAnswer[]): Map<string, RootAnswer | RootChoice> {
  const names = new Set(answers.map((a) => a.root));
  const by = new Map<string, RootAnswer[]>();
  for (const a of answers) {
    const key = foldLemma(a.root);
    if (!names.has(key)) by.set(key, [...(by.get(key) ?? []), a]);
  }
  return new Map([...by].map(([key, list]) => [key, list.length === 1 ? list[0] : { query: key, roots: list, attribution: ROOTS_ATTRIBUTION }]));
}
