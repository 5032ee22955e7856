// A reference found in a text, as types without imports: the client's
// declarations carry them (src/publish/client.ts), and
// src/content/find-refs.ts makes them.

/** A reference found in a text (find-refs.ts names it FoundRef). */
export interface RefInText {
  /**
   * Where it stands in the text: `start` inclusive, `end` exclusive, in
   * UTF-16 code units as JavaScript strings index (`text.slice(start, end)`;
   * a character outside the BMP, such as an emoji, counts two).
   */
  start: number;
  end: number;
  /** The reference as written: the text from start to end. */
  text: string;
  /** Its canonical form, as /verses labels it: BG2.47, BG2.47-50, BG2.72-3.2, BG18. */
  ref: string;
  /** Whether every verse it names exists (a chapter: whether the chapter does); false for "Gita 19.1", "Gita 2.99". */
  exists: boolean;
  /** What it names: from and to inclusive; `sl` absent for a whole chapter. */
  from: { ch: number; sl?: number };
  to: { ch: number; sl?: number };
}

/** A reference as a caller gets it (POST /refs, MCP's find_refs, the client's findRefs): without what it names, which its canonical form says. */
export type FoundRefAnswer = Pick<RefInText, 'start' | 'end' | 'text' | 'ref' | 'exists'>;

/** What POST /refs answers: the references found, and whether the text holds more after them. */
export interface FoundRefsAnswer {
  refs: FoundRefAnswer[];
  more: boolean;
}
