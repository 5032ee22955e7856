// Repairs: the damages that run through upstream's texts, mended at import
// by named rules, every change listed in the audit (record, key, field,
// position, before, after, rule). Only the damaged characters change;
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
//   before a capital or at the end stays: it may be a real question.
// - place-comma: the same lost commas among numbers and the places of
//   citations in Sivananda's English ("verses 19? 20 and 21", "432?000",
//   "Upanishad? 4.4.5"), where any other "?" before a capital stays.
// - heading: the source's page heading glued to the start of a text ("Hindi
//   Translation By Swami Ramsukhdas।।18.2।।") is cut.
// - abhinav-period: Abhinavagupta's Sanskrit commentary (abhinav.sc) cites
//   its sources in Latin letters, and lost their periods to "?" ("RV? X? 90?
//   3" is "RV. X. 90. 3"); its manuscript sigla keep theirs (S??N, N? K).
// - sanskrit-comma, hindi-comma, hindi-visarga: the same lost commas in the
//   Sanskrit and Hindi texts, and in Hindi a few lost visargas; a real Hindi
//   question keeps its "?" (indic.ts says how each is told apart).
import { foldLemma } from './dcs/lemma-name.ts';
import { TEXT_FIELD_NAMES, TEXT_FIELDS, type TextField, type VerseRecord } from './schema.ts';
import { hindiMark, sanskritMark, visargaWords, type VisargaWords } from './indic.ts';
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
    description: 'In Swami Sivananda\'s English texts (siva.et, siva.ec), where upstream lost every real question mark, a "?" followed by a space and a lower-case letter becomes a comma; in his word-by-word lists (siva.ec), the "?" between two entries becomes ";" and any other "?" a comma. A "?" before a capital letter or at the end of a text stays (but for place-comma), and so does every "?" of the other commentaries: there a "?" before a lower-case word is a real question ("whose mind is steady? how does he talk", BG2.54 purohit.et).',
    example: { record: 'BG2.47', key: 'siva', field: 'ec', before: 'actions? you will', after: 'actions, you will' },
  },
  {
    id: 'place-comma',
    title: 'A "?" that stands for a comma, among numbers and the places of citations',
    description: 'In Swami Sivananda\'s English texts (siva.et, siva.ec), where upstream lost every real question mark, a "?" among numbers is the comma he writes there: between two numbers of a list ("verses 19? 20? 21? 23 and 24", "56th? 57th and 58th", "XIV.21? 27"), inside a number ("432?000"), after a work\'s name and before its place ("Brihadaranyaka Upanishad? 4.4.5", "Upanishad? I.4.7", "Isavasya Upanishad? 7)"), and between a work and its part before the place ("Mahabharata? Santi Parva? 175.38"). A "?" before a number that may open a sentence ("in the Mantra? 500,000 repetitions") or after a Roman numeral ("chapter XVII? 20 to 22", where he writes a period as often) stays. Every change is read and labelled in test/content/fixtures/place-commas.json.',
    example: { record: 'BG6.4', key: 'siva', field: 'ec', before: 'Brihadaranyaka Upanishad? 4.4.5', after: 'Brihadaranyaka Upanishad, 4.4.5' },
  },
  {
    id: 'heading',
    title: 'A stray heading cut',
    description: 'A text that begins with a heading glued to it, "Hindi Translation By Swami Ramsukhdas" or "Sanskrit Commentary By Sri Abhinavgupta" before the verse number (the source\'s page heading, in BG2.17 and BG18.2), loses the heading; the verse number and the text stay.',
    example: { record: 'BG18.2', key: 'rams', field: 'ht', before: 'Hindi Translation By Swami Ramsukhdas', after: '' },
  },
  {
    id: 'abhinav-period',
    title: 'A "?" that stands for a period, in Abhinavagupta\'s references',
    description: 'In Abhinavagupta\'s Sanskrit commentary (abhinav.sc), whose editor\'s apparatus cites its sources in Latin letters, a "?" right after a part of a reference (a number, a Roman numeral, an abbreviation of one to four Latin letters: RV, X, 90, M, Adi, Ch, Spk) and before a space and the next part (a number, a Roman numeral, "verse", a capitalised abbreviation) is the period that separated them: "RV? X? 90? 3" is "RV. X. 90. 3", "( M? Adi? Ch? 1? verse 210 )" is "( M. Adi. Ch. 1. verse 210 )". The manuscript sigla keep their "?" (S??N, S? ? N, N? K: a siglum is one capital letter, and the next part is never one).',
    example: { record: 'BG10.19', key: 'abhinav', field: 'sc', before: 'RV? X? 90? 3', after: 'RV. X. 90. 3' },
  },
  {
    id: 'sanskrit-comma',
    title: 'A "?" that stands for a comma, in Sanskrit',
    description: 'In the Sanskrit commentaries (sc), whose dandas and avagrahas survived and which hold no real "?", ";" or "!", a "?" right after a Devanagari letter, before a space, a letter or the end, is the edition\'s comma (an independent printed edition of Śaṅkara\'s commentary has a comma at 99 % of these places); before a comma it is dropped. Any other "?" stays, such as abhinav.sc\'s manuscript sigla (S??N, S??K).',
    example: { record: 'BG2.47', key: 'sankar', field: 'sc', before: 'कर्मण्येव? अधिकारः', after: 'कर्मण्येव, अधिकारः' },
  },
  {
    id: 'hindi-comma',
    title: 'A "?" that stands for a comma, in Hindi',
    description: 'In the Hindi texts (ht, hc), a "?" between two words of a clause that holds no question word (क्या, क्यों, कैसे, कैसा, कौन, किस, किन, कहाँ, कब, कितना and their forms; not किसी, कभी, क्योंकि) and goes on is a lost comma. A "?" that ends a text, a line or a sentence, or closes a clause with a question word, is a question and stays; so does one the rule cannot place (counted as undecided). Measured against a hand-labelled random sample (test/content/fixtures/hindi-question-marks.json).',
    example: { record: 'BG2.47', key: 'tej', field: 'ht', before: 'अधिकार है? फल में', after: 'अधिकार है, फल में' },
  },
  {
    id: 'hindi-visarga',
    title: 'A "?" that stands for a visarga, in Hindi',
    description: 'In the Hindi texts, a "?" right after a word that these texts write with a final visarga (ः) at least twice, and more often than without it (अत? for अतः, वस्तुत?, सामान्यत?, पुन?), is that visarga.',
    example: { record: 'BG2.11', key: 'chinmay', field: 'hc', before: 'अत?', after: 'अतः' },
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
  /** "?" left as upstream has them in Hindi and Sanskrit texts: real questions (Hindi), and those no rule could place (a note, not a change). */
  otherQuestionMarks: number;
  /** Of those: the Hindi questions, and the undecided ones per language. */
  left: { hindiQuestions: number; hindiUndecided: number; sanskritUndecided: number };
  /** What stays in the English texts though it looks like the damage: every place, and why (ENGLISH_KEPT, QUESTION_KEPT). */
  kept: Array<{ record: string; key: string; field: string; position: number; text: string; reason: string }>;
  changes: Repair[];
}

