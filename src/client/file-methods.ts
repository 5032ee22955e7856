// Written by `npm run docs` from the routes that declare `answers`
// (src/contract/routes/): do not edit. The client's methods that answer
// their route's file as it is, and the types they answer; their bodies are
// one function's (files.ts).
import type { AuthorEntry } from '../content/author-entry.ts';
import type { LemmaChoice, LemmaEntry, LemmaIndex, VerseAnalysis } from '../content/dcs/shapes.ts';
import type { VerseLinks, WorksList } from '../content/link-shapes.ts';
import type { MeterSummary, VerseMeter } from '../content/meter/shapes.ts';
import type { RootAnswer, RootChoice, RootIndex } from '../content/roots/shapes.ts';
import type { ChapterRecord } from '../content/schema.ts';
import type { SpeakersList } from '../content/speakers.ts';
import type { Version } from '../content/versions/model.ts';
import type { Word } from '../content/words.ts';

/** What the methods of FileMethods answer. */
export type { AuthorEntry, ChapterRecord, LemmaChoice, LemmaEntry, LemmaIndex, MeterSummary, RootAnswer, RootChoice, RootIndex, SpeakersList, VerseAnalysis, VerseLinks, VerseMeter, Version, Word, WorksList };

/** The methods that answer their route's file as it is: in static mode, the same file of the static host. */
export interface FileMethods {
  /** The verse word by word, in its order: [] for a verse without a list and for the colophons. */
  words(chapter: number, verse: number): Promise<Word[]>;
  /** The verse's words as the Digital Corpus of Sanskrit analyses them (form, lemma, part of speech, features, grammar in words); words: [] and a note for BG13.1 and the colophons. Credit: Word analysis: The Digital Corpus of Sanskrit (DCS), Oliver Hellwig, CC BY 4.0. */
  analysis(chapter: number, verse: number): Promise<VerseAnalysis>;
  /** Every occurrence of a lemma (IAST, or ASCII as typed: atman; Devanagari on a server only), in verse order; an ASCII spelling several lemmas share answers all of them. Unknown: a GitaError with status 404. */
  lemma(name: string): Promise<LemmaEntry | LemmaChoice>;
  /** Every lemma with its parts of speech and count, most frequent first. */
  lemmas(): Promise<LemmaIndex>;
  /** A verbal root (dhātu: IAST sthā, or ASCII as typed: stha; Devanagari on a server only): its dhātupāṭha entries and every verbal word made from it, by preverb and form, with each verse; an ASCII spelling several roots share answers all of them. Unknown: a GitaError with status 404. Credit: Roots: the dhātupāṭha of ambuda-org/vidyut (ashtadhyayi.com), MIT; Word analysis: The Digital Corpus of Sanskrit (DCS), Oliver Hellwig, CC BY 4.0. */
  root(name: string): Promise<RootAnswer | RootChoice>;
  /** Every verbal root with its classes, meaning and counts, most frequent first. */
  roots(): Promise<RootIndex>;
  /** The verse's links, mined from its commentaries: the verses they cite, the commentaries of other verses that cite it, the groups of verses they are written on, the other works they cite. */
  links(chapter: number, verse: number): Promise<VerseLinks>;
  /** Every other work the commentaries cite, one name however abbreviated, most cited first; the abbreviations no name is known for apart. */
  works(): Promise<WorksList>;
  /** The versions this host holds beyond the commentaries (translations with their own license: Besant's English, a Telugu translation, an operator's own). */
  versions(): Promise<{ versions: Version[] }>;
  /** The verse's meter: each syllable light (L) or heavy (G), its pādas and their forms, the syllables that break a pattern; a colophon's meter is "prose". */
  meter(chapter: number, verse: number): Promise<VerseMeter>;
  /** Every verse under its meter, most verses first, and the verses that do not scan. */
  meters(): Promise<MeterSummary>;
  /** Every speaker (Dhṛtarāṣṭra, Sañjaya, Arjuna, Kṛṣṇa) with the verses they speak, in verse order; slug is what a speaker filter takes. */
  speakers(): Promise<SpeakersList>;
  /** The 18 chapter records, ordered by chapter_number. */
  chapters(): Promise<ChapterRecord[]>;
  /** One chapter record; a chapter that does not exist is a GitaError with status 404. */
  chapter(chapter: number): Promise<ChapterRecord>;
  /** Every commentary described, in the order of the records: author, and per text field its language, kind (translation, commentary...), verses with a real text, corrections; where the texts come from. */
  authors(): Promise<AuthorEntry[]>;
}
