// Repairs: two damages that run through upstream's English texts, mended at
// import by named rules, every change listed in the audit (record, key,
// field, position, before, after, rule). Only the damaged characters change;
// `--no-repairs` imports upstream as it is. The rules:
//
// - qu: the letters "qu" were lost ("alities", "conered"). A word that is not
//   English and becomes exactly one English word with "qu" put back at one
//   place gets it back, unless it is a Sanskrit word of the content's own
//   transliterations ("asi" would become "quasi").
// - question-mark: a "?" stands where the author wrote a comma ("actions? you
//   will"). In Swami Sivananda's English (the other commentaries keep their
//   real questions), a "?" followed by a space and a lower-case letter
//   becomes a comma; in a word-by-word list (siva.ec), the "?" between
//   entries becomes the list's separator ";" and any other "?" a comma. A "?"
//   before a capital or at the end stays: it may be a real question. Hindi
//   and Sanskrit texts keep theirs: there a lost comma cannot be told from a
//   question without a reader of the language; they are counted as a note.
import { TEXT_FIELDS, type TextField, type VerseRecord } from './schema.ts';
import { WORD_LIST_TEXT, wordListSpan } from './words.ts';
import { loadEnglish, type English } from './english.ts';
import type { Content, SourceFile } from './read.ts';

export const REPAIR_RULES = [
  {
    id: 'qu',
    title: 'The letters "qu" put back',
    description: 'A word of an English text (et, ec) that is not English, and that becomes exactly one English word (in both the word-list package and the Hunspell en_US dictionary) when "qu" is put back at one place, gets it back; words of the verses\' own transliterations stay.',
    example: { record: 'BG1.1', key: 'siva', field: 'ec', before: 'conered', after: 'conquered' },
  },
  {
    id: 'question-mark',
    title: 'A "?" that stands for a comma',
    description: 'In Swami Sivananda\'s English texts (siva.et, siva.ec), where upstream lost every real question mark, a "?" followed by a space and a lower-case letter becomes a comma; in his word-by-word lists (siva.ec), the "?" between two entries becomes ";" and any other "?" a comma. A "?" before a capital letter or at the end of a text stays, and so does every "?" of the other commentaries: there a "?" before a lower-case word is a real question ("whose mind is steady? how does he talk", BG2.54 purohit.et).',
    example: { record: 'BG2.47', key: 'siva', field: 'ec', before: 'actions? you will', after: 'actions, you will' },
  },
] as const;

export type RepairRule = (typeof REPAIR_RULES)[number]['id'];

/** One change: `before` at `position` of the text (as upstream and the errata left it) became `after`. */
export interface Repair {
  record: string;
  key: string;
  field: string;
  position: number;
  before: string;
  after: string;
  rule: RepairRule;
}

export interface RepairReport {
  /** Changes per rule. */
  counts: Record<RepairRule, number>;
  /** The word-list separators among the question-mark changes. */
  listSeparators: number;
  /** "?" left as upstream has them in Hindi and Sanskrit texts (a note, not a change). */
  otherQuestionMarks: number;
  changes: Repair[];
}

/** The English text fields, from the one list of text fields. */
const ENGLISH_FIELDS = (Object.keys(TEXT_FIELDS) as TextField[]).filter((f) => TEXT_FIELDS[f].language === 'English');
const OTHER_FIELDS = (Object.keys(TEXT_FIELDS) as TextField[]).filter((f) => TEXT_FIELDS[f].language !== 'English');

/**
 * The commentaries whose English lost its commas to "?": Swami Sivananda's
 * (siva.ec, about 4,150 of them; siva.et has none). In the others a "?"
 * before a lower-case word is a real question (measured on the pinned
 * upstream: all 8 such marks in sankar.et and purohit.et are questions).
 */
export const QUESTION_MARK_KEYS: ReadonlySet<string> = new Set([WORD_LIST_TEXT.key]);

type Edit = { position: number; before: string; after: string; rule: RepairRule };