/** The Hindi text fields, from the one list of text fields. */
const HINDI_FIELDS = TEXT_FIELD_NAMES.filter((f) => TEXT_FIELDS[f].language === 'Hindi');

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
 * Damaged words whose repaired form one of the two dictionaries lacks (a
 * British spelling, a rarer derivative), read and decided one by one: each
 * is a real English word with "qu" lost, at one place, in every text where
 * it stands (measured on the pinned upstream: 48 places).
 */
export const QU_LISTED: Readonly<Record<string, string>> = {
  tranillity: 'tranquillity',
  eipoised: 'equipoised',
  eniry: 'enquiry',
  eniries: 'enquiries',
  enires: 'enquires',
  enired: 'enquired',
  ealising: 'equalising',
  ealised: 'equalised',
  ealness: 'equalness',
  eableness: 'equableness',
  unealled: 'unequalled',
  unvanished: 'unvanquished',
  relinisher: 'relinquisher',
  eipments: 'equipments',
  eanimous: 'equanimous',
};

/**
 * What stays in the English texts though it looks like the damage, and why
 * (listed in the audit with every place): words that would take "qu" but are
 * not a lost "qu", and the real questions of the other commentaries.
 */
export const ENGLISH_KEPT: ReadonlyArray<{ match: RegExp; reason: string }> = [
  { match: /^asat$/i, reason: 'the Sanskrit word asat ("non-being", "unreal"), written in Latin letters: not English with "qu" lost ("asquat")' },
  { match: /^ot$/i, reason: 'a typo of "to" or "of" ("equal ot me", "Ot these two"): not a lost "qu" ("quot"); left as upstream wrote it, since no rule proves which word was meant' },
  { match: /^eys$/, reason: 'a typo of "eyes" ("the eys, the ears"): not a lost "qu" ("queys"); left as upstream wrote it' },
];

