// Reads a folder in the upstream layout (`chapter/`, `slok/`) and checks all
// of it: the file set, the JSON, every record. Nothing is written here.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { CHAPTER_COUNT, type ChapterRecord, type VerseRecord } from './schema.ts';
import { ContentError, chapterProblems, verseProblems, type ContentProblem } from './validate.ts';

export const chapterFile = (n: number) => `chapter/bhagavadgita_chapter_${n}.json`;
export const verseFile = (c: number, v: number) => `slok/bhagavadgita_chapter_${c}_slok_${v}.json`;
const CHAPTER_NAME = /^chapter\/bhagavadgita_chapter_([1-9][0-9]*)\.json$/;
const VERSE_NAME = /^slok\/bhagavadgita_chapter_([1-9][0-9]*)_slok_([1-9][0-9]*)\.json$/;

export interface SourceFile<T> {
  /** Path relative to the content folder, in the upstream layout. */
  file: string;
  /** The bytes as read, so that exactly what was checked is what gets copied. */
  bytes: Buffer;
  record: T;
}

export interface Content {
  /** Ordered by chapter number. */
  chapters: SourceFile<ChapterRecord>[];
  /** Ordered by chapter, then verse; each chapter's colophon is its last verse. */
  verses: SourceFile<VerseRecord>[];
}

export const isColophon = (verse: VerseRecord, chapter: ChapterRecord) => verse.verse === chapter.verses_count + 1;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function parse(file: string, bytes: Buffer, problems: ContentProblem[]): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    problems.push({ file, path: '$', expected: 'expected UTF-8 text' });
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    problems.push({ file, path: '$', expected: `expected valid JSON (${(err as Error).message})` });
    return undefined;
  }
}

/** A reading under way: the folder, the problems found so far, and the files read for the progress. */
interface Reader {
  dir: string;
  problems: ContentProblem[];
  done: number;
  total: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Read and validate the content folder `dir`. Throws ContentError listing
 * every problem found; `onProgress` is told how many files are done.
 */
export async function readContent(dir: string, onProgress?: (done: number, total: number) => void): Promise<Content> {
  const names = await fg(['chapter/**', 'slok/**'], { cwd: dir, onlyFiles: true, dot: false });
  names.sort();
  const r: Reader = { dir, problems: [], done: 0, total: names.length, onProgress };
  const { chapterNames, verseNames } = sortNames(r, names);
  const chapters = await readChapters(r, chapterNames);
  for (const [n, file] of chapterNames) {
    if (n > CHAPTER_COUNT) r.problems.push({ file, path: '$', expected: `unexpected chapter ${n}; expected chapters 1 to ${CHAPTER_COUNT}` });
  }
  for (const [c, files] of verseNames) {
    if (c > CHAPTER_COUNT) {
      for (const file of files.values()) r.problems.push({ file, path: '$', expected: `unexpected chapter ${c}; expected chapters 1 to ${CHAPTER_COUNT}` });
    }
  }
  const verses: SourceFile<VerseRecord>[] = [];
  for (const chapter of chapters) verses.push(...(await readVerses(r, chapter.record, verseNames.get(chapter.record.chapter_number) ?? new Map<number, string>())));
  if (r.problems.length) throw new ContentError(r.problems);
  return { chapters, verses };
}

async function load(r: Reader, file: string): Promise<Buffer> {
  const bytes = await readFile(join(r.dir, file));
  r.onProgress?.(++r.done, r.total);
  return bytes;
}

/** The chapter files by number and the verse files by chapter and verse; any other file is a problem. */
function sortNames(r: Reader, names: string[]) {
  const chapterNames = new Map<number, string>();
  const verseNames = new Map<number, Map<number, string>>();
  for (const name of names) {
    let m: RegExpExecArray | null;
    if ((m = CHAPTER_NAME.exec(name))) chapterNames.set(Number(m[1]), name);
    else if ((m = VERSE_NAME.exec(name))) {
      const c = Number(m[1]);
      if (!verseNames.has(c)) verseNames.set(c, new Map());
      verseNames.get(c)!.set(Number(m[2]), name);
    } else {
      r.problems.push({ file: name, path: '$', expected: `unexpected file; expected only ${chapterFile(1).replace('1', '<N>')} and ${verseFile(1, 1).replace('1_slok_1', '<C>_slok_<V>')}` });
    }
  }
  return { chapterNames, verseNames };
}

/** Chapters 1 to CHAPTER_COUNT, each read and checked; a missing or broken one is a problem. */
async function readChapters(r: Reader, chapterNames: Map<number, string>): Promise<SourceFile<ChapterRecord>[]> {
  const chapters: SourceFile<ChapterRecord>[] = [];
  for (let n = 1; n <= CHAPTER_COUNT; n++) {
    const file = chapterNames.get(n);
    if (!file) {
      r.problems.push({ file: chapterFile(n), path: '$', expected: `missing file; expected one chapter file for each of chapters 1 to ${CHAPTER_COUNT}` });
      continue;
    }
    const bytes = await load(r, file);
    const record = parse(file, bytes, r.problems);
    if (record === undefined) continue;
    const found = chapterProblems(record, file, n);
    if (found.length) r.problems.push(...found);
    else chapters.push({ file, bytes, record: record as ChapterRecord });
  }
  return chapters;
}

/** A chapter's verses 1 to verses_count and its colophon, each read and checked; a gap, an extra verse or a broken one is a problem. */
async function readVerses(r: Reader, chapter: ChapterRecord, files: Map<number, string>): Promise<SourceFile<VerseRecord>[]> {
  const c = chapter.chapter_number;
  const count = chapter.verses_count;
  const range = `chapter ${c} has verses_count ${count}, so verses 1 to ${count} and the colophon ${count + 1}`;
  for (const [v, file] of files) {
    if (v > count + 1) r.problems.push({ file, path: '$', expected: `extra verse; ${range}` });
  }
  // Read in parallel batches: the disk is fast, and 719 sequential awaits are not.
  const wanted = Array.from({ length: count + 1 }, (_, i) => i + 1);
  const read = await Promise.all(
    wanted.map(async (v) => {
      const file = files.get(v);
      if (!file) return { v, file: verseFile(c, v), bytes: null };
      return { v, file, bytes: await load(r, file) };
    }),
  );
  const verses: SourceFile<VerseRecord>[] = [];
  for (const { v, file, bytes } of read) {
    if (!bytes) {
      r.problems.push({ file, path: '$', expected: `missing file (a gap); ${range}` });
      continue;
    }
    const record = parse(file, bytes, r.problems);
    if (record === undefined) continue;
    const found = verseProblems(record, file, c, v);
    if (found.length) r.problems.push(...found);
    else verses.push({ file, bytes, record: record as VerseRecord });
  }
  return verses;
}
