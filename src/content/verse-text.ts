// The verse itself, cross-checked: each record's Devanagari (`slok`) read in
// IAST and compared with its `transliteration` word by word, with two
// independent witnesses of the same verse: the Digital Corpus of Sanskrit's
// words (the Critical Edition) and gita/gita's Devanagari (another edition
// of the common text). Where the two fields disagree, the witnesses decide,
// as an editor would: a field that both witnesses (or the one that speaks)
// contradict is mended to the other field's reading; where the witnesses
// split, the reading is a real variant of the editions, and the Devanagari's
// (the record's own text) is kept in both fields. A disagreement no witness
// decides is a finding. Notes of variant readings, "(or X)", "(var X)",
// stand in both fields alike. Every change is listed (record, field, before,
// after, witness); nothing is changed that no witness or rule proves.
import { Sanscript, toIast } from './iast.ts';
import { spelling } from './dcs/letters.ts';
import { editDistance } from './edit-distance.ts';
import { applyEdits } from './repairs.ts';

/** A word of a field, where it stands, and its letters in IAST. */
export interface Token {
  start: number;
  end: number;
  text: string;
  iast: string;
  key: string;
}

export type VerseField = 'slok' | 'transliteration';

export interface VerseTextChange {
  record: string;
  field: VerseField;
  /** Where `before` stands in upstream's text (a verse-shared change: in the text the other rules left). */
  position: number;
  before: string;
  after: string;
  /** What decided: the witnesses that read `after` (dcs, gita-gita), or the rule (note, marks). */
  witness: string[];
  rule: VerseTextRule;
  /** Why, in a line. */
  why: string;
}

/** A disagreement of the two fields, and what each witness reads there. */
export interface VerseTextDisagreement {
  record: string;
  slok: string;
  transliteration: string;
  /** Which field each witness bears out: the Devanagari, the transliteration, or neither (it reads otherwise there, or lacks the place). */
  dcs: 'slok' | 'transliteration' | 'neither' | 'absent';
  gitaGita: 'slok' | 'transliteration' | 'neither' | 'absent';
  /** mended: one field took the other's reading; variant: the witnesses split, the Devanagari's kept in both; undecided: no witness speaks (a finding). */
  outcome: 'mended' | 'variant' | 'undecided';
  /** The field mended (mended, variant). */
  mended?: VerseField;
}

export const VERSE_TEXT_RULES = [
  {
    id: 'verse-letters',
    title: 'The verse: a word the witnesses contradict',
    description:
      "Where the Devanagari (slok) and the transliteration of a verse read a word differently, the Digital Corpus of Sanskrit (the Critical Edition) and gita/gita's Devanagari decide: the field both contradict (or the one of them that speaks there) takes the other field's reading. A line that stands in one verse's Devanagari and the next verse's transliteration goes where the witnesses put it.",
    example: { record: 'BG18.66', field: 'transliteration', before: 'mokṣyayiṣyāmi', after: 'mokṣayiṣyāmi' },
  },
  {
    id: 'verse-variant',
    title: 'The verse: a variant of the editions, the same in both fields',
    description:
      "Where the two witnesses themselves split (the Critical Edition reads one field's word, gita/gita the other's), both readings are real; the record's Devanagari reading is kept in both fields, and the other is named in the audit with the edition that has it.",
    example: { record: 'BG2.9', field: 'transliteration', before: 'parantapaḥ', after: 'parantapa' },
  },
  {
    id: 'verse-note',
    title: 'The verse: a note of a variant reading in both fields',
    description:
      'A note of a variant reading, "(or X)" or "(var X)", that stands in the Devanagari stands in the transliteration too, in IAST at the same place; a note the transliteration holds garbled or in another verse is taken out there.',
    example: { record: 'BG1.44', field: 'transliteration', before: '', after: ' (or narake.aniyataṃ)' },
  },
  {
    id: 'verse-shared',
    title: 'The verse: a slip both fields share',
    description:
      "Where the Devanagari and the transliteration agree on a word that both witnesses read otherwise, the same way, the record's word is mended only when it is a slip: at most two letters from the witnesses' word, found nowhere in the Digital Corpus of Sanskrit's Gita (no form, unsandhied word or sandhi string of it), in a verse without a note of a variant reading. A word that is attested stays, named in the audit: it may be a reading of another edition.",
    example: { record: 'BG8.24', field: 'slok', before: 'अग्निर्जोतिरहः', after: 'अग्निर्ज्योतिरहः' },
  },
  {
    id: 'verse-marks',
    title: 'The verse: marks that are no letters',
    description:
      'The candrabindu the transliteration writes in ITRANS (".N", as in "śraddhāvā.Nllabhate") is written in IAST (m̐), as the Devanagari ँ; a verse-end mark "||" in the middle of a transliterated verse is the half-verse mark "."; the doubtful-place mark "^^" goes where the witnesses mend the word.',
    example: { record: 'BG4.39', field: 'transliteration', before: 'śraddhāvā.Nllabhate', after: 'śraddhāvām̐llabhate' },
  },
] as const;

