// Every Gita reference in a text, where it stands and what it names: the
// finder of references in prose, for POST /refs, the reference tagger
// (src/linker/), MCP and the client. It reads with the grammar /verses reads
// with (ref-grammar.ts), where a reader would see a reference:
// - led or followed by a name of the Gita within the same phrase ("Gita
//   2.47", "chapter two, verse forty-seven of the Gita"): a bare "2.47" or
//   "chapter 2" is any book's, and a name inside a word (Sangita) is none;
//   BG counts only with its capital B;
// - a whole chapter only with a chapter word ("Gita chapter 18", "the
//   Gita's eighteenth chapter"): "read the Gita 3 times" names no chapter;
// - two numbers separated by blanks ("Gita 2 47") only when no third number
//   follows them after a blank or a comma: "Gita 1 2 3 4" is a list of
//   numbers;
// - taken whole or not at all: nothing of a word or number may follow it
//   ("Gita 2.47a", "Gita 2.473", "Gita 2.47.3"), nor "'s" after a name that
//   ends it ("chapter 2 of the Gita's commentary");
// - no amount: a number followed by "million", "percent", "%", a currency or a
//   unit is a quantity, never a verse ("Gita 2.47, 1.5 million" is BG2.47);
// - a name that ends one reference and leads another (numbers right after
//   it, or in brackets) leads it: "chapter 2 of the Gita (2.47)" is BG2.47;
// - a list after a reference led by its name is a reference per part, as
//   /verses splits it ("Gita 2.47, 18.66; 3.5"), ending at the first part
//   that is none.
// A reference to verses that do not exist ("Gita 19.1", "Gita 2.99") is
// found, with `exists: false`; a range that runs backwards ("Gita 2.50-47")
// is not a reference. Pure and dependency-free: the tagger bundles it.
import { label, MAX_REF_PARTS, type CitedPart } from './citations.ts';
import { core, isProseDash, reference, type Parsed } from './ref-grammar.ts';
import { Tokens, type Token } from './ref-tokens.ts';
import { AMOUNT_WORDS } from './ref-words.ts';
import type { FoundRefAnswer, RefInText } from './ref-shapes.ts';

/** A reference found in a text. */
export type FoundRef = RefInText;
export type { FoundRefAnswer };

/** At most this many characters of text (UTF-16 code units) per call: a long article. */
export const MAX_FIND_LENGTH = 100_000;
/** At most this many references are returned per call; `more` says when the text holds others after them. */
export const MAX_FOUND_REFS = 1_000;
/**
 * What one step of the grammar (one look at a token) costs, counted in
 * characters of text: a step costs about as much as reading that many
 * characters of prose, so that `work` is in one unit.
 */
export const STEP_COST = 4;

/** A reference as a caller gets it (POST /refs, MCP's find_refs, the client's findRefs). */
export const refAnswer = ({ start, end, text, ref, exists }: FoundRef): FoundRefAnswer => ({ start, end, text, ref, exists });

export type FindRefs =
  | { ok: true; refs: FoundRef[]; more: boolean }
  | { ok: false; error: { kind: 'too-long'; length: number; message: string } };

/** A scan of a text, or of its start (see scanRefs). */
export interface RefScan {
  refs: FoundRef[];
  /** Where the scan stopped: text.length when it read the whole text. */
  stop: number;
  /** The work done: the characters up to `stop`, and STEP_COST for each step of the grammar. */
  work: number;
}

/**
 * Every Gita reference in `text`, in order, none overlapping, at most
 * MAX_FOUND_REFS (`more`: the text holds others after them). A text longer
 * than MAX_FIND_LENGTH is refused. The work grows with the text's length,
 * never faster: each place a reference may start is read a bounded number
 * of tokens ahead.
 */
export function findRefs(text: string, versesPerChapter: readonly number[]): FindRefs {
  if (text.length > MAX_FIND_LENGTH) {
    return { ok: false, error: { kind: 'too-long', length: text.length, message: `text: ${text.length} characters; at most ${MAX_FIND_LENGTH}` } };
  }
  const scan = scanRefs(text, versesPerChapter, Infinity, MAX_FOUND_REFS);
  return { ok: true, refs: scan.refs, more: scan.stop < text.length };
}

/**
 * Where a name of the Gita may start: the first letters of each (Gita,
 * Gītā, Bhagavad, Srimad, Shrimad, Śrīmad, BG, B.G., गीता, भगवद्, श्रीमद्),
 * with nothing of a word before. The scan looks for these first: a
 * reference holds a name, and most prose holds none.
 */
