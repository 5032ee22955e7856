// The link graph's answers (/slok/C/V/links, /works, /works/{work}) as
// types, without imports: the client's declarations carry them
// (src/publish/client.ts), and src/content/links.ts makes them.

/** Where a link stands: the commentary key, the field, the text as written, and each place it is written in the field's text. */
export interface Cite {
  to: string;
  by: string;
  field: string;
  text: string;
  /** Every place in the field's text (as /slok/{ch}/{sl} serves it) where a citation of `to` stands: [start, end), UTF-16 offsets; the first is `text`'s. */
  at: Array<[number, number]>;
}
export interface CitedBy {
  from: string;
  by: string;
  field: string;
  text: string;
}
export interface Covers {
  by: string;
  field: string;
  range: string;
}
export interface External {
  /** The work's name, or its abbreviation as written; null: a place cited with no work written before it. */
  work: string | null;
  loc: string;
  by: string;
  field: string;
  text: string;
}

/** What one verse's links answer (/slok/{ch}/{sl}/links). */
export interface VerseLinks {
  ref: string;
  cites: Cite[];
  citedBy: CitedBy[];
  covers: Covers[];
  external: External[];
}

/** A work the commentaries cite: its name, how it is written, how often. */
export interface WorkSummary {
  work: string;
  slug: string;
  written: string[];
  count: number;
}

/** Every other work the commentaries cite (/works), and the abbreviations no name is known for. */
export interface WorksList {
  works: WorkSummary[];
  unnamed: Array<{ written: string; count: number }>;
  /** How many places are cited with no work written before them. */
  unlabelled: number;
}

/** One work's citations by verse and commentator (/works/{work}). */
export interface WorkCitations {
  work: string;
  slug: string;
  written: string[];
  count: number;
  citations: Array<{ ref: string; by: string; field: string; loc: string; text: string }>;
}
