// The shapes of the roots as the API serves them: plain types, so that the
// client's one declaration file carries them without a library. Their JSON
// Schemas are declared with zod in schemas.ts, which fails to compile if the
// two ever differ (each schema's inferred type must equal its type here).

export interface RootEntryShape {
  /** GG.NNNN: the class, then the entry's number in it. */
  code: string;
  /** The gaṇa: 1 bhvādi to 10 curādi. */
  class: number;
  voice: 'parasmaipada' | 'ātmanepada' | 'ubhayapada';
  /** The traditional meaning, a locative in Sanskrit: gatinivṛttau. */
  meaning: { devanagari: string; iast: string };
}

export interface Derived {
  kind: 'causative' | 'desiderative' | 'intensive' | 'denominative';
  /** The secondary stem (dhāray), or a denominative's noun (tapas). */
  stem: string;
}

/** What a verbal word of /slok/{ch}/{sl}/analysis carries: its root. */
export interface WordRoot {
  /** The root's citation form in IAST (sthā); null for a denominative, whose base is a noun (derived.stem). */
  root: string | null;
  /** The preverbs before the root, in order, their sandhi undone. */
  prefixes: string[];
  derived: Derived | null;
  /** Its dhātupāṭha entries: one, or several where nothing decides (ambiguous). */
  codes: string[];
  ambiguous?: true;
}

export interface RootOccurrence {
  ref: string;
  /** The word's place among the verse's analysed words (1 first). */
  position: number;
  form: string;
  grammar: string;
  /** The word-by-word meaning of the entry this word is joined to, where it is joined. */
  meaning?: string;
}

/** A lemma of a root: its preverbs and stem, its forms with every place each stands. */
export interface RootGroup {
  prefixes: string[];
  lemma: string;
  derived: Derived | null;
  codes: string[];
  ambiguous?: true;
  count: number;
  forms: Array<{ form: string; count: number; occurrences: RootOccurrence[] }>;
}

/** /root/{root}. */
export interface RootAnswer {
  root: string;
  devanagari: string;
  entries: RootEntryShape[];
  count: number;
  verses: number;
  senses: Array<{ meaning: string; count: number }>;
  groups: RootGroup[];
  also?: string[];
  attribution: string;
}

/** /root/{ascii}: an ASCII spelling that is no root but that several roots share. */
export interface RootChoice {
  query: string;
  roots: RootAnswer[];
  attribution: string;
}

/** /roots. */
export interface RootIndex {
  attribution: string;
  count: number;
  roots: Array<{ root: string; devanagari: string; classes: number[]; meaning: string; count: number; verses: number }>;
}
