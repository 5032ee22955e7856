// The DCS's analysis read beside the verses: every file and line checked
// (conllu.ts), every sentence placed on one of our verses (place.ts), and
// every verse whose DCS words do not spell its transliteration reported.
// Nothing is half-read: any problem throws ContentError listing them all.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Content } from '../read.ts';
import { CHAPTER_COUNT } from '../schema.ts';
import { ContentError, type ContentProblem } from '../validate.ts';
import { parseConllu, type DcsWord } from './conllu.ts';
import { containment, skeleton, spelling } from './letters.ts';
import { placeChapter } from './place.ts';
export { DCS_ATTRIBUTION, DCS_LICENSE, DCS_SOURCE } from './attribution.ts';

export const dcsFile = (ch: number) => `bhagavadgita_chapter_${ch}.conllu`;

/** Where the DCS files are by default: ../shared/dcs-gita beside the project, when it exists. */
export function defaultDcsDir(projectRoot: string): string | null {
  const dir = resolve(projectRoot, '../shared/dcs-gita');
  return existsSync(dir) ? dir : null;
}


/** Below this share of a verse's letters in its DCS words, the DCS is said to lack part of the verse. */
const COVERED = 0.9;

export interface SpellingNote {
  ref: string;
  /** lacks: the DCS has not all of the verse; differs: it has it, spelled otherwise (sandhi written out, another reading, a slip on either side). */
  kind: 'lacks' | 'differs';
  /** The share of the verse's letters (sandhi aside) its DCS words hold. */
  covered: number;
  dcs: string;
  transliteration: string;
}

export interface Placement {
  ref: string;
  file: string;
  line: number;
  text: string;
  by: 'letters' | 'speaker';
  score?: number;
}

export interface DcsReport {
  words: number;
  sentences: number;
  lemmas: number;
  /** Verses with words; the rest (BG13.1, the colophons) have none. */
  verses: number;
  /** Every sentence without a number, and where it was placed. */
  unnumbered: Placement[];
  /** Every verse whose DCS words do not spell its transliteration. */
  spelling: SpellingNote[];
}

export interface Analysis {
  /** Each verse's words in order (speaker lines included), by ref (BG2.47); a verse without words is absent. */
  verses: Record<string, DcsWord[]>;
  report: DcsReport;
}

/** The spelled-out words of a verse: each sandhi string once, each word outside one by its form. */
export function surface(words: DcsWord[]): string {
  const out: string[] = [];
  let last: string | undefined;
  for (const w of words) {
    if (w.token) {
      if (w.token !== last) out.push(w.token);
    } else out.push(w.form);
    last = w.token;
  }
  return out.join(' ');
}

export async function readDcs(dir: string, content: Content): Promise<Analysis> {
  const problems: ContentProblem[] = [];
  const counts = content.chapters.map((c) => c.record.verses_count);
  const transliteration = new Map(content.verses.map((v) => [`${v.record.chapter}.${v.record.verse}`, v.record.transliteration]));
  const verses: Record<string, DcsWord[]> = {};
  const report: DcsReport = { words: 0, sentences: 0, lemmas: 0, verses: 0, unnumbered: [], spelling: [] };
  const texts = await Promise.all(
    Array.from({ length: CHAPTER_COUNT }, (_, i) =>
      readFile(join(dir, dcsFile(i + 1))).then(
        (b) => b,
        (err: NodeJS.ErrnoException) => {
          problems.push({ file: dcsFile(i + 1), path: '$', expected: err.code === 'ENOENT' ? `expected the file in ${dir}` : `expected a readable file (${err.message})` });
          return null;
        },
      ),
    ),
  );
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const lemmas = new Set<string>();
  texts.forEach((bytes, i) => {
    if (!bytes) return;
    const ch = i + 1;
    const file = dcsFile(ch);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      problems.push({ file, path: '$', expected: 'expected UTF-8 text' });
      return;
    }
    const sentences = parseConllu(file, text, problems);
    const own = Array.from({ length: counts[i] }, (_, v) => transliteration.get(`${ch}.${v + 1}`) ?? '');
    for (const p of placeChapter(file, ch, sentences, own, problems)) {
      const ref = `BG${ch}.${p.verse}`;
      (verses[ref] ??= []).push(...p.sentence.words);
      report.sentences++;
      for (const w of p.sentence.words) lemmas.add(w.lemma);
      if (p.by !== 'number') report.unnumbered.push({ ref, file, line: p.sentence.line, text: p.sentence.text, by: p.by, ...(p.score !== undefined && { score: p.score }) });
    }
  });
  if (problems.length) throw new ContentError(problems);
  for (const [ref, words] of Object.entries(verses)) {
    report.words += words.length;
    report.verses++;
    const [ch, v] = ref.slice(2).split('.');
    const own = transliteration.get(`${ch}.${v}`)!;
    const dcs = surface(words);
    if (spelling(dcs) === spelling(own)) continue;
    const covered = Math.round(containment(skeleton(own), skeleton(dcs)) * 1000) / 1000;
    report.spelling.push({ ref, kind: covered < COVERED ? 'lacks' : 'differs', covered, dcs, transliteration: own });
  }
  report.lemmas = lemmas.size;
  return { verses, report };
}
