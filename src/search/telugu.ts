// Telugu as people type it, in Telugu script: the words of a Telugu text and
// of a query, folded the same way on both sides, and each query word's stem
// for the inflected forms a text holds. Telugu is agglutinative (కర్మ, కర్మలు,
// కర్మలను, కర్మఫలము...): a query word is matched as the beginning of a word,
// and so is its stem, the word without its last syllable (కర్మలకు finds
// కర్మలను through కర్మల). Measured against exact words and character
// n-grams of two to four letters or syllables: docs/search.md.
const TELUGU = /[\u0C00-\u0C7F]/;

/** True when the text has any Telugu letter: such a query is Telugu, or Sanskrit in Telugu script. */
export function hasTelugu(text: string): boolean {
  return TELUGU.test(text);
}

/** A Telugu word: letters and signs, the joiners (dropped by the fold) and the Devanagari avagraha the source mixes in; digits, dandas and punctuation separate words. */
export const TE_WORD = /[\u0C00-\u0C63\u200C\u200D\u093D]+/g;

/** The nasal consonants (ఙ ఞ ణ న మ) with a virama, before a stop: written ం as often. */
const NASAL_BEFORE_STOP = /[\u0C19\u0C1E\u0C23\u0C28\u0C2E]\u0C4D(?=[\u0C15-\u0C18\u0C1A-\u0C1D\u0C1F-\u0C22\u0C24-\u0C27\u0C2A-\u0C2D])/g;

/**
 * The spellings that Telugu keyboards and writers use for one word:
 * - NFC (ై typed as ె + ౖ is ై);
 * - zero-width joiners and non-joiners, the nukta and the avagraha (either
 *   script's) are dropped: a keyboard adds them or not, the word is the same;
 * - the arasunna ఁ and the visarga ః are dropped: modern spelling omits the
 *   first (ఎఱుఁగు = ఎఱుగు), and typists the second (దుఃఖం = దుఖం);
 * - ఱ is ర, as modern spelling writes it (అందఱు = అందరు);
 * - a nasal consonant with a virama before a stop is the anusvara ం
 *   (పణ్డిత = పండిత, సన్జయ = సంజయ), never before another consonant
 *   (అన్న, అన్య keep theirs).
 * Vowel signs are not folded: e and ē, o and ō, ṛ (ృ) and ru are different words in Telugu
 * (కృతం, done; క్రితం, before).
 */
export function teFold(word: string): string {
  return word
    .normalize('NFC')
    .replace(/[\u200C\u200D\u0C3C\u0C3D\u093D\u0C01\u0C03]/g, '')
    .replace(/\u0C31/g, '\u0C30')
    .replace(NASAL_BEFORE_STOP, '\u0C02');
}

// One syllable (akshara): consonants joined by viramas with their vowel sign or a final virama,
// or an independent vowel, each with its anusvara or visarga.
const AKSHARA = /(?:[\u0C15-\u0C39\u0C58-\u0C5A]\u0C4D)*[\u0C15-\u0C39\u0C58-\u0C5A](?:[\u0C3E-\u0C4D\u0C55\u0C56\u0C62\u0C63])?[\u0C00-\u0C03]*|[\u0C05-\u0C14\u0C60\u0C61][\u0C00-\u0C03]*|[\s\S]/g;

export function syllables(word: string): string[] {
  return word.match(AKSHARA) ?? [];
}

/** A folded word of two syllables or more is also matched as the beginning of a longer word. */
export const teIsPrefix = (term: string) => syllables(term).length >= 2;

/** The stem a folded query word is also searched by: without its last syllable, when two or more are left; else none. */
export function teStem(term: string): string | undefined {
  const s = syllables(term);
  return s.length >= 3 ? s.slice(0, -1).join('') : undefined;
}
