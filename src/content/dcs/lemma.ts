// A lemma's names: as the DCS writes it, as IAST (the concordance's key and
// file name), folded to ASCII as people type it (atman for ātman), and from
// Devanagari (आत्मन्).
import { Sanscript } from '../iast.ts';
import { foldLemma, lemmaName, MAX_LEMMA_LENGTH, nameSpelling, SPELLED, spellingError, type Spelled } from './lemma-name.ts';

export { foldLemma, lemmaName, MAX_LEMMA_LENGTH, SPELLED, spellingError, type Spelled };

const DEVANAGARI = /[\u0900-\u097F]/;


/** A lemma (or root) as asked (IAST, ASCII or Devanagari) in IAST, NFC; an error when it cannot name one. */
export function lemmaQuery(raw: string, what: Spelled = SPELLED.lemma): { lemma: string } | { error: string } {
  const spelled = nameSpelling(raw, what);
  if ('error' in spelled) return spelled;
  const s = spelled.spelling;
  return { lemma: DEVANAGARI.test(s) ? Sanscript.t(s, 'devanagari', 'iast').normalize('NFC') : s };
}

/** The file of dist/ that answers a lemma (or root) as asked: its IAST's, else its ASCII spelling's (`has` says which exist); an error for a spelling that cannot be one; undefined when neither exists. */
export function lemmaFile(raw: string, has: (path: string) => boolean, fileOf: (name: string) => string, what: Spelled = SPELLED.lemma): string | { error: string } | undefined {
  const q = lemmaQuery(raw, what);
  if ('error' in q) return q;
  const exact = fileOf(q.lemma);
  if (has(exact)) return exact;
  const folded = fileOf(foldLemma(q.lemma));
  return has(folded) ? folded : undefined;
}
