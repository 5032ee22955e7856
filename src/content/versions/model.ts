// What a version is: a translation beyond the records' 22 commentaries, as a
// resource of its own (a manifest, its texts by verse) with the audit of how
// it was read. A verse a version lacks is named in `missing`, never filled
// from another version or commentary.
import type { Lang } from '../projection.ts';

/**
 * A language /search takes (its `lang`): the records' (en, hi, sa), or the
 * language of a version the build holds by its primary subtag: te for the
 * built-in Telugu, any other for an operator's own.
 */
export type SearchLang = Lang | 'te' | (string & {});

/** What the operator (or the built-in list) says of a version: version.json. */
export interface VersionManifest {
  /** Lower case letters, digits and "-": the version's name in paths (`besant`). */
  id: string;
  /** BCP 47 language tag (`en`, `te`). */
  language: string;
  title: string;
  translator: string;
  /** When the text was published, as written (a year, a date); absent when not known. */
  published?: string;
  /** SPDX license expression where one fits (`CC-BY-SA-4.0`), else the terms in a few words. */
  license: string;
  /** Where the text comes from: a URL or a description. */
  source: string;
  /** The line shown wherever the version's text is. */
  credit: string;
}

/** A footnote of the translator's: `call` is the mark that stands in the text as `[call]`. */
export interface VersionNote {
  call: string;
  text: string;
}

/** One verse (or a chapter's colophon) of a version. */
export interface VersionText {
  /** `BG2.47`; a chapter's colophon is `BG2.73` (its verses_count + 1), as the records number it. */
  ref: string;
  text: string;
  notes?: VersionNote[];
}

/** A version as listed: its manifest and what it holds. */
export interface Version extends VersionManifest {
  /** How many of the 701 verses it has. */
  verses: number;
  /** How many chapter colophons it has (a version need not translate them). */
  colophons: number;
  /** The verses it lacks, in order (colophons are never missing: they are not verses). */
  missing: string[];
}

/** One change a repair rule made to a version's text. */
export interface VersionChange {
  ref: string;
  rule: string;
  /** Where `before` stands in the text as the source has it (changes of one text never overlap). */
  position: number;
  before: string;
  after: string;
}

/** A defect of the source that is listed, not changed (or changed by the placement only). */
export interface VersionDefect {
  /** The verse concerned, or null for the source as a whole. */
  ref: string | null;
  kind: string;
  summary: string;
}

/** How a version was read: from where, what the rules changed, what stays wrong. */
export interface VersionAudit {
  /** The folder it was read from, by its own name (never a path of the machine that imported). */
  from: string;
  /** Each file read, with its SHA-256. */
  files: Array<{ name: string; sha256: string }>;
  /** false with `repairs: false`: the texts are the source's as they are, and `changes` is empty. */
  repaired: boolean;
  /** Changes per rule of this version's source (zero for each with `repairs: false`). */
  counts: Record<string, number>;
  changes: VersionChange[];
  defects: VersionDefect[];
  /** Footnotes kept (a note called from several verses counts once per verse). */
  notes: number;
}

/** content/versions/<id>.json: the version, its audit, and its texts in verse order. */
export interface VersionFile extends Version {
  audit: VersionAudit;
  texts: VersionText[];
}

/** Where a text came from, to name it in an error: the file and its line (1-based). */
export interface SourcePlace {
  file: string;
  line: number;
}

/** A version as read from its source, before the rules and the checks. */
export interface RawVersion {
  manifest: VersionManifest;
  from: string;
  files: Array<{ name: string; sha256: string }>;
  texts: Array<VersionText & { at: SourcePlace }>;
  defects: VersionDefect[];
}

/** A version's text of one verse, as /slok/{ch}/{sl}/versions answers it: with its credit, which goes wherever the text is shown; a verse the version lacks is named missing. */
export type VerseVersion = { id: string; language: string; credit: string } & ({ text: string; notes?: VersionNote[] } | { text: null; missing: true });

/** A verse in the versions: /slok/{ch}/{sl}/versions. */
export interface VerseVersions {
  ref: string;
  versions: VerseVersion[];
}

/** One problem of an operator's version folder: its file (by the folder's own name, never a path of the machine), where in it (`line 3`, `$.license`), and what is wrong. */
export interface VersionProblem {
  file: string;
  at: string;
  problem: string;
}

/** An operator's version folder the import left out, with every problem found in it (the rest of the versions are served). */
export interface LeftOutVersion {
  folder: string;
  problems: VersionProblem[];
}

/** Where an import writes the versions in content/: versions/<id>.json, and versions/index.json listing them (and the folders left out). */
export const VERSIONS_DIR = 'versions';
export const VERSIONS_INDEX = 'index.json';
