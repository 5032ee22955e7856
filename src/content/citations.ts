// References as people write them ("BG 2.47", "2:47-50", "Gita 18.66",
// "२.४७", "2.72-3.2", "18"), read into the verses they name. One reader for
// the /verses route, the client and the MCP server. Pure and
// dependency-free: the browser client bundles it.
//
// A reference is one or more parts separated by "," or ";". A part is a
// verse (2.47), a range in one chapter (2.47-50, 2.47-2.50), a range across
// chapters (2.72-3.2: the verses in between, colophons of the chapters
// passed over left out) or a whole chapter (18: its verses, not its
// colophon). A colophon (verse verses_count + 1) is included only where a
// part names it: 2.73, 2.70-73.

/** At most this many verses per call (the /verses route, the client, MCP). */
export const MAX_VERSES_PER_CALL = 100;
/** Input beyond this many characters is refused before it is read (100 verses written one by one fit well within it). */
export const MAX_REF_LENGTH = 1000;
/** At most this many parts: more than MAX_VERSES_PER_CALL parts always name too many verses. */
export const MAX_REF_PARTS = MAX_VERSES_PER_CALL;

/** A verse by its place: chapter and verse (verses_count + 1 is the colophon). */
export interface VersePlace {
  ch: number;
  sl: number;
}

/** A part read: a verse, a range (from and to inclusive), or a whole chapter (`sl` absent). */
export interface CitedPart {
  from: { ch: number; sl?: number };
  to: { ch: number; sl?: number };
}

export type CitationError =
  | { kind: 'empty'; message: string }
  | { kind: 'too-long'; length: number; message: string }
  | { kind: 'too-many-parts'; parts: number; message: string }
  /** A part that is not a reference. */
  | { kind: 'unreadable'; part: string; message: string }
  /** A range that runs backwards (2.50-47). */
  | { kind: 'reversed'; part: string; message: string }
  /** A chapter or verse that does not exist (a 404). */
  | { kind: 'missing'; part: string; ch: number; sl?: number; message: string }
  | { kind: 'too-many-verses'; count: number; message: string };

export type Citation = { ok: true; refs: string[]; verses: VersePlace[] } | { ok: false; error: CitationError };

const DEVANAGARI_ZERO = 0x0966;
/** "Bhagavad Gita", "Bhagavad-Gītā", "Bhagavadgita", "Gita", "BG", "B.G.", "गीता", "भगवद्गीता" before the numbers, in any case. */
const BOOK = /^(?:(?:srimad[\s-]*|śrīmad[\s-]*)?bhagavad[\s-]*g[iī]t[aā]|g[iī]t[aā]|b\.?\s?g\.?|(?:श्रीमद्)?भगवद्\s*गीता|गीता)\s*/u;
/** "chapter 2", "ch. 2", "chap 2", "adhyaya 2", "अध्याय 2": the word is dropped, the number is the chapter. */
const CHAPTER_WORD = /^(?:chapters?|chap\.?|ch\.?|adhy[aā]y[aā]|अध्याय)\s*/u;
/** "verse", "verses", "v.", "vv.", "vs.", "sloka", "shloka", "śloka", "text", "श्लोक" before a verse number. */
const VERSE_WORD = '(?:verses?|vv?|vs|(?:s|sh|ś)lokas?|texts?|श्लोकः?)\\.?';
/** A chapter (a number or a Roman numeral), then a verse word: "2 verse 47", "2, v. 47", "ii vv. 47". */
const CHAPTER_THEN_VERSE = new RegExp(`^(\\d{1,4}|[ivxl]{1,8}(?![a-z]))\\s*[.:,]?\\s*${VERSE_WORD}\\s*(?=\\d)`, 'u');
/** A piece after a comma that starts with a verse word belongs to the piece before it: "ch. 2, v. 47". */
const STARTS_WITH_VERSE_WORD = new RegExp(`^${VERSE_WORD}\\s*[\\d\u0966-\u096F]`, 'iu');
/** A Roman chapter number where a chapter is written: at the start, or after the dash of a range when a verse follows ("II.72-III.2"). */
const ROMAN_START = /^([ivxl]{1,8})(?=$|[\s.:-])/;
const ROMAN_RANGE_END = /-\s*([ivxl]{1,8})(?=\s*[.:\s]\s*\d)/;
/** "to" and "through" between two numbers read as a dash: "2.47 to 50". */
const TO = /(\d)\s+(?:to|through|thru)\s+(?=\d)/g;
/**
 * C, C.V, C:V, C।V or C V, and a range to V, C.V, C:V, C।V or C V (chapters
 * only when both ends are chapters: refused below). The danda (।) is how
 * Hindi writes a verse's number: "गीता 2। 47", "(२।४७)".
 */