export type VerseTextRule = (typeof VERSE_TEXT_RULES)[number]['id'];

const CANDRABINDU_IAST = 'm̐';

/**
 * The letters of a word, by which the two fields (and another edition's
 * Devanagari) are compared word for word: IAST, avagraha as its a, the
 * anusvara, the candrabindu and a nasal before a consonant or at the end as
 * m, no marks. Not dcs/letters.ts's `spelling`, by which whole verses are
 * compared with the DCS's words: that one drops the avagraha with its a (the
 * DCS writes none) and keeps ṃ apart from a final m. The two give one word
 * other keys, and what each comparison finds rests on its own rules: two
 * folds, on purpose.
 */
export function fieldLetters(iast: string): string {
  return iast
    .normalize('NFC')
    .toLowerCase()
    .replace(/m̐|~|\.n/g, 'm')
    .replace(/(?<=[\p{L}])[.'’](?=a)/gu, '')
    .replace(/[’']/g, 'a')
    .replace(/ṃ/g, 'm')
    .replace(/[ṅñṇn](?=[kgcjṭḍtdpbśṣshnm]|$)/g, 'm')
    .replace(/[^a-zāīūṛṝḷḹḥṅñṭḍṇśṣ]/g, '');
}

/** Words of the Devanagari: runs of letters (with avagraha and the continuation hyphen), each read in IAST. */
export function devanagariTokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/[\u0900-\u0963\u0970-\u097F\u200C\u200D]+-?|[A-Za-z]+/g)) {
    const iast = /^[A-Za-z]+$/.test(m[0]) ? m[0] : toIast(m[0]).replace(/ṃ'/g, "'ṃ");
    out.push({ start: m.index, end: m.index + m[0].length, text: m[0], iast, key: fieldLetters(iast) });
  }
  return out.filter((t) => t.key.length > 0);
}

/** Words of the transliteration: runs of letters, with an avagraha written ".a", "'a", and the ITRANS candrabindu ".N". */
function transliterationTokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/(?:[\p{L}\p{M}]|(?<=[\p{L}])(?:\.N|[.'’^]+(?=[\p{L}])))+-?/gu)) {
    out.push({ start: m.index, end: m.index + m[0].length, text: m[0], iast: m[0], key: fieldLetters(m[0]) });
  }
  return out.filter((t) => t.key.length > 0);
}

/** The runs where two word lists part, by LCS of their letters: [a from, a to, b from, b to); `pairs` gets a's index → b's for the words that match. */
export function hunks(a: Token[], b: Token[], pairs = new Map<number, number>()): Array<[number, number, number, number]> {
  const n = a.length;
  const m = b.length;
  const len = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) len[i][j] = a[i].key === b[j].key ? len[i + 1][j + 1] + 1 : Math.max(len[i + 1][j], len[i][j + 1]);
  const out: Array<[number, number, number, number]> = [];
  let i = 0;
  let j = 0;
  let si = 0;
  let sj = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i].key === b[j].key) {
      if (si < i || sj < j) out.push([si, i, sj, j]);
      pairs.set(i, j);
      i++;
      j++;
      si = i;
      sj = j;
    } else if (j < m && (i === n || len[i][j + 1] >= len[i + 1][j])) j++;
    else i++;
  }
  if (si < n || sj < m) out.push([si, n, sj, m]);
  // A hunk whose two sides spell the same letters differs only in where its words part (a hyphen, sandhi across a line): no disagreement.
  return out.filter(([a0, a1, b0, b1]) => join(a, a0, a1) !== join(b, b0, b1));
}

