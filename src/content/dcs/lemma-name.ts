// A lemma's names without any transliteration package (the client carries
// this): its IAST as the concordance files it, and its ASCII folding (the
// content's one fold of IAST to plain letters: a work's slug and the
// repairs' Sanskrit words are folded by it too).

/** The DCS writes two letters of its roots with code points of its own: ṝ as U+FFDE (atit￞ for atitṝ), ḷ as U+FFB1 (kﾱp for kḷp). */
const DCS_LETTERS: Record<string, string> = { '\uFFDE': 'ṝ', '\uFFB1': 'ḷ' };

/** The IAST of a DCS lemma, NFC: the name the concordance and its files use. */
export const lemmaName = (dcs: string) => dcs.replace(/[\uFFDE\uFFB1]/g, (c) => DCS_LETTERS[c]).normalize('NFC');

/** ātman → atman, kṛṣṇa → krsna: lower case, diacritics dropped. */
export const foldLemma = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Longest lemma asked for, in characters; the longest in the DCS's Gita is far shorter. */
export const MAX_LEMMA_LENGTH = 64;

/** What is asked by its spelling: a lemma, or a verbal root (src/content/roots/), each with the examples its 400 names. */
export const SPELLED = {
  lemma: { name: 'lemma', iast: 'ātman', ascii: 'atman', devanagari: 'आत्मन्' },
  root: { name: 'root', iast: 'sthā', ascii: 'stha', devanagari: 'स्था' },
} as const;
export type Spelled = (typeof SPELLED)[keyof typeof SPELLED];

/** The 400 message of a spelling that cannot name one. */
export const spellingError = (what: Spelled) => `${what.name}: expected a ${what.name} in IAST (${what.iast}), in ASCII (${what.ascii}) or in Devanagari (${what.devanagari})`;

/** IAST and ASCII letters, or Devanagari; nothing else names a lemma or a root. */
export const NAME_SPELLING = /^(?:[a-zāīūṛṝḷḹṃḥṅñṭḍṇśṣ]+|[\u0900-\u097F\u200c\u200d]+)$/u;

/** A name as asked, NFC and lower case (Devanagari kept as typed), or why it cannot be one. */
export function nameSpelling(raw: string, what: Spelled): { spelling: string } | { error: string } {
  const s = raw.normalize('NFC').toLowerCase();
  if (s.length > MAX_LEMMA_LENGTH) return { error: `${what.name}: at most ${MAX_LEMMA_LENGTH} characters` };
  return NAME_SPELLING.test(s) ? { spelling: s } : { error: spellingError(what) };
}
