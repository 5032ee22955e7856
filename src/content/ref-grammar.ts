// The grammar of a Gita reference, read from tokens (ref-tokens.ts): one
// reader for /verses (citations.ts), which reads a reference given alone,
// and for the finder of references in prose (find-refs.ts), which reads one
// where a name of the Gita stands. Every form either reads, the other reads
// the same way.
//
// A reference is one phrase: a name of the Gita (in prose; optional given
// alone), the chapter and the verse, and the small words that join them.
//   numbers       Gita 2.47 · BG 2:47-50 · Gita II.47 · गीता २।४७ · Gita 2.72-3.2 · Gita 2 47 · 18 (alone)
//   in brackets   गीता (2/47) · Gita (chapter 2, verse 47)
//   words         Gita chapter 18 verse 66 · Bhagavad Gita, Chapter Two, Verse 47 · Gita 2, v. 47
//                 गीता अध्याय २ श्लोक ४७ · श्रीमद्भगवद्गीता के अध्याय 18 का श्लोक 66
//                 गीता के दूसरे अध्याय के सैंतालीसवें श्लोक · Gita verse 2.47
//   name after    chapter two, verse forty-seven of the Gita · verse 47 of chapter 2 of the Gita
//                 the second chapter of the Bhagavad Gita, verse 47 · chapter 18 of the Gita
//   possessive    the Gita's eighteenth chapter
// Between its words, whitespace with at most one line break (a paragraph
// ends a phrase), a comma where a word follows ("Gita, chapter 2"; never
// "Gita, 2.47"), and only the joining words of, the, 's, to, के, का, की:
// any other word ends it. Numbers in words need a chapter or verse word
// beside them ("chapter two", "second chapter"); "Gita two" is no reference.
import { romanValue, type WordClass } from './ref-words.ts';
import type { Token, Tokens } from './ref-tokens.ts';

/** A part read: a verse, a range (from and to inclusive), or a whole chapter (`sl` absent). */
export interface CitedPart {
  from: { ch: number; sl?: number };
  to: { ch: number; sl?: number };
}

/** A reference read: the part it names and where it lies in the tokens. */
export interface Parsed {
  part: CitedPart;
  /** Its first token, and the token after its last. */
  first: number;
  next: number;
  /** It names the Gita. */
  named: boolean;
  /** A whole chapter written as a bare number ("Gita 18", "18"): /verses reads it, prose does not ("read the Gita 3 times"). */
  bare: boolean;
  /** Two numbers separated by blanks ("Gita 2 47"): in prose only when no third number follows ("Gita 1 2 3"). */
  pair: boolean;
  /** Ends with the Gita's name, which starts at this token ("verse 47 of BG"): the name may lead a reference of its own. */
  nameAt?: number;
}

/** A number read, and the token after it. */
interface Num {
  value: number;
  next: number;
}

/** What a core reads: the part, how it starts (a plain number, or a word: "chapter", "second"). */
interface Core {
  part: CitedPart;
  next: number;
  lead: 'num' | 'word';
  bare: boolean;
  pair: boolean;
  /** Only a chapter, named with a word ("chapter 2", "second chapter"): a verse may follow the name after it. */
  chapterOnly: boolean;
}

const SEPARATORS = ['.', ':', '\u0964', '/'];
const is = (t: Token, kind: WordClass['kind']) => t.kind === 'word' && t.cls?.kind === kind;
const isMark = (t: Token, ...keys: string[]) => t.kind === 'mark' && keys.includes(t.key);

/** Past one whitespace token that keeps the phrase (at most one line break); else where it was. */
function gap(g: Tokens, i: number): number {
  const t = g.at(i);
  return t.kind === 'space' && t.n < 2 ? i + 1 : i;
}

/** Past a whitespace token that must be there ("of the"): -1 when there is none. */
function space(g: Tokens, i: number): number {
  const t = g.at(i);
  return t.kind === 'space' && t.n < 2 ? i + 1 : -1;
}

