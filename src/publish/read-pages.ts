// The static copies of the reading pages the build writes (dist/read/C/V/index.html,
// dist/read/C/index.html): the default language and translation, links from the
// build's public URL (root-relative without one), for hosts that serve files only.
import type { ChapterRecord, VerseRecord } from '../content/schema.ts';
import { wordsOf as contentWords, type Word } from '../content/words.ts';
import { FILES } from '../layout.ts';
import type { VerseLinks } from '../content/links.ts';
import type { VerseScan } from '../content/meter/shapes.ts';
import { chapterPage, DEFAULT_READING_LANG, neighbours, versePage, type BaseUrl, type ReadingOptions, type VersionInfo } from '../pages/read.ts';

export interface ReadingInput {
  chapters: readonly ChapterRecord[];
  /** Every verse record in reading order, each chapter's colophon last. */
  verses: readonly VerseRecord[];
  /** The words of a verse; default: the content's word lists (src/content/words.ts). */
  wordsOf?: (verse: VerseRecord) => readonly Word[];
  /** The verse's links (what cites it); none: the page lists none. */
  linksOf?: (verse: VerseRecord) => VerseLinks | undefined;
  /** The verse's scansion; none: the page names no meter. */
  meterOf?: (verse: VerseRecord) => VerseScan | undefined;
  /** The build's versions: the default page links to each of the page's language, and offers the languages they add. */
  versions?: readonly VersionInfo[];
  base: BaseUrl;
}

export function readingFiles({ chapters, verses, wordsOf = contentWords, linksOf = () => undefined, meterOf = () => undefined, versions: list = [], base }: ReadingInput): Array<{ path: string; body: Buffer }> {
  const options: ReadingOptions = { lang: DEFAULT_READING_LANG, author: null };
  const byNumber = new Map(chapters.map((c) => [c.chapter_number, c]));
  const out = verses.map((verse, i) => ({
    path: FILES.readVerse(verse.chapter, verse.verse),
    body: Buffer.from(versePage({ verse, chapter: byNumber.get(verse.chapter)!, ...neighbours(verses, i), words: wordsOf(verse), links: linksOf(verse), meter: meterOf(verse), versions: { list }, options, base })),
  }));
  chapters.forEach((chapter, i) => {
    const own = verses.filter((v) => v.chapter === chapter.chapter_number);
    out.push({ path: FILES.readChapter(chapter.chapter_number), body: Buffer.from(chapterPage({ chapter, verses: own, ...neighbours(chapters, i), versions: { list }, options, base })) });
  });
  return out;
}
