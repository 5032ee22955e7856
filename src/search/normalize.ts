// Text normalization for search: one function per kind of text, each used the same way on
// the documents (at build time) and on the queries (at request time), so that whatever
// the rules conflate, they conflate on both sides.
//
// Three kinds of text:
// - English (translations): words, lower case, diacritics folded, Porter stem, stopwords out.
// - Hindi (translations): Devanagari words, canonical Unicode, light spelling folding
//   (nukta, chandrabindu, nasal consonants), attached postpositions and plural endings off.
// - Sanskrit (slok, transliteration): one "loose" Latin string with no spaces, the same
//   whether the verse or the query is Devanagari, IAST, or ASCII as people type it;
//   searched through character n-grams because the data writes compounds and sandhi as
//   one word ("karmaṇyevādhikāraste") while people split them ("karmanye vadhikaraste").
import { stemmer } from 'stemmer';
import { Sanscript } from '../content/iast.ts';

// ---------------------------------------------------------------- scripts

const DEVANAGARI = /[\u0900-\u097F]/;

/** True when the text has any Devanagari letter: such a query is Hindi and/or Sanskrit. */
export function hasDevanagari(text: string): boolean {
  return DEVANAGARI.test(text);
}

// ---------------------------------------------------------------- English

// Function words carry no meaning for ranking and make the longest posting lists; the
// phrase bonus at query time still sees them in the original text.
export const EN_STOPWORDS = new Set(
  ('a an and are as at be been but by for from had has have he her him his i in into is it its ' +
    'me my no not nor of on or our she so than that the thee their them then there these they ' +
    'this those thou thy to us was we were what when which who whom will with ye you your am')
    .split(' '),
);

export interface Token {
  /** Normalized term ('' for a stopword: kept so that phrase adjacency can be measured). */
  term: string;
  /** The word as written, for the typo rule (five letters or more). */
  word: string;
  start: number;
  end: number;
}

const EN_WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}]+)?/gu;

// Words repeat (about 10,000 distinct ones in the translations): stems are memoized.
const enTermCache = new Map<string, string>();

/** English term of one written word: fold diacritics (Kṛṣṇa → krsna), lower case, stem. */
export function enTerm(word: string): string {
  let t = enTermCache.get(word);
  if (t === undefined) {
    t = enTermUncached(word);
    if (enTermCache.size < 50_000) enTermCache.set(word, t);
  }
  return t;
}

function enTermUncached(word: string): string {
  const folded = word.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/['’]s$/, '').replace(/['’]/g, '');
  if (EN_STOPWORDS.has(folded)) return '';
  return stemmer(folded);
}

/** English tokens with their offsets in `text` (offsets are UTF-16 code units). */
export function enTokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(EN_WORD)) {
    if (/^\d+$/.test(m[0])) continue; // verse numbers ("2.47") are not words
    out.push({ term: enTerm(m[0]), word: m[0], start: m.index!, end: m.index! + m[0].length });
  }
  return out;
}

// ---------------------------------------------------------------- Hindi

// Only letters and signs: dandas (।), digits and punctuation separate words.
const HI_WORD = /[\u0900-\u0963\u0971-\u097F\u200C\u200D]+/g;

export const HI_STOPWORDS = new Set(
  ('और का की के को में से ने पर भी तो ही न है हैं था थे थी हो होता होती होते हुए हुआ यह वह ' +
    'इस उस इन उन जो कि तथा एवं एक वाले वाला वाली वालों')
    .split(' ')
    .map((w) => hiFold(w)),
);

// Postpositions (and the agent suffix वाला) that one translator (Ramsukhdas) writes joined
// to the word before ("करनेमें", "धर्मकी", "चतुर्युगीवाले") while the other and most users
// write them apart. Longest first.
const HI_POSTPOSITIONS = ['वालों', 'वाले', 'वाला', 'वाली', 'में', 'का', 'की', 'के', 'को', 'से', 'ने'];
// Oblique plural endings: फलों → फल, बातें → बात. A deliberately tiny light stemmer.
const HI_ENDINGS = ['ों', 'ें', 'ां'];

/**
 * Spelling folds that Hindi writers (and keyboards) use interchangeably. Not
 * the references' fold of a word (content/ref-words.ts, wordKey), which
 * keeps the nukta and writes a nasal before any consonant as anusvara: each
 * fold is what its own words are looked up by (this one the index's terms).
 */
