// content/roots.json: every verb lemma's root as the import read it (roots.ts),
// which the build reads, with the credits and the dhātupāṭha's license
// notice (MIT: kept with every copy of its data). Absent when the content was
// imported without the word analysis or without the dhātupāṭha.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DcsWord } from '../dcs/conllu.ts';
import { DHATUPATHA_LICENSE, DHATUPATHA_SOURCE, ROOTS_ATTRIBUTION } from './attribution.ts';
import { readDhatupatha, rootsOf, type LemmaRoot, type RootsSummary, type Undecided } from './roots.ts';

export const ROOTS_FILE = 'roots.json';
/** The dhātupāṭha's own license notice, as its source folder holds it. */
const LICENSE_FILE = 'LICENSE-source.md';

export interface RootsFile {
  attribution: string;
  license: { name: string; url: string; notice: string };
  source: string;
  summary: RootsSummary;
  lemmas: LemmaRoot[];
  undecided: Undecided[];
}

/** What the audit keeps of the roots: the figures, and every lemma left without a root or with several entries, with the reason. */
export interface RootsAudit {
  summary: RootsSummary;
  undecided: Undecided[];
  ambiguous: Array<{ lemma: string; lemmaId: number; words: number; codes: string[]; reason: string }>;
}

/** Where the dhātupāṭha is by default: ../shared/dhatupatha beside the project, when it exists. */
export function defaultDhatupathaDir(projectRoot: string): string | null {
  const dir = resolve(projectRoot, '../shared/dhatupatha');
  return existsSync(join(dir, 'dhatupatha.tsv')) ? dir : null;
}

/** The roots of the placed words, read against the dhātupāṭha in `dir`: the file content/ keeps, and the audit's part. */
export function importRoots(dir: string, verses: Record<string, DcsWord[]>): { file: string; audit: RootsAudit } {
  const roots = rootsOf(Object.values(verses).flat(), readDhatupatha(dir));
  const lemmas = [...roots.lemmas.values()];
  const notice = existsSync(join(dir, LICENSE_FILE)) ? readFileSync(join(dir, LICENSE_FILE), 'utf8') : '';
  const file: RootsFile = { attribution: ROOTS_ATTRIBUTION, license: { ...DHATUPATHA_LICENSE, notice }, source: DHATUPATHA_SOURCE, summary: roots.summary, lemmas, undecided: roots.undecided };
  const ambiguous = lemmas.filter((l) => l.ambiguous).map((l) => ({ lemma: l.lemma, lemmaId: l.lemmaId, words: l.words, codes: l.entries.map((e) => e.code), reason: l.reason }));
  return { file: JSON.stringify(file) + '\n', audit: { summary: roots.summary, undecided: roots.undecided, ambiguous } };
}

/** The roots content/ holds, or null when it was imported without them. */
export function readRoots(contentDir: string): RootsFile | null {
  try {
    return JSON.parse(readFileSync(join(contentDir, ROOTS_FILE), 'utf8')) as RootsFile;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** The import's line on the roots: how many verbal words have one, and what is left and why it is listed. */
export function rootsSummaryLine(r: RootsAudit): string {
  const { total, decided, ambiguous, denominative, undecided } = r.summary;
  const n = (x: number) => x.toLocaleString('en-US');
  return `roots: ${n(decided.words + ambiguous.words)} of ${n(total.words)} verbal words (${decided.lemmas + ambiguous.lemmas} of ${total.lemmas} lemmas) have their root; ${ambiguous.lemmas} lemmas keep several dhātupāṭha entries, ${denominative.lemmas} are denominatives (a noun, no root), ${undecided.lemmas} are undecided (${n(undecided.words)} words), each listed in the audit with the reason`;
}
