// What a reader is shown of a verse's own text. The records keep `slok` and
// `transliteration` byte for byte as upstream writes them (clients of the
// other Gita APIs match on them); the cards, reading pages and MCP text show
// them with the script's own marks instead:
//
// - Devanagari: upstream's ASCII `|` and `||` are the danda `।` and the
//   double danda `॥` (`...कदाचन |` → `...कदाचन ।`, `||२-४७||` → `॥२-४७॥`).
// - Transliteration: upstream writes the Harvard-Kyoto/ITRANS leftovers of
//   its source, `.` for the danda (a word of its own: at a line's end, or
//   before a note of a variant, BG2.64's `caran . (or viyuktaistu)`), `.a`
//   or `.` between letters for the avagraha (`saṅgo.astvakarmaṇi`, the slok's
//   `सङ्गोऽस्त्व...`) and `.N` for the candrabindu (`imā.Nllokān`, इमाँल्लोकान्).
//   IAST writes `|`, `'` and `m̐`: `saṅgo'stvakarmaṇi`, `imām̐llokān`. The
//   closing `||2-47||` is already IAST's double danda.
// Measured on the pinned upstream: every `.` of the 719 transliterations is
// one of these three (985 in all: 760 dandas, 222 avagrahas and 3 candrabindus,
// one avagraha for each ऽ of the slok but where the two fields differ in words).
// On the records as served (after the import's repairs, which write the
// candrabindu as m̐ already, make BG12.5's mid-verse `||` a danda and add two
// avagrahas, BG10.41's and one in BG1.44's note): 761 dandas, one of them
// before BG2.64's note, and 224 avagrahas, each written `.a`; no `'`
// and no single `|` stand in a record, so the IAST form maps back to the
// record (`|` to `.`, `'` to `.a`): test/http/marks.test.ts checks every
// record. The API serves this form with ?marks=iast (src/contract/parameters.ts).

/** The Devanagari as shown: dandas in the script's own signs. */
export const devanagariMarks = (slok: string) => slok.replace(/\|\|/g, '॥').replace(/\|/g, '।');

/** The transliteration as shown: IAST's danda, avagraha and candrabindu. */
export const iastMarks = (transliteration: string) =>
  transliteration
    .replace(/\.N/g, 'm̐')
    .replace(/(?<=\p{L}\p{M}*)\.a?(?=\p{L})/gu, "'")
    .replace(/(^|[ \t])\.(?=[ \t]|\n|$)/gm, '$1|');

/**
 * How a verse's transliteration may be written (`?marks=`): `source`, as the
 * record holds it (upstream's ASCII marks, byte for byte), or `iast`, with
 * IAST's marks as the pages show it (iastMarks).
 */
export const MARKS = ['source', 'iast'] as const;
export type Marks = (typeof MARKS)[number];

/** Drop the closing `||2-47||` marker (a card shows the reference itself; the reading page keeps it). */
export const withoutMarker = (text: string) => text.replace(/\s*\|\|[^|]*\|\|\s*$/, '');

/**
 * A shown verse cut before its closing mark and number (`॥३-५॥`, `||3-5||`,
 * a colophon's `॥१॥`), and the space before it: a page keeps the two on one
 * line. `mark` is '' when the text has none.
 */
export function endMark(shown: string): { body: string; mark: string } {
  const m = /\s*((?:॥|\|\|)[^॥|\s]+(?:॥|\|\|))\s*$/.exec(shown);
  return m ? { body: shown.slice(0, m.index), mark: m[1] } : { body: shown, mark: '' };
}
