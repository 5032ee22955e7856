// The shapes of the word analysis as the API serves them (the build makes
// them in served.ts): types only, so the client can carry them.
import type { WordRoot } from '../roots/shapes.ts';

/** One word of a verse as the Digital Corpus of Sanskrit analyses it. */
export interface AnalysedWord {
  /** FORM: the word as it stands in the sentence. */
  form: string;
  /** The word with sandhi undone (MISC Unsandhied). */
  unsandhied: string;
  /** LEMMA exactly as the DCS gives it. */
  lemma: string;
  /** UPOS: NOUN, VERB, PRON, ADJ, PART, ADV, CONJ, NUM, SCONJ. */
  pos: string;
  /** FEATS as an object; {} when empty. */
  features: Record<string, string>;
  /** The sandhi string the word stands in (karmaṇyevādhikāraste); the form itself for a word standing alone. */
  token: string;
  /** The features in words: "locative singular neuter". */
  grammar: string;
  /** A verbal word's root (src/content/roots/): absent for other words and where the root could not be read. */
  root?: WordRoot;
}

/** /slok/{ch}/{sl}/analysis. */
export interface VerseAnalysis {
  ref: string;
  words: AnalysedWord[];
  /** Why a verse has no words (BG13.1, the colophons). */
  note?: string;
  attribution: string;
}

export interface Occurrence {
  ref: string;
  /** The word's place among the verse's analysed words (1 first), as the downloads' analysis table numbers it. */
  position: number;
  form: string;
  unsandhied: string;
  pos: string;
  features: Record<string, string>;
  grammar: string;
}

/** /lemma/{lemma}: every occurrence of one lemma, in verse order. */
export interface LemmaEntry {
  /** IAST, NFC (the DCS's own letters for ṝ and ḷ written as IAST). */
  lemma: string;
  /** As the DCS writes it, where that differs. */
  dcs?: string;
  /** Its parts of speech, most frequent first. */
  pos: string[];
  count: number;
  /** Other lemmas typed the same in ASCII (sama: samā, śama). */
  also?: string[];
  occurrences: Occurrence[];
  attribution: string;
}

/** /lemma/{ascii}: an ASCII spelling that is no lemma but that several lemmas share: all of them. */
export interface LemmaChoice {
  query: string;
  lemmas: LemmaEntry[];
  attribution: string;
}

/** /lemmas: every lemma, most frequent first. */
export interface LemmaIndex {
  attribution: string;
  count: number;
  lemmas: Array<{ lemma: string; pos: string[]; count: number }>;
}
