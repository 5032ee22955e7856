// The shape of a commentary described (`/authors`), apart from how it is
// computed (authors.ts): the client's types read it, so it imports only what
// the client bundles (schema.ts, projection.ts).
import type { Lang } from './projection.ts';
import type { TextField } from './schema.ts';

/**
 * What a text field holds. Decided per field from the texts themselves
 * (docs: "Commentators"): a translation renders the verse in a few lines (the
 * medians run 146 to 178 characters); a commentary discusses it, most often
 * at length; Swami Sivananda's siva.ec opens with the verse word by word (its
 * words and their meanings, src/content/words.ts) and goes on to a commentary.
 */
export const KINDS = ['translation', 'commentary', 'word-by-word and commentary'] as const;
export type Kind = (typeof KINDS)[number];

/** Changes by repair rule (src/content/repairs.ts: qu, question-mark), every rule named. */
export type RepairCounts = Record<string, number>;

export interface AuthorField {
  lang: Lang;
  kind: Kind;
  /** Verses (colophons not counted) whose text in this field is real, after the errata and the repairs. */
  verses: number;
  /** The errata that replaced this field's text in a record (content/audit.json has their evidence). */
  errata: Array<{ id: string; record: string }>;
  /** Changes the repairs made in this field, by rule. */
  repairs: RepairCounts;
  /** Texts of this field that came from another source than upstream, in place of its placeholders (content/audit.json has their provenance). */
  supplements: Array<{ id: string; record: string; repository: string; commit: string; license: string }>;
}

export interface AuthorEntry {
  key: string;
  author: string;
  /** The text fields it has, in the order of TEXT_FIELDS. */
  fields: Partial<Record<TextField, AuthorField>>;
  /** Changes the repairs made in its texts, by rule (the sum over its fields). */
  repairs: RepairCounts;
  /** Where its texts come from: the upstream dataset at its pinned commit, and its license. */
  source: { repository: string; commit: string; url: string; license: string };
}