/** A word of this kind at i, then the period of its abbreviation (ch., v.); -1 when not there. */
function wordOf(g: Tokens, i: number, kind: 'chapter' | 'verse'): number {
  const t = g.at(i);
  if (!is(t, kind)) return -1;
  return (t.cls as { abbr: boolean }).abbr && isMark(g.at(i + 1), '.') ? i + 2 : i + 1;
}

function digits(g: Tokens, i: number): Num | null {
  const t = g.at(i);
  return t.kind === 'num' && t.n >= 0 ? { value: t.n, next: i + 1 } : null;
}

function roman(g: Tokens, i: number): Num | null {
  const t = g.at(i);
  const value = t.kind === 'word' ? romanValue(t.key) : undefined;
  return value === undefined ? null : { value, next: i + 1 };
}

/** "-" or a space between the two words of a compound number ("forty-seven", "seventy two"). */
function joint(g: Tokens, i: number): number {
  return isMark(g.at(i), '-') ? i + 1 : space(g, i);
}

const numberWord = (t: Token) => (t.kind === 'word' && t.cls?.kind === 'number' ? t.cls : undefined);

/** A number in words, cardinal or ordinal as asked: "two", "forty-seven", "seventy two", "one hundred", "second", "forty-seventh", "सैंतालीसवें". */
function inWords(g: Tokens, i: number, ordinal: boolean): Num | null {
  const w = numberWord(g.at(i));
  if (!w) return null;
  // A tens word and a unit ("forty-seven", "forty-seventh"), or "one" and "hundred(th)" (एक सौ).
  if (!w.ordinal && (w.tens || w.value === 1)) {
    const j = joint(g, i + 1);
    const u = j > 0 ? numberWord(g.at(j)) : undefined;
    if (u && u.ordinal === ordinal && ((w.tens && u.value < 10) || (w.value === 1 && u.value === 100))) return { value: w.tens ? w.value + u.value : 100, next: j + 1 };
  }
  return w.ordinal === ordinal ? { value: w.value, next: i + 1 } : null;
}

/** An ordinal: in words, or digits with their ending ("2nd", "47th", "18वें"). */
function ordinal(g: Tokens, i: number): Num | null {
  const d = digits(g, i);
  if (d) return is(g.at(i + 1), 'ending') ? { value: d.value, next: i + 2 } : null;
  return inWords(g, i, true);
}

/** A chapter's or verse's number after its word: digits, a Roman numeral (chapters only) or words. */
function counted(g: Tokens, i: number, romanToo: boolean): Num | null {
  return digits(g, i) ?? (romanToo ? roman(g, i) : null) ?? inWords(g, i, false);
}

/** Between a chapter's and a verse's number: ".", ":", "।" or "/" (spaces around allowed), or blanks only. */
function separator(g: Tokens, i: number): { next: number; blank: boolean } | null {
  const t = g.at(i);
  if (t.kind === 'space' && t.blank && g.at(i + 1).kind === 'num') return { next: i + 1, blank: true };
  const j = gap(g, i);
  if (!SEPARATORS.some((s) => isMark(g.at(j), s))) return null;
  return { next: gap(g, j + 1), blank: false };
}

/** A place after a separator: chapter and verse. */
function place(g: Tokens, first: Num): { ch: number; sl?: number; next: number; blank: boolean } {
  const s = separator(g, first.next);
  const v = s ? digits(g, s.next) : null;
  return v ? { ch: first.value, sl: v.value, next: v.next, blank: s!.blank } : { ch: first.value, next: first.next, blank: false };
}

/**
 * An em dash or a horizontal bar with a blank beside it: prose's dash ("verse
 * 15 — and then"), which sets a clause apart, not a range's.
 */
export function isProseDash(g: Tokens, j: number): boolean {
  const t = g.at(j);
  return /[\u2014\u2015]/.test(g.text.slice(t.start, t.end)) && (g.at(j - 1).kind === 'space' || g.at(j + 1).kind === 'space');
}

