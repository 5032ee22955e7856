// SLP1, the one-letter-per-sound ASCII scheme the dhātupāṭha is written in,
// to IAST and to Devanagari. Written out here rather than through the
// sanscript package (src/content/iast.ts) because the dhātupāṭha's upadeśas
// carry marks no scheme package knows (`~` a nasalised it-vowel, `\` and `^`
// the accents), and because every letter must come out exactly: the root's
// citation form is compared letter for letter with the DCS's lemmas.

/** The accent marks of the dhātupāṭha (anudātta `\`, svarita `^`): dropped by both transliterations. */
const ACCENTS = /[\\^]/g;

const IAST: Record<string, string> = {
  a: 'a', A: 'ā', i: 'i', I: 'ī', u: 'u', U: 'ū', f: 'ṛ', F: 'ṝ', x: 'ḷ', X: 'ḹ',
  e: 'e', E: 'ai', o: 'o', O: 'au', M: 'ṃ', H: 'ḥ',
  k: 'k', K: 'kh', g: 'g', G: 'gh', N: 'ṅ', c: 'c', C: 'ch', j: 'j', J: 'jh', Y: 'ñ',
  w: 'ṭ', W: 'ṭh', q: 'ḍ', Q: 'ḍh', R: 'ṇ', t: 't', T: 'th', d: 'd', D: 'dh', n: 'n',
  p: 'p', P: 'ph', b: 'b', B: 'bh', m: 'm', y: 'y', r: 'r', l: 'l', v: 'v',
  S: 'ś', z: 'ṣ', s: 's', h: 'h', L: 'ḻ',
};

/** SLP1 → IAST, accents dropped; `~` (a nasalised vowel), spaces and punctuation are kept as they stand. */
export function slp1ToIast(slp1: string): string {
  let out = '';
  for (const ch of slp1.replace(ACCENTS, '')) out += IAST[ch] ?? ch;
  return out;
}

const VOWELS: Record<string, string> = { a: 'अ', A: 'आ', i: 'इ', I: 'ई', u: 'उ', U: 'ऊ', f: 'ऋ', F: 'ॠ', x: 'ऌ', X: 'ॡ', e: 'ए', E: 'ऐ', o: 'ओ', O: 'औ' };
/** The vowel signs written after a consonant; the inherent a has none. */
const SIGNS: Record<string, string> = { a: '', A: 'ा', i: 'ि', I: 'ी', u: 'ु', U: 'ू', f: 'ृ', F: 'ॄ', x: 'ॢ', X: 'ॣ', e: 'े', E: 'ै', o: 'ो', O: 'ौ' };
const CONSONANTS: Record<string, string> = {
  k: 'क', K: 'ख', g: 'ग', G: 'घ', N: 'ङ', c: 'च', C: 'छ', j: 'ज', J: 'झ', Y: 'ञ',
  w: 'ट', W: 'ठ', q: 'ड', Q: 'ढ', R: 'ण', t: 'त', T: 'थ', d: 'द', D: 'ध', n: 'न',
  p: 'प', P: 'फ', b: 'ब', B: 'भ', m: 'म', y: 'य', r: 'र', l: 'ल', v: 'व', S: 'श', z: 'ष', s: 'स', h: 'ह', L: 'ळ',
};
const MARKS: Record<string, string> = { M: 'ं', H: 'ः', '~': 'ँ', "'": 'ऽ' };
const VIRAMA = '्';

/**
 * SLP1 → Devanagari, accents dropped. A consonant takes the following vowel
 * as its sign, or a virama when no vowel follows (before another consonant,
 * a space or the end); a vowel after anything but a consonant is written whole.
 */
export function slp1ToDevanagari(slp1: string): string {
  const s = slp1.replace(ACCENTS, '');
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (CONSONANTS[ch]) {
      out += CONSONANTS[ch];
      const next = s[i + 1];
      if (next !== undefined && next in SIGNS) {
        out += SIGNS[next];
        i++;
      } else out += VIRAMA;
    } else out += VOWELS[ch] ?? MARKS[ch] ?? ch;
  }
  return out;
}