const NAME_START = /(?<![\p{L}\p{M}\p{N}_])(?:g\p{M}*[iíìîïī]\p{M}*t|bhagavad|[sś]\p{M}*h?r\p{M}*[iíìîïī]\p{M}*mad|b\.?\s?g|गीता|भगवद्|श्रीमद्)/giu;
/** A reference whose name comes after it ("chapter two, verse forty-seven of the Gita") starts at most this many characters before the name. */
export const NAME_AFTER_REACH = 160;
/** Where a long text may be cut into pieces read on their own (see scanRefs). */
const CUT = /[\s!-/:-@[-`{-~]/;

/**
 * The references of `text` from its start. Each name of the Gita found
 * (NAME_START) is read with the tokens before it, back to the last name or
 * reference read or NAME_AFTER_REACH characters; each place there where a
 * reference may start is tried once, in order.
 *
 * `limit`: stop once the work reaches it, before the next name's tokens, at
 * a place where the rest may be scanned on its own and yields what it yields
 * as part of the whole: where the scan of the whole starts reading those
 * tokens, with no reference running across it, when a space or an ASCII
 * punctuation mark stands there (not a letter or digit the text before
 * makes part of a word, nor half a surrogate pair). `max`: stop before a
 * reference past that many, at its start.
 */
export function scanRefs(text: string, versesPerChapter: readonly number[], limit = Infinity, max = Infinity): RefScan {
  const refs: FoundRef[] = [];
  const names = new RegExp(NAME_START.source, NAME_START.flags);
  let last = 0; // the end of the last reference found
  let tried = 0; // every place before this where a reference may start was tried
  let steps = 0;
  const work = (at: number) => at + steps * STEP_COST;
  for (let m: RegExpExecArray | null; (m = names.exec(text)); ) {
    // The tokens before the name from NAME_AFTER_REACH back, or from the last name or reference read. A token cut there is
    // none a reference starts at: the letter or digit before it makes it part of a word (startsClean).
    const from = Math.max(last, tried, m.index - NAME_AFTER_REACH);
    if (from > 0 && work(from) >= limit && CUT.test(text[from])) return { refs, stop: from, work: work(from) };
    const g = new Tokens(text, from);
    let end = m.index;
    for (let i = 0; ; i++) {
      const t = g.at(i);
      if (t.kind === 'end' || t.start > m.index) break;
      end = t.end;
      if (t.start < last || !mayStart(g, i) || !startsClean(text, t.start)) continue;
      for (const f of at(g, i, versesPerChapter)) {
        if (refs.length === max) return { refs, stop: f.ref.start, work: work(f.ref.start) };
        refs.push(f.ref);
        last = f.ref.end;
        i = f.next - 1;
      }
    }
    steps += g.steps;
    tried = Math.max(tried, end);
    names.lastIndex = Math.max(last, tried);
  }
  return { refs, stop: text.length, work: work(text.length) };
}

/** Whether a reference may start at token i: at a name, or at what leads one whose name comes after (a chapter or verse word, a number in words, "47th"). */
function mayStart(g: Tokens, i: number): boolean {
  const t = g.at(i);
  if (t.kind === 'num') return g.at(i + 1).cls?.kind === 'ending';
  if (t.kind !== 'word') return false;
  const kind = t.cls?.kind;
  return kind === 'name' || kind === 'lead' || kind === 'chapter' || kind === 'verse' || kind === 'number' || t.key === 'b';
}

/** Nothing of a word or number just before: "Sangita" is one word, and "2Gita", "x_Gita" are none. */
function startsClean(text: string, start: number): boolean {
  if (start === 0) return true;
  // The character before, whole when it is a surrogate pair.
  const low = /[\udc00-\udfff]/.test(text[start - 1]) && start > 1;
  return !/[\p{L}\p{M}\p{N}_]/u.test(text.slice(low ? start - 2 : start - 1, start));
}

/** The reference that starts at token i and the parts of a list after it, each with the token after it; none when it is no reference in prose. */
function at(g: Tokens, i: number, counts: readonly number[]): Array<{ ref: FoundRef; next: number }> {
  const first = reference(g, i, 'prose');
  if (!first || !inProse(g, first)) return [];
  const out: Array<{ ref: FoundRef; next: number }> = [];
  let p: Parsed | null = first;
  while (p) {
    const ref = found(g, p, counts);
    if (!ref) break;
    out.push({ ref, next: p.next });
    p = out.length < MAX_REF_PARTS && endsWithNumber(g, p) ? nextPart(g, p.next) : null;
  }
  return out;
}

/** The next part of a list: ", 18.66", "; chapter 3 verse 5". */
function nextPart(g: Tokens, i: number): Parsed | null {
  let j = g.at(i).kind === 'space' ? i + 1 : i;
  const sep = g.at(j);
  if (sep.kind !== 'mark' || (sep.key !== ',' && sep.key !== ';')) return null;
  j++;
  if (g.at(j).kind === 'space' && g.at(j).n < 2) j++;
  const c = core(g, j);
  const p: Parsed | null = c && { part: c.part, first: j, next: c.next, named: true, bare: c.bare, pair: c.pair };
  return p && inProse(g, p) ? p : null;
}

/** What prose asks of a reference beyond the grammar: no bare chapter, no third number after a pair, nothing more of a word or number after it. */
function inProse(g: Tokens, p: Parsed): boolean {
  if (p.bare) return false;
  if (p.pair && numberAfter(g, p.next)) return false;
  if (nameLeadsOwn(g, p)) return false;
  if (endsWithNumber(g, p) && amountAfter(g, p.next)) return false;
  return !continues(g, p);
}

/** An amount's word or mark after the last number: "1.5 million", "2.5%", "2.5 per cent", "3.5 km" (AMOUNT_WORDS). */
function amountAfter(g: Tokens, i: number): boolean {
  const j = g.at(i).kind === 'space' && g.at(i).blank ? i + 1 : i;
  const t = g.at(j);
  if (t.kind === 'mark') return t.key === '%';
  if (t.kind !== 'word') return false;
  if (t.key === 'per') return g.at(j + 1).kind === 'space' && g.at(j + 2).key === 'cent';
  return AMOUNT_WORDS.has(t.key);
}

/**
 * A name that ends a reference and leads one of its own, numbers or a
 * chapter or verse word right after it, or numbers in brackets, leads that
 * one instead: "verse 47 of BG 3:11" is BG3.11, "chapter 2 of the Gita
 * (2.47)" BG2.47, "chapter 47 2 of Gita chapter 16, verse 7" BG16.7;
 * "chapter 2 of the Gita (1999)" stays BG2.
 */
function nameLeadsOwn(g: Tokens, p: Parsed): boolean {
  if (p.nameAt === undefined) return false;
  const after = g.at(p.next).kind === 'space' && g.at(p.next).n === 0 ? g.at(p.next + 1) : g.at(p.next);
  const word = after.cls?.kind === 'chapter' || after.cls?.kind === 'verse';
  if (after.kind !== 'num' && !word && !(after.kind === 'mark' && after.key === '(')) return false;
  const led = reference(g, p.nameAt, 'prose');
  return led !== null && led.next > p.next && inProse(g, led);
}

/** A number after a blank or a comma: "Gita 1 2 3", "Gita 1 2, 3". */
function numberAfter(g: Tokens, i: number): boolean {
  let j = g.at(i).kind === 'space' ? i + 1 : i;
  const t = g.at(j);
  if (t.kind === 'mark' && (t.key === ',' || t.key === ';')) j = g.at(j + 1).kind === 'space' ? j + 2 : j + 1;
  return g.at(j).kind === 'num';
}

const endsWithNumber = (g: Tokens, p: Parsed) => g.at(p.next - 1).kind === 'num';

/** More of a word or number right after it ("2.47a", "2.47.3", "2.473", "chapter two-thirds"), or "'s" after a name that ends it. */
function continues(g: Tokens, p: Parsed): boolean {
  const t = g.at(p.next);
  const glued = (u: Token) => u.kind === 'word' || u.kind === 'num' || (u.kind === 'mark' && /\p{N}/u.test(u.key));
  if (glued(t)) return true;
  if (!endsWithNumber(g, p)) {
    if (t.kind !== 'mark') return false;
    return (t.key === '-' && glued(g.at(p.next + 1))) || ((t.key === "'" || t.key === '\u2019') && g.at(p.next + 1).key === 's');
  }
  // After its last number: a separator and another number ("2.47.3", "2.50-47" read to "2.50", "2.47. 3"), on
  // the same line. A period, colon, danda or slash after a blank ends a clause ("Gita 17.20 . 2 more"), and so
  // does prose's dash ("verse 15 — 2 more"): only a range's dash stands apart from the number it continues.
  const j = t.kind === 'space' && t.n === 0 ? p.next + 1 : p.next;
  const sep = g.at(j);
  if (sep.kind !== 'mark' || !['.', ':', '\u0964', '/', '-'].includes(sep.key)) return false;
  if ((j !== p.next && sep.key !== '-') || isProseDash(g, j)) return false;
  const k = g.at(j + 1).kind === 'space' && g.at(j + 1).n === 0 ? j + 2 : j + 1;
  return g.at(k).kind === 'num';
}

/** The reference a parse names, with where it stands; null for a range that runs backwards. */
function found(g: Tokens, p: Parsed, counts: readonly number[]): FoundRef | null {
  const { from, to } = p.part;
  if (from.sl !== undefined && (to.ch < from.ch || (to.ch === from.ch && to.sl! < from.sl))) return null;
  const start = g.at(p.first).start;
  const end = g.at(p.next - 1).end;
  return { start, end, text: g.text.slice(start, end), ref: label(p.part), exists: exists(p.part, counts), from, to };
}

/** Whether the chapters and verses a part names exist: chapters 1 to counts.length, verses 1 to a chapter's count and its colophon after. */
export function exists(part: CitedPart, counts: readonly number[]): boolean {
  return [part.from, part.to].every(({ ch, sl }) => ch >= 1 && ch <= counts.length && (sl === undefined || (sl >= 1 && sl <= counts[ch - 1] + 1)));
}