export function hiFold(word: string): string {
  return word
    .normalize('NFC') // also splits क़ (U+0958...) into क + nukta: those are composition exclusions
    .replace(/\u093C/g, '') // nukta: हज़ार = हजार
    .replace(/\u0901/g, '\u0902') // chandrabindu written as anusvara: हूँ = हूं
    .replace(/[\u200C\u200D]/g, '')
    .replace(/[\u0919\u091E\u0923\u0928\u092E]\u094D(?=[\u0915-\u0918\u091A-\u091D\u091F-\u0922\u0924-\u0927\u092A-\u092D])/g, '\u0902'); // सम्पूर्ण = संपूर्ण (before a stop only)
}

/** Hindi term of one written word, '' for a stopword. */
export function hiTerm(word: string): string {
  let w = hiFold(word);
  if (HI_STOPWORDS.has(w)) return '';
  for (const p of HI_POSTPOSITIONS) {
    if (w.length >= p.length + 2 && w.endsWith(p)) {
      w = w.slice(0, -p.length);
      break;
    }
  }
  for (const e of HI_ENDINGS) {
    if (w.length >= e.length + 2 && w.endsWith(e)) {
      w = w.slice(0, -e.length);
      break;
    }
  }
  return HI_STOPWORDS.has(w) ? '' : w;
}

export function hiTokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(HI_WORD)) {
    out.push({ term: hiTerm(m[0]), word: m[0], start: m.index!, end: m.index! + m[0].length });
  }
  return out;
}

// ---------------------------------------------------------------- Sanskrit "loose" form

/**
 * A loose string with, for each of its characters, the range of the original text it came
 * from, so that a match found in the loose form can be highlighted in the original.
 */
export interface Loose {
  text: string;
  start: number[];
  end: number[];
}

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);
// Letters that stand for another in the casual spellings (x = kṣ in ITRANS, w = v, z = ś in
// Harvard-Kyoto, f = ph, q = k).
const LETTER_SUBST: Record<string, string> = { x: 'ks', w: 'v', z: 's', f: 'p', q: 'k' };

/**
 * The folding rules, applied to a stream of ASCII letters (diacritics already stripped:
 * ā→a, ṣ/ś→s, ṛ→r, ṃ→m, ṇ/ñ/ṅ→n, ṭ→t, ḍ→d, ḥ→h), each character carrying its source range.
 * - an h after a consonant goes: aspirates (dh, bh, th...), sh/ṣ/ś, ch, ksh all fold;
 * - ri → r: the ASCII spelling of ṛ (krishna = kṛṣṇa);
 * - ee → i, oo → u: long vowels written doubled (people also write aa, ii, uu, which the
 *   next rule folds);
 * - a doubled letter is one: aa = ā = a, tattva = tatva, buddhi = budhi;
 * - m before a consonant is n: anusvara typed either way (samsara = sansara = saṃsāra);
 * - gy → jn: the common spelling of jñ (gyana = jñāna).
 * Spaces and punctuation are dropped before these rules run, so the rules see the verse as
 * one string and word boundaries never matter (the data writes sandhi as one word).
 */
function pushLetter(out: Loose, c: string, s: number, e: number): void {
  const n = out.text.length;
  const last = n > 0 ? out.text[n - 1] : '';
  // (No closures in here: this runs once per letter of every verse and query.)
  if ((c === 'h' && last && !VOWELS.has(last)) || (c === 'i' && last === 'r') || (c === last && c !== 'e' && c !== 'o' && c !== 'y')) {
    out.end[n - 1] = e; // folded into the previous letter
    return;
  }
  if ((c === 'e' && last === 'e') || (c === 'o' && last === 'o')) {
    out.text = out.text.slice(0, -1) + (c === 'e' ? 'i' : 'u');
    out.end[n - 1] = e;
    return;
  }
  if (c === 'y' && last === 'g') {
    out.text = out.text.slice(0, -1) + 'j';
    out.end[n - 1] = e;
    c = 'n';
  } else if (c === last) {
    out.end[n - 1] = e; // yy
    return;
  } else if (!VOWELS.has(c) && last === 'm') {
    out.text = out.text.slice(0, -1) + 'n';
    if (c === 'n') {
      out.end[n - 1] = e;
      return;
    }
  }
  out.text += c;
  out.start.push(s);
  out.end.push(e);
}

