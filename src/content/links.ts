// The link graph, mined from the commentaries' texts: what each commentary
// cites (another verse of the Gita, or another work), which commentaries are
// written on a group of verses, and, inverted, what cites each verse. Pure:
// texts in, mentions and the graph out; the import runs it over the texts it
// serves (after the repairs) and writes content/links.json.
//
// How a number pair is read (mentionsIn):
// - its numbers: N.M, N।M, N:M, or N?M (a lost period), with a range after
//   it ("7। 16 18", "2.47-50", "10.8 -- 10.10", "16.23-4"); three numbers or
//   more ("6।2।1", "3।12।7") are never a verse of the Gita;
// - what is written before it: inside its bracket ("(गीता 9। 22)", "(Tai.
//   U., 3.1.1)", "[ब्र.सू.1।3।10]"), glued to it ("श्वे.उ.4।5", "अष्टा.6।3।46")
//   or the words before it ("Śvetāśvatara Upaniṣad 3.8", "Yoga-sūtras
//   (4.33)"). A Gita word makes a Gita citation; a work's name or an
//   abbreviation another work (works.ts names it, or it stays as written);
//   "Ibid." the work before it; "टिप्पणी प0" (the printed book's page) and
//   "starts from" (a placeholder's pointer) nothing;
// - where it stands: at a text's start (or between "।।" marks) it is the
//   text's own heading: the verse itself, or the group of verses the text
//   is written on (covers);
// - a Gita citation names a verse that exists (its chapter's verses, not the
//   colophon); one that names the verse it stands under is that verse's own
//   number, not a citation;
// - chapter 13 as its commentary numbers it: the recensions of Śaṅkara,
//   Rāmānuja and the Gita Press leave out Arjuna's question that this API
//   (and upstream) counts as 13.1, so their 13.7 is our 13.8. Which
//   commentaries do is read from their own texts (thirteenthNumbering: the
//   words each quotes before a number of chapter 13 are those of that verse,
//   or of the next), never assumed; their headings are upstream's numbers.
import { asciiDigits } from './digits.ts';
import { romanValue } from './ref-words.ts';
import { GITA, workName, workSlug } from './works.ts';

/** The graph as the import writes it beside the records (content/links.json). */
export const LINKS_FILE = 'links.json';

export type MentionKind = 'gita' | 'covers' | 'self' | 'work' | 'other';

/** The work of a place cited with no work written before it: read as a citation of another work, but of none named. */
export const NO_WORK = '?';

/** One number pair (or longer) of a text, read. */
export interface Mention {
  /** The numbers, as UTF-16 offsets in the text: [start, end). */
  start: number;
  end: number;
  /** Where the citation as written starts (its label: "गीता ", "छा0 उ0 "), at or before start. */
  from: number;
  /** The citation as written: text.slice(from, end). */
  text: string;
  kind: MentionKind;
  /** gita: the verse or range cited (BG2.47, BG7.16-18); self: the verse. */
  to?: string;
  /** covers: the group of verses the text is written on (BG1.26-47). */
  range?: string;
  /** work: the work's canonical name, or the abbreviation as written when no name is known (named false). */
  work?: string;
  named?: boolean;
  /** work: the place in it, its numbers as written with "." between (6.2.1, 88.24-28). */
  loc?: string;
  /** work: the work's label as written ("छा0 उ0", "Cha. U.", "Yoga-sūtras"); none after "Ibid.". */
  label?: string;
  /** Why, in a few words (for the tests and the audit). */
  why: string;
  /** A heading: the text's own number, or a part's inside it (upstream's numbers, read as written). */
  heading?: true;
  /** Read other than as written: a verse on in chapter 13 (Numbering), or a misprint mended by the words quoted. */
  read?: 'chapter13' | 'misprint';
}

const SP = '[ \\t\\u00a0]';
/** Numbers joined by one separator each: ".", "।", ":", or "?" (a period the source lost). */
const GROUP = new RegExp(`\\d+(?:${SP}*[.।:?]${SP}*\\d+)*`, 'g');
const SEPARATOR = new RegExp(`${SP}*[.।:?]${SP}*`);
/** After a verse: a range's end, after a dash ("-50", " -- 10.10", "-4") or spaces ("7। 16 18", "3.40  3.41"). */
const RANGE_AFTER = new RegExp(`^(?:(\\.?${SP}*(?:--|-|–|—|‑)${SP}*|${SP}*\\bto${SP}+)|(${SP}+))(?:(\\d+)${SP}*[.।:]${SP}*)?(\\d+)(?!\\d|${SP}*[.।:?]${SP}*\\d)`);
/** What may follow a range's end written after spaces only: its bracket's end, a danda, a comma, the end. */
const AFTER_SPACED_RANGE = new RegExp(`^${SP}*(?:[)\\]।|,;]|$)`);
/** A verse of the same chapter listed after a cited one, in its bracket: "(गीता 8। 14 एवं 9। 22, 34)". */
const LIST_AFTER = new RegExp(`^,${SP}*(\\d+)(?!\\d|${SP}*[.।:?]${SP}*\\d)`);
const ROMAN_BEFORE = /(?:^|[^A-Za-z])([IVXL]{1,7})\.\s*$/;
const CHAPTER_VERSES_BEFORE = /chapter\s+([IVXL]{1,7}|\d{1,2})\s+verses?\s*$/i;
const HEADING_OPEN = /(?:^|।।|\|\|)[\s\u00a0]*$/;
const HEADING_CLOSE = /^[\s\u00a0]*(?:।।|\|\|)/;
const LEADING = /^[\s\u00a0]*(?:[।|]{1,3}[\s\u00a0]*)?$/;
/** After a verse's number: "इत्यन्तस्य", "इत्यन्तेन", "इत्यन्तम्" (… up to here), "इत्येतदन्तम्". */
const PASSAGE_END = /^[\s\u00a0\])]*इत्य(?:न्त|ेतदन्त)/;
/** After a verse's number: "इति श्लोकस्यायमर्थः" (the meaning of the verse … is), opening the part on it. */
const VERSE_PART = /^[\s\u00a0\])]*इति[\s\u00a0]*श्लोकस्य/;
const PAGE = /(?:टिप्पणी|^प\.?$|^pp?\.?$|^page$)/i;
const POINTER = /starts?\s+from\s*$/i;
const IBID = /^(?:ibid\.?,?|op\.?\s*cit\.?,?|तत्रैव|वही)$/i;
/** Words that lead to a citation without naming a work: "see", "cf.", "under", "in the"... */
const CONNECTIVE = /^(?:see|cf\.?|vide|under|also|in|the|on|and|&|note|comm\.?|comment|commentary|common\.?|with|from|of|verses?|sloka|text|beginning|to|एवं|और|तथा|च|व|जैसे|जिसका|जिसकी|वर्णन|देखें|देखिये|उक्तं|उक्तम्|[\u0900-\u097F]*स्कन्धे|--|—|-)$/i;