const join = (t: Token[], from: number, to: number) => t.slice(from, to).map((x) => x.key).join('');

/** Which of two readings of a whole verse a witness bears out, by the letters each differs from it by. */
export function bears(witness: string | undefined, withSlok: string, withTransliteration: string): 'slok' | 'transliteration' | 'neither' | 'absent' {
  if (witness === undefined) return 'absent';
  const w = spelling(witness);
  const a = editDistance(spelling(withSlok), w);
  const b = editDistance(spelling(withTransliteration), w);
  return a < b ? 'slok' : b < a ? 'transliteration' : 'neither';
}

/** The Devanagari of an IAST word (T's conventions: ".a" for avagraha, m̐ for candrabindu). */
export function toDevanagari(iast: string): string {
  const cleaned = iast.replace(/(?<=[\p{L}])[.’](?=a)/gu, "'").replace(/m̐/g, '\u0000');
  return Sanscript.t(cleaned, 'iast', 'devanagari').replace(/\u0000/g, 'ँ');
}

/** An IAST word in the transliteration's conventions: avagraha as ".a", candrabindu m̐. */
const inTransliteration = (iast: string) => iast.replace(/'(?=a)/g, '.').replace(/'/g, '.a').replace(/~/g, CANDRABINDU_IAST);

interface Edit {
  position: number;
  before: string;
  after: string;
}

/** The text with its edits made (edits that do not overlap, in any order; an insertion before a removal at the same place). */
export const applyVerseEdits = (text: string, edits: readonly Edit[]): string => applyEdits(text, [...edits].sort((x, y) => x.position - y.position || x.before.length - y.before.length));

/** Notes of a variant reading in the Devanagari: " (or लोव्यनु)", " (var अशेषाणि)". */
const DEVANAGARI_NOTE = /\s*\((or|var)\s*([^)]*)\)/g;

export interface VerseWitnesses {
  /** The DCS's words of each verse as they stand (with sandhi), by ref; a verse it lacks is absent. */
  dcs: ReadonlyMap<string, string>;
  /** gita/gita's Devanagari of each verse, by ref; absent without the copy. */
  gitaGita: ReadonlyMap<string, string>;
  /** The letters of every form the DCS has anywhere in the Gita (as it stands, unsandhied, and each sandhi string): the words it attests. */
  attested?: ReadonlySet<string>;
}

export interface VerseRecordText {
  _id: string;
  slok: string;
  transliteration: string;
}

export interface VerseTextResult {
  /** The mended texts, by ref: only the records that changed. */
  mended: Map<string, { slok: string; transliteration: string }>;
  changes: VerseTextChange[];
  disagreements: VerseTextDisagreement[];
  /** Words both fields read alike and both witnesses otherwise, that stay: attested words, or too far from the witnesses' to be a slip. */
  kept: Array<{ record: string; reading: string; witnesses: string; why: string }>;
}

/** The marks of a transliteration that are no letters: the ITRANS candrabindu, a "||" inside the verse. */
function markEdits(text: string): Edit[] {
  const edits: Edit[] = [];
  for (const m of text.matchAll(/(?<=[\p{L}])\.N/gu)) edits.push({ position: m.index, before: m[0], after: CANDRABINDU_IAST });
  for (const m of text.matchAll(/ ?\|\|(?=\s*\n)/g)) edits.push({ position: m.index, before: m[0], after: ' .' });
  return edits;
}

/** A note as the Devanagari writes it, in the one form: " (or X)". */
const noteForm = (kind: string, body: string) => ` (${kind} ${body.trim()})`;

/** What the cross-check gathers over all the records: every change in the order made, each record's edits by field, and the lines moved between verses. */
interface Ledger {
  changes: VerseTextChange[];
  disagreements: VerseTextDisagreement[];
  slokEdits: Map<string, Edit[]>;
  trEdits: Map<string, Edit[]>;
  /** Lines taken out of one verse's Devanagari, to put in a neighbour's as they were written. */
  removed: Array<{ ref: string; key: string; text: string }>;
  /** Words a Devanagari lacks: their change is listed where found, its text made once every verse is read (placeAddedWords). */
  added: Array<{ ref: string; key: string; at: number; iast: string; change: VerseTextChange }>;
}