/** Appends the letters of a Latin (IAST or ASCII) text, taking source offsets from `offset`. */
function pushLatin(out: Loose, text: string, s: number, e: number | undefined): void {
  for (let i = 0; i < text.length; i++) {
    // Avagraha: the data's IAST writes ऽ as ".a" (kālo.asmi), Sanscript as "'" (kālo'smi),
    // people as either or nothing. The elided a is dropped so that all three agree.
    const t = text[i];
    if ((t === '.' || t === "'" || t === '’') && text[i + 1] === 'a' && i > 0 && /\p{L}/u.test(text[i - 1])) {
      i++;
      continue;
    }
    const base = t.normalize('NFD').toLowerCase();
    for (const ch of base) {
      if (ch < 'a' || ch > 'z') continue; // spaces, marks, digits, dandas, avagraha
      const from = e === undefined ? s + i : s;
      const to = e === undefined ? s + i + 1 : e;
      const sub = LETTER_SUBST[ch];
      if (sub) for (const x of sub) pushLetter(out, x, from, to);
      else pushLetter(out, ch, from, to);
    }
  }
}

/** Loose form of a Latin text (IAST with or without diacritics, or ASCII spellings). */
export function looseLatin(text: string): Loose {
  const out: Loose = { text: '', start: [], end: [] };
  pushLatin(out, text, 0, undefined);
  return out;
}

// Devanagari is transliterated to IAST by Sanscript, one orthographic unit at a time
// (consonant with its vowel sign or virama, independent vowel, sign), so that every loose
// letter knows which Devanagari characters it came from. Units repeat a lot: memoized.
const DEVA_UNIT =
  /[\u0915-\u0939\u0958-\u095F\u0978-\u097F][\u093C]?[\u093E-\u094D\u0962\u0963]?[\u0900-\u0903]*|[\u0904-\u0914\u0960\u0961\u0972-\u0977][\u0900-\u0903]*|[\s\S]/g;
const unitCache = new Map<string, string>();

function devaUnitToIast(unit: string): string {
  let r = unitCache.get(unit);
  if (r === undefined) {
    r = Sanscript.t(prepDevanagari(unit), 'devanagari', 'iast');
    if (unitCache.size < 5000) unitCache.set(unit, r);
  }
  return r;
}

/** Canonical form before transliteration: NFC, no nukta, chandrabindu as anusvara. */
function prepDevanagari(text: string): string {
  return text.normalize('NFC').replace(/\u093C/g, '').replace(/\u0901/g, '\u0902');
}

/** Loose form of a Devanagari (Sanskrit) text, with offsets into that text. */
export function looseDevanagari(text: string): Loose {
  const out: Loose = { text: '', start: [], end: [] };
  for (const m of text.matchAll(DEVA_UNIT)) {
    const iast = devaUnitToIast(m[0]);
    pushLatin(out, iast, m.index!, m.index! + m[0].length);
  }
  return out;
}

/** Loose form of a query in any script (the query path needs no offsets). */
export function looseQuery(text: string): string {
  if (hasDevanagari(text)) {
    return looseLatin(Sanscript.t(prepDevanagari(text), 'devanagari', 'iast')).text;
  }
  return looseLatin(text).text;
}

/**
 * The Devanagari spelling of a Latin query, for searching the Hindi: ITRANS
 * as people type it in lower case (karma: कर्म, dharma: धर्म, bhakti:
 * भक्ति), IAST diacritics first folded to their ITRANS letters, and the
 * virama a word ends on dropped, as Hindi writes it (karm: कर्म).
 */
export function devanagariOf(text: string): string {
  const itrans = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[āīūṛṝḷṅñṭḍṇśṣṃḥ]/g, (c) => IAST_TO_ITRANS[c] ?? c)
    .replace(/[^a-zA-Z~\s]/g, ' ');
  return Sanscript.t(itrans, 'itrans', 'devanagari').replace(/\u094D(?=\s|$)/g, '');
}

const IAST_TO_ITRANS: Record<string, string> = { ā: 'aa', ī: 'ii', ū: 'uu', ṛ: 'RRi', ṝ: 'RRI', ḷ: 'LLi', ṅ: '~N', ñ: '~n', ṭ: 'T', ḍ: 'D', ṇ: 'N', ś: 'sh', ṣ: 'Sh', ṃ: 'M', ḥ: 'H' };

/** Character n-grams of a loose string: the Sanskrit index terms. */
export function grams(loose: string, n: number): string[] {
  if (loose.length <= n) return loose.length >= 2 ? [loose] : [];
  const out: string[] = [];
  for (let i = 0; i + n <= loose.length; i++) out.push(loose.slice(i, i + n));
  return out;
}