/** A chapter in Roman numerals as the commentaries write it ("XVIII.9", "Chapter iv verse 3"): any case, read by the references' own reader. */
const romanChapter = (s: string) => romanValue(s.toLowerCase());

/** The label's words, after the last connective ("see note under" leaves nothing; "cf. Br." leaves "Br."). */
function cleanLabel(raw: string): string {
  // A phrase quoted in the bracket is the text cited, not a work: "('सदसच्चाहम्' 9। 19)".
  let label = raw.replace(/['‘"“][^'’"”]*['’"”]/g, ' ').replace(/-(?=see\b)/gi, ' ').replace(/^[\s,;:.)\]&]+|[\s,;:(\[]+$/g, '');
  const semi = label.lastIndexOf(';');
  if (semi !== -1) label = label.slice(semi + 1);
  const tokens = label.split(/\s+/).filter(Boolean).map((t) => t.replace(/^cf\.(?=\S)/i, ''));
  let last = -1;
  tokens.forEach((t, i) => CONNECTIVE.test(t.replace(/[,;:]+$/, '')) && (last = i));
  return tokens.slice(last + 1).join(' ').replace(/^[\s,;:.&]+|[\s,;:]+$/g, '');
}

/** The work named by the last one to `max` words of `label` (longest first), and those words as written; null when none names one. */
function namedAtEnd(label: string, max = 4): { name: string; written: string } | null {
  const tokens = [...label.matchAll(/\S+/g)];
  while (tokens.length && CONNECTIVE.test(tokens[tokens.length - 1][0].replace(/[,;:]+$/, ''))) tokens.pop();
  for (let n = Math.min(max, tokens.length); n >= 1; n--) {
    const words = tokens.slice(-n);
    const name = workName(words.map((t) => t[0]).join(' '));
    if (name) return { name, written: label.slice(words[0].index, words[n - 1].index + words[n - 1][0].length).replace(/[,;:]+$/, '') };
  }
  return null;
}

type Reading =
  | { as: 'gita'; explicit: boolean }
  | { as: 'roman'; chapter: number }
  | { as: 'work'; work: string; named: boolean }
  | { as: 'other'; why: string };

interface Context {
  /** The label's start (for the text as written). */
  from: number;
  /** A work's label as written ("छा0 उ0", "Yoga-sūtras"), for the ways a work is written. */
  written?: string;
  reading: Reading;
  bracket: number;
}

/** Is `ch.v` a verse of the Gita (not a colophon)? */
const isVerse = (ch: number, v: number, versesPerChapter: readonly number[]) => ch >= 1 && ch <= versesPerChapter.length && v >= 1 && v <= versesPerChapter[ch - 1];

/**
 * Two verse numbers run together ("3031" for 30-31, "(गीता 7।45)" for 4-5),
 * read as the range they stand for: the first split into a verse and a later
 * one within the chapter, at most 10 verses on (a longer "range" is a list,
 * "[10।2637]" for 26 and 37, or another work's place, "[1।1027]" of the
 * Dhātupāṭha). Where the Gita is not named, only two halves of two digits or
 * more count ("2728"; not "37", which is a typo or another work's 5.39 as
 * often as a range).
 */
function joinedRange(digits: string, count: number, named: boolean): [number, number] | null {
  for (let i = 1; i < digits.length; i++) {
    if (digits[i] === '0' || (!named && (i * 2 !== digits.length || i < 2))) continue;
    const [a, b] = [Number(digits.slice(0, i)), Number(digits.slice(i))];
    if (a >= 1 && b > a && b - a <= 10 && b <= count) return [a, b];
  }
  return null;
}

/** A range's end as written ("16.23-4" is 23-24): the shortest reading at or after the start. */
function rangeEnd(first: number, written: string): number {
  const n = Number(written);
  if (n > first || written.length >= String(first).length) return n;
  return Number(String(first).slice(0, String(first).length - written.length) + written);
}