/** Why a "?" before a space and a lower-case letter stays outside Swami Sivananda's texts. */
export const QUESTION_KEPT = 'a real question: only Swami Sivananda\'s English lost its commas to "?" (these are Śaṅkara\'s and Purohit Swami\'s questions, "who are they? they are...", "whose mind is steady? how does he talk")';

/**
 * Where "qu" goes back into `word`: the one place that makes it an English
 * word, or -1 (it is English already, a guarded Sanskrit word, or no place or
 * several words come of it). A capital at the start would need the next
 * letter lowered, more than "qu" back: left too.
 */
function quPlace(word: string, ctx: RepairContext): number {
  const lower = word.toLowerCase();
  const listed = QU_LISTED[lower];
  if (listed) for (let i = 0; i <= lower.length; i++) if (lower.slice(0, i) + 'qu' + lower.slice(i) === listed) return i;
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
    else if (!inList && isPlaceComma(text, at)) edits.push({ position: at, before: '?', after: ',', rule: 'place-comma' });
  }
  return edits.sort((a, b) => a.position - b.position);
}

/**
 * A "?" among numbers and the places of citations, where Swami Sivananda
 * writes commas (place-comma): between two numbers of a list, inside a
 * number, after a work's name and before its place, between a work and its
 * part before the place.
 */
function isPlaceComma(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 30), at);
  const after = text.slice(at + 1, at + 40);
  const number = /\d(?:st|nd|rd|th)?$/.test(before);
  const name = /[A-Z][a-z]+$/.test(before);
  return (
    (number && /^ \d/.test(after)) ||
    (/\d$/.test(before) && /^\d{3}(?!\d)/.test(after)) ||
    (name && /^ (?:\d+(?:\.\d+)+|[IVXLC]+\.\d+(?:\.\d+)*|\d+\))/.test(after)) ||
    (name && /^ [A-Z][a-z]+ (?:Parva|Kanda)\? \d/.test(after))
  );
}

/** A page heading of the source glued to the start of a text, before its verse number ("Hindi Translation By Swami Ramsukhdas।।18.2।।"). */
const HEADING = /^(?:Hindi|English|Sanskrit) (?:Translation|Commentary) By [^।\d\n]{1,60}?\s*(?=।।\s*\d|\d+\.\d)/;

/** The edit that cuts a stray heading, if the text has one. */
export function headingEdit(text: string): Edit | null {
  const m = HEADING.exec(text);
  return m ? { position: 0, before: m[0], after: '', rule: 'heading' } : null;
}

