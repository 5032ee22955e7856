// References as people write them ("BG 2.47", "2:47-50", "Gita 18.66",
// "२.४७", "2.72-3.2", "18", "chapter two, verse 47"), read into the verses
// they name. One reader for the /verses route, the client and the MCP
// server, with the grammar the finder of references in prose reads
// (ref-grammar.ts, find-refs.ts). Pure and dependency-free: the browser
// client and the tagger bundle it.
//
// A reference is one or more parts separated by "," or ";". A part is a
// verse (2.47), a range in one chapter (2.47-50, 2.47-2.50), a range across
// chapters (2.72-3.2: the verses in between, colophons of the chapters
// passed over left out) or a whole chapter (18: its verses, not its
// colophon). A colophon (verse verses_count + 1) is included only where a
// part names it: 2.73, 2.70-73.
import { name, reference, verse, type CitedPart } from './ref-grammar.ts';
import { Tokens } from './ref-tokens.ts';
import { romanValue } from './ref-words.ts';

export { MAX_REF_LENGTH, MAX_REF_PARTS, MAX_VERSES_PER_CALL } from './ref-limits.ts';
import { MAX_REF_LENGTH, MAX_REF_PARTS, MAX_VERSES_PER_CALL } from './ref-limits.ts';

/** A verse by its place: chapter and verse (verses_count + 1 is the colophon). */
export interface VersePlace {
  ch: number;
  sl: number;
}

export type { CitedPart } from './ref-grammar.ts';

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

/** The forms a reference takes, for the messages that say what works (one wording, used wherever a reference is refused). */
export const REF_FORMS = 'a verse ("2.47", "BG 2.47", "2:47", "2/47", "गीता 2।47", "Gita II.47", "chapter 2 verse 47", "ch. 2, v. 47", "gita 2 47", "chapter two, verse forty-seven", "गीता के दूसरे अध्याय के सैंतालीसवें श्लोक"), a range ("2.47-50", "Chapter 2, Verses 47-50", "2.72-3.2") or a chapter ("18", "chapter 18"); several separated by commas or semicolons';

export { romanValue } from './ref-words.ts';

/** The tokens of a piece, and the first that is not whitespace. */
function tokensOf(piece: string): { g: Tokens; first: number } {
  const g = new Tokens(piece);
  return { g, first: g.at(0).kind === 'space' ? 1 : 0 };
}

/**
 * Read one part (already trimmed, non-empty); null when it is not a
 * reference. The grammar of references in prose (ref-grammar.ts), read with
 * the name optional and the whole part taken: "2.47", "Gita 18", "chapter
 * two verse 47", "the second chapter of the Gita, verse 47".
 */
export function readPart(part: string): CitedPart | null {
  const { g, first } = tokensOf(part);
  // "the" before a reference that names the Gita: "the second chapter of the Gita".
  const the = is(g, first, 'the') && g.at(first + 1).kind === 'space';
  const read = reference(g, the ? first + 2 : first, 'alone');
  if (!read || (the && !read.named)) return null;
  const rest = g.at(read.next).kind === 'space' ? read.next + 1 : read.next;
  return g.at(rest).kind === 'end' ? read.part : null;
}

const is = (g: Tokens, i: number, kind: string) => g.at(i).cls?.kind === kind;

/** Why a part cannot be read, as precisely as can be said cheaply: a word that is not one of a reference, else the forms that work. */
function unreadable(part: string, index: number, count: number): string {
  const where = count > 1 ? ` (part ${index + 1} of ${count})` : '';
  // The first word after the name and the chapter word, when it is none of a reference's (not "2.47a": its numbers come first).
  const { g, first } = tokensOf(part);
  let i = name(g, first)?.next ?? first;
  for (;;) {
    const t = g.at(i);
    if (t.kind === 'space' || (t.kind === 'mark' && t.key === '.') || t.cls?.kind === 'chapter') i++;
    else break;
  }
  const t = g.at(i);
  const word = t.kind === 'word' && !t.cls && romanValue(t.key) === undefined ? t.key : '';
  const why = word ? `${JSON.stringify(word)} is not a name of the Gita nor a word of a reference (Gita, BG, Bhagavad Gita, chapter, verse); ` : '';
  return `ref: cannot read ${JSON.stringify(part)}${where}: ${why}write ${REF_FORMS}`;
}

/**
 * The parts of a reference: split at commas and semicolons, where a piece
 * that goes on the one before it is joined to it: one that starts with a
 * verse ("ch. 2, v. 47", "chapter two, forty-seventh verse") or with "of"
 * ("Chapter 2, Verse 47, of the Gita"),
 * and any after a piece that is only a name ("Bhagavad Gita, Chapter Two").
 */
export function splitParts(input: string): string[] {
  const parts: string[] = [];
  let joinNext = false;
  for (const piece of pieces(input)) {
    const text = piece.trim();
    if (!text) continue;
    const { g, first } = tokensOf(text);
    const goesOn = verse(g, first) !== null || is(g, first, 'of');
    if (parts.length && (joinNext || goesOn)) parts[parts.length - 1] += `, ${text}`;
    else parts.push(text);
    const n = name(g, first);
    joinNext = n !== null && g.at(n.next).kind === 'end';
  }
  return parts;
}

/** The input cut at its commas and semicolons (full-width ones too). */
function pieces(input: string): string[] {
  const out: string[] = [];
  const g = new Tokens(input);
  let from = 0;
  for (let i = 0, t = g.at(0); t.kind !== 'end'; t = g.at(++i)) {
    if (t.kind === 'mark' && (t.key === ',' || t.key === ';')) {
      out.push(input.slice(from, t.start));
      from = t.end;
    }
  }
  out.push(input.slice(from));
  return out;
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