/** The dash of a range: "-" (any dash, spaces around allowed, but prose's dash), or " to ", " through ", " thru ". */
function dash(g: Tokens, i: number): number {
  const j = gap(g, i);
  if (isMark(g.at(j), '-')) return isProseDash(g, j) ? -1 : gap(g, j + 1);
  const k = space(g, i);
  if (k > 0 && is(g.at(k), 'to')) return space(g, k + 1);
  return -1;
}

/** The end of a range: a verse ("-50"), or a chapter and verse ("-3.2", "-III.2": Roman only when a verse follows). */
function rangeEnd(g: Tokens, i: number, words: boolean): { ch?: number; sl: number; next: number } | null {
  const j = dash(g, i);
  if (j < 0) return null;
  const d = digits(g, j);
  if (d) {
    const p = place(g, d);
    return p.sl === undefined ? { sl: p.ch, next: p.next } : { ch: p.ch, sl: p.sl, next: p.next };
  }
  // A verse in words ends one in words: "verses forty-seven to fifty".
  const w = words ? inWords(g, j, false) : null;
  if (w) return { sl: w.value, next: w.next };
  const r = roman(g, j);
  const p = r && place(g, r);
  return p && p.sl !== undefined ? { ch: p.ch, sl: p.sl, next: p.next } : null;
}

/** Numbers: C, C.V, C:V, C।V, C/V, C V, each with a range: 2.47-50, 2.47-2.50, 2.72-3.2, 2.47 to 50. */
function body(g: Tokens, i: number): Core | null {
  const c = digits(g, i) ?? roman(g, i);
  if (!c) return null;
  const p = place(g, c);
  if (p.sl === undefined) return { part: { from: { ch: c.value }, to: { ch: c.value } }, next: c.next, lead: 'num', bare: true, pair: false, chapterOnly: false };
  const from = { ch: p.ch, sl: p.sl };
  const end = rangeEnd(g, p.next, false);
  const to = end ? { ch: end.ch ?? p.ch, sl: end.sl } : from;
  return { part: { from, to }, next: end ? end.next : p.next, lead: 'num', bare: false, pair: p.blank && !end, chapterOnly: false };
}

/** A chapter named with a word: "chapter 2", "ch. II", "chapter two", "अध्याय दो", "second chapter", "दूसरे अध्याय". */
function chapter(g: Tokens, i: number): Num | null {
  const w = wordOf(g, i, 'chapter');
  if (w > 0) return counted(g, gap(g, w), true);
  const o = ordinal(g, i);
  if (!o) return null;
  const after = wordOf(g, gap(g, o.next), 'chapter');
  return after > 0 ? { value: o.value, next: after } : null;
}

/** A verse named with a word: "verse 47", "vv. 47-50", "verse forty-seven", "श्लोक ४७", "forty-seventh verse", "सैंतालीसवें श्लोक". */
export function verse(g: Tokens, i: number): { sl: number; to?: { ch?: number; sl: number }; next: number } | null {
  const w = wordOf(g, i, 'verse');
  if (w > 0) {
    const j = gap(g, w);
    const n = counted(g, j, false);
    if (!n) return null;
    const end = rangeEnd(g, n.next, !digits(g, j));
    return end ? { sl: n.value, to: end, next: end.next } : { sl: n.value, next: n.next };
  }
  const o = ordinal(g, i);
  if (!o) return null;
  const after = wordOf(g, gap(g, o.next), 'verse');
  return after > 0 ? { sl: o.value, next: after } : null;
}

/**
 * Between a chapter and its verse: nothing, ",", ":" or a dash (spaces
 * around allowed: "Chapter 2 – Verse 47", a page's title), or Hindi के, का,
 * की; not "." ("chapter 2. Verse 47" is two sentences).
 */
function chapterToVerse(g: Tokens, i: number): number {
  const j = gap(g, i);
  const t = g.at(j);
  if (isMark(t, ',', ':', '-')) return gap(g, j + 1);
  const k = is(t, 'ke') ? space(g, j + 1) : -1;
  return k > 0 ? k : j;
}

