// The word analysis in dist/: each verse's (slok/C/V/analysis.json), its
// word-by-word list joined to it (slok/C/V/words.json), each lemma's
// concordance (lemma/{lemma}.json, and its ASCII spelling), every lemma
// (lemmas.json), and what the joining left over (analysis-report.json). All
// of it is files the server streams from disk: no worker holds the 10,547
// words in memory.
import type { AuditFile } from '../content/audit.ts';
import { isColophon, type Content } from '../content/read.ts';
import type { AnalysisFile } from '../content/dcs/store.ts';
import { DCS_ATTRIBUTION } from '../content/dcs/read.ts';
import { asciiAnswers, concordance, joinedWords, served, verseAnalysis, type JoinedWord, type LemmaChoice, type LemmaEntry } from '../content/dcs/served.ts';
import { lemmaPage } from '../pages/lemma.ts';
import type { BaseUrl } from '../pages/read.ts';
import { wordsOf } from '../content/words.ts';
import { FILES } from '../layout.ts';

export interface JoinReport {
  joins: { entries: number; joined: number; rate: number };
  /** Every word-by-word entry no DCS word aligns with. */
  unjoined: Array<{ ref: string; word: string; transliteration: string }>;
}

const json = (path: string, value: unknown) => ({ path, body: Buffer.from(JSON.stringify(value)) });

export interface AnalysisAssets {
  assets: Array<{ path: string; body: Buffer }>;
  report: JoinReport;
  /** Each verse's word-by-word list joined to the analysis, by ref: what its reading page shows. */
  joined: Map<string, JoinedWord[]>;
}

export function analysisAssets(content: Content, dcs: AnalysisFile | null, audit: AuditFile, base: BaseUrl): AnalysisAssets {
  const chapters = new Map(content.chapters.map((c) => [c.record.chapter_number, c.record]));
  const assets: Array<{ path: string; body: Buffer }> = [];
  const report: JoinReport = { joins: { entries: 0, joined: 0, rate: 0 }, unjoined: [] };
  const analysed: Array<{ ref: string; words: NonNullable<AnalysisFile['verses'][string]> }> = [];
  const joinedBy = new Map<string, JoinedWord[]>();
  for (const { record: v } of content.verses) {
    const ref = `BG${v.chapter}.${v.verse}`;
    const words = dcs?.verses[ref];
    if (words) analysed.push({ ref, words });
    if (dcs) assets.push(json(FILES.analysis(v.chapter, v.verse), verseAnalysis(ref, words, isColophon(v, chapters.get(v.chapter)!), true)));
    const joined = joinedWords(wordsOf(v), words);
    joinedBy.set(ref, joined);
    assets.push(json(FILES.words(v.chapter, v.verse), joined));
    if (!dcs) continue;
    for (const e of joined) {
      report.joins.entries++;
      if (e.analysis.length) report.joins.joined++;
      else report.unjoined.push({ ref, word: e.word, transliteration: e.transliteration });
    }
  }
  report.joins.rate = report.joins.entries ? Math.round((report.joins.joined / report.joins.entries) * 10000) / 100 : 0;
  if (!dcs) return { assets, report, joined: joinedBy };
  const lemmas = concordance(analysed);
  // Each lemma's JSON and page, under its IAST and (where that is no lemma) its ASCII spelling.
  const servedWords = new Map(analysed.map(({ ref, words }) => [ref, words.map(served)]));
  const page = (answer: LemmaEntry | LemmaChoice) => Buffer.from(lemmaPage(answer, (ref) => servedWords.get(ref) ?? [], base));
  for (const e of lemmas) assets.push(json(FILES.lemma(e.lemma), e), { path: FILES.readLemma(e.lemma), body: page(e) });
  for (const [ascii, answer] of asciiAnswers(lemmas)) assets.push(json(FILES.lemma(ascii), answer), { path: FILES.readLemma(ascii), body: page(answer) });
  assets.push(json(FILES.lemmas, { attribution: DCS_ATTRIBUTION, count: lemmas.length, lemmas: lemmas.map((e) => ({ lemma: e.lemma, pos: e.pos, count: e.count })) }));
  assets.push({
    path: FILES.analysisReport,
    body: Buffer.from(JSON.stringify({ attribution: DCS_ATTRIBUTION, ...report, placed: audit.analysis?.unnumbered ?? [], spelling: audit.analysis?.spelling ?? [] }, null, 1) + '\n'),
  });
  return { assets, report, joined: joinedBy };
}
