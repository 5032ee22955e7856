// The word analysis in dist/, as its routes build it: each verse's word-by-word
// list joined to the analysis (slok/{ch}/{sl}/words.json), each verse's
// analysis (slok/{ch}/{sl}/analysis.json), each lemma's concordance
// (lemma/{lemma}.json, and its ASCII spelling's) and reading page
// (read/lemma/{lemma}/), every lemma (lemmas.json); and what the joining left
// over (analysis-report.json), which no route answers and the word analysis's
// pass writes. All of it is files the server streams from disk: no worker
// holds the 10,547 words in memory. What two of them share (the join, the
// concordance) is made once per build, keyed by the build's input.
import type { AuditFile } from '../content/audit.ts';
import { isColophon, type Content } from '../content/read.ts';
import type { AnalysisFile } from '../content/dcs/store.ts';
import { DCS_ATTRIBUTION } from '../content/dcs/read.ts';
import { asciiAnswers, concordance, joinedWords, served, verseAnalysis, type JoinedWord, type LemmaChoice, type LemmaEntry, type AnalysedWord } from '../content/dcs/served.ts';
import { lemmaPage } from '../pages/lemma.ts';
import { wordsOf } from '../content/words.ts';
import { FILES } from '../layout.ts';
import { rootLookup, type MeaningOf } from '../content/roots/served.ts';
import { joinWords } from '../content/dcs/join.ts';
import type { BuildInput, BuiltFile } from '../contract/build-input.ts';
import { analysedVerses, perBuild } from './per-build.ts';

export interface JoinReport {
  joins: { entries: number; joined: number; rate: number };
  /** Every word-by-word entry no DCS word aligns with. */
  unjoined: Array<{ ref: string; word: string; transliteration: string }>;
}

export interface WordJoin {
  /** Each verse's word-by-word list joined to the analysis, by ref: its words.json, and what its reading page shows. */
  joined: Map<string, JoinedWord[]>;
  report: JoinReport;
}

/** The word lists joined to the analysis (each entry to the DCS words it covers, none without the analysis), made once per build. */
export const wordJoin = perBuild((input): WordJoin => {
  const dcs = input.dcs();
  const roots = input.roots();
  const rootOf = dcs && roots ? rootLookup(roots.lemmas) : undefined;
  const report: JoinReport = { joins: { entries: 0, joined: 0, rate: 0 }, unjoined: [] };
  const joined = new Map<string, JoinedWord[]>();
  for (const { record: v } of input.content.verses) {
    const ref = `BG${v.chapter}.${v.verse}`;
    const words = joinedWords(wordsOf(v), dcs?.verses[ref], rootOf);
    joined.set(ref, words);
    if (!dcs) continue;
    for (const e of words) {
      report.joins.entries++;
      if (e.analysis.length) report.joins.joined++;
      else report.unjoined.push({ ref, word: e.word, transliteration: e.transliteration });
    }
  }
  report.joins.rate = report.joins.entries ? Math.round((report.joins.joined / report.joins.entries) * 10000) / 100 : 0;
  return { joined, report };
});

/** /slok/{ch}/{sl}/words: each verse's word-by-word list joined to the analysis ([] for a verse without a list). */
export const verseWordFiles = (input: BuildInput): BuiltFile[] => {
  const { joined } = wordJoin(input);
  return input.content.verses.map(({ record: v }) => ({ at: { ch: v.chapter, sl: v.verse }, json: joined.get(`BG${v.chapter}.${v.verse}`) }));
};

/** What the joining left over (analysis-report.json, which the docs page links): no route's file, so the word analysis's pass writes it; none without the analysis. */
export function joinReportFiles(input: BuildInput, audit: AuditFile): Array<{ path: string; body: Buffer }> {
  if (!input.dcs()) return [];
  const { report } = wordJoin(input);
  const body = { attribution: DCS_ATTRIBUTION, ...report, placed: audit.analysis?.unnumbered ?? [], spelling: audit.analysis?.spelling ?? [] };
  return [{ path: FILES.analysisReport, body: Buffer.from(JSON.stringify(body, null, 1) + '\n') }];
}

interface Concordance {
  /** Every lemma, most frequent first. */
  lemmas: LemmaEntry[];
  /** Each lemma file's name (the IAST lemma, or an ASCII spelling that is no lemma) with its answer. */
  named: Array<readonly [string, LemmaEntry | LemmaChoice]>;
  /** Each analysed verse's words as served, by ref: what a lemma's page shows around an occurrence. */
  servedWords: Map<string, AnalysedWord[]>;
}

/** The concordance of this build, or null when the content has no analysis. */
const concordanceOf = perBuild((input): Concordance | null => {
  if (!input.dcs()) return null;
  const analysed = analysedVerses(input);
  const lemmas = concordance(analysed);
  const named = [...lemmas.map((e) => [e.lemma, e] as const), ...asciiAnswers(lemmas)];
  return { lemmas, named, servedWords: new Map(analysed.map(({ ref, words }) => [ref, words.map(served)])) };
});

/** /slok/{ch}/{sl}/analysis: each verse's words as the DCS analyses them (words: [] and a note for BG13.1 and the colophons); none without the analysis. */
export function verseAnalysisFiles(input: BuildInput): BuiltFile[] {
  const dcs = input.dcs();
  if (!dcs) return [];
  const roots = input.roots();
  const rootOf = roots ? rootLookup(roots.lemmas) : undefined;
  const chapters = new Map(input.content.chapters.map((c) => [c.record.chapter_number, c.record]));
  return input.content.verses.map(({ record: v }) => {
    const ref = `BG${v.chapter}.${v.verse}`;
    return { at: { ch: v.chapter, sl: v.verse }, json: verseAnalysis(ref, dcs.verses[ref], isColophon(v, chapters.get(v.chapter)!), true, rootOf) };
  });
}

/** /lemma/{lemma}: each lemma's concordance, under its IAST and (where that is no lemma) its ASCII spelling. */
export const lemmaFiles = (input: BuildInput): BuiltFile[] => (concordanceOf(input)?.named ?? []).map(([lemma, json]) => ({ at: { lemma }, json }));

/** /lemmas: every lemma with its parts of speech and count, most frequent first. */
export function lemmaIndexFile(input: BuildInput): BuiltFile[] {
  const c = concordanceOf(input);
  if (!c) return [];
  return [{ json: { attribution: DCS_ATTRIBUTION, count: c.lemmas.length, lemmas: c.lemmas.map((e) => ({ lemma: e.lemma, pos: e.pos, count: e.count })) } }];
}

/** /read/lemma/{lemma}: each lemma's reading page, under the same names as its file. */
export function lemmaPages(input: BuildInput): BuiltFile[] {
  const c = concordanceOf(input);
  if (!c) return [];
  return c.named.map(([lemma, answer]) => ({ at: { lemma }, body: lemmaPage(answer, (ref) => c.servedWords.get(ref) ?? [], input.base) }));
}

/** Each DCS word's word-by-word meaning, where the word lists' join reaches it: by verse and position (1 first). */
export function meaningsOf(content: Content, dcs: AnalysisFile): MeaningOf {
  const by = new Map<string, string>();
  for (const { record: v } of content.verses) {
    const ref = `BG${v.chapter}.${v.verse}`;
    const words = dcs.verses[ref];
    if (!words?.length) continue;
    const entries = wordsOf(v);
    joinWords(entries.map((e) => e.transliteration), words).forEach((positions, i) => {
      for (const p of positions) if (entries[i].meaning) by.set(`${ref}#${p + 1}`, entries[i].meaning);
    });
  }
  return (ref, position) => by.get(`${ref}#${position}`);
}