/** " of " and an optional "the ": -1 when not there. */
function of(g: Tokens, i: number, commaToo: boolean): number {
  let j = gap(g, i);
  if (commaToo && isMark(g.at(j), ',')) j = gap(g, j + 1);
  if (!is(g.at(j), 'of')) return -1;
  j = space(g, j + 1);
  if (j > 0 && is(g.at(j), 'the')) j = space(g, j + 1);
  return j;
}

const partOf = (ch: number, v: NonNullable<ReturnType<typeof verse>>): CitedPart => ({ from: { ch, sl: v.sl }, to: { ch: v.to?.ch ?? ch, sl: v.to?.sl ?? v.sl } });
const longest = <T extends { next: number }>(list: Array<T | null>): T | null => list.reduce<T | null>((a, b) => (b && (!a || b.next > a.next) ? b : a), null);

/** What a reference says without its name: the longest of the forms that start at i. */
export function core(g: Tokens, i: number): Core | null {
  const found: Array<Core | null> = [body(g, i)];
  // "chapter 2.47", "chapter 18": the word, then numbers.
  const w = wordOf(g, i, 'chapter');
  const b = w > 0 ? body(g, gap(g, w)) : null;
  if (b) found.push({ ...b, lead: 'word', bare: false, chapterOnly: b.part.from.sl === undefined });
  // A chapter (with its word, or a bare number when a verse word follows: "2, v. 47"), then its verse.
  const ch = chapter(g, i);
  const bareCh = ch ? null : (digits(g, i) ?? roman(g, i));
  const c = ch ?? bareCh;
  if (c) {
    const v = verse(g, chapterToVerse(g, c.next));
    if (v) found.push({ part: partOf(c.value, v), next: v.next, lead: ch ? 'word' : 'num', bare: false, pair: false, chapterOnly: false });
    else if (ch) found.push({ part: { from: { ch: ch.value }, to: { ch: ch.value } }, next: ch.next, lead: 'word', bare: false, pair: false, chapterOnly: true });
  }
  // "verse 47 of chapter 2", "the forty-seventh verse of the second chapter".
  const v = verse(g, i);
  const o = v ? of(g, v.next, false) : -1;
  const vc = o > 0 ? chapter(g, o) : null;
  if (v && vc) found.push({ part: partOf(vc.value, v), next: vc.next, lead: 'word', bare: false, pair: false, chapterOnly: false });
  // "verse 2.47", "verses 2.47-50": a verse word before numbers that name a verse.
  const vw = wordOf(g, i, 'verse');
  const vb = vw > 0 ? body(g, gap(g, vw)) : null;
  if (vb && vb.part.from.sl !== undefined && !vb.pair) found.push({ ...vb, lead: 'word' });
  return longest(found);
}

/** A name of the Gita at i: the token after it, and whether it is "BG" written with a small b. */
export function name(g: Tokens, i: number): { next: number; small: boolean } | null {
  const n = nameAt(g, i);
  // Not the start of a longer word in another script ("गीताji"); "B.G.vi" is the name and a numeral.
  return n && !(g.at(n.next - 1).kind === 'word' && g.at(n.next).kind === 'word') ? n : null;
}

function nameAt(g: Tokens, i: number): { next: number; small: boolean } | null {
  const t = g.at(i);
  const small = g.text[t.start] === 'b';
  if (t.kind !== 'word') return null;
  if (t.key === 'bg') return { next: isMark(g.at(i + 1), '.') ? i + 2 : i + 1, small };
  // B.G., B. G., B G
  if (t.key === 'b') {
    let j = isMark(g.at(i + 1), '.') ? i + 2 : i + 1;
    if (g.at(j).blank) j++;
    if (g.at(j).key !== 'g') return null;
    return { next: isMark(g.at(j + 1), '.') ? j + 2 : j + 1, small };
  }
  if (t.cls?.kind === 'name') return { next: i + 1, small: false };
  if (t.cls?.kind !== 'lead') return null;
  // Bhagavad Gita, Bhagavad-gītā, Srimad Bhagavad Gita, श्रीमद् भगवद्गीता.
  let j = i;
  let then = t.cls.then;
  for (;;) {
    j = gap(g, j + 1);
    if (isMark(g.at(j), '-')) j = gap(g, j + 1);
    const u = g.at(j);
    if (u.kind !== 'word') return null;
    if (then === 'gita') return u.key === 'gita' || u.key === 'गीता' ? { next: j + 1, small: false } : null;
    if (u.cls?.kind === 'lead' && u.cls.then === 'gita') then = 'gita';
    else return u.key === 'bhagavadgita' || u.key === 'भगवद्गीता' ? { next: j + 1, small: false } : null;
  }
}