/** The commentary whose Latin references lost their periods (abhinav-period). */
export const PERIOD_KEY = 'abhinav';
/** A part of a reference right before the "?": a number, a Roman numeral, an abbreviation of one to four Latin letters. */
const PERIOD_BEFORE = /(?:^|[\s(])(?:\d+|[ivxl]+|[IVXL]+|[A-Z][A-Za-z]{0,3})$/;
/** The next part after one space or more: a number, a Roman numeral (a word of its own), "verse", a capitalised abbreviation of two letters or more. */
const PERIOD_AFTER = /^ +(?:\d|[IVXLivxl]+(?![A-Za-z])|verse\b|[A-Z][a-z]+\b)/;

/** The "?" of a text that stand for a reference's lost periods (abhinav-period): each becomes ".". */
export function periodEdits(text: string): Edit[] {
  const edits: Edit[] = [];
  for (let at = text.indexOf('?'); at !== -1; at = text.indexOf('?', at + 1)) {
    if (PERIOD_BEFORE.test(text.slice(Math.max(0, at - 9), at)) && PERIOD_AFTER.test(text.slice(at + 1, at + 12))) edits.push({ position: at, before: '?', after: '.', rule: 'abhinav-period' });
  }
  return edits;
}

/** The edits that mend the "?" of a Hindi or Sanskrit text (indic.ts), and what was left; `skip`: the "?" another rule mended already. */
export function indicEdits(text: string, field: TextField, words: VisargaWords, left: RepairReport['left'], skip: ReadonlySet<number> = new Set()): Edit[] {
  const edits: Edit[] = [];
  for (let at = text.indexOf('?'); at !== -1; at = text.indexOf('?', at + 1)) {
    if (skip.has(at)) continue;
    if (field === 'sc') {
      if (sanskritMark(text, at) === 'undecided') left.sanskritUndecided++;
      else edits.push({ position: at, before: '?', after: text[at + 1] === ',' ? '' : ',', rule: 'sanskrit-comma' });
      continue;
    }
    const mark = hindiMark(text, at, words);
    if (mark === 'comma') edits.push({ position: at, before: '?', after: ',', rule: 'hindi-comma' });
    else if (mark === 'visarga') edits.push({ position: at, before: '?', after: 'ः', rule: 'hindi-visarga' });
    else if (mark === 'question') left.hindiQuestions++;
    else left.hindiUndecided++;
  }
  return edits;
}

/** The text with its edits made, in order of position (the verse text's edits too: verse-text.ts). */
export function applyEdits(text: string, edits: ReadonlyArray<Pick<Edit, 'position' | 'before' | 'after'>>): string {
  let out = '';
  let from = 0;
  for (const e of edits) {
    out += text.slice(from, e.position) + e.after;
    from = e.position + e.before.length;
  }
  return out + text.slice(from);
}

/** The Sanskrit words of the verses' transliterations, diacritics folded as a lemma's name is: "asi", "idam"... */
export function transliterationGuard(records: Iterable<VerseRecord>): Set<string> {
  const guard = new Set<string>();
  for (const r of records) {
    const folded = foldLemma(r.transliteration);
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
  const words = visargaWords(hindiTexts(content.verses.map((v) => v.record)));
  const report: RepairReport = {
    counts: { qu: 0, 'question-mark': 0, 'place-comma': 0, heading: 0, 'abhinav-period': 0, 'sanskrit-comma': 0, 'hindi-comma': 0, 'hindi-visarga': 0 },
    listSeparators: 0,
    otherQuestionMarks: 0,
    left: { hindiQuestions: 0, hindiUndecided: 0, sanskritUndecided: 0 },
    kept: [],
    changes: [],
  };
  const verses: SourceFile<VerseRecord>[] = content.verses.map((file) => {
    const record = file.record;
    let changed: VerseRecord | null = null;
    for (const key of Object.keys(record)) {
      const commentary = record[key];
      if (!isCommentary(commentary)) continue;
      for (const field of TEXT_FIELD_NAMES) {
        const text = commentary[field];
        if (typeof text !== 'string') continue;
        const english = TEXT_FIELDS[field].language === 'English';
        if (english) for (const k of keptIn(text, !QUESTION_MARK_KEYS.has(key))) report.kept.push({ record: record._id, key, field, ...k });
        const periods = key === PERIOD_KEY && field === 'sc' ? periodEdits(text) : [];
        const edits = english ? repairEdits(text, ctx, key === WORD_LIST_TEXT.key && field === WORD_LIST_TEXT.field, QUESTION_MARK_KEYS.has(key)) : [...periods, ...indicEdits(text, field, words, report.left, new Set(periods.map((e) => e.position)))].sort((a, b) => a.position - b.position);
        const heading = headingEdit(text);
        if (heading) edits.unshift(heading);
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
  report.otherQuestionMarks = report.left.hindiQuestions + report.left.hindiUndecided + report.left.sanskritUndecided;
  return { content: { chapters: content.chapters, verses }, report };
}

/** The places of an English text that stay though they look like the damage, with why; `questions`: its "?" before a lower-case word are real. */
function keptIn(text: string, questions: boolean): Array<{ position: number; text: string; reason: string }> {
  const out: Array<{ position: number; text: string; reason: string }> = [];
  for (const m of text.matchAll(ASCII_WORD)) {
    const end = m.index + m[0].length;
    if ((m.index > 0 && LETTER.test(text[m.index - 1])) || (end < text.length && LETTER.test(text[end]))) continue;
    const kept = ENGLISH_KEPT.find((k) => k.match.test(m[0]));
    if (kept) out.push({ position: m.index, text: m[0], reason: kept.reason });
  }
  if (questions) for (const m of text.matchAll(/\? [a-z]/g)) out.push({ position: m.index, text: text.slice(Math.max(0, m.index - 20), m.index + 12), reason: QUESTION_KEPT });
  return out;
}

/** Every Hindi text of the records (ht, hc): where the words written with a visarga are counted. */
function* hindiTexts(records: Iterable<VerseRecord>): Iterable<string> {
  for (const r of records) {
    for (const value of Object.values(r)) {
      if (!isCommentary(value)) continue;
      for (const field of HINDI_FIELDS) if (typeof value[field] === 'string') yield value[field];
    }
  }
}
