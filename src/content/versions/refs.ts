// A version's verse numbers, read against the records' chapters: a verse
// (1 to verses_count), the chapter's colophon (verses_count + 1, as the
// records number it), or a number that does not exist.

/** Each chapter's verses_count, chapter 1 first (the records' chapters). */
export type ChapterCounts = readonly number[];

export interface Place {
  chapter: number;
  verse: number;
  ref: string;
  kind: 'verse' | 'colophon';
}

/** "2.47" or "BG2.47", numbers without leading zeros. */
const REF = /^(?:BG)?([1-9][0-9]*)\.([1-9][0-9]*)$/;

export const refOf = (chapter: number, verse: number) => `BG${chapter}.${verse}`;

/** Where `written` stands in the records' numbering; a string saying why not when it does not. */
export function placeOf(written: string, counts: ChapterCounts): Place | string {
  const m = REF.exec(written);
  if (!m) return `expected a verse number "C.V" (such as "2.47"), got ${JSON.stringify(written)}`;
  const chapter = Number(m[1]);
  const verse = Number(m[2]);
  const count = counts[chapter - 1];
  if (count === undefined) return `no chapter ${chapter}: the chapters are 1 to ${counts.length}`;
  if (verse > count + 1) return `no verse ${chapter}.${verse}: chapter ${chapter} has verses 1 to ${count}, and its colophon ${chapter}.${count + 1}`;
  return { chapter, verse, ref: refOf(chapter, verse), kind: verse === count + 1 ? 'colophon' : 'verse' };
}

/** Every verse (not colophon) in order: BG1.1 … BG18.78. */
export function verseRefs(counts: ChapterCounts): string[] {
  return counts.flatMap((n, i) => Array.from({ length: n }, (_, v) => refOf(i + 1, v + 1)));
}

/** The order of any ref (verse or colophon) in the book, to sort texts. */
export function refOrder(ref: string): number {
  const [c, v] = ref.slice(2).split('.').map(Number);
  return c * 1000 + v;
}
