// The tagger's reading of running text: which references in a string
// become links. The references are what the finder of references in prose
// finds (src/content/find-refs.ts, the server's and the client's too); a
// link is made for those that name verses that exist: not a whole chapter
// ("Gita chapter 18": the card shows a verse), not "Gita 19.1" or "Gita
// 2.99" (no such verse: a link would lead to a 404). Pure and
// dependency-free: the browser bundle (dist/linker.js) and its tests run it.
import { scanRefs } from '../content/find-refs.ts';

/** A reference to link: where it stands (start inclusive, end exclusive), its canonical label and the first verse it names. */
export interface FoundReference {
  start: number;
  end: number;
  /** As /verses labels it: BG2.47, BG2.47-50, BG2.72-3.2. */
  ref: string;
  ch: number;
  sl: number;
}

export interface Scan {
  refs: FoundReference[];
  /**
   * Where the scan stopped: text.length when it read the whole text, else a
   * whitespace after the last reference found, where the rest may be scanned
   * on its own, so that a long text is read in pieces of about `limit`
   * of work (find-refs.ts: characters, and each step of its grammar).
   */
  stop: number;
  work: number;
}

/** The references to link in `text`, in order, none overlapping; `limit`: read up to about that much work (see Scan.stop). */
export function scanText(text: string, versesPerChapter: readonly number[], limit = Infinity): Scan {
  const { refs, stop, work } = scanRefs(text, versesPerChapter, limit);
  const links: FoundReference[] = [];
  for (const r of refs) if (r.exists && r.from.sl !== undefined) links.push({ start: r.start, end: r.end, ref: r.ref, ch: r.from.ch, sl: r.from.sl });
  return { refs: links, stop, work };
}