/** A record's words: the Devanagari's (d), the transliteration's (t), and which of d matches which of t. */
interface Words {
  d: Token[];
  t: Token[];
  pairs: Map<number, number>;
}

/** Where the two word lists part: [d from, d to, t from, t to). */
type Hunk = [number, number, number, number];

/** How a disagreement is decided: the field whose reading wins, the rule and witnesses, why in a line; `entry` is the disagreement as listed. */
interface Verdict {
  entry: VerseTextDisagreement;
  winner: VerseField;
  rule: VerseTextRule;
  witness: string[];
  why: string;
}

const editsOf = (map: Map<string, Edit[]>, ref: string) => map.get(ref) ?? map.set(ref, []).get(ref)!;

/** An edit of a record, made at its place in upstream's text and listed there. */
function change(ledger: Ledger, ref: string, field: VerseField, position: number, before: string, after: string, rule: VerseTextRule, witness: string[], why: string): void {
  editsOf(field === 'slok' ? ledger.slokEdits : ledger.trEdits, ref).push({ position, before, after });
  ledger.changes.push({ record: ref, field, position, before, after, witness, rule, why });
}

/**
 * Cross-check every verse (colophons too: they have no witness, so any
 * disagreement there is a finding) and mend what the witnesses decide.
 * `records` in order: a line moved between neighbours is found by its letters.
 * Each record in four passes: the transliteration's marks and notes set
 * aside, the Devanagari's notes in one form, the words, and those notes put
 * into the transliteration; then the words a Devanagari lacks are placed,
 * and the slips both fields share looked for (sharedSlips).
 */
export function crossCheckVerses(records: readonly VerseRecordText[], witnesses: VerseWitnesses): VerseTextResult {
  const ledger: Ledger = { changes: [], disagreements: [], slokEdits: new Map(), trEdits: new Map(), removed: [], added: [] };
  // The letters of each verse's notes, to tell a note the transliteration holds garbled (orviyuktaistu) from a word.
  const noteLetters = new Map<string, string[]>();
  for (const r of records) noteLetters.set(r._id, [...r.slok.matchAll(DEVANAGARI_NOTE)].map((m) => fieldLetters(toIast(m[2]))));
  records.forEach((r, index) => {
    const view = transliterationView(ledger, r);
    const notes = devanagariNotes(ledger, r);
    const held = { own: noteLetters.get(r._id) ?? [], previous: index > 0 ? (noteLetters.get(records[index - 1]._id) ?? []) : [] };
    const words = mendWords(ledger, r, view, notes, held, witnesses);
    if (words) notesIntoTransliteration(ledger, r, view, notes, words);
  });
  placeAddedWords(ledger);
  const mended = new Map<string, { slok: string; transliteration: string }>();
  for (const r of records) {
    const se = ledger.slokEdits.get(r._id);
    const te = ledger.trEdits.get(r._id);
    if (se || te) mended.set(r._id, { slok: se ? applyVerseEdits(r.slok, se) : r.slok, transliteration: te ? applyVerseEdits(r.transliteration, te) : r.transliteration });
  }
  const kept: VerseTextResult['kept'] = [];
  if (witnesses.attested) sharedSlips(records, mended, witnesses, ledger.changes, kept);
  return { mended, changes: ledger.changes, disagreements: ledger.disagreements, kept };
}

/**
 * 1 and 2. The transliteration's marks that are no letters mended, and its
 * own (garbled) notes taken out. Returned: the view its words are read on,
 * as long as upstream's text with those set aside, so that every place is
 * upstream's.
 */
function transliterationView(ledger: Ledger, r: VerseRecordText): string {
  const tr = r.transliteration;
  let view = tr;
  const blank = (at: number, text: string, by = ' '.repeat(text.length)) => (view = view.slice(0, at) + by + view.slice(at + text.length));
  for (const e of markEdits(tr)) {
    change(ledger, r._id, 'transliteration', e.position, e.before, e.after, 'verse-marks', ['slok'], e.before === '.N' ? 'the candrabindu (ँ in the Devanagari) written in IAST, not ITRANS' : 'the half-verse mark (| in the Devanagari), not the verse-end mark');
    blank(e.position, e.before, e.before === '.N' ? CANDRABINDU_IAST : undefined);
  }
  for (const m of tr.matchAll(/\s*\([^)]*\)/g)) {
    change(ledger, r._id, 'transliteration', m.index, m[0], '', 'verse-note', ['slok'], 'a note of a variant reading, put back as the Devanagari has it');
    blank(m.index, m[0]);
  }
  return view;
}

