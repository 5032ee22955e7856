// The client's types, derived from the content model the importer validates
// with (src/content/schema.ts) and the projection rules
// (src/content/projection.ts): no second copy of the record types. An answer
// narrows with the options asked for, where TypeScript can follow them. The
// types of the answers that are a route's file as it is (Word, RootIndex,
// ChapterRecord...) are exported with their methods, by file-methods.ts.
import type { Lang, LANGUAGES } from '../content/projection.ts';
import type { Marks } from '../content/display.ts';
import type { CommentaryKey, OptionalCommentaryKey, TextField, Verse, VerseFields } from '../content/schema.ts';
import type { AuthorField, Kind } from '../content/author-entry.ts';
import type { Break, MeterName, PadaForm, PadaScan, Syllable, Weight } from '../content/meter/shapes.ts';
import type { Cite, CitedBy, Covers, External, WorkCitations, WorkSummary } from '../content/link-shapes.ts';
import type { FoundRefAnswer } from '../content/ref-shapes.ts';

/** The link graph mined from the commentaries: a verse's links, the works cited, one work's citations. */
export type { Cite, CitedBy, Covers, External, WorkCitations, WorkSummary };
/** A Gita reference found in a text (findRefs, POST /refs): where it stands ([start, end), UTF-16 offsets), as written, its canonical form, whether its verses exist. */
export type FoundRef = FoundRefAnswer;

import type { SearchLang, Version, VersionAudit, VersionNote, VerseVersion, VerseVersions } from '../content/versions/model.ts';

/** The versions beyond the commentaries (Besant's English, a Telugu translation, an operator's own): a version's audit and notes, a verse's texts in them, each with its credit, which goes wherever its text is shown. */
export type { VersionAudit, VersionNote, VerseVersion, VerseVersions };
/** One version and how it was read (/versions/{id}). */
export type VersionAudited = Version & { audit: VersionAudit };
import type { AnalysedWord, Occurrence } from '../content/dcs/shapes.ts';
import type { RootEntryShape, RootGroup, RootOccurrence, WordRoot } from '../content/roots/shapes.ts';
import type { SpeakerEntry } from '../content/speakers.ts';

/** The word analysis (Word analysis: The Digital Corpus of Sanskrit (DCS), Oliver Hellwig, CC BY 4.0): a word analysed, a lemma's occurrences. */
export type { AnalysedWord, Occurrence };
/** The verbal roots (Roots: the dhātupāṭha of ambuda-org/vidyut (ashtadhyayi.com), MIT; with the DCS's words): a verbal word's root, a root's words. */
export type { RootEntryShape, RootGroup, RootOccurrence, WordRoot };
/** Who speaks: a speaker with the verses they speak (/speakers). */
export type { SpeakerEntry };

/** A verse record, its fields and text fields, and the languages a projection takes. */
export type { Lang, Verse, VerseFields, TextField };
/** A commentary described (/authors): its author, and per text field its language, kind and how many verses it has a real text on. */
export type { AuthorField, Kind };
type LangField<L extends Lang> = (typeof LANGUAGES)[L][number];

/** A commentary key: the 21 classical ones, and prabhu. */
export type Author = CommentaryKey | OptionalCommentaryKey;
type PlainField = keyof VerseFields;
type Always = '_id' | 'chapter' | 'verse';
/** What `fields` accepts: a plain field, a whole commentary, or one text field of one (`siva.et`). */
export type FieldName = PlainField | Author | `${Author}.${TextField}`;

/** lang, authors and fields: only what you need (see the API docs, "Only what you need"); marks: how the transliteration writes its marks. */
export interface ProjectionOptions {
  lang?: Lang;
  authors?: readonly Author[];
  fields?: readonly FieldName[];
  /**
   * source (the default): the transliteration as the record holds it, byte for byte, with upstream's
   * ASCII marks (saṅgo.astvakarmaṇi); iast: with IAST's marks, as the reading pages and cards show
   * it (saṅgo'stvakarmaṇi, | for the danda). In static mode written here, with the same rule.
   */
  marks?: Marks;
}

