// The seeded draws of queries the recall of the versions' search is measured
// with (versions.test.ts; docs/search.md gives the figures): Telugu words as
// a reader would type them from a verse's text, whole, cut short, with
// another ending or typed on another keyboard; Sanskrit openings typed in
// Telugu script by Wikisource's editors; phrases of Besant's English. The
// texts are the ones the index holds (versions.test.ts compares them with
// the source files). Plain rules of the script, written apart from the
// search's own (src/search/telugu.ts), so that the draw does not share its
// mistakes.
import { mulberry32 } from '../../scripts/mulberry32.mjs';

export const TELUGU_SEED = 20261127;
export const BESANT_SEED = 20261128;

export interface Drawn {
  q: string;
  /** The verse it was drawn from. */
  ref: string;
  kind: string;
}

const TE_WORD = /[\u0C00-\u0C7F]+/g;
// The last syllable of a Telugu word: a consonant cluster with its vowel sign and anusvara or visarga, or a vowel.
const LAST_SYLLABLE = /(?:(?:[\u0C15-\u0C39]\u0C4D)*[\u0C15-\u0C39][\u0C3E-\u0C4C]?|[\u0C05-\u0C14])[\u0C02\u0C03]?$/;
/** The endings a Telugu word most often has in this text (its last syllables): one of them replaces another. */
const ENDINGS = ['ని', 'ను', 'డు', 'లో', 'లు', 'గా', 'ము', 'తో', 'కు'];

const syllableCount = (w: string) => w.replace(/\u0C4D[\u0C15-\u0C39]/g, '').replace(/[\u0C3E-\u0C4C\u0C02\u0C03]/g, '').length;
const cut = (w: string) => w.replace(LAST_SYLLABLE, '');

/**
 * Another keyboard's spelling of the same words: decomposed (ై as ె + ౖ), a
 * zero-width non-joiner after each virama, the anusvara before a stop as its
 * nasal with a virama (ంచ as ఞ్చ, ండ as ణ్డ, ంత as న్త, ంప as మ్ప, ంక as ఙ్క).
 */
export function otherKeyboard(q: string): string {
  const nasal = (c: string) => (c <= '\u0C18' ? '\u0C19' : c <= '\u0C1D' ? '\u0C1E' : c <= '\u0C22' ? '\u0C23' : c <= '\u0C27' ? '\u0C28' : '\u0C2E');
  return q
    .replace(/\u0C02(?=[\u0C15-\u0C18\u0C1A-\u0C1D\u0C1F-\u0C22\u0C24-\u0C27\u0C2A-\u0C2D])/g, (_, at: number) => `${nasal(q[at + 1])}\u0C4D`)
    .normalize('NFD')
    .replace(/\u0C4D/g, '\u0C4D\u200C');
}

/**
 * Telugu, from `texts` (ref → the Telugu text): `n` draws of a verse, each
 * giving two words in a row as written ("two words"), and one of its words
 * found in at most two verses, as written ("a rare word"), without its last
 * syllable ("cut short", a stem as one types it) and with another ending in
 * its place ("another ending"), when it has three syllables or more.
 */
export function teluguQueries(texts: ReadonlyMap<string, string>, n = 100, seed = TELUGU_SEED): Drawn[] {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const refs = [...texts.keys()];
  const wordsOf = (text: string) => text.match(TE_WORD) ?? [];
  const versesOf = new Map<string, number>();
  for (const text of texts.values()) for (const w of new Set(wordsOf(text))) versesOf.set(w, (versesOf.get(w) ?? 0) + 1);
  const out: Drawn[] = [];
  for (let i = 0; i < n; i++) {
    const ref = pick(refs);
    const words = wordsOf(texts.get(ref)!);
    if (words.length >= 2) {
      const at = Math.floor(random() * (words.length - 1));
      out.push({ q: `${words[at]} ${words[at + 1]}`, ref, kind: 'two words' });
    }
    const rare = words.filter((w) => versesOf.get(w)! <= 2 && syllableCount(w) >= 3);
    if (!rare.length) continue;
    const word = pick(rare);
    out.push({ q: word, ref, kind: 'a rare word' }, { q: cut(word), ref, kind: 'cut short' });
    out.push({ q: cut(word) + pick(ENDINGS.filter((e) => !word.endsWith(e))), ref, kind: 'another ending' });
  }
  return out;
}

/** The Sanskrit verse's opening words in Telugu script, as the Telugu source's editors typed them (its pratīka, "ధర్మక్షేత్రే కురుక్షేత్రే. . ."): every one, by its verse. */
export function pratikaQueries(source: Record<string, { pratika?: string }>): Drawn[] {
  return Object.entries(source).flatMap(([key, v]) => (v.pratika?.trim() ? [{ q: v.pratika, ref: `BG${key}`, kind: 'pratika' }] : []));
}

/** Besant's English: `n` draws of a verse, each giving four words in a row, in lower case and without punctuation or accents, as one types a remembered phrase. */
export function besantQueries(texts: ReadonlyMap<string, string>, n = 100, seed = BESANT_SEED): Drawn[] {
  const random = mulberry32(seed);
  const refs = [...texts.keys()];
  const out: Drawn[] = [];
  for (let i = 0; i < n; i++) {
    const ref = refs[Math.floor(random() * refs.length)];
    const words = texts.get(ref)!.replace(/\[\d+\]/g, '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().match(/[a-z]+/g) ?? [];
    if (words.length < 4) continue;
    const at = Math.floor(random() * (words.length - 3));
    out.push({ q: words.slice(at, at + 4).join(' '), ref, kind: 'phrase' });
  }
  return out;
}