/** How a commentary numbers the verses it cites (thirteenthNumbering decides it from its texts). */
export interface Numbering {
  /** Chapter 13 without Arjuna's question: its verse N is this API's N + 1. */
  thirteenWithoutQuestion?: boolean;
  /** Each verse's Devanagari words (verseWords), to mend a misprinted number by the words quoted before it. */
  verseWords?: ReadonlyMap<string, ReadonlySet<string>>;
  /** The text is a Sanskrit commentary (sc): the words before a number are the verse's own, quoted (in Hindi and English, prose). */
  sanskrit?: boolean;
}

/** Each verse's Devanagari words (of its slok), for Numbering.verseWords. */
export function verseWords(records: readonly MinedRecord[]): Map<string, Set<string>> {
  return new Map(records.map((r) => [r._id, quotedWords(String(r.slok ?? ''))]));
}

/** How many of `words` are words of the verse (a prefix either way: sandhi and endings differ). */
function wordsFit(words: ReadonlySet<string>, verse: ReadonlySet<string> | undefined): number {
  let n = 0;
  for (const w of words) for (const v of verse ?? []) if (v.startsWith(w) || w.startsWith(v)) {
    n++;
    break;
  }
  return n;
}

/** The verses one digit away from C.V (a digit dropped, added or changed in either number): where a misprint may have come from. */
function oneDigitAway(ch: number, v: number, versesPerChapter: readonly number[]): string[] {
  const near = (n: number) => {
    const s = String(n);
    const out = new Set<number>();
    for (let i = 0; i <= s.length; i++) {
      if (i < s.length) out.add(Number(s.slice(0, i) + s.slice(i + 1)));
      for (let d = 0; d <= 9; d++) {
        out.add(Number(s.slice(0, i) + d + s.slice(i)));
        if (i < s.length) out.add(Number(s.slice(0, i) + d + s.slice(i + 1)));
      }
    }
    out.delete(n);
    return [...out];
  };
  const ids = new Set<string>();
  for (const c of near(ch)) if (isVerse(c, v, versesPerChapter)) ids.add(`BG${c}.${v}`);
  for (const w of near(v)) if (isVerse(ch, w, versesPerChapter)) ids.add(`BG${ch}.${w}`);
  return [...ids];
}

/** BG13.7 as BG13.8 (a range's both ends), or null where that is no verse (or not chapter 13). */
function nextInThirteen(label: string, versesPerChapter: readonly number[]): string | null {
  const m = /^BG13\.(\d+)(?:-(\d+))?$/.exec(label);
  if (!m) return null;
  const a = Number(m[1]) + 1;
  const b = m[2] === undefined ? undefined : Number(m[2]) + 1;
  if ((b ?? a) > versesPerChapter[12]) return null;
  return b === undefined ? `BG13.${a}` : `BG13.${a}-${b}`;
}

/** What every pass over one text reads: the text, the same with ASCII digits (offsets alike), the verse it stands under and the chapters' verse counts. */
interface Scan {
  text: string;
  norm: string;
  own: { ch: number; sl: number };
  ownId: string;
  versesPerChapter: readonly number[];
}

/** One number group of the text: where it stands, its numbers and their separators, and a range's end read after it. */
interface Group {
  start: number;
  end: number;
  /** The group as written (ASCII digits). */
  written: string;
  nums: number[];
  seps: string[];
  /** The 60 characters before it. */
  pre: string;
  rangeTo?: number;
}

/** A mention as a pass finds it, before the commentary's numbering is applied and its text cut. */
type Found = Omit<Mention, 'text'>;

/** `BG{ch}.{v}`, or the range to `rangeTo`. */
const verseOrRange = (ch: number, v: number, rangeTo: number | undefined) => (rangeTo === undefined ? `BG${ch}.${v}` : `BG${ch}.${v}-${rangeTo}`);
/** A verse cited: the verse the text stands under is its own number, not a citation. */
const citedKind = (s: Scan, id: string): MentionKind => (id === s.ownId ? 'self' : 'gita');

/**
 * Every number pair of one commentary text, read: `own` is the verse the text
 * stands under, `versesPerChapter` the chapters' verse counts (colophons
 * not counted). Each number group is read by the first pass that takes it:
 * a lone number after a Roman chapter, a heading, else what is written
 * before it (contextOf) says whether it is the Gita, another work or
 * nothing; then the commentary's own numbering is applied (asNumbered).
 */
export function mentionsIn(text: string, own: { ch: number; sl: number }, versesPerChapter: readonly number[], numbering: Numbering = {}): Mention[] {
  const s: Scan = { text, norm: asciiDigits(text), own, ownId: `BG${own.ch}.${own.sl}`, versesPerChapter };
  const out: Mention[] = [];
  let lastWork: { work: string; named: boolean } | null = null;
  let previous: { bracket: number; reading: Reading } | null = null;
  // The end of the last range read: a range's end is not read again as a number of its own.
  let consumed = 0;
  for (const match of s.norm.matchAll(GROUP)) {
    if (match.index < consumed) continue;
    const g = groupOf(s, match);
    let found: Found[];
    if (g.nums.length === 1) found = afterRomanChapter(s, g);
    else {
      const range = rangeAfter(s, g);
      if (range) {
        g.rangeTo = range.to;
        g.end += range.length;
        consumed = g.end;
      }
      const heading = headingAt(s, g);
      if (heading) {
        found = [heading];
        previous = null;
      } else {
        const ctx = contextOf(text, s.norm, g.start, g.pre, lastWork, previous);
        previous = ctx.bracket >= 0 ? { bracket: ctx.bracket, reading: ctx.reading } : null;
        found = byContext(s, g, ctx);
      }
    }
    for (const f of found) {
      const m = asNumbered(s, f, numbering, out.at(-1)?.end ?? 0);
      out.push({ ...m, text: text.slice(m.from, m.end) });
      if (m.kind === 'work') lastWork = { work: m.work!, named: m.named! };
    }
  }
  return out;
}

