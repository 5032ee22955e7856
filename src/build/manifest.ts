// dist/manifest.json: every served file with its hash, size and media type,
// plus what the server needs to know about the content (verse counts, the
// build's id). Written by the build, read by the server at start-up.

export interface ManifestFile {
  type: string;
  size: number;
  /** SHA-256 of the file's bytes (hex); ETags derive from it. */
  sha256: string;
  /** Sizes of the precompressed twins, when the file has them. */
  br?: number;
  gzip?: number;
}

export interface Manifest {
  version: 1;
  /** Hash over every file's hash: two builds of the same content and options share it. */
  build: string;
  content: {
    chapters: number;
    verses: number;
    colophons: number;
    /** verses_count of chapters 1..N, in order (colophons not counted). */
    versesPerChapter: number[];
  };
  /** The verse whose card is /gita.svg in static hosting, and how it was picked. */
  daily: { seed: string; chapter: number; verse: number };
  files: Record<string, ManifestFile>;
}

export const MANIFEST_VERSION = 1;
