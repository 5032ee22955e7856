// The sounds of a text, each with the characters that write it: what the
// syllables are cut from. Two scripts are read: the verses' Devanagari
// (slok, gita/gita's copy) and IAST (the Digital Corpus of Sanskrit's words).
// Only what weighs in a syllable is told apart: vowels short and long,
// consonants, the anusvāra (and candrabindu) and visarga after a vowel, and
// where a word ends. A character neither script has is kept aside, never
// guessed: the scansion reports it.

export type LetterKind = 'vowel' | 'consonant' | 'nasal' | 'visarga' | 'mark' | 'space';

export interface Letter {
  kind: LetterKind;
  /** The characters as the text writes them (a consonant's inherent a is the empty string). */
  text: string;
  /** The sound in IAST ('' for a mark or a space). */
  iast: string;
  /** A vowel: long (ā ī ū ṝ ḹ e ai o au) or short (a i u ṛ ḷ). */
  long?: boolean;
}

export interface Letters {
  letters: Letter[];
  /** Characters neither a letter nor a sign the verse text uses, as they stand. */
  unread: string[];
}

const LONG_VOWELS = new Set(['ā', 'ī', 'ū', 'ṝ', 'ḹ', 'e', 'ai', 'o', 'au']);

const vowel = (text: string, iast: string): Letter => ({ kind: 'vowel', text, iast, long: LONG_VOWELS.has(iast) });

const DEVANAGARI_CONSONANTS: Record<string, string> = {
  क: 'k', ख: 'kh', ग: 'g', घ: 'gh', ङ: 'ṅ', च: 'c', छ: 'ch', ज: 'j', झ: 'jh', ञ: 'ñ',
  ट: 'ṭ', ठ: 'ṭh', ड: 'ḍ', ढ: 'ḍh', ण: 'ṇ', त: 't', थ: 'th', द: 'd', ध: 'dh', न: 'n',
  प: 'p', फ: 'ph', ब: 'b', भ: 'bh', म: 'm', य: 'y', र: 'r', ल: 'l', ळ: 'ḷ', व: 'v',
  श: 'ś', ष: 'ṣ', स: 's', ह: 'h',
};
const DEVANAGARI_VOWELS: Record<string, string> = {
  अ: 'a', आ: 'ā', इ: 'i', ई: 'ī', उ: 'u', ऊ: 'ū', ऋ: 'ṛ', ॠ: 'ṝ', ऌ: 'ḷ', ॡ: 'ḹ', ए: 'e', ऐ: 'ai', ओ: 'o', औ: 'au',
};
const DEVANAGARI_SIGNS: Record<string, string> = {
  'ा': 'ā', 'ि': 'i', 'ी': 'ī', 'ु': 'u', 'ू': 'ū', 'ृ': 'ṛ', 'ॄ': 'ṝ', 'ॢ': 'ḷ', 'ॣ': 'ḹ', 'े': 'e', 'ै': 'ai', 'ो': 'o', 'ौ': 'au',
};
const VIRAMA = '\u094D';
const NUKTA = '\u093C';
const ANUSVARA = 'ं';
const CANDRABINDU = 'ँ';
const VISARGA = 'ः';
const AVAGRAHA = 'ऽ';
const OM = 'ॐ';
/** Joiners change how a conjunct is drawn, not what it says. */
const JOINERS = /[\u200C\u200D]/;