/** A number group as matched: its numbers, separators and the text before it. */
function groupOf(s: Scan, match: RegExpExecArray): Group {
  const start = match.index;
  return {
    start,
    end: start + match[0].length,
    written: match[0],
    nums: match[0].split(SEPARATOR).map(Number),
    seps: match[0].match(new RegExp(SEPARATOR.source, 'g'))?.map((x) => x.trim()) ?? [],
    pre: s.norm.slice(Math.max(0, start - 60), start),
  };
}

/** A lone number: a verse only after a Roman chapter ("XVIII.9"). */
function afterRomanChapter(s: Scan, g: Group): Found[] {
  const roman = ROMAN_BEFORE.exec(g.pre);
  const ch = roman && romanChapter(roman[1]);
  if (!ch || !isVerse(ch, g.nums[0], s.versesPerChapter)) return [];
  const id = `BG${ch}.${g.nums[0]}`;
  return [{ start: g.start, end: g.end, from: g.start - roman![1].length - 1, kind: citedKind(s, id), to: id, why: 'a verse after a Roman chapter' }];
}

/** A range's end after the numbers ("-50", " -- 10.10", "7। 16 18"), in the same chapter and past the verse: its verse and the characters it takes. */
function rangeAfter(s: Scan, g: Group): { to: number; length: number } | null {
  const r = RANGE_AFTER.exec(s.norm.slice(g.end));
  if (!r) return null;
  const [all, dash, spaces, rch, rv] = r;
  const last = g.nums[g.nums.length - 1];
  const sameChapter = rch === undefined || (g.nums.length === 2 && Number(rch) === g.nums[0]);
  const spacedOk = !spaces || AFTER_SPACED_RANGE.test(s.norm.slice(g.end + all.length)) || rch !== undefined;
  const endV = dash ? rangeEnd(last, rv) : Number(rv);
  return sameChapter && spacedOk && endV > last ? { to: endV, length: all.length } : null;
}

/** A heading: a verse at the text's start, or between "।।" marks, or set apart before a sentence; the text's own verse, or the group it is written on. */
function headingAt(s: Scan, g: Group): Found | null {
  if (g.nums.length !== 2 || g.seps[0] !== '.') return null;
  const leading = LEADING.test(s.norm.slice(0, g.start));
  const between = HEADING_OPEN.test(g.pre) && (HEADING_CLOSE.test(s.norm.slice(g.end)) || /^\s+[A-Z]/.test(s.norm.slice(g.end)));
  const setApart = /\S[ \u00a0]{2,}$/.test(g.pre) && /^ [A-Z][a-z]/.test(s.norm.slice(g.end));
  if (!(leading || between || setApart) || !isVerse(g.nums[0], g.nums[1], s.versesPerChapter)) return null;
  const id = verseOrRange(g.nums[0], g.nums[1], g.rangeTo);
  const kind = g.rangeTo !== undefined || (!leading && id !== s.ownId) ? 'covers' : 'self';
  return { start: g.start, end: g.end, from: g.start, kind, ...(kind === 'covers' ? { range: id } : { to: id }), why: leading ? 'the text\'s heading' : 'a heading inside the text', heading: true };
}

/** The group read as what is written before it says: nothing, another work, verses of a Roman chapter, or the Gita. */
function byContext(s: Scan, g: Group, ctx: Context): Found[] {
  const { start, end, nums, rangeTo } = g;
  const reading = ctx.reading;
  if (reading.as === 'other') return [{ start, end, from: ctx.from, kind: 'other', why: reading.why }];
  if (reading.as === 'work') {
    const loc = nums.join('.') + (rangeTo === undefined ? '' : `-${rangeTo}`);
    return [{ start, end, from: ctx.from, kind: 'work', work: reading.work, named: reading.named, loc, ...(ctx.written && { label: ctx.written.trim().replace(/[,;:]+$/, '') }), why: reading.named ? 'a work named before it' : 'an abbreviation before it' }];
  }
  if (reading.as === 'roman') return inRomanChapter(s, g, ctx.from, reading.chapter);
  return gitaCitation(s, g, ctx, reading.explicit);
}

/** "Cf.III.7.19?25": each number a verse of the Roman chapter. */
function inRomanChapter(s: Scan, g: Group, from: number, chapter: number): Found[] {
  const found: Found[] = [];
  let at = g.start;
  for (const n of g.nums) {
    const start = s.norm.indexOf(String(n), at);
    const end = start + String(n).length;
    at = end;
    if (!isVerse(chapter, n, s.versesPerChapter)) continue;
    const id = `BG${chapter}.${n}`;
    found.push({ start, end, from: start === g.start ? from : start, kind: citedKind(s, id), to: id, why: 'a verse after a Roman chapter' });
  }
  return found;
}