const BODY = /^(\d{1,4})(?:(?:\s*[.:\u0964]\s*|[ \t]+)(\d{1,4}))?(?:\s*-\s*(\d{1,4})(?:(?:\s*[.:\u0964]\s*|[ \t]+)(\d{1,4}))?)?$/;
/** Hyphen, non-breaking hyphen, figure dash, en dash, em dash, minus: all read as "-". */
const DASHES = /[\u2010-\u2015\u2212]/g;

/** The forms a reference takes, for the messages that say what works (one wording, used wherever a reference is refused). */
export const REF_FORMS = 'a verse ("2.47", "BG 2.47", "2:47", "गीता 2।47", "Gita II.47", "chapter 2 verse 47", "ch. 2, v. 47", "gita 2 47"), a range ("2.47-50", "Chapter 2, Verses 47-50", "2.72-3.2") or a chapter ("18", "chapter 18"); several separated by commas or semicolons';

/** A Roman numeral's value (i to xxxix and l), or undefined when the letters are not one written the usual way. */
export function romanValue(s: string): number | undefined {
  const m = /^(l?)(x{0,3})(ix|iv|v?i{0,3})$/.exec(s);
  if (!m || !s) return undefined;
  const ones: Record<string, number> = { '': 0, i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9 };
  return (m[1] ? 50 : 0) + m[2].length * 10 + ones[m[3]];
}

/** A part as people write it, normalized: NFKC (full-width forms), Devanagari digits, dashes, lower case. */
function normalizePart(part: string): string {
  return part
    .normalize('NFKC')
    .replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - DEVANAGARI_ZERO))
    .replace(DASHES, '-')
    .toLowerCase()
    .trim();
}

/** A part's numbers in the plain form BODY reads: the book, the words (chapter, verse, to) and Roman chapters turned into digits and separators. */
function plainBody(part: string): string {
  let body = normalizePart(part).replace(BOOK, '').replace(CHAPTER_WORD, '').replace(CHAPTER_THEN_VERSE, '$1.').replace(TO, '$1-');
  const roman = (all: string, numeral: string) => {
    const n = romanValue(numeral);
    return n === undefined ? all : all.replace(numeral, String(n));
  };
  body = body.replace(ROMAN_START, roman).replace(ROMAN_RANGE_END, roman);
  return body;
}

/** Read one part (already trimmed, non-empty); null when it is not a reference. */
export function readPart(part: string): CitedPart | null {
  const m = BODY.exec(plainBody(part));
  if (!m) return null;
  const [, c1, v1, a, b] = m;
  const ch = Number(c1);
  if (v1 === undefined) {
    // "18" is a chapter; "2-3" (chapters to chapters) is not a form people cite verses with.
    return a === undefined ? { from: { ch }, to: { ch } } : null;
  }
  const sl = Number(v1);
  if (a === undefined) return { from: { ch, sl }, to: { ch, sl } };
  // "2.47-50": to verse 50 of the same chapter; "2.47-2.50" and "2.72-3.2": to chapter.verse.
  return b === undefined ? { from: { ch, sl }, to: { ch, sl: Number(a) } } : { from: { ch, sl }, to: { ch: Number(a), sl: Number(b) } };
}

/** Why a part cannot be read, as precisely as can be said cheaply: a word that is not a name of the book, else the forms that work. */
function unreadable(part: string, index: number, count: number): string {
  const where = count > 1 ? ` (part ${index + 1} of ${count})` : '';
  const word = /^\p{L}[\p{L}\p{M}.]*/u.exec(plainBody(part))?.[0];
  const why = word && romanValue(word.replace(/\.$/, '')) === undefined ? `${JSON.stringify(word)} is not a name of the Gita nor a word of a reference (Gita, BG, Bhagavad Gita, chapter, verse); ` : '';
  return `ref: cannot read ${JSON.stringify(part)}${where}: ${why}write ${REF_FORMS}`;
}

/** The parts of a reference: split at commas and semicolons, a piece that starts with a verse word joined to the one before ("ch. 2, v. 47"). */
export function splitParts(input: string): string[] {
  const parts: string[] = [];
  for (const piece of input.split(/[,;]/)) {
    const text = piece.trim();
    if (!text) continue;
    if (parts.length && STARTS_WITH_VERSE_WORD.test(text)) parts[parts.length - 1] += `, ${text}`;
    else parts.push(text);
  }
  return parts;
}

/** The canonical label of a part: BG2.47, BG2.47-50, BG2.72-3.2, BG18. */
export function label(p: CitedPart): string {
  const { from, to } = p;
  if (from.sl === undefined) return `BG${from.ch}`;
  if (from.ch === to.ch && from.sl === to.sl) return `BG${from.ch}.${from.sl}`;
  if (from.ch === to.ch) return `BG${from.ch}.${from.sl}-${to.sl}`;
  return `BG${from.ch}.${from.sl}-${to.ch}.${to.sl}`;
}