/** 2. The Devanagari's notes of variant readings, each written in the one form; returned, to go into the transliteration (notesIntoTransliteration). */
function devanagariNotes(ledger: Ledger, r: VerseRecordText): RegExpExecArray[] {
  const notes = [...r.slok.matchAll(DEVANAGARI_NOTE)];
  for (const m of notes) {
    const form = noteForm(m[1], m[2]);
    if (form !== m[0].replace(/^\s+/, ' ')) change(ledger, r._id, 'slok', m.index, m[0], form, 'verse-note', ['notes'], 'a note of a variant reading written as the others are, "(or X)"');
  }
  return notes;
}

/**
 * 3. The words: where the two fields part, a note the transliteration holds
 * as a word is taken out, and every other disagreement is decided by the
 * witnesses (verdictOn) and mended. An undecided one (a finding) ends the
 * record's reading: null, and its later disagreements and notes are left
 * as they are.
 */
function mendWords(ledger: Ledger, r: VerseRecordText, view: string, notes: RegExpExecArray[], held: { own: string[]; previous: string[] }, witnesses: VerseWitnesses): Words | null {
  const slokBare = notes.reduce((s, m) => s.slice(0, m.index) + ' '.repeat(m[0].length) + s.slice(m.index + m[0].length), r.slok);
  const words: Words = { d: devanagariTokens(slokBare), t: transliterationTokens(view), pairs: new Map() };
  const { d, t } = words;
  const dcs = witnesses.dcs.get(r._id);
  const gg = witnesses.gitaGita.get(r._id);
  const ggIast = gg === undefined ? undefined : toIast(gg);
  for (const hunk of hunks(d, t, words.pairs)) {
    const [a0, a1, b0, b1] = hunk;
    // A note the transliteration holds as a word ("orviyuktaistu"), here or at the head of the next verse.
    const noteLetters = b0 === 0 ? [...held.own, ...held.previous] : held.own;
    if (a0 === a1 && noteLetters.some((n) => n && (join(t, b0, b1) === `or${n}` || join(t, b0, b1).replace(/a$/, '') === `or${n}`))) {
      heldNoteOut(ledger, r, t.slice(b0, b1));
      continue;
    }
    const verdict = verdictOn(ledger, r, words, hunk, dcs, ggIast);
    if (!verdict) return null;
    if (verdict.winner === 'slok') transliterationMended(ledger, r, words, hunk, verdict);
    else slokMended(ledger, r, words, hunk, verdict);
  }
  return words;
}

/** A note the transliteration holds as words of the verse, taken out with the spaces after it (the line keeps its own break). */
function heldNoteOut(ledger: Ledger, r: VerseRecordText, trWords: Token[]): void {
  const tr = r.transliteration;
  const position = trWords[0].start;
  const end = trWords.at(-1)!.end;
  const before = tr.slice(position, end + /^[ \t]*/.exec(tr.slice(end))![0].length);
  change(ledger, r._id, 'transliteration', position, before, '', 'verse-note', ['slok'], 'a note of a variant reading held as a word of the verse; put back as the Devanagari has it');
}

/**
 * A disagreement listed, and decided: by the witnesses that bear out one
 * field's reading of the whole verse (both alike: mended; split: a variant,
 * the Devanagari's kept), else, where only an avagraha differs, by the
 * Devanagari's ऽ. Null where nothing decides.
 */