/** The group read as the Gita: two numbers, a verse that exists (with a range, and more verses listed after it in its bracket). */
function gitaCitation(s: Scan, g: Group, ctx: Context, explicit: boolean): Found[] {
  const { start, end, nums, seps } = g;
  const counts = s.versesPerChapter;
  let rangeTo = g.rangeTo;
  const ch = nums[0];
  let v = nums[1];
  if (nums.length === 3 && seps[0] !== '?' && seps[1] === '?' && nums[2] > nums[1] && rangeTo === undefined) {
    // "[13।7?8]": the range's dash lost as "?".
    rangeTo = nums[2];
  } else if (nums.length > 2) {
    // A part that starts with 0 ("432?000") is a number written with separators, not a place.
    const zeros = /[.।:?]\s*0\d*/.test(g.written);
    if (explicit || zeros || seps.includes('?') || ctx.bracket < 0) return [{ start, end, from: ctx.from, kind: 'other', why: 'three numbers or more: not a verse' }];
    return [{ start, end, from: ctx.from, kind: 'work', work: NO_WORK, named: false, loc: nums.join('.') + (rangeTo === undefined ? '' : `-${rangeTo}`), why: 'three numbers, no work named' }];
  }
  // "(गीता 9। 3031)": a range whose dash was lost, two verse numbers run together (as references.ts reads a heading's "6.3031").
  if (!isVerse(ch, v, counts) && rangeTo === undefined && ch >= 1 && ch <= counts.length) {
    const joined = joinedRange(String(v), counts[ch - 1], explicit);
    if (joined) [v, rangeTo] = joined;
  }
  if (!isVerse(ch, v, counts) || (rangeTo !== undefined && rangeTo > counts[ch - 1])) return [{ start, end, from: ctx.from, kind: 'other', why: 'not a verse of the Gita' }];
  const id = verseOrRange(ch, v, rangeTo);
  const part = rangeTo === undefined && ch === s.own.ch ? passagePart(s, g, ctx.from, v, id) : null;
  if (part) return [part];
  // A range that holds the verse itself ("(गीता 4। 16 32)" under 4.19) cites the others: a citation still.
  const cited: Found = { start, end, from: ctx.from, kind: citedKind(s, id), to: id, why: explicit ? 'the Gita named' : 'a verse, no other work named' };
  return ctx.bracket >= 0 && rangeTo === undefined ? [cited, ...listedAfter(s, end, ch)] : [cited];
}

/**
 * The commentaries on a group of verses say where each part starts and ends, in the verse's own chapter:
 * "अथ व्यवस्थितान् इत्यादेः कुरून् 1।25 इत्यन्तस्य" (the passage from the verse this text stands under to 1.25),
 * "अपर्याप्तं 1।10 इति श्लोकस्यायमर्थः" (the part on 1.10 opens, in a text on 1.2 to 1.18; of an earlier verse it is
 * a citation): what the text is written on, not a citation. Null when the words after the verse `v` are neither.
 */
function passagePart(s: Scan, g: Group, from: number, v: number, id: string): Found | null {
  const after = s.norm.slice(g.end, g.end + 24);
  const { start, end } = g;
  if (PASSAGE_END.test(after) && v > s.own.sl) return { start, end, from, kind: 'covers', range: `BG${s.own.ch}.${s.own.sl}-${v}`, why: 'the end of the passage the text is written on' };
  if (VERSE_PART.test(after) && v >= s.own.sl) return { start, end, from, kind: id === s.ownId ? 'self' : 'covers', ...(id === s.ownId ? { to: id } : { range: id }), why: 'opens the part of the text on that verse' };
  return null;
}

/** "(गीता 8। 14 एवं 9। 22, 34)": more verses of the chapter, in the bracket, after the one cited (which ends at `from`). */
function listedAfter(s: Scan, from: number, ch: number): Found[] {
  const found: Found[] = [];
  let at = from;
  for (let l = LIST_AFTER.exec(s.norm.slice(at)); l; l = LIST_AFTER.exec(s.norm.slice(at))) {
    const start = at + l[0].indexOf(l[1]);
    const end = start + l[1].length;
    at = end;
    const v = Number(l[1]);
    if (!isVerse(ch, v, s.versesPerChapter)) break;
    const more = `BG${ch}.${v}`;
    found.push({ start, end, from: start, kind: citedKind(s, more), to: more, why: 'a verse listed after another' });
  }
  return found;
}

/**
 * A mention as its commentary numbers the verses (Numbering): of chapter 13,
 * one verse on where the commentary leaves out Arjuna's question (its
 * headings are upstream's); in a Sanskrit commentary, a misprint mended by
 * the words quoted before it. `lastEnd`: where the mention before it ends.
 */
function asNumbered(s: Scan, found: Found, numbering: Numbering, lastEnd: number): Found {
  let m = found;
  if (numbering.thirteenWithoutQuestion && (m.kind === 'gita' || m.kind === 'self') && !m.heading) {
    const moved = m.to && nextInThirteen(m.to, s.versesPerChapter);
    if (moved) m = { ...m, to: moved, kind: citedKind(s, moved), why: `${m.why}; chapter 13 as this commentary numbers it`, read: 'chapter13' };
  }
  if (numbering.verseWords && numbering.sanskrit && m.kind === 'gita' && m.to && /^BG\d+\.\d+$/.test(m.to)) {
    const fit = misprintOf(s, m.from, m.to, numbering.verseWords, lastEnd);
    if (fit) m = { ...m, to: fit, kind: citedKind(s, fit), why: `${m.why}; a misprint: the words quoted are ${fit}'s`, read: 'misprint' };
  }
  return m;
}

/**
 * The verse a Sanskrit commentary meant where it printed `to`: it quotes the
 * verse it cites just before the number, so when the last words before it
 * (since the mention before) are none of that verse's, the verse they fit
 * best of all is meant, if it is one alone, by two words or more, and a
 * digit away. Null when no such verse is.
 */
