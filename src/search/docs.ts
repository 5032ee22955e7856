// Engine-agnostic view of a verse: its searched texts as they are (for snippets) and as
// index terms (for any engine). Both the index build and the query side use this, so the
// terms an engine indexed are exactly the ones the ranking recomputes.
import { knownSpeaker, type VerseRecord } from '../content/schema.ts';
import { wordsOf } from '../content/words.ts';
import { isPlaceholder } from '../content/placeholders.ts';
import { ALL_FIELDS, LEMMAS_FIELD, type FieldDef, type Group } from './fields.ts';
import { grams, looseDevanagari, looseLatin, wordTokens } from './normalize.ts';

const LEMMAS_AT = ALL_FIELDS.indexOf(LEMMAS_FIELD);

/** Length of the Sanskrit character n-grams (measured: see REPORT.md). */
export const GRAM = 4;

/** What the bundle stores per verse: enough to filter, rank and cut snippets. */
export interface StoredVerse {
  chapter: number;
  verse: number;
  /** As the record has it, in Devanagari ('' when the content has no speakers). */
  speaker: string;
  /** The texts in ALL_FIELDS order, then the versions' (versionFields); '' for a missing text or a "did not comment" one. */
  texts: string[];
  /** The roots of its verbal words, each in IAST, ASCII and Devanagari (?root= keeps the verses that have the one asked); absent without them. */
  roots?: string[];
}

/** What an engine indexes: one document per verse, a field of space-separated terms per language. */
export interface EngineDoc {
  id: number; // position in the verse array
  ch: number;
  sp: string;
  text: Record<Group, string>;
}

/** `lemmas`: the verse's words as lemmas, in order (the build's analysis); none without it. `versions`: its text in each searched version ('' where one lacks it). */
export function storeVerse(r: VerseRecord, lemmas: readonly string[] = [], versions: readonly string[] = [], roots: readonly string[] = []): StoredVerse {
  const texts = ALL_FIELDS.map((f) => {
    let t: unknown;
    if (f === LEMMAS_FIELD) t = lemmas.join(' ');
    else if (f.words) t = wordsOf(r).map((w) => `${w.word} ${w.meaning}`).join('; ');
    else if (f.commentary) t = (r[f.commentary] as Record<string, unknown> | undefined)?.[f.prop!];
    else t = r[f.key];
    return typeof t === 'string' && !isPlaceholder(t) ? t : '';
  });
  return { chapter: r.chapter, verse: r.verse, speaker: typeof r.speaker === 'string' ? r.speaker.normalize('NFC') : '', texts: [...texts, ...versions], ...(roots.length && { roots: [...roots] }) };
}

/** Loose Sanskrit strings of a verse: the transliteration's, the slok's when it differs
 *  (18 verses: the two fields cut lines or resolve sandhi differently), and its lemmas'. */
export function verseLoose(v: StoredVerse): string[] {
  const fromTranslit = looseLatin(v.texts[1]).text;
  const fromSlok = looseDevanagari(v.texts[0]).text;
  const lemmas = v.texts[LEMMAS_AT] ? [looseLatin(v.texts[LEMMAS_AT]).text] : [];
  return [...(fromSlok === fromTranslit ? [fromTranslit] : [fromTranslit, fromSlok]), ...lemmas];
}

/** The verse's index terms per language of `fields` (en, hi and sa always). Terms repeat (term frequency matters to BM25). */
export function verseTerms(v: StoredVerse, fields: readonly FieldDef[] = ALL_FIELDS): Record<Group, string[]> {
  const out: Record<Group, string[]> = { en: [], hi: [], sa: [] };
  fields.forEach((f, i) => {
    if (f.lang === 'sa') return;
    const terms = (out[f.lang] ??= []);
    for (const t of wordTokens(f.lang, v.texts[i])) if (t.term) terms.push(t.term);
  });
  out.sa = verseLoose(v).flatMap((l) => grams(l, GRAM));
  return out;
}

export function engineDoc(v: StoredVerse, id: number, fields: readonly FieldDef[] = ALL_FIELDS): EngineDoc {
  const terms = verseTerms(v, fields);
  const text: Record<Group, string> = {};
  for (const g of Object.keys(terms)) text[g] = terms[g].join(' ');
  return { id, ch: v.chapter, sp: speakerKey(v.speaker), text };
}

/** The speaker filter's key: the plain name when the code knows the speaker, else the Devanagari. */
export const speakerKey = (name: string) => (name ? (knownSpeaker(name)?.slug ?? name.normalize('NFC')) : '');
