// Every verse word by word. Swami Sivananda's English commentary (siva.ec)
// opens, for nearly every verse, with the verse's words and their meanings:
// "2.47 कर्मणि in work? एव only? ... अकर्मणि in inaction.Commentary ...".
// Upstream lost the separator (a "?" stands for it); the repairs put "; "
// back. This module finds that list in the text, for the repairs (which
// separators to mend) and for the word lists the API serves.
import type { AnalysedWord } from './dcs/shapes.ts';
import { toIast } from './iast.ts';
import { isPlaceholder } from './placeholders.ts';

/** One word of a verse, as the source gives it. */
export interface Word {
  /** As the source writes it, in Devanagari; a compound the source keeps together is one entry. */
  word: string;
  /** IAST. */
  transliteration: string;
  /** English, without the list's separator. */
  meaning: string;
  /** The DCS words the entry covers (src/content/dcs/join.ts), as the build's words.json gives them. */
  analysis?: AnalysedWord[];
}

/** Where word lists live: one text of one commentary. */
export const WORD_LIST_TEXT = { key: 'siva', field: 'ec' } as const;

const DEVANAGARI = /[\u0900-\u097F]/;
// The opening the list follows: an optional heading, then the verse's number or a group's ("1.21 -- 1.22").
const OPENING = /^\s*(?:English Commentary By Swami Sivananda\s*)?\d{1,2}\.\d{1,2}(?:\s*(?:--|-|–)\s*(?:\d{1,2}\.)?\d{1,2})?\s+/;
// The list ends where the commentary begins, often glued to the last meaning
// ("inaction.Commentary", "Dhritarashtra.No Commentary."), or where the
// chapter's closing words follow the last verse's list (BG1.47, "Thus in the Upanishads").
const END = /(?:No\s+)?Commentary|Thus in the Upanishads/i;
/**
 * A separator between two entries: the lost "?" (or the mended ";") before
 * the next entry's Devanagari, sometimes with a stray comma or no space
 * ("nectar?,ऐरावतम्", "and?समचित्तत्वम्"). "Om" stands in Latin letters where
 * the source lost its sign (8.13, 17.24).
 */
const SEPARATOR = /[?;],?\s*(?=[\u0900-\u097F]|Om[?;]\s)/g;
/**
 * Where upstream lost a separator with no mark left: English, then a space,
 * then the next entry's Devanagari ("ततः then शङ्खाः conches", BG1.13). A
 * compound the source keeps together is Devanagari after Devanagari, never this.
 */
const UNMARKED = /(?<=[A-Za-z)\].,'"])\s+(?=[\u0900-\u097F])/g;

export interface WordListSpan {
  /** The list's first and past-last character in the text. */
  start: number;
  end: number;
  /** The position of each separator's mark ("?" or ";") between entries. */
  separators: number[];
  /** Where an entry begins after a separator upstream lost without a mark (nothing to mend there). */
  unmarked: number[];
}

/**
 * Where the word list of a text lies, or null when the text has none (a
 * placeholder, "No Commentary", a commentary that starts at once). A list is
 * at least two entries, each opening with a Devanagari word.
 */
export function wordListSpan(text: string): WordListSpan | null {
  const open = OPENING.exec(text);
  if (!open) return null;
  const start = open[0].length;
  const first = text.slice(start, start + 4);
  if (!DEVANAGARI.test(first[0] ?? '') && !/^Om[?;]\s/.test(first)) return null;
  const endMatch = END.exec(text.slice(start));
  const end = endMatch ? start + endMatch.index : text.length;
  const region = text.slice(start, end);
  const separators: number[] = [];
  for (const m of region.matchAll(SEPARATOR)) separators.push(start + m.index);
  const unmarked: number[] = [];
  for (const m of region.matchAll(UNMARKED)) unmarked.push(start + m.index + m[0].length);
  // Two lists (BG6.40, and BG18.45 as the erratum has it) separate their entries with commas: unmarked boundaries only.
  if (!separators.length && unmarked.length < 2) return null;
  return { start, end, separators, unmarked };
}

/**
 * The words of a verse from its siva.ec text (upstream's or repaired): each
 * entry's leading Devanagari words, their IAST, and the English that follows.
 */
export function parseWords(text: string): Word[] {
  const span = wordListSpan(text);
  if (!span) return [];
  // Each entry runs from one boundary to the next: after a separator's mark, or where an unmarked one begins.
  const cuts = [...span.separators.map((at) => ({ at, skip: 1 })), ...span.unmarked.map((at) => ({ at, skip: 0 }))].sort((a, b) => a.at - b.at);
  const words: Word[] = [];
  let from = span.start;
  for (let i = 0; i <= cuts.length; i++) {
    const to = i < cuts.length ? cuts[i].at : span.end;
    let entry = text.slice(from, to).trim();
    if (i < cuts.length) from = cuts[i].at + cuts[i].skip;
    // The last meaning ends the list's sentence: "in inaction." before "Commentary".
    if (i === cuts.length) entry = entry.replace(/\s*[.?;:]\s*$/, '');
    const m = /^((?:[\u0900-\u097F\u200c\u200d]+[\s\u00a0]*)+)(.*)$/s.exec(entry) ?? /^(Om)\b(.*)$/s.exec(entry);
    if (!m) continue;
    const word = m[1].trim();
    // A stray mark where upstream wrote the separator twice or glued it ("बोधयन्तः,enlightening").
    const meaning = m[2].replace(/\s+/g, ' ').replace(/^[\s,;:]+|[\s,;]+$/g, '').trim();
    // The nukta upstream sets on a few vowels ("पितॄ़न्") is no sound of Sanskrit: not carried into the IAST.
    words.push({ word, transliteration: word === 'Om' ? 'om' : toIast(word.replace(/\u093C/g, '')), meaning });
  }
  return words;
}

/** The words of a verse record: its siva.ec list (a record without that text, or with a placeholder there, has none). */
export function wordsOf(record: { [key: string]: unknown }): Word[] {
  const commentary = record[WORD_LIST_TEXT.key] as Record<string, unknown> | undefined;
  const text = commentary?.[WORD_LIST_TEXT.field];
  return typeof text === 'string' && !isPlaceholder(text) ? parseWords(text) : [];
}

/**
 * The commentary proper of a text that opens with a word list: what follows
 * the list, without the "Commentary" heading that ends it ("...in
 * inaction.Commentary Work ..." → "Work ..."). A reader shown the list as
 * words is not shown it again. "No Commentary." after the list is what
 * follows it, and a placeholder (src/content/placeholders.ts). A text
 * without a list is returned as it is.
 */
export function afterWordList(text: string): string {
  const span = wordListSpan(text);
  return span ? text.slice(span.end).replace(/^\s*Commentary\b[\s:.\-–—]*/i, '') : text;
}
