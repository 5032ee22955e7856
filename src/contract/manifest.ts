// dist/manifest.json: every served file with its hash, size and media type,
// plus what the server (and a client on a static host) needs to know about
// the content: verse counts, speakers, commentaries, errata, the build's id.
// Written by the build, read by the server at start-up.
import type { BuildPart } from '../layout.ts';
import type { TextField } from '../content/schema.ts';
import type { LeftOutVersion } from '../content/versions/model.ts';

export interface ManifestFile {
  type: string;
  size: number;
  /** SHA-256 of the file's bytes (hex); ETags derive from it. */
  sha256: string;
  /** Sizes of the precompressed twins, when the file has them. */
  br?: number;
  gzip?: number;
}

export interface ManifestSpeaker {
  /** The plain name the API accepts (`?speaker=krishna`); null for a speaker the code does not know. */
  slug: string | null;
  /** As the content writes it, in Devanagari. */
  name: string;
  /** In English, for the card; null when unknown. */
  label: string | null;
  /** Verses (not colophons) spoken. */
  verses: number;
}

export interface ManifestCommentary {
  key: string;
  author: string;
  /** Text field → records that carry it. */
  fields: Partial<Record<TextField, number>>;
  records: number;
}

/** A version as the manifest lists it: enough to name it, choose it and credit it. */
export interface ManifestVersion {
  id: string;
  /** BCP 47. */
  language: string;
  title: string;
  translator: string;
  credit: string;
  license: string;
  verses: number;
}

export interface Manifest {
  version: 2;
  /** Hash over every file's hash: two builds of the same content and options share it. */
  build: string;
  content: {
    chapters: number;
    verses: number;
    colophons: number;
    /** verses_count of chapters 1..N, in order (colophons not counted). */
    versesPerChapter: number[];
    speakers: ManifestSpeaker[];
    /** Per chapter, per verse (1 to the colophon): the index of its speaker in `speakers`, or -1. */
    speakerOf: number[][];
    /** Every commentary key of the content, in record order. */
    commentaries: ManifestCommentary[];
    /** The top-level fields that are not commentaries, in record order (fields upstream added later included). */
    fields: string[];
    /** The versions beyond the commentaries (src/content/versions/), in their order: what ?version= takes. */
    versions: ManifestVersion[];
  };
  /** The errata of the import and what each did (content/audit.json has the evidence). */
  errata: Array<{ id: string; record: string; status: 'applied' | 'obsolete'; keys: string[] }>;
  /** The audit's counts: findings left (0 is clean), notes (typos and the like). */
  audit: { findings: number; notes: number; newFields: string[] };
  /** The verse of the day of this build (/gita.svg and slok/today/ on a static host), and how it was picked. */
  daily: { seed: string; chapter: number; verse: number };
  files: Record<string, ManifestFile>;
  /**
   * What this dist/ does not hold yet: `npm start` on a fresh checkout serves
   * the records first and builds these in the background (ensure.ts); the
   * routes that answer from them say 503 with Retry-After meanwhile. Absent
   * from a finished build.
   */
  pending?: BuildPart[];
  /**
   * The operators' version folders the server's import left out, each with
   * its problems (at most 20 listed, the rest counted in `more`): /healthz
   * says `degraded` and names them. Absent when none was.
   */
  versionsLeftOut?: Array<LeftOutVersion & { more?: number }>;
}

export { LATER_PARTS, type BuildPart } from '../layout.ts';

export const MANIFEST_VERSION = 2;
