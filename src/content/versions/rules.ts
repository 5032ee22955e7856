// The repairs of the built-in versions' texts: each a rule with an id, made
// at import and listed change by change in the version's audit; `repairs:
// false` makes none of them (the texts are then the sources' as they are).
// A rule changes only the characters its description names. Placing a verse
// (by the order of the Sanskrit and the English, besant.ts) is no repair:
// it changes no text, and stays with `repairs: false`.
import type { Place } from './refs.ts';

export interface TextEdit {
  position: number;
  before: string;
  after: string;
}

export interface VersionRule {
  id: string;
  /** The built-in version whose texts it mends. */
  version: 'besant' | 'telugu';
  title: string;
  description: string;
  example: { ref: string; before: string; after: string };
  edits(text: string, place: Place): TextEdit[];
}

/** Where the Telugu commentary begins: the name of Śaṅkara, before the views of Śaṅkara, Rāmānuja and Madhva. */
export const TELUGU_COMMENTARY = 'ఆదిశంకరాచార్యులవారు';

/**
 * Translations that run on into commentary with no heading, read one by
 * one: the translation ends at `end` (its last words), and what follows it,
 * glued on, is commentary. Checked on every import: a text that no longer
 * holds `end` followed by more is left as it is (and the rule counts none).
 */
export const TELUGU_UNHEADED: ReadonlyArray<{ ref: string; end: string; why: string }> = [
  {
    ref: 'BG2.55',
    end: 'అప్పుడు స్తితప్రజ్ఞుడు అనిపించుకుంటాడు',
    why: 'the verse ends "then he is called one of steady wisdom" (sthitaprajñas tadocyate); what follows, glued on without a space ("ఇక్కడమనస్సు..."), explains samādhi and the guru\'s grace, which the verse does not speak of',
  },
];

export const VERSION_RULES: readonly VersionRule[] = [
  {
    id: 'besant-verse-number',
    version: 'besant',
    title: "Besant's verse number typed with one bracket",
    description: 'An English verse that ends with its own number typed with one bracket, "(42" or "32)", ends with its verse number as the others end with "(42)": the number is taken out of the text as theirs is. A number that is not the verse\'s own stays.',
    example: { ref: 'BG3.42', before: ' (42', after: '' },
    edits: (text, place) => {
      const m = /\s*(?:\((\d+)|(\d+)\))$/.exec(text);
      return m && Number(m[1] ?? m[2]) === place.verse ? [{ position: m.index, before: m[0], after: '' }] : [];
    },
  },
  {
    id: 'besant-word-joiner',
    version: 'besant',
    title: 'An invisible word joiner of the transcription taken out',
    description: "The word joiner (U+2060) the Wikisource export left where a verse number or a speaker's line was lost (10.31, 11.8, 11.32) or inside a line (11.25, \"re⁠ of all the worlds\") is no letter of Besant's: it goes, and a line it alone made goes with its line break. The words around it stay as they are.",
    example: { ref: 'BG11.32', before: '⁠\n', after: '' },
    edits: (text) => [...text.matchAll(/(?:^|(?<=\n))\u2060+\n|[ \t]*\u2060+/g)].map((m) => ({ position: m.index, before: m[0], after: '' })),
  },
  {
    id: 'telugu-commentary',
    version: 'telugu',
    title: 'The Telugu commentary taken out of the translation',
    description: `Where the parse of the Wikisource pages pushed the commentary into the translation (chapter 1), the translation ends where the commentary begins, at "${TELUGU_COMMENTARY}" (Śaṅkara's name, then the views of Śaṅkara, Rāmānuja and Madhva). The commentary is dropped, not kept as a note: it is not the translator's note on a word but another work, present for 17 verses of chapter 1 only. A translation that was commentary only (1.13) is then missing.`,
    example: { ref: 'BG1.3', before: ` ${TELUGU_COMMENTARY} : ఈ శ్లోకానికి శంకరులు భాష్యం చెప్పలేదు. …`, after: '' },
    edits: (text) => {
      const at = text.indexOf(TELUGU_COMMENTARY);
      if (at === -1) return [];
      const start = at - /\s*$/.exec(text.slice(0, at))![0].length;
      return [{ position: start, before: text.slice(start), after: '' }];
    },
  },
  {
    id: 'telugu-unheaded-commentary',
    version: 'telugu',
    title: 'Commentary without a heading taken out of the translation',
    description: 'A translation that runs on, glued on without a space or heading, into an explanation the verse does not hold ends where the verse\'s sense ends: read verse by verse and listed (TELUGU_UNHEADED in src/content/versions/rules.ts, with why). What follows is dropped, as the headed commentary is.',
    example: { ref: 'BG2.55', before: 'ఇక్కడమనస్సు ఆలోచనలకు తావులేదు. …', after: '' },
    edits: (text, place) => {
      const listed = TELUGU_UNHEADED.find((u) => u.ref === place.ref);
      const at = listed ? text.indexOf(listed.end) : -1;
      if (!listed || at === -1 || at + listed.end.length === text.length) return [];
      const position = at + listed.end.length;
      return [{ position, before: text.slice(position), after: '' }];
    },
  },
  {
    id: 'telugu-stray-latin',
    version: 'telugu',
    title: 'A stray Latin letter before the translation',
    description: 'A Latin letter glued to the first Telugu letter of a translation ("Lఇంకా", 13.11) is a typing slip: it goes.',
    example: { ref: 'BG13.11', before: 'L', after: '' },
    edits: (text) => (/^[A-Za-z](?=[\u0C00-\u0C7F])/.test(text) ? [{ position: 0, before: text[0], after: '' }] : []),
  },
];

export const rulesOf = (version: VersionRule['version']) => VERSION_RULES.filter((r) => r.version === version);
