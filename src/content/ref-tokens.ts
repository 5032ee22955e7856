// A text cut into the pieces a reference is read from: runs of whitespace,
// runs of digits, words, and single other characters, each with where it
// stands in the text (UTF-16 code units, as JavaScript indexes strings).
// The cutting is lazy, a token at a time as the reader asks for them, so
// that reading the start of a long text costs only that start. Pure and
// dependency-free: the tagger bundles it.
import { wordClass, wordKey, type WordClass } from './ref-words.ts';

export interface Token {
  kind: 'space' | 'num' | 'word' | 'mark' | 'end';
  /** Where it starts and ends in the text: start inclusive, end exclusive. */
  start: number;
  end: number;
  /**
   * num: its value, or -1 beyond four digits (no chapter or verse has five);
   * space: how many line breaks it holds; else 0.
   */
  n: number;
  /** space: spaces and tabs only (the blank between "2 47"). */
  blank: boolean;
  /** word: its key (ref-words.ts); mark: the character in its compatibility form, any dash as "-". */
  key: string;
  /** word: what it is in a reference, if anything. */
  cls?: WordClass;
}

/**
 * One token from where the last ended: whitespace, digits (Western,
 * Devanagari, full-width), a word, or one character. A word is letters and
 * marks of one script: Devanagari (with the joiners its words hold), or any
 * other, so that "गीताji" is two words (plain ASCII letters first: most words
 * of English prose, read fastest).
 */
const TOKEN = /(\s+)|([0-9\u0966-\u096f\uff10-\uff19]+)|([A-Za-z]+(?![\p{L}\p{M}])|[\u0900-\u0963\u0971-\u097f\ua8e0-\ua8ff\u200c\u200d]+|(?:(?![\u0900-\u097f])[\p{L}\p{M}])+)|([\s\S])/uy;
/** Hyphen, non-breaking hyphen, figure dash, en dash, em dash, horizontal bar, minus: all read as "-". */
const DASH = /[\u2010-\u2015\u2212]/;
const LINE_BREAK = /\r\n?|[\n\u2028\u2029]/g;

/** A digit's value, in any of the three scripts. */
function digit(c: number): number {
  if (c >= 0x0966 && c <= 0x096f) return c - 0x0966;
  if (c >= 0xff10 && c <= 0xff19) return c - 0xff10;
  return c - 48;
}

const asciiLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const LETTER = /[\p{L}\p{M}]/u;

function cut(text: string, at: number): Token {
  // Most of English prose, without the regular expression: one space before a printable ASCII character; ASCII letters before no other letter.
  const c = text.charCodeAt(at);
  const after = text.charCodeAt(at + 1);
  if (c === 32 && after > 32 && after < 128) return { kind: 'space', start: at, end: at + 1, n: 0, blank: true, key: '' };
  if (asciiLetter(c)) {
    let end = at + 1;
    while (asciiLetter(text.charCodeAt(end))) end++;
    if (end === text.length || text.charCodeAt(end) < 128 || !LETTER.test(text[end])) {
      const key = text.slice(at, end).toLowerCase();
      return { kind: 'word', start: at, end, n: 0, blank: false, key, cls: wordClass(key) };
    }
  }
  TOKEN.lastIndex = at;
  const m = TOKEN.exec(text)!;
  const start = at;
  const end = TOKEN.lastIndex;
  if (m[1] !== undefined) {
    // One space is most whitespace of prose.
    if (m[1] === ' ') return { kind: 'space', start, end, n: 0, blank: true, key: '' };
    return { kind: 'space', start, end, n: m[1].match(LINE_BREAK)?.length ?? 0, blank: /^[ \t]+$/.test(m[1]), key: '' };
  }
  if (m[2] !== undefined) {
    let n = 0;
    for (let i = start; i < end; i++) n = n * 10 + digit(text.charCodeAt(i));
    return { kind: 'num', start, end, n: end - start > 4 ? -1 : n, blank: false, key: '' };
  }
  if (m[3] !== undefined) {
    const key = wordKey(m[3]);
    return { kind: 'word', start, end, n: 0, blank: false, key, cls: wordClass(key) };
  }
  const key = m[4].normalize('NFKC');
  return { kind: 'mark', start, end, n: 0, blank: false, key: DASH.test(key) ? '-' : key };
}

/**
 * The tokens of a text from `from` (a place where a token starts: 0, the end
 * of one, or the start of a run of whitespace), cut as they are asked for;
 * `steps` counts the asking (the reader's work).
 */
export class Tokens {
  private list: Token[] = [];
  steps = 0;
  constructor(
    readonly text: string,
    readonly from = 0,
  ) {}

  /** The i-th token from `from`; past the text's end, a token of kind 'end'. */
  at(i: number): Token {
    this.steps++;
    const list = this.list;
    while (list.length <= i) {
      const from = list.length ? list[list.length - 1].end : this.from;
      if (from >= this.text.length) return { kind: 'end', start: this.text.length, end: this.text.length, n: 0, blank: false, key: '' };
      list.push(cut(this.text, from));
    }
    return list[i];
  }
}