/** The sounds of a Devanagari text. A hyphen joins a word broken across a line; white space ends a word. */
export function devanagariLetters(text: string): Letters {
  const letters: Letter[] = [];
  const unread: string[] = [];
  const chars = [...text.normalize('NFC')];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c in DEVANAGARI_CONSONANTS) {
      let written = c;
      if (chars[i + 1] === NUKTA) written += chars[++i];
      const next = chars[i + 1];
      if (next === VIRAMA) {
        letters.push({ kind: 'consonant', text: written + next, iast: DEVANAGARI_CONSONANTS[c] });
        i++;
      } else if (next !== undefined && next in DEVANAGARI_SIGNS) {
        letters.push({ kind: 'consonant', text: written, iast: DEVANAGARI_CONSONANTS[c] }, vowel(next, DEVANAGARI_SIGNS[next]));
        i++;
      } else letters.push({ kind: 'consonant', text: written, iast: DEVANAGARI_CONSONANTS[c] }, vowel('', 'a'));
    } else if (c in DEVANAGARI_VOWELS) letters.push(vowel(c, DEVANAGARI_VOWELS[c]));
    else if (c === OM) letters.push(vowel(c, 'o'), { kind: 'nasal', text: '', iast: 'ṃ' });
    else if (c === ANUSVARA) letters.push({ kind: 'nasal', text: c, iast: 'ṃ' });
    else if (c === CANDRABINDU) letters.push({ kind: 'nasal', text: c, iast: 'm̐' });
    else if (c === VISARGA) letters.push({ kind: 'visarga', text: c, iast: 'ḥ' });
    else if (c === AVAGRAHA) letters.push({ kind: 'mark', text: c, iast: "'" });
    else if (/\s/.test(c)) letters.push({ kind: 'space', text: c, iast: '' });
    // A hyphen joins a word broken across lines: no letter, and not written in the pāda, which is whole.
    else if (c === '-') letters.push({ kind: 'mark', text: '', iast: '' });
    else if (JOINERS.test(c)) letters.push({ kind: 'mark', text: c, iast: '' });
    else unread.push(c);
  }
  return { letters, unread };
}

/** IAST's letters, longest first: an aspirate (kh) before its plain stop (k), ai and au before a. */
const IAST_CONSONANTS = ['kh', 'gh', 'ch', 'jh', 'ṭh', 'ḍh', 'th', 'dh', 'ph', 'bh', 'k', 'g', 'ṅ', 'c', 'j', 'ñ', 'ṭ', 'ḍ', 'ṇ', 't', 'd', 'n', 'p', 'b', 'm', 'y', 'r', 'l', 'v', 'ś', 'ṣ', 's', 'h'];
const IAST_VOWELS = ['ai', 'au', 'a', 'ā', 'i', 'ī', 'u', 'ū', 'ṛ', 'ṝ', 'ḷ', 'ḹ', 'e', 'o'];
const IAST_TOKEN = new RegExp(`(?<=\\p{L})\\.a|m̐|${[...IAST_VOWELS, ...IAST_CONSONANTS].sort((a, b) => b.length - a.length).join('|')}|ṃ|ṁ|ḥ|['’]|\\s+|-|.`, 'gsu');

/** The sounds of an IAST text (lower case; the avagraha written ' or ’, or ".a" after a letter as the records' transliteration writes it). */
export function iastLetters(text: string): Letters {
  const letters: Letter[] = [];
  const unread: string[] = [];
  for (const [t] of text.normalize('NFC').toLowerCase().matchAll(IAST_TOKEN)) {
    if (IAST_VOWELS.includes(t)) letters.push(vowel(t, t));
    else if (IAST_CONSONANTS.includes(t)) letters.push({ kind: 'consonant', text: t, iast: t });
    else if (t === 'ṃ' || t === 'ṁ' || t === 'm̐') letters.push({ kind: 'nasal', text: t, iast: t === 'm̐' ? t : 'ṃ' });
    else if (t === 'ḥ') letters.push({ kind: 'visarga', text: t, iast: t });
    else if (t === "'" || t === '’' || t === '.a') letters.push({ kind: 'mark', text: t, iast: "'" });
    else if (t === '-') letters.push({ kind: 'mark', text: t, iast: '' });
    else if (/^\s+$/.test(t)) letters.push({ kind: 'space', text: t, iast: '' });
    else unread.push(t);
  }
  return { letters, unread };
}
