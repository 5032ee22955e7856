// The tagger's reading of running text: where a Gita reference stands in a
// string, and which verses it names. A reference is what /verses reads
// (src/content/citations.ts, the same reader), led by a name of the Gita:
// "Gita 2.47", "Bhagavad-gītā 7.28", "BG 2.47-50", "Bg. 18.66", "गीता २.४७".
// A bare "2.47" is any number at all, so the name is required. Pure and
// dependency-free: the browser bundle (dist/linker.js) and its tests run it.
import { label, MAX_REF_PARTS, readCitation, readPart } from '../content/citations.ts';

/** A reference found in a text: where it stands (start inclusive, end exclusive), its canonical label and the first verse it names. */
export interface FoundReference {
  start: number;
  end: number;
  /** As /verses labels it: BG2.47, BG2.47-50, BG2.72-3.2. */
  ref: string;
  ch: number;
  sl: number;
}

/**
 * A name of the Gita where a reference may start: Gita, Gītā, Bhagavad Gita,
 * Bhagavad-gītā, Bhagavadgita (Śrīmad before it), BG, Bg., B.G., गीता,
 * भगवद्गीता. Not inside a word (Sangita, Gitanjali, ABG): nothing of a word
 * before it, no letter after it. Upper or lower case, but for BG, which only
 * counts with its capital B ("bg" is too often something else). A subset of
 * the names the reader itself drops (BOOK in citations.ts), so every match
 * is read by it. The combining macron stands for a text not in NFC.
 */
const NAME = /(?<![\p{L}\p{M}\p{N}_])(?:(?:(?:s|ś)r[iī]\u0304?mad[\s-]*)?bhagavad[\s-]*g[iī]\u0304?t[aā]\u0304?|g[iī]\u0304?t[aā]\u0304?|b\.?\s?g\.?|(?:श्रीमद्)?भगवद्\s*गीता|गीता)(?![\p{L}\p{M}])/giu;
/** BG written with a small b: not a name. */
const LOWER_BG = /^b\.?\s?g\.?$/;

/** How far after the name a reference's first part may run ("chapter 18, verses 66-72" is 24 characters), and a later part. */
const FIRST_PART_MAX = 48;
const NEXT_PART_MAX = 32;
/** The separator of the parts of a list, as /verses splits them: "Gita 2.47, 18.66; 3.5". */
const NEXT = /^\s*[,;]\s*/;
/** A digit, Western or Devanagari: a reference that names a verse ends with one. */
const DIGIT = /[0-9\u0966-\u096F]/;
/**
 * What may not follow a reference: more of a word or a number ("2.47a",
 * "2.473", "2.47.3", "2.50-47" read up to "2.50"). A reference is tagged
 * whole or not at all: "Gita 19.1" is not "Gita 19" and a stray ".1".
 */
const CONTINUES = /^(?:[\p{L}\p{M}\p{N}]|\s*[.:\u0964\-\u2010-\u2015\u2212]\s*[0-9\u0966-\u096F])/u;

/** A part has at most four numbers: "2.72-3.2", "chapter 2 verses 47-50". */
const MAX_NUMBERS = 4;

/** The ends a part may have in `window`: after a digit, where no more of the reference follows, within its first four numbers; longest first. */
function ends(window: string): number[] {
  const out: number[] = [];
  let numbers = 0;
  for (let i = 1; i <= window.length; i++) {
    if (!DIGIT.test(window[i - 1])) continue;
    if (i === 1 || !DIGIT.test(window[i - 2])) numbers++;
    if (numbers > MAX_NUMBERS) break;
    if (!CONTINUES.test(window.slice(i, i + 8))) out.push(i);
  }
  return out.reverse();
}

/** The part `text` names when it is one part that /verses reads and names a verse (not a whole chapter), else null. */
function readOne(text: string, versesPerChapter: readonly number[]): Omit<FoundReference, 'start' | 'end'> | null {
  const read = readCitation(text, versesPerChapter);
  if (read.ok) {
    if (read.refs.length !== 1 || !read.refs[0].includes('.')) return null;
    return { ref: read.refs[0], ch: read.verses[0].ch, sl: read.verses[0].sl };
  }
  // A range longer than one call's 100 verses is still a reference that /verses reads (and refuses for its size): its ends were checked.
  if (read.error.kind !== 'too-many-verses') return null;
  const part = readPart(text);
  if (!part || part.from.sl === undefined) return null;
  return { ref: label(part), ch: part.from.ch, sl: part.from.sl };
}