const ASCII_WORD = /[A-Za-z]+/g;
const LETTER = /[\p{L}\p{M}]/u;
// A "?" before a lower-case word is a mended comma in these texts, and ";" and ":" do not end sentences: only "." and "!" do.
const SENTENCE_START = /(?:^|[.!]["')\]]?\s+|\n\s*)$/;

/**
 * Where "qu" goes back into `word`: the one place that makes it an English
 * word, or -1 (it is English already, a guarded Sanskrit word, or no place or
 * several words come of it). A capital at the start would need the next
 * letter lowered, more than "qu" back: left too.
 */
function quPlace(word: string, ctx: RepairContext): number {
  const lower = word.toLowerCase();
  if (ctx.english.isWord(word) || ctx.guard.has(lower)) return -1;
  let found = -1;
  let foundWord = '';
  for (let i = 0; i <= lower.length; i++) {
    const candidate = lower.slice(0, i) + 'qu' + lower.slice(i);
    if (!ctx.english.isSureWord(candidate)) continue;
    if (found !== -1 && foundWord !== candidate) return -1;
    if (found === -1) [found, foundWord] = [i, candidate];
  }
  const upper = word.length > 1 && word === word.toUpperCase();
  if (found === 0 && !upper && word[0] !== lower[0]) return -1;
  return found;
}

/** `word` with "qu" back at `i`: in capitals in a word in capitals, "Qu" at the start of a sentence. */
function putBack(word: string, i: number, text: string, at: number): string {
  const upper = word.length > 1 && word === word.toUpperCase();
  const insert = upper ? 'QU' : i === 0 && SENTENCE_START.test(text.slice(Math.max(0, at - 4), at)) ? 'Qu' : 'qu';
  return word.slice(0, i) + insert + word.slice(i);
}

export interface RepairContext {
  english: English;
  /** Words (lower case, ASCII) never repaired: the Sanskrit of the content's transliterations. */
  guard: ReadonlySet<string>;
  /** Each word's quPlace, worked out once (a text repeats its words). */
  places?: Map<string, number>;
}

/**
 * The edits that mend one English text: "qu" in every English text; the
 * "?" only in `commas` texts (Swami Sivananda's, where upstream lost every
 * real "?": elsewhere a "?" before a lower-case word is a real question,
 * "whose mind is steady? how does he talk", BG2.54 purohit.et); `wordList`
 * when the text may open with a word-by-word list.
 */
export function repairEdits(text: string, ctx: RepairContext, wordList = false, commas = true): Edit[] {
  const edits: Edit[] = [];
  const places = (ctx.places ??= new Map());
  for (const m of text.matchAll(ASCII_WORD)) {
    const word = m[0];
    const end = m.index + word.length;
    // A word with letters beyond ASCII (IAST: "kāmais", "Hiraṇyakaśipu") is not English: never touched.
    if ((m.index > 0 && LETTER.test(text[m.index - 1])) || (end < text.length && LETTER.test(text[end]))) continue;
    let i = places.get(word);
    if (i === undefined) places.set(word, (i = quPlace(word, ctx)));
    if (i !== -1) edits.push({ position: m.index, before: word, after: putBack(word, i, text, m.index), rule: 'qu' });
  }
  if (!commas) return edits;
  const span = wordList ? wordListSpan(text) : null;
  const separators = new Set(span?.separators);
  for (let at = text.indexOf('?'); at !== -1; at = text.indexOf('?', at + 1)) {
    if (separators.has(at)) {
      edits.push({ position: at, before: '?', after: ';', rule: 'question-mark' });
      continue;
    }
    const inList = span !== null && at >= span.start && at < span.end;
    const next = text.slice(at + 1, at + 3);
    if (inList ? /^\s/.test(next) : /^ [a-z]/.test(next)) edits.push({ position: at, before: '?', after: ',', rule: 'question-mark' });
  }
  return edits.sort((a, b) => a.position - b.position);
}

/** The text with its edits made. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = '';
  let from = 0;
  for (const e of edits) {
    out += text.slice(from, e.position) + e.after;
    from = e.position + e.before.length;
  }
  return out + text.slice(from);
}

/** The Sanskrit words of the verses' transliterations, diacritics folded: "asi", "idam"... */
export function transliterationGuard(records: Iterable<VerseRecord>): Set<string> {
  const guard = new Set<string>();
  for (const r of records) {
    const folded = r.transliteration.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (const w of folded.match(/[a-z]+/g) ?? []) guard.add(w);
  }
  return guard;
}

const isCommentary = (v: unknown): v is Record<string, string> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Mend every English text of the content. Records with a change are new
 * objects with new bytes (keys in the same order); the others are the same.
 */
export async function repairContent(content: Content): Promise<{ content: Content; report: RepairReport }> {
  const ctx: RepairContext = { english: await loadEnglish(), guard: transliterationGuard(content.verses.map((v) => v.record)) };
  const report: RepairReport = { counts: { qu: 0, 'question-mark': 0 }, listSeparators: 0, otherQuestionMarks: 0, changes: [] };
  const verses: SourceFile<VerseRecord>[] = content.verses.map((file) => {
    const record = file.record;
    let changed: VerseRecord | null = null;
    for (const key of Object.keys(record)) {
      const commentary = record[key];
      if (!isCommentary(commentary)) continue;
      for (const field of OTHER_FIELDS) {
        const text = commentary[field];
        if (typeof text === 'string') for (let at = text.indexOf('?'); at !== -1; at = text.indexOf('?', at + 1)) report.otherQuestionMarks++;
      }
      for (const field of ENGLISH_FIELDS) {
        const text = commentary[field];
        if (typeof text !== 'string') continue;
        const edits = repairEdits(text, ctx, key === WORD_LIST_TEXT.key && field === WORD_LIST_TEXT.field, QUESTION_MARK_KEYS.has(key));
        if (!edits.length) continue;
        changed ??= structuredClone(record);
        (changed[key] as unknown as Record<string, string>)[field] = applyEdits(text, edits);
        for (const e of edits) {
          report.counts[e.rule]++;
          if (e.after === ';') report.listSeparators++;
          report.changes.push({ record: record._id, key, field, ...e });
        }
      }
    }
    return changed ? { file: file.file, bytes: Buffer.from(JSON.stringify(changed, null, 4) + '\n'), record: changed } : file;
  });
  return { content: { chapters: content.chapters, verses }, report };
}
