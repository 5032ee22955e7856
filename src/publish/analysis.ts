// The word analysis in dist/: each verse's (slok/C/V/analysis.json), its
// word-by-word list joined to it (slok/C/V/words.json), each lemma's
// concordance (lemma/{lemma}.json, and its ASCII spelling) and reading page,
// every lemma (lemmas.json), and what the joining left over
// (analysis-report.json). All of it is files the server streams from disk: no
// worker holds the 10,547 words in memory.
import type { AuditFile } from '../content/audit.ts';
import { isColophon, type Content } from '../content/read.ts';
import type { AnalysisFile } from '../content/dcs/store.ts';
import { DCS_ATTRIBUTION } from '../content/dcs/read.ts';
import { asciiAnswers, concordance, joinedWords, served, verseAnalysis, type JoinedWord, type LemmaChoice, type LemmaEntry } from '../content/dcs/served.ts';
import { lemmaPage } from '../pages/lemma.ts';
import type { BaseUrl } from '../pages/read.ts';
import { wordsOf } from '../content/words.ts';
import { FILES } from '../layout.ts';
import type { RootsFile } from '../content/roots/store.ts';
import { rootLookup, type MeaningOf } from '../content/roots/served.ts';
import { joinWords } from '../content/dcs/join.ts';

export interface JoinReport {
  joins: { entries: number; joined: number; rate: number };
  /** Every word-by-word entry no DCS word aligns with. */
  unjoined: Array<{ ref: string; word: string; transliteration: string }>;
}

const json = (path: string, value: unknown) => ({ path, body: Buffer.from(JSON.stringify(value)) });

type Asset = { path: string; body: Buffer };

export interface WordAssets {
  /** Each verse's word-by-word list joined to the analysis (words.json), and what the joining left over (analysis-report.json). */
  assets: Asset[];
  report: JoinReport;
  /** Each verse's word-by-word list joined to the analysis, by ref: what its reading page shows. */
  joined: Map<string, JoinedWord[]>;
}

/**
 * The word lists joined to the analysis: the server's reading pages and the
 * MCP tools read them from dist/, so a fresh start's first build makes them
 * (with the report, which the docs page links).
 */
export function wordAssets(content: Content, dcs: AnalysisFile | null, audit: AuditFile, roots: RootsFile | null = null): WordAssets {
  const rootOf = dcs && roots ? rootLookup(roots.lemmas) : undefined;
  const assets: Asset[] = [];
  const report: JoinReport = { joins: { entries: 0, joined: 0, rate: 0 }, unjoined: [] };
  const joinedBy = new Map<string, JoinedWord[]>();
  for (const { record: v } of content.verses) {
    const ref = `BG${v.chapter}.${v.verse}`;
    const joined = joinedWords(wordsOf(v), dcs?.verses[ref], rootOf);
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
  if (dcs)
    assets.push({
      path: FILES.analysisReport,
      body: Buffer.from(JSON.stringify({ attribution: DCS_ATTRIBUTION, ...report, placed: audit.analysis?.unnumbered ?? [], spelling: audit.analysis?.spelling ?? [] }, null, 1) + '\n'),
    });
  return { assets, report, joined: joinedBy };
}

export interface LemmaAssets {
  /** Each verse's analysis (analysis.json), each lemma's concordance (lemma/{lemma}.json, and its ASCII spelling), every lemma (lemmas.json). */
  analysis: Asset[];
  /** Each lemma's reading page (read/lemma/{lemma}/), under the same names. */
  pages: Asset[];
}

/**
 * The word analysis itself: 4,018 JSON files (and 3,298 lemma pages) that
 * only their own routes answer from, which a fresh start's first build
 * leaves for the background with the other reading pages
 * (manifest.pending: 'word analysis', 'reading pages'). None without the
 * analysis.
 */
export function lemmaAssets(content: Content, dcs: AnalysisFile | null, base: BaseUrl, roots: RootsFile | null = null): LemmaAssets {
  if (!dcs) return { analysis: [], pages: [] };
  const rootOf = roots ? rootLookup(roots.lemmas) : undefined;
  const chapters = new Map(content.chapters.map((c) => [c.record.chapter_number, c.record]));
  const analysis: Asset[] = [];
  const pages: Asset[] = [];
  const analysed: Array<{ ref: string; words: NonNullable<AnalysisFile['verses'][string]> }> = [];
  for (const { record: v } of content.verses) {
    const ref = `BG${v.chapter}.${v.verse}`;
    const words = dcs.verses[ref];
    if (words) analysed.push({ ref, words });
    analysis.push(json(FILES.analysis(v.chapter, v.verse), verseAnalysis(ref, words, isColophon(v, chapters.get(v.chapter)!), true, rootOf)));
  }
  const lemmas = concordance(analysed);
  // Each lemma's JSON and page, under its IAST and (where that is no lemma) its ASCII spelling.
  const servedWords = new Map(analysed.map(({ ref, words }) => [ref, words.map(served)]));
  const page = (answer: LemmaEntry | LemmaChoice) => Buffer.from(lemmaPage(answer, (ref) => servedWords.get(ref) ?? [], base));
  for (const e of lemmas) {
    analysis.push(json(FILES.lemma(e.lemma), e));
    pages.push({ path: FILES.readLemma(e.lemma), body: page(e) });
  }
  for (const [ascii, answer] of asciiAnswers(lemmas)) {
    analysis.push(json(FILES.lemma(ascii), answer));
    pages.push({ path: FILES.readLemma(ascii), body: page(answer) });
  }
  analysis.push(json(FILES.lemmas, { attribution: DCS_ATTRIBUTION, count: lemmas.length, lemmas: lemmas.map((e) => ({ lemma: e.lemma, pos: e.pos, count: e.count })) }));
  return { analysis, pages };
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