/** The verses of a part, in order; it has been checked, so every place exists. */
function* placesOf(p: CitedPart, versesPerChapter: readonly number[]): Generator<VersePlace> {
  if (p.from.sl === undefined) {
    for (let sl = 1; sl <= versesPerChapter[p.from.ch - 1]; sl++) yield { ch: p.from.ch, sl };
    return;
  }
  for (let ch = p.from.ch; ch <= p.to.ch; ch++) {
    const first = ch === p.from.ch ? p.from.sl : 1;
    // A chapter left behind ends at its last verse; its colophon only when the range ends on it.
    const last = ch === p.to.ch ? p.to.sl! : Math.max(versesPerChapter[ch - 1], first);
    for (let sl = first; sl <= last; sl++) yield { ch, sl };
  }
}

/** How many verses a checked part names, without listing them (so the limit is checked before any work). */
function countOf(p: CitedPart, versesPerChapter: readonly number[]): number {
  let n = 0;
  if (p.from.sl === undefined) return versesPerChapter[p.from.ch - 1];
  for (let ch = p.from.ch; ch <= p.to.ch; ch++) {
    const first = ch === p.from.ch ? p.from.sl : 1;
    const last = ch === p.to.ch ? p.to.sl! : Math.max(versesPerChapter[ch - 1], first);
    n += last - first + 1;
  }
  return n;
}

/** Where a verse (or a chapter, sl undefined) does not exist: a sentence; null when it does. */
function missing(ch: number, sl: number | undefined, versesPerChapter: readonly number[]): string | null {
  const chapters = versesPerChapter.length;
  if (ch < 1 || ch > chapters) return `there is no chapter ${ch} (chapters 1 to ${chapters})`;
  const count = versesPerChapter[ch - 1];
  if (sl !== undefined && (sl < 1 || sl > count + 1)) return `chapter ${ch} has verses 1 to ${count}, and ${count + 1}, its colophon`;
  return null;
}

const fail = (error: CitationError): Citation => ({ ok: false, error });

/**
 * Read a reference into canonical labels (one per part) and the verses, in
 * the order asked (a verse named twice is listed twice). Problems, checked in
 * this order over all parts: input too long or with too many parts, empty, a
 * part that cannot be read, a range that runs backwards, a chapter or verse
 * that does not exist, more than MAX_VERSES_PER_CALL verses. Empty parts
 * ("2.47,,2.48", a trailing comma) are skipped.
 */
export function readCitation(input: string, versesPerChapter: readonly number[]): Citation {
  if (input.length > MAX_REF_LENGTH) return fail({ kind: 'too-long', length: input.length, message: `ref: ${input.length} characters; at most ${MAX_REF_LENGTH}` });
  const raw = splitParts(input);
  if (raw.length > MAX_REF_PARTS) return fail({ kind: 'too-many-parts', parts: raw.length, message: `ref: ${raw.length} parts; at most ${MAX_REF_PARTS} (and ${MAX_VERSES_PER_CALL} verses)` });
  if (!raw.length) return fail({ kind: 'empty', message: `ref: empty; write ${REF_FORMS}` });

  const parts: CitedPart[] = [];
  for (const [i, text] of raw.entries()) {
    const p = readPart(text);
    if (!p) return fail({ kind: 'unreadable', part: text, message: unreadable(text, i, raw.length) });
    parts.push(p);
  }
  for (let i = 0; i < parts.length; i++) {
    const { from, to } = parts[i];
    if (from.sl !== undefined && (to.ch < from.ch || (to.ch === from.ch && to.sl! < from.sl))) {
      return fail({ kind: 'reversed', part: raw[i], message: `ref: ${JSON.stringify(raw[i])} runs backwards; write the earlier verse first` });
    }
  }
  for (let i = 0; i < parts.length; i++) {
    for (const end of [parts[i].from, parts[i].to]) {
      const why = missing(end.ch, end.sl, versesPerChapter);
      if (why) return fail({ kind: 'missing', part: raw[i], ch: end.ch, ...(end.sl !== undefined && { sl: end.sl }), message: `ref: ${JSON.stringify(raw[i])}: ${why}` });
    }
  }
  let count = 0;
  for (const p of parts) count += countOf(p, versesPerChapter);
  if (count > MAX_VERSES_PER_CALL) return fail({ kind: 'too-many-verses', count, message: `ref: names ${count} verses; at most ${MAX_VERSES_PER_CALL} per call` });

  const verses: VersePlace[] = [];
  for (const p of parts) for (const v of placesOf(p, versesPerChapter)) verses.push(v);
  return { ok: true, refs: parts.map(label), verses };
}
