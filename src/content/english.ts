// What counts as an English word, for the "qu" repair: a word of the
// `word-list` package (274,000 words, lower case, no proper names) or of the
// Hunspell en_US dictionary (`dictionary-en`, read by `nspell`, which knows
// inflections and the common words word-list leaves out). A repaired word
// must be in both: word-list alone takes Scrabble words ("quass", "queys",
// "asquat") that would turn a typo or a Sanskrit word into nonsense.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface English {
  /** Is `word` (any case) an English word? */
  isWord(word: string): boolean;
  /** Is `word` (lower case) a word both lists agree on, as a repair must be? */
  isSureWord(word: string): boolean;
}

let loaded: Promise<English> | null = null;

/** Loaded once per process (Hunspell's affixes take about a second to expand). */
export function loadEnglish(): Promise<English> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const { default: listPath } = (await import('word-list')) as { default: string };
    const list = new Set(readFileSync(listPath, 'utf8').split('\n'));
    const nspell = require('nspell') as (d: { aff: Uint8Array; dic: Uint8Array }) => { correct(w: string): boolean };
    const { default: dictionary } = (await import('dictionary-en')) as { default: { aff: Uint8Array; dic: Uint8Array } };
    const hunspell = nspell(dictionary);
    const known = new Map<string, boolean>();
    const isWord = (word: string) => {
      if (word.length < 2 || list.has(word.toLowerCase())) return true;
      let v = known.get(word);
      if (v === undefined) known.set(word, (v = hunspell.correct(word)));
      return v;
    };
    return { isWord, isSureWord: (word: string) => list.has(word) && hunspell.correct(word) };
  })();
  return loaded;
}