function misprintOf(s: Scan, from: number, to: string, verseWords: ReadonlyMap<string, ReadonlySet<string>>, lastEnd: number): string | null {
  const before = new Set([...quotedWords(s.text.slice(Math.max(0, from - 40, lastEnd), from))].slice(-4));
  if (before.size < 2 || wordsFit(before, verseWords.get(to)) !== 0) return null;
  const [c, v] = to.slice(2).split('.').map(Number);
  const near = oneDigitAway(c, v, s.versesPerChapter);
  // The answer is one of these, fitting two words or more: when none does, the scan of every verse below cannot find it.
  if (!near.some((id) => wordsFit(before, verseWords.get(id)) >= 2)) return null;
  let best = 0;
  let bestIds: string[] = [];
  for (const [id, words] of verseWords) {
    const n = wordsFit(before, words);
    if (n > best) [best, bestIds] = [n, [id]];
    else if (n === best && n > 0) bestIds.push(id);
  }
  return best >= 2 && bestIds.length === 1 && near.includes(bestIds[0]) ? bestIds[0] : null;
}

/** What is written before a number group, read: its label, and how the group is to be taken. */
function contextOf(text: string, norm: string, start: number, pre: string, lastWork: { work: string; named: boolean } | null, previous: { bracket: number; reading: Reading } | null): Context {
  const preStart = start - pre.length;
  if (POINTER.test(pre)) return { from: start, bracket: -1, reading: { as: 'other', why: 'a placeholder\'s pointer' } };
  const chapterVerses = CHAPTER_VERSES_BEFORE.exec(pre);
  if (chapterVerses) {
    const ch = /^\d/.test(chapterVerses[1]) ? Number(chapterVerses[1]) : romanChapter(chapterVerses[1]);
    if (ch) return { from: preStart + chapterVerses.index, bracket: -1, reading: { as: 'roman', chapter: ch } };
  }

  // Inside a bracket opened before it and not closed.
  const open = Math.max(pre.lastIndexOf('('), pre.lastIndexOf('['));
  const close = Math.max(pre.lastIndexOf(')'), pre.lastIndexOf(']'));
  if (open > close) {
    const bracket = preStart + open;
    let labelStart = bracket + 1;
    // After a citation earlier in the same bracket: only what follows it.
    // (An abbreviation's "0", as in "छा0 उ0", is no number.)
    const inside = norm.slice(labelStart, start).replace(/([\u0900-\u097F])0/g, '$1.');
    const digit = inside.search(/\d[^\d]*$/);
    if (digit !== -1) labelStart += digit + 1;
    const raw = text.slice(labelStart, start);
    const label = cleanLabel(raw);
    const from = label ? start - raw.trimStart().length : start;
    if (!label && digit !== -1 && previous?.bracket === bracket) return { from: start, bracket, reading: previous.reading };
    if (!label) {
      // "Yoga-sūtras (4.33)", "भागवते [10।37।10]": a work named just before the bracket.
      const before = text.slice(Math.max(0, bracket - 40), bracket);
      // (A word the window cut in two is left out.)
      const named = namedAtEnd(bracket > 40 ? before.replace(/^\S*\s/, '') : before, 4);
      if (named?.name === GITA) return { from: start, bracket, reading: { as: 'gita', explicit: true } };
      if (named) return { from: start, written: named.written, bracket, reading: { as: 'work', work: named.name, named: true } };
      return { from: start, bracket, reading: { as: 'gita', explicit: false } };
    }
    const reading = readLabel(label, 'bracket', lastWork);
    // The text as written starts at the label read (after "see", "cf.", "and"...).
    const at = raw.indexOf(label.split(/\s+/)[0], Math.max(0, raw.length - label.length - 8));
    return { from: at >= 0 ? labelStart + at : from, written: IBID.test(label) ? undefined : label, bracket, reading };
  }

  // Glued to it: "श्वे.उ.4।5", "RigVeda10.90.3", "मनुः12।9".
  const glued = /([\p{L}\p{M}][\p{L}\p{M}.]*0?\.?)$/u.exec(pre);
  if (glued) {
    return { from: start - glued[1].length, written: glued[1], bracket: -1, reading: readLabel(glued[1], 'glued', lastWork) };
  }

  // The words before it: "Śvetāśvatara Upaniṣad 3.8", "RV. X. 90. 3", "देही नित्यं 2।30".
  const words = /((?:[^\s\d()[\]]+[ \t\u00a0]+){1,4})$/u.exec(pre);
  if (words) {
    const named = namedAtEnd(words[1], 4);
    const from = named ? start - words[1].length + words[1].lastIndexOf(named.written) : start;
    if (named?.name === GITA) return { from, bracket: -1, reading: { as: 'gita', explicit: true } };
    if (named) return { from, written: named.written, bracket: -1, reading: { as: 'work', work: named.name, named: true } };
    const last = words[1].trim().split(/\s+/).pop()!;
    const roman = /^([IVXL]{1,7})\.$/.exec(last);
    const ch = roman && romanChapter(roman[1]);
    if (ch) return { from: start - words[1].trimStart().length, bracket: -1, reading: { as: 'roman', chapter: ch } };
    if (PAGE.test(last)) return { from: start, bracket: -1, reading: { as: 'other', why: 'a page of the printed book' } };
  }
  return { from: start, bracket: -1, reading: { as: 'gita', explicit: false } };
}