type Mode = 'prose' | 'alone';

/** A reference led by its name at i: "Gita 2.47", "Gita (2/47)", "Gita, chapter 2", "गीता के दूसरे अध्याय", "the Gita's eighteenth chapter". */
function nameFirst(g: Tokens, i: number, mode: Mode): Parsed | null {
  const n = name(g, i);
  if (!n || (mode === 'prose' && n.small)) return null;
  const found: Array<Parsed | null> = [];
  const make = (c: Core | null, next = c?.next ?? 0): Parsed | null => (c ? { part: c.part, first: i, next, named: true, bare: c.bare, pair: c.pair } : null);
  const wordLed = (c: Core | null) => (c && c.lead === 'word' ? c : null);
  const j = gap(g, n.next);
  found.push(make(core(g, j)));
  // In brackets: "गीता (2/47)".
  if (isMark(g.at(j), '(')) {
    const c = core(g, gap(g, j + 1));
    const close = c ? gap(g, c.next) : -1;
    if (c && isMark(g.at(close), ')')) found.push(make(c, close + 1));
  }
  // A comma before a word: "Bhagavad Gita, Chapter Two" (never "Gita, 2.47"); Hindi's के: "गीता के अध्याय 2", "गीता के 2.47 में".
  if (isMark(g.at(j), ',')) found.push(make(wordLed(core(g, gap(g, j + 1)))));
  if (is(g.at(j), 'ke')) {
    const k = space(g, j + 1);
    if (k > 0) found.push(make(core(g, k)));
  }
  // Possessive: "the Gita's eighteenth chapter".
  if (isMark(g.at(n.next), "'", '\u2019') && is(g.at(n.next + 1), 's')) {
    const k = space(g, n.next + 2);
    if (k > 0) found.push(make(wordLed(core(g, k))));
  }
  return longest(found);
}

/** A reference whose name comes after it: "chapter two, verse forty-seven of the Gita", "the second chapter of the Gita, verse 47". */
function nameAfter(g: Tokens, i: number, mode: Mode): Parsed | null {
  const c = core(g, i);
  if (!c || c.lead !== 'word') return null;
  const o = of(g, c.next, true);
  const n = o > 0 ? name(g, o) : null;
  if (!n || (mode === 'prose' && n.small)) return null;
  const parsed: Parsed = { part: c.part, first: i, next: n.next, named: true, bare: false, pair: false, nameAt: o };
  if (!c.chapterOnly) return parsed;
  // The verse after the name: "the second chapter of the Bhagavad Gita, verse 47".
  let j = gap(g, n.next);
  if (isMark(g.at(j), ',')) j = gap(g, j + 1);
  const v = verse(g, j);
  return v ? { ...parsed, part: partOf(c.part.from.ch, v), next: v.next, nameAt: undefined } : parsed;
}

/**
 * The longest reference that starts at token i. In prose it must name the
 * Gita, with BG written with its capital B; alone (/verses) the name may be
 * left out. The caller checks what prose also asks (a bare chapter, what
 * follows it).
 */
export function reference(g: Tokens, i: number, mode: Mode): Parsed | null {
  const found = [nameFirst(g, i, mode), nameAfter(g, i, mode)];
  if (mode === 'alone') {
    const c = core(g, i);
    if (c) found.push({ part: c.part, first: i, next: c.next, named: false, bare: c.bare, pair: c.pair });
  }
  return longest(found);
}