/**
 * What reading a candidate with the reference reader costs, counted as
 * characters of text against a scan's limit: about 20 µs, where a character
 * of prose costs about 0.15 µs. A text dense with names and numbers ("Gita 1
 * 2 3 4...") is read in shorter pieces than prose.
 */
export const READING_COST = 128;

/** The longest reference that starts at `from` (after `prefix`, a name of the Gita or nothing) and ends within `max` characters; `count` is told each reading. */
function longest(text: string, from: number, prefix: string, max: number, versesPerChapter: readonly number[], count: () => void) {
  const window = text.slice(from, from + max);
  // The window's end is not the text's: what follows it still counts ("2.47" cut from "2.473").
  const after = text.slice(from + max, from + max + 8);
  for (const end of ends(window)) {
    if (end === window.length && CONTINUES.test(after)) continue;
    count();
    const found = readOne(prefix + window.slice(0, end), versesPerChapter);
    if (found) return { end: from + end, ...found };
  }
  return null;
}

export interface Scan {
  refs: FoundReference[];
  /**
   * Where the scan stopped: text.length when it read the whole text, else a
   * place where the rest may be scanned on its own (a space, or the end of the
   * last name or reference read, where no name can start), so that a long
   * text is read in pieces of about `limit` characters of work: the
   * characters passed over and READING_COST for each reading of a candidate.
   */
  stop: number;
  /** The work done: the characters up to `stop` and READING_COST for each reading. */
  work: number;
}

/**
 * The references in `text`, in order, none overlapping. Each name of the
 * Gita is tried once, with at most a few dozen readings of the characters
 * after it, so the work grows with the text's length. `limit`: stop at the
 * first name at or after it (see Scan.stop).
 */
export function scanText(text: string, versesPerChapter: readonly number[], limit = Infinity): Scan {
  const refs: FoundReference[] = [];
  // Where a piece ends when the text is read in pieces: the first space at or after the limit (no name is cut from the word before it there).
  const space = /\s/g;
  space.lastIndex = limit;
  const split = limit < text.length ? (space.exec(text)?.index ?? text.length) : text.length;
  const name = new RegExp(NAME.source, NAME.flags);
  let m: RegExpExecArray | null;
  let last = 0;
  let readings = 0;
  const count = () => void readings++;
  while ((m = name.exec(text)) && m.index < split) {
    // The work done reaches the limit before the split: the rest from the end of the last name read (one name at least, so that a piece moves on).
    if (last > 0 && m.index + readings * READING_COST >= limit) return { refs, stop: last, work: last + readings * READING_COST };
    const start = m.index;
    let at = (last = start + m[0].length);
    if (LOWER_BG.test(m[0])) continue;
    const first = longest(text, at, m[0], FIRST_PART_MAX, versesPerChapter, count);
    if (!first) continue;
    refs.push({ start, end: first.end, ref: first.ref, ch: first.ch, sl: first.sl });
    at = first.end;
    // The parts of a list after it, each a reference of its own: "Gita 2.47, 18.66"; as many as /verses reads in one reference.
    for (let sep: RegExpExecArray | null, parts = 1; parts < MAX_REF_PARTS && (sep = NEXT.exec(text.slice(at, at + 8))); parts++) {
      const next = longest(text, at + sep[0].length, '', NEXT_PART_MAX, versesPerChapter, count);
      if (!next) break;
      refs.push({ start: at + sep[0].length, end: next.end, ref: next.ref, ch: next.ch, sl: next.sl });
      at = next.end;
    }
    name.lastIndex = last = at;
  }
  // A reference found before the split may run past it: the rest starts after it (after a digit no more of the reference follows, so no name starts there).
  const stop = split === text.length ? text.length : Math.max(split, last);
  return { refs, stop, work: stop + readings * READING_COST };
}