/** A label read: the Gita, a Roman chapter, a page, Ibid., a work (named or as written). */
function readLabel(label: string, where: 'bracket' | 'glued', lastWork: { work: string; named: boolean } | null): Reading {
  if (PAGE.test(label.split(/\s+/)[0]) || /टिप्पणी/.test(label)) return { as: 'other', why: 'a page of the printed book' };
  if (IBID.test(label)) return lastWork ? { as: 'work', ...lastWork } : { as: 'work', work: label.replace(/,$/, ''), named: false };
  const roman = /^([IVXL]{1,7})\.?$/.exec(label);
  const ch = roman && romanChapter(roman[1]);
  if (ch && ch <= 18) return { as: 'roman', chapter: ch };
  const name = workName(label) ?? namedAtEnd(label, 4)?.name;
  if (name === GITA) return { as: 'gita', explicit: true };
  if (name) return { as: 'work', work: name, named: true };
  // A glued word without an abbreviation's period is a word of the text ("...स्यात्3।17").
  if (where === 'glued' && !/[.0]$/.test(label)) return { as: 'gita', explicit: false };
  // Three words of Sanskrit or more in a bracket, none an abbreviation, are the verse quoted: "(न चैतद्विद्मः कतरन्नो गरीयः 2। 6)".
  const words = label.split(/\s+/);
  if (where === 'bracket' && words.length >= 3 && words.every((w) => /^[\u0900-\u0963\u0971-\u097F]+[,;]?$/.test(w))) return { as: 'gita', explicit: false };
  return { as: 'work', work: label.replace(/[,;:]+$/, ''), named: false };
}

// ---------------------------------------------------------------------------
// The graph.

// The answers' shapes live in link-shapes.ts, which the client's declarations carry.
import type { CitedBy, Cite, Covers, External, VerseLinks, WorkCitations, WorksList, WorkSummary } from './link-shapes.ts';
export type { CitedBy, Cite, Covers, External, VerseLinks, WorkCitations, WorksList, WorkSummary };

/** The counts the audit lists. */
export interface LinkCounts {
  /** Every mention by kind. */
  mentions: Record<MentionKind, number>;
  cites: number;
  citedVerses: number;
  covers: number;
  /** unlabelled: a place cited with no work written before it ("(12। 5। 2)"): neither a work nor an abbreviation. */
  external: { named: number; unnamed: number; unlabelled: number; works: number; abbreviations: number };
  /** Chapter 13's numbering, read from each commentary's quotations (thirteenthNumbering). */
  chapter13: ThirteenthNumbering;
  /** Citations read other than as written: of chapter 13, a verse on (chapter13); misprints mended by the words quoted. */
  read: { chapter13: number; misprints: number };
}

/** Per commentary key: how many of its citations of chapter 13 quote the words of the verse numbered (same) or of the next (next); and the keys read as numbering without Arjuna's question. */
export interface ThirteenthNumbering {
  withoutQuestion: string[];
  evidence: Record<string, { same: number; next: number }>;
}

/** Devanagari words of three letters or more, ended by a visarga too (the texts lost many spaces), a final nasal dropped (a quotation's word and the verse's then compare in any sandhi). */
const quotedWords = (s: string) => new Set((s.replace(/ऽ/g, '').match(/[\u0900-\u0902\u0904-\u094F\u0951-\u0963\u0972-\u097F]{3,}/g) ?? []).map((w) => w.replace(/[ंँ]$/, '')));

/**
 * Which commentaries number chapter 13 without Arjuna's question. For each
 * citation of a verse of chapter 13, the Devanagari words in the 40
 * characters before it are looked up in that verse and in the next; a key
 * whose quotations fit the next verse at least 5 times, and 4 times as often
 * as the verse numbered, counts from "idaṃ śarīram" (measured on the served
 * texts: rams 67 to 3, sankar 17 to 0, raman 9 to 1, against venkat 4 to 43,
 * jaya 0 to 16, vallabh 1 to 10; the others quote too seldom to say, and keep
 * the numbers as written).
 */
export function thirteenthNumbering(records: readonly MinedRecord[], versesPerChapter: readonly number[]): ThirteenthNumbering {
  const slok = verseWords(records);
  const fits = (words: Set<string>, id: string) => wordsFit(words, slok.get(id));
  const evidence: Record<string, { same: number; next: number }> = {};
  for (const r of records) {
    for (const [key, value] of Object.entries(r)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      for (const field of TEXT_FIELDS) {
        const text = (value as Record<string, unknown>)[field];
        if (typeof text !== 'string' || !/13\s*[.।]/.test(asciiDigits(text))) continue;
        for (const m of mentionsIn(text, { ch: r.chapter, sl: r.verse }, versesPerChapter)) {
          const v = /^BG13\.(\d+)$/.exec(m.to ?? '');
          if (!v || (m.kind !== 'gita' && m.kind !== 'self') || m.heading || Number(v[1]) >= versesPerChapter[12]) continue;
          const before = quotedWords(text.slice(Math.max(0, m.from - 40), m.from));
          if (!before.size) continue;
          const same = fits(before, `BG13.${v[1]}`);
          const next = fits(before, `BG13.${Number(v[1]) + 1}`);
          if (same === next) continue;
          const e = (evidence[key] ??= { same: 0, next: 0 });
          if (same > next) e.same++;
          else e.next++;
        }
      }
    }
  }
  const withoutQuestion = Object.keys(evidence).filter((k) => evidence[k].next >= 5 && evidence[k].next >= 4 * evidence[k].same).sort();
  return { withoutQuestion, evidence };
}

export interface LinkGraph {
  verses: VerseLinks[];
  works: WorkCitations[];
  /** Abbreviations no work name is known for, as written, with their counts. */
  unnamed: Array<{ written: string; count: number }>;
  counts: LinkCounts;
}

/** The parts of a verse record the miner reads: its place and its commentaries' texts. */
export interface MinedRecord {
  _id: string;
  chapter: number;
  verse: number;
  [key: string]: unknown;
}