type FieldsOf<O> = O extends { fields: readonly (infer F)[] } ? F : never;
type HasFields<O> = O extends { fields: readonly unknown[] } ? true : false;
type Named<F> = F extends `${infer K}.${string}` ? K : F;
type PartsOf<F, K extends string> = F extends `${K}.${infer T}` ? T : never;
type LangOf<O> = O extends { lang: infer L extends Lang } ? LangField<L> : TextField;
type AuthorsOf<O> = O extends { authors: readonly (infer A)[] } ? A : Author;

type KeptAuthors<O> = HasFields<O> extends true ? Extract<AuthorsOf<O>, Named<FieldsOf<O>>> : AuthorsOf<O>;
type KeptTexts<O, K extends string> = (HasFields<O> extends true ? (K extends FieldsOf<O> ? TextField : PartsOf<FieldsOf<O>, K>) : TextField) & LangOf<O>;
type KeptPlain<O> = HasFields<O> extends true ? Extract<Named<FieldsOf<O>>, Exclude<PlainField, Always>> : Exclude<PlainField, Always>;

/**
 * A projected verse: `_id`, `chapter`, `verse` always; the plain fields kept;
 * each commentary kept with its author and the text fields asked for (any of
 * them may be absent: a commentary with no text left is dropped).
 */
export type Projected<O> = Pick<VerseFields, Always | KeptPlain<O>> & {
  [K in KeptAuthors<O> & string]?: { author: string } & { [T in KeptTexts<O, K>]?: string };
};

/** The whole record when nothing narrows it (marks narrows nothing), else the projection. */
export type VerseAnswer<O> = {} extends Omit<O, 'marks'> ? Verse : Projected<O>;

export type Theme = 'auto' | 'light' | 'dark';
export type Speaker = 'krishna' | 'arjuna' | 'sanjaya' | 'dhritarashtra';

export interface SearchMatch {
  /** Such as `siva.et`, `transliteration`, or a version's id (`besant`). */
  field: string;
  author?: string;
  /** A version's text: its id, and the credit to show with its text. */
  version?: string;
  credit?: string;
  /** At most 200 characters around the match. */
  snippet: string;
  /** Matched character ranges inside the snippet: [start, end). */
  ranges: Array<[number, number]>;
}

export interface SearchResult {
  _id: string;
  chapter: number;
  verse: number;
  speaker?: string;
  score: number;
  matches: SearchMatch[];
}

export interface SearchResponse {
  query: string;
  /** Every verse that matches; page through them with offset and limit. */
  total: number;
  limit: number;
  offset: number;
  results: SearchResult[];
  /** Why the page is empty, and what to try, when it is. */
  hint?: string;
  /** How the query was searched when not as its plain words: its Devanagari spelling (a Latin query of the Hindi), or one phrase (stop words alone). */
  searched?: { devanagari?: string; phrase?: string };
}

/** The scansion's pieces: a meter's name, a pāda's form and scan, a syllable and its weight. */
export type { MeterName, PadaForm, PadaScan, Syllable, Weight };
/** A syllable that breaks its pāda's pattern. */
export type MeterBreak = Break;

/** The options of verses(ref): a projection, and ?meter=. */
export interface VersesOptions extends ProjectionOptions {
  /** Only the verses of these meters among those the reference names (IAST or ASCII: anustubh, upajati). */
  meter?: readonly (MeterName | (string & {}))[];
}

export interface SearchOptions {
  /** en, hi, sa, or the language of a version the host holds (te). */
  lang?: SearchLang;
  chapter?: number;
  speaker?: Speaker | string;
  /** Results per page: 1 to 50, default 10. */
  limit?: number;
  /** How many of the best results to skip (default 0): the next page is offset + limit, up to total. */
  offset?: number;
}
