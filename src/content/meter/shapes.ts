// The shapes of the scansion as the API serves it (/slok/{ch}/{sl}/meter,
// /meters): types only, so the client can carry them. The tables of
// meters.ts and padas.ts are checked against these names.

/** L light (laghu), G heavy (guru). */
export type Weight = 'L' | 'G';

export interface Syllable {
  /** The syllable as the text writes it (Devanagari for a verse's slok). */
  text: string;
  iast: string;
  weight: Weight;
}

/** The syllables of the verse's pāda: 8 (anuṣṭubh), 11 (triṣṭubh), 12 (jagatī). */
export type PadaSize = 8 | 11 | 12;

/** An anuṣṭubh's odd pāda by its syllables 5-7: the pathyā, or which vipulā (the even pāda is a pathyā). */
export type AnushtubhForm = 'pathyā' | 'na-vipulā' | 'bha-vipulā' | 'ma-vipulā' | 'ra-vipulā';
/** The named pādas of eleven syllables, and of twelve. */
export type TrishtubhPadaName = 'indravajrā' | 'upendravajrā' | 'śālinī' | 'vātormī';
export type JagatiPadaName = 'vaṃśastha' | 'indravaṃśā';
export type TrishtubhForm = TrishtubhPadaName | JagatiPadaName;
export type PadaForm = AnushtubhForm | TrishtubhForm | 'hypermetric' | 'irregular';
export type MeterName = 'anuṣṭubh' | 'upajāti' | TrishtubhForm | 'triṣṭubh' | 'jagatī';

/** A syllable that breaks its pāda's pattern: where, what it is, and what the pattern wants there. */
export interface Break {
  /** 1 = the pāda's first syllable. */
  at: number;
  text: string;
  weight: Weight;
  wanted: Weight;
}

export interface PadaScan {
  text: string;
  syllables: Syllable[];
  /** The weights in a row, "GLGG…", the last syllable by its natural weight. */
  pattern: string;
  form: PadaForm;
  /** The syllables that break the nearest pattern (irregular pādas only). */
  breaks?: Break[];
}

/** One verse scanned (/slok/{ch}/{sl}/meter). */
export interface VerseScan {
  ref: string;
  /** The meter by name; "prose" for a colophon, "unscanned" for a text with no syllables. */
  meter: MeterName | 'prose' | 'unscanned';
  padas: PadaScan[];
  /** The syllables of the verse's pāda; absent when nothing was measured. */
  size?: PadaSize;
  /** An anuṣṭubh's form per half (its odd pāda's: pathyā or which vipulā), or "irregular", or "hypermetric". */
  halves?: PadaForm[];
  /** Every pāda named (a pathyā or vipulā, a named triṣṭubh pāda) or one of the epic's licenses (a pāda of nine or twelve), and four of them. */
  regular: boolean;
  notes: string[];
}

/** A verse's meter: its syllables light and heavy, its pādas and their forms (/slok/{ch}/{sl}/meter; the client's meter()). */
export type VerseMeter = VerseScan;

/** A verse that does not scan: each pāda that breaks, with its syllables that do. */
export interface IrregularVerse {
  ref: string;
  meter: VerseScan['meter'];
  padas: Array<{ pada: string; text: string; pattern: string; breaks: Break[] }>;
  notes: string[];
}

/** Every verse under its meter (/meters). */
export interface MeterSummary {
  /** Verses measured (the colophons are not). */
  verses: number;
  /** Each meter with its verses, every verse under one meter, most verses first. */
  meters: Array<{ meter: VerseScan['meter']; count: number; verses: string[] }>;
  /** The anuṣṭubh's halves by form: pathyā, the vipulās, hypermetric, irregular. */
  halves: Partial<Record<PadaForm, number>>;
  /** Verses with a pāda the epic's licenses allow: nine syllables in an anuṣṭubh, twelve in a triṣṭubh. */
  hypermetric: string[];
  irregular: IrregularVerse[];
  /** The chapters' colophons: prose, not measured. */
  prose: string[];
}