const TEXT_FIELDS = ['et', 'ht', 'ec', 'hc', 'sc'] as const;

/** The verses a canonical label names (BG7.16-18: 16, 17, 18). */
function versesOf(label: string): string[] {
  const m = /^BG(\d+)\.(\d+)(?:-(\d+))?$/.exec(label)!;
  const [ch, a, b] = [Number(m[1]), Number(m[2]), Number(m[3] ?? m[2])];
  const out: string[] = [];
  for (let v = a; v <= b; v++) out.push(`BG${ch}.${v}`);
  return out;
}

/** Mine every commentary text of `records` (in order, colophons included) into the graph. */
export function mineLinks(records: readonly MinedRecord[], versesPerChapter: readonly number[]): LinkGraph {
  const byId = new Map<string, VerseLinks>(records.map((r) => [r._id, { ref: r._id, cites: [], citedBy: [], covers: [], external: [] }]));
  const counts: LinkCounts = { mentions: { gita: 0, covers: 0, self: 0, work: 0, other: 0 }, cites: 0, citedVerses: 0, covers: 0, external: { named: 0, unnamed: 0, unlabelled: 0, works: 0, abbreviations: 0 }, chapter13: { withoutQuestion: [], evidence: {} }, read: { chapter13: 0, misprints: 0 } };
  const works = new Map<string, WorkCitations>();
  const unnamed = new Map<string, number>();
  const chapter13 = thirteenthNumbering(records, versesPerChapter);
  const words = verseWords(records);
  const numbering = (key: string): Numbering => ({ thirteenWithoutQuestion: chapter13.withoutQuestion.includes(key), verseWords: words });
  for (const r of records) {
    const links = byId.get(r._id)!;
    const seen = new Set<string>();
    /** Each cites of this verse by its target, key and field: a citation written again in the same text adds its place. */
    const cited = new Map<string, Cite>();
    for (const [key, value] of Object.entries(r)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      for (const field of TEXT_FIELDS) {
        const text = (value as Record<string, unknown>)[field];
        if (typeof text !== 'string') continue;
        for (const m of mentionsIn(text, { ch: r.chapter, sl: r.verse }, versesPerChapter, { ...numbering(key), sanskrit: field === 'sc' })) {
          counts.mentions[m.kind]++;
          if (m.read === 'chapter13') counts.read.chapter13++;
          if (m.read === 'misprint') counts.read.misprints++;
          const once = `${m.kind}\0${m.to ?? m.range ?? m.work}\0${m.loc ?? ''}\0${key}\0${field}`;
          // Where it stands, as written without the spaces around it.
          const lead = m.text.length - m.text.trimStart().length;
          const at: [number, number] = [m.from + lead, m.from + lead + m.text.trim().length];
          if (seen.has(once)) {
            if (m.kind === 'gita') cited.get(once)!.at.push(at);
            continue;
          }
          seen.add(once);
          if (m.kind === 'gita') {
            const cite: Cite = { to: m.to!, by: key, field, text: m.text.trim(), at: [at] };
            cited.set(once, cite);
            links.cites.push(cite);
          }
          else if (m.kind === 'covers') links.covers.push({ by: key, field, range: m.range! });
          else if (m.kind === 'work') {
            // No work written before the place: the work is not named (null), nor counted as an abbreviation.
            const named = m.work === NO_WORK ? null : m.work!;
            links.external.push({ work: named, loc: m.loc!, by: key, field, text: m.text.trim() });
            if (named === null) counts.external.unlabelled++;
            else if (m.named) {
              const slug = workSlug(m.work!);
              const w = works.get(slug) ?? works.set(slug, { work: m.work!, slug, written: [], count: 0, citations: [] }).get(slug)!;
              if (m.label && !w.written.includes(m.label)) w.written.push(m.label);
              w.count++;
              w.citations.push({ ref: r._id, by: key, field, loc: m.loc!, text: m.text.trim() });
              counts.external.named++;
            } else {
              unnamed.set(m.work!, (unnamed.get(m.work!) ?? 0) + 1);
              counts.external.unnamed++;
            }
          }
        }
      }
    }
  }
  // Every cites, inverted onto each verse it names.
  for (const links of byId.values()) {
    for (const c of links.cites) {
      // A range that holds the citing verse is cited by it on its other verses only: no verse cites itself.
      for (const id of versesOf(c.to)) if (id !== links.ref) byId.get(id)?.citedBy.push({ from: links.ref, by: c.by, field: c.field, text: c.text });
    }
    counts.cites += links.cites.length;
    counts.covers += links.covers.length;
  }
  counts.citedVerses = [...byId.values()].filter((l) => l.citedBy.length).length;
  counts.external.works = works.size;
  counts.external.abbreviations = unnamed.size;
  counts.chapter13 = chapter13;
  const order = (a: WorkCitations, b: WorkCitations) => b.count - a.count || (a.work < b.work ? -1 : 1);
  return {
    verses: [...byId.values()],
    works: [...works.values()].sort(order),
    unnamed: [...unnamed].map(([written, count]) => ({ written, count })).sort((a, b) => b.count - a.count || (a.written < b.written ? -1 : 1)),
    counts,
  };
}

/** The /works list: every named work with how it is written and how often, the abbreviations counted apart, and how many places are cited with no work written. */
export function worksList(graph: LinkGraph): WorksList {
  return { works: graph.works.map(({ work, slug, written, count }) => ({ work, slug, written, count })), unnamed: graph.unnamed, unlabelled: graph.counts.external.unlabelled };
}