function verdictOn(ledger: Ledger, r: VerseRecordText, { d, t }: Words, [a0, a1, b0, b1]: Hunk, dcs: string | undefined, ggIast: string | undefined): Verdict | null {
  const slokWords = d.slice(a0, a1);
  // The whole verse with the Devanagari's reading here, and with the transliteration's.
  const withTr = t.map((x) => x.iast).join(' ');
  const withSlok = [...t.slice(0, b0).map((x) => x.iast), ...slokWords.map((x) => x.iast), ...t.slice(b1).map((x) => x.iast)].join(' ');
  const byDcs = bears(dcs, withSlok, withTr);
  const byGg = bears(ggIast, withSlok, withTr);
  const trText = t.slice(b0, b1).map((x) => x.text).join(' ');
  const entry: VerseTextDisagreement = { record: r._id, slok: slokWords.map((x) => x.text).join(' '), transliteration: trText, dcs: byDcs, gitaGita: byGg, outcome: 'undecided' };
  ledger.disagreements.push(entry);
  const said = [byDcs, byGg].filter((w) => w === 'slok' || w === 'transliteration');
  if (said.length) {
    const winner = said.every((w) => w === said[0]) ? said[0] : 'slok';
    entry.outcome = said.every((w) => w === said[0]) ? 'mended' : 'variant';
    const witness = [byDcs === winner && 'dcs', byGg === winner && 'gita-gita'].filter((w): w is string => !!w);
    const why =
      entry.outcome === 'variant'
        ? `the witnesses split: the Digital Corpus of Sanskrit reads the ${byDcs === 'slok' ? 'Devanagari' : 'transliteration'}'s word, gita/gita the ${byGg === 'slok' ? 'Devanagari' : 'transliteration'}'s; the Devanagari's kept in both fields`
        : `${witness.map((w) => (w === 'dcs' ? 'the Digital Corpus of Sanskrit' : 'gita/gita')).join(' and ')} read${witness.length === 1 ? 's' : ''} the ${winner === 'slok' ? 'Devanagari' : 'transliteration'}'s`;
    return { entry, winner, rule: entry.outcome === 'variant' ? 'verse-variant' : 'verse-letters', witness, why };
  }
  if (join(d, a0, a1).replace(/a/g, '') === join(t, b0, b1).replace(/a/g, '') && slokWords.some((x) => /'/.test(x.iast))) {
    // Only the avagraha differs, which no witness's letters tell apart: the Devanagari's ऽ decides.
    entry.outcome = 'mended';
    return { entry, winner: 'slok', rule: 'verse-marks', witness: ['slok'], why: "an avagraha (ऽ) the transliteration lacks: the witnesses' letters do not tell it, the Devanagari writes it" };
  }
  return null;
}

/** The transliteration takes the Devanagari's reading: its words in the transliteration's conventions, in place of its own or after the word before. */
function transliterationMended(ledger: Ledger, r: VerseRecordText, { d, t }: Words, [a0, a1, b0, b1]: Hunk, { entry, rule, witness, why }: Verdict): void {
  entry.mended = 'transliteration';
  const trWords = t.slice(b0, b1);
  const after = d.slice(a0, a1).map((x) => inTransliteration(x.iast)).join(' ');
  if (trWords.length) {
    const position = trWords[0].start;
    const before = r.transliteration.slice(position, trWords.at(-1)!.end);
    change(ledger, r._id, 'transliteration', position, before, after, rule, witness, why);
  } else {
    // The Devanagari has words the transliteration lacks: after the word before.
    const position = b0 > 0 ? t[b0 - 1].end : 0;
    const text = b0 > 0 ? ` ${after}` : `${after} `;
    change(ledger, r._id, 'transliteration', position, '', text, rule, witness, why);
  }
}

/**
 * The Devanagari takes the transliteration's reading: its words in
 * Devanagari in place of its own; words the transliteration lacks go out
 * (kept, in case a neighbour's Devanagari lacks that line); words the
 * Devanagari lacks wait until every verse is read (placeAddedWords).
 */
function slokMended(ledger: Ledger, r: VerseRecordText, { d, t }: Words, [a0, a1, b0, b1]: Hunk, { entry, rule, witness, why }: Verdict): void {
  entry.mended = 'slok';
  const slokWords = d.slice(a0, a1);
  const trWords = t.slice(b0, b1);
  if (slokWords.length) {
    let position = slokWords[0].start;
    const end = slokWords.at(-1)!.end;
    if (!trWords.length) {
      // Words the transliteration lacks: out with the separator before them (a whole line goes with its line break).
      const lead = a0 > 0 ? d[a0 - 1].end : 0;
      const gap = r.slok.slice(lead, position);
      if (/\n/.test(gap)) position = lead + gap.search(/\s*[|।]?\s*\n/);
      else position = lead;
      ledger.removed.push({ ref: r._id, key: join(d, a0, a1), text: slokWords.map((x) => x.text).join(' ') });
    }
    const before = r.slok.slice(position, end);
    const after = trWords.map((x) => toDevanagari(x.iast)).join(' ');
    change(ledger, r._id, 'slok', position, before, after, rule, witness, why);
  } else {
    const at = a0 > 0 ? d[a0 - 1].end : 0;
    // Its words are known once every verse is read (a line another verse's Devanagari lost): the edit is made then.
    const c: VerseTextChange = { record: r._id, field: 'slok', position: at, before: '', after: '', witness, rule, why };
    ledger.changes.push(c);
    ledger.added.push({ ref: r._id, key: join(t, b0, b1), at, iast: trWords.map((x) => x.iast).join(' '), change: c });
  }
}

/** 4. The Devanagari's notes into the transliteration, in IAST, after the word its note follows. */
function notesIntoTransliteration(ledger: Ledger, r: VerseRecordText, view: string, notes: RegExpExecArray[], { d, t, pairs }: Words): void {
  const tr = r.transliteration;
  for (const m of notes) {
    const k = d.findLastIndex((x) => x.end <= m.index);
    const j = k === -1 ? -1 : (pairs.get(k) ?? -1);
    if (j === -1) continue;
    let position = t[j].end;
    if (/[|।]/.test(r.slok.slice(d[k].end, m.index))) position += /^\s*\.?/.exec(tr.slice(position))![0].length;
    // A space before the verse's end mark, when nothing (or only the note taken out) stood between.
    const next = position + view.slice(position).search(/\S|$/);
    const spaced = view[next] !== '|' || /\s/.test(tr[next - 1] ?? '');
    const after = ` (${m[1]} ${inTransliteration(toIast(m[2].trim()))})${spaced ? '' : ' '}`;
    change(ledger, r._id, 'transliteration', position, '', after, 'verse-note', ['slok'], 'a note of a variant reading, in IAST where the Devanagari has it');
  }
}

/** Words put into a Devanagari: the line another verse's Devanagari lost, as it was written, when it is that line; else the transliteration's words in Devanagari. */
function placeAddedWords(ledger: Ledger): void {
  for (const a of ledger.added) {
    const moved = ledger.removed.find((x) => x.key === a.key);
    const words = moved ? moved.text : toDevanagari(a.iast);
    const text = a.at === 0 ? `${words} |\n` : ` ${words}`;
    a.change.after = text;
    if (moved) a.change.why += ` (the line stood in ${moved.ref}'s Devanagari)`;
    editsOf(ledger.slokEdits, a.ref).push({ position: a.at, before: '', after: text });
  }
}

/**
 * The second pass: words both fields now read alike, which both witnesses
 * read otherwise, the same way (the record's two fields come of one source:
 * against two independent editions they are one witness). Mended in place in
 * `mended` when the word is a slip (VERSE_TEXT_RULES, verse-shared).
 */
function sharedSlips(records: readonly VerseRecordText[], mended: Map<string, { slok: string; transliteration: string }>, witnesses: VerseWitnesses, changes: VerseTextChange[], kept: VerseTextResult['kept']): void {
  const attested = witnesses.attested!;
  for (const r of records) {
    const gg = witnesses.gitaGita.get(r._id);
    const dcs = witnesses.dcs.get(r._id);
    if (gg === undefined || dcs === undefined) continue;
    const now = mended.get(r._id) ?? { slok: r.slok, transliteration: r.transliteration };
    // A verse with a note of a variant reading has two readings already: none is a slip.
    if (now.slok.search(DEVANAGARI_NOTE) !== -1) continue;
    const g = devanagariTokens(gg.replace(/।।[\d.]+।।/g, ''));
    const t = transliterationTokens(now.transliteration);
    const d = devanagariTokens(now.slok);
    const slokEdits: Edit[] = [];
    const trEdits: Edit[] = [];
    for (const [a0, a1, b0, b1] of hunks(g, t)) {
      if (a0 === a1 || b0 === b1) continue;
      const withTr = t.map((x) => x.iast).join(' ');
      const withGg = [...t.slice(0, b0).map((x) => x.iast), ...g.slice(a0, a1).map((x) => x.iast), ...t.slice(b1).map((x) => x.iast)].join(' ');
      if (bears(dcs, withGg, withTr) !== 'slok') continue;
      const ours = t.slice(b0, b1);
      const theirs = g.slice(a0, a1);
      const reading = ours.map((x) => x.text).join(' ');
      const witnessed = theirs.map((x) => x.iast).join(' ');
      // The same words in the Devanagari, by their letters.
      const key = join(t, b0, b1);
      let k = -1;
      let l = -1;
      for (let i = 0; i < d.length && k === -1; i++) for (let j = i + 1; j <= d.length; j++) if (join(d, i, j) === key) [k, l] = [i, j];
      const theirKey = join(g, a0, a1);
      const why =
        ours.length !== 1 || theirs.length !== 1
          ? 'the witnesses part the words otherwise: not a slip of one word'
          : editDistance(key, theirKey) > 2
            ? "more than two letters from the witnesses' word: a reading, not a slip"
            : key.replace(/m$/, '') === theirKey.replace(/m$/, '')
              ? 'the words differ by a final ṃ only (eva, evaṃ): both are words, a reading of another edition'
              : ours.some((x) => attested.has(x.key))
                ? "a word the Digital Corpus of Sanskrit has elsewhere in the Gita: it may be another edition's reading"
                : k === -1
                  ? "the Devanagari's words could not be placed"
                  : '';
      if (why) {
        kept.push({ record: r._id, reading, witnesses: witnessed, why });
        continue;
      }
      const mendWhy = `both fields read ${JSON.stringify(reading)}, found nowhere in the Digital Corpus of Sanskrit's Gita; the Digital Corpus of Sanskrit and gita/gita read ${JSON.stringify(witnessed)}`;
      const trBefore = now.transliteration.slice(ours[0].start, ours.at(-1)!.end);
      const trAfter = theirs.map((x) => inTransliteration(x.iast)).join(' ');
      trEdits.push({ position: ours[0].start, before: trBefore, after: trAfter });
      changes.push({ record: r._id, field: 'transliteration', position: ours[0].start, before: trBefore, after: trAfter, witness: ['dcs', 'gita-gita'], rule: 'verse-shared', why: mendWhy });
      const slokBefore = now.slok.slice(d[k].start, d[l - 1].end);
      const slokAfter = theirs.map((x) => x.text).join(' ');
      slokEdits.push({ position: d[k].start, before: slokBefore, after: slokAfter });
      changes.push({ record: r._id, field: 'slok', position: d[k].start, before: slokBefore, after: slokAfter, witness: ['dcs', 'gita-gita'], rule: 'verse-shared', why: mendWhy });
    }
    if (slokEdits.length) mended.set(r._id, { slok: applyVerseEdits(now.slok, slokEdits), transliteration: applyVerseEdits(now.transliteration, trEdits) });
  }
}

/** What the cross-check found and did, for the audit. */
export interface VerseTextReport {
  /** Records whose two fields spell the same verse, as upstream has them and as served. */
  agree: { upstream: number; served: number; records: number };
  /** Changes per rule (colophon-speaker: the speakers taken off the colophons). */
  counts: Record<VerseTextRule | 'colophon-speaker', number>;
  /** Every change (none with --no-repairs: then `disagreements` says what would be mended). */
  changes: VerseTextChange[];
  disagreements: VerseTextDisagreement[];
  kept: VerseTextResult['kept'];
  /** The colophons whose speaker was taken off: nobody in the dialogue says "iti śrīmadbhagavadgītāsu...". */
  colophons: Array<{ record: string; speaker: string }>;
  /** Which witnesses were read (a missing one speaks nowhere). */
  witnesses: { dcs: boolean; gitaGita: boolean };
}

/** Whether a record's Devanagari and transliteration spell the same verse (notes aside, conventions folded). */
export function fieldsAgree(slok: string, transliteration: string): boolean {
  const bare = slok.replace(DEVANAGARI_NOTE, '');
  const trBare = transliteration.replace(/\s*\([^)]*\)/g, '');
  return devanagariTokens(bare).map((t) => t.key).join('') === transliterationTokens(trBare).map((t) => t.key).join('');
}
