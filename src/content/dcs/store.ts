// content/analysis.json: the word analysis as the import placed it, which the
// build reads. One file: the attribution travels with the data (CC BY 4.0).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DcsWord } from './conllu.ts';
import { DCS_ATTRIBUTION, DCS_LICENSE, DCS_SOURCE, type Analysis } from './read.ts';

export const ANALYSIS_FILE = 'analysis.json';

export interface AnalysisFile {
  attribution: string;
  license: { name: string; url: string };
  source: string;
  /** Each verse's words in order, by ref; BG13.1 and the colophons are absent. */
  verses: Record<string, DcsWord[]>;
}

export const analysisFile = (a: Analysis) =>
  JSON.stringify({ attribution: DCS_ATTRIBUTION, license: DCS_LICENSE, source: DCS_SOURCE, verses: a.verses } satisfies AnalysisFile) + '\n';

/** The analysis content/ holds, or null when it was imported without it. */
export function readAnalysis(contentDir: string): AnalysisFile | null {
  try {
    return JSON.parse(readFileSync(join(contentDir, ANALYSIS_FILE), 'utf8')) as AnalysisFile;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
