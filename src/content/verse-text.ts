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

/**
 * Cross-check every verse (colophons too: they have no witness, so any
 * disagreement there is a finding) and mend what the witnesses decide.
 * `records` in order: a line moved between neighbours is found by its letters.
 */
export function crossCheckVerses(records: readonly VerseRecordText[], witnesses: VerseWitnesses): VerseTextResult {
  const changes: VerseTextChange[] = [];
  const disagreements: VerseTextDisagreement[] = [];
  const slokEdits = new Map<string, Edit[]>();
  const trEdits = new Map<string, Edit[]>();
  const push = (map: Map<string, Edit[]>, ref: string, e: Edit) => (map.get(ref) ?? map.set(ref, []).get(ref)!).push(e);
  // Lines taken out of one verse's Devanagari, to put in a neighbour's as they were written.
  const removed: Array<{ ref: string; key: string; text: string }> = [];
  const added: Array<{ ref: string; key: string; at: number; iast: string; change: VerseTextChange }> = [];
  // Every edit is made at its place in upstream's text, and listed there.
  const edit = (ref: string, field: VerseField, position: number, before: string, after: string, rule: VerseTextRule, witness: string[], why: string) => {
    push(field === 'slok' ? slokEdits : trEdits, ref, { position, before, after });
    const c: VerseTextChange = { record: ref, field, position, before, after, witness, rule, why };
    changes.push(c);
    return c;
  };
  // The letters of each verse's notes, to tell a note the transliteration holds garbled (orviyuktaistu) from a word.
  const noteLetters = new Map<string, string[]>();
  for (const r of records) noteLetters.set(r._id, [...r.slok.matchAll(DEVANAGARI_NOTE)].map((m) => fieldLetters(toIast(m[2]))));

  records.forEach((r, index) => {
    const change = (field: VerseField, position: number, before: string, after: string, rule: VerseTextRule, witness: string[], why: string) => edit(r._id, field, position, before, after, rule, witness, why);
    const tr = r.transliteration;
    // The words are read on a view of the transliteration as long as upstream's, its marks and notes set aside, so that every place is upstream's.
    let view = tr;
    const blank = (at: number, text: string, by = ' '.repeat(text.length)) => (view = view.slice(0, at) + by + view.slice(at + text.length));
    // 1. Marks that are no letters.
    for (const e of markEdits(tr)) {
      change('transliteration', e.position, e.before, e.after, 'verse-marks', ['slok'], e.before === '.N' ? 'the candrabindu (ँ in the Devanagari) written in IAST, not ITRANS' : 'the half-verse mark (| in the Devanagari), not the verse-end mark');
      blank(e.position, e.before, e.before === '.N' ? CANDRABINDU_IAST : undefined);
    }
    // 2. Notes: the transliteration's own (garbled) ones out; the Devanagari's in one form, and in the transliteration below.
    for (const m of tr.matchAll(/\s*\([^)]*\)/g)) {
      change('transliteration', m.index, m[0], '', 'verse-note', ['slok'], 'a note of a variant reading, put back as the Devanagari has it');
      blank(m.index, m[0]);
    }
    const notes = [...r.slok.matchAll(DEVANAGARI_NOTE)];
    for (const m of notes) {
      const form = noteForm(m[1], m[2]);
      if (form !== m[0].replace(/^\s+/, ' ')) change('slok', m.index, m[0], form, 'verse-note', ['notes'], 'a note of a variant reading written as the others are, "(or X)"');
    }
    // 3. The words.
    const slokBare = notes.reduce((s, m) => s.slice(0, m.index) + ' '.repeat(m[0].length) + s.slice(m.index + m[0].length), r.slok);
    const d = devanagariTokens(slokBare);
    const t = transliterationTokens(view);
    const pairs = new Map<number, number>();
    const dcs = witnesses.dcs.get(r._id);
    const gg = witnesses.gitaGita.get(r._id);
    const ggIast = gg === undefined ? undefined : toIast(gg);
    for (const [a0, a1, b0, b1] of hunks(d, t, pairs)) {
      const slokWords = d.slice(a0, a1);
      const trWords = t.slice(b0, b1);
      const slokText = slokWords.map((x) => x.text).join(' ');
      const trText = trWords.map((x) => x.text).join(' ');
      // A note the transliteration holds as a word ("orviyuktaistu"), here or at the head of the next verse.
      const ownNotes = [...(noteLetters.get(r._id) ?? []), ...(index > 0 && b0 === 0 ? (noteLetters.get(records[index - 1]._id) ?? []) : [])];
      if (!slokWords.length && ownNotes.some((n) => n && (join(t, b0, b1) === `or${n}` || join(t, b0, b1).replace(/a$/, '') === `or${n}`))) {
        const position = trWords[0].start;
        const end = trWords.at(-1)!.end;
        // The word and the spaces after it: the line keeps its own break.
        const before = tr.slice(position, end + /^[ \t]*/.exec(tr.slice(end))![0].length);
        change('transliteration', position, before, '', 'verse-note', ['slok'], 'a note of a variant reading held as a word of the verse; put back as the Devanagari has it');
        continue;
      }
      // The whole verse with the Devanagari's reading here, and with the transliteration's.
      const withTr = t.map((x) => x.iast).join(' ');
      const withSlok = [...t.slice(0, b0).map((x) => x.iast), ...slokWords.map((x) => x.iast), ...t.slice(b1).map((x) => x.iast)].join(' ');
      const byDcs = bears(dcs, withSlok, withTr);
      const byGg = bears(ggIast, withSlok, withTr);
      const entry: VerseTextDisagreement = { record: r._id, slok: slokText, transliteration: trText, dcs: byDcs, gitaGita: byGg, outcome: 'undecided' };
      disagreements.push(entry);
      const said = [byDcs, byGg].filter((w) => w === 'slok' || w === 'transliteration');
      let winner: VerseField;
      let rule: VerseTextRule;
      let witness: string[];
      let why: string;
      if (said.length) {
        winner = said.every((w) => w === said[0]) ? said[0] : 'slok';
        entry.outcome = said.every((w) => w === said[0]) ? 'mended' : 'variant';
        witness = [byDcs === winner && 'dcs', byGg === winner && 'gita-gita'].filter((w): w is string => !!w);
        rule = entry.outcome === 'variant' ? 'verse-variant' : 'verse-letters';
        why =
          entry.outcome === 'variant'
            ? `the witnesses split: the Digital Corpus of Sanskrit reads the ${byDcs === 'slok' ? 'Devanagari' : 'transliteration'}'s word, gita/gita the ${byGg === 'slok' ? 'Devanagari' : 'transliteration'}'s; the Devanagari's kept in both fields`
            : `${witness.map((w) => (w === 'dcs' ? 'the Digital Corpus of Sanskrit' : 'gita/gita')).join(' and ')} read${witness.length === 1 ? 's' : ''} the ${winner === 'slok' ? 'Devanagari' : 'transliteration'}'s`;
      } else if (join(d, a0, a1).replace(/a/g, '') === join(t, b0, b1).replace(/a/g, '') && slokWords.some((x) => /'/.test(x.iast))) {
        // Only the avagraha differs, which no witness's letters tell apart: the Devanagari's ऽ decides.
        winner = 'slok';
        entry.outcome = 'mended';
        rule = 'verse-marks';
        witness = ['slok'];
        why = "an avagraha (ऽ) the transliteration lacks: the witnesses' letters do not tell it, the Devanagari writes it";
      } else return;
      if (winner === 'slok') {
        entry.mended = 'transliteration';
        const after = slokWords.map((x) => inTransliteration(x.iast)).join(' ');
        if (trWords.length) {
          const position = trWords[0].start;
          const before = tr.slice(position, trWords.at(-1)!.end);
          change('transliteration', position, before, after, rule, witness, why);
        } else {
          // The Devanagari has words the transliteration lacks: after the word before.
          const position = b0 > 0 ? t[b0 - 1].end : 0;
          const text = b0 > 0 ? ` ${after}` : `${after} `;
          change('transliteration', position, '', text, rule, witness, why);
        }
      } else {
        entry.mended = 'slok';
        if (slokWords.length) {
          let position = slokWords[0].start;
          const end = slokWords.at(-1)!.end;
          if (!trWords.length) {
            // Words the transliteration lacks: out with the separator before them (a whole line goes with its line break).
            const lead = a0 > 0 ? d[a0 - 1].end : 0;
            const gap = r.slok.slice(lead, position);
            if (/\n/.test(gap)) position = lead + gap.search(/\s*[|।]?\s*\n/);
            else position = lead;
            removed.push({ ref: r._id, key: join(d, a0, a1), text: slokText });
          }
          const before = r.slok.slice(position, end);
          const after = trWords.map((x) => toDevanagari(x.iast)).join(' ');
          change('slok', position, before, after, rule, witness, why);
        } else {
          const at = a0 > 0 ? d[a0 - 1].end : 0;
          // Its words are known once every verse is read (a line another verse's Devanagari lost): the edit is made below.
          const c: VerseTextChange = { record: r._id, field: 'slok', position: at, before: '', after: '', witness, rule, why };
          changes.push(c);
          added.push({ ref: r._id, key: join(t, b0, b1), at, iast: trWords.map((x) => x.iast).join(' '), change: c });
        }
      }
    }
    // The Devanagari's notes into the transliteration, after the word its note follows.
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
      change('transliteration', position, '', after, 'verse-note', ['slok'], 'a note of a variant reading, in IAST where the Devanagari has it');
    }
  });
  // Words put into a Devanagari: the line another verse's Devanagari lost, as it was written, when it is that line; else the transliteration's words in Devanagari.
  for (const a of added) {
    const moved = removed.find((x) => x.key === a.key);
    const words = moved ? moved.text : toDevanagari(a.iast);
    const text = a.at === 0 ? `${words} |\n` : ` ${words}`;
    a.change.after = text;
    if (moved) a.change.why += ` (the line stood in ${moved.ref}'s Devanagari)`;
    push(slokEdits, a.ref, { position: a.at, before: '', after: text });
  }
  const mended = new Map<string, { slok: string; transliteration: string }>();
  for (const r of records) {
    const se = slokEdits.get(r._id);
    const te = trEdits.get(r._id);
    if (se || te) mended.set(r._id, { slok: se ? applyVerseEdits(r.slok, se) : r.slok, transliteration: te ? applyVerseEdits(r.transliteration, te) : r.transliteration });
  }
  const kept: VerseTextResult['kept'] = [];
  if (witnesses.attested) sharedSlips(records, mended, witnesses, changes, kept);
  return { mended, changes, disagreements, kept };
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
