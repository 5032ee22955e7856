// The Digital Corpus of Sanskrit's files (CoNLL-U) read and checked line by
// line. Nothing is guessed here: a line that is not what the format and these
// files promise is a problem naming the file, the line and what was expected,
// and every problem of every file is reported at once.
import type { ContentProblem } from '../validate.ts';

/** One analysed word, as its line gives it. */
export interface DcsWord {
  /** FORM: the word as it stands in the sentence (sandhi kept where the DCS keeps it). */
  form: string;
  /** MISC Unsandhied: the word with sandhi undone. */
  unsandhied: string;
  lemma: string;
  /** UPOS. */
  pos: string;
  /** FEATS as an object, in the file's order; {} when empty. */
  features: Record<string, string>;
  /** The sandhi string (a range line) the word belongs to, when the DCS gives one. */
  token?: string;
  /** MISC LemmaId: the lemma's number in the DCS dictionary. */
  lemmaId: number;
}

/** One sentence (`# text =`) and its words. */
export interface DcsSentence {
  /** The file's own line number of `# text =`. */
  line: number;
  text: string;
  sentId: string;
  /** `# sent_counter`: the verse number in the DCS's numbering; null where the file gives none. */
  counter: number | null;
  subcounter: number | null;
  words: DcsWord[];
}

const UPOS = new Set(['NOUN', 'VERB', 'PRON', 'ADJ', 'PART', 'ADV', 'CONJ', 'NUM', 'SCONJ', 'ADP', 'DET', 'INTJ', 'PROPN', 'AUX', 'CCONJ', 'PUNCT', 'SYM', 'X']);
const FEATURE = /^[A-Z][A-Za-z]*=[A-Za-z0-9]+$/;
const INTEGER = /^[1-9][0-9]*$/;
const RANGE = /^([1-9][0-9]*)-([1-9][0-9]*)$/;

/** A file being read: the sentences so far, the one open, the range line (1-4 karmaṇyevādhikāraste) whose words follow, and the next word id expected. */
interface Parse {
  file: string;
  problems: ContentProblem[];
  sentences: DcsSentence[];
  current: DcsSentence | null;
  range: { from: number; to: number; form: string } | null;
  nextId: number;
}

/** Parse one file; problems are pushed, never thrown, so that every file's are reported together. */
export function parseConllu(file: string, text: string, problems: ContentProblem[]): DcsSentence[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const p: Parse = { file, problems, sentences: [], current: null, range: null, nextId: 1 };
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i].replace(/\r$/, '');
    if (line === '') close(p, n);
    else if (line.startsWith('## ')) continue; // the file's own heading (text, chapter)
    else if (line.startsWith('# ')) commentLine(p, n, line);
    else wordLine(p, n, line);
  }
  close(p, lines.length + 1);
  return p.sentences;
}

const problem = (p: Parse, n: number, expected: string) => p.problems.push({ file: p.file, path: `line ${n}`, expected });

/** The end of a sentence (a blank line, the next "# text =", the file's end): it must have words, and no range left open. */
function close(p: Parse, n: number): void {
  if (!p.current) return;
  if (!p.current.words.length) problem(p, p.current.line, 'expected a sentence with at least one word line');
  if (p.range) problem(p, n, `expected the words ${p.nextId} to ${p.range.to} of the range "${p.range.form}"`);
  p.current = null;
  p.range = null;
}

/** "# text =" opens a sentence; sent_id and the counters belong to it, before its words. */
function commentLine(p: Parse, n: number, line: string): void {
  const m = /^# ([a-z_]+) = (.*)$/.exec(line);
  if (!m) {
    problem(p, n, 'expected a comment "# name = value"');
    return;
  }
  const [, name, value] = m;
  const current = p.current;
  if (name === 'text') {
    close(p, n);
    p.current = { line: n, text: value, sentId: '', counter: null, subcounter: null, words: [] };
    p.sentences.push(p.current);
    p.nextId = 1;
  } else if (!current || current.words.length) problem(p, n, `expected "# ${name}" after "# text =" and before the words`);
  else if (name === 'sent_id') current.sentId = value;
  else if (name === 'sent_counter' || name === 'sent_subcounter') {
    if (!INTEGER.test(value)) problem(p, n, `expected ${name} to be a positive integer, got "${value}"`);
    else if (name === 'sent_counter') current.counter = Number(value);
    else current.subcounter = Number(value);
  } else problem(p, n, `expected # text, # sent_id, # sent_counter or # sent_subcounter, got # ${name}`);
}

/** A line of ten columns: a range line (the sandhi string of the words that follow) or a word. */
function wordLine(p: Parse, n: number, line: string): void {
  const cols = line.split('\t');
  if (cols.length !== 10) {
    problem(p, n, `expected 10 tab-separated columns, got ${cols.length}`);
    return;
  }
  if (!p.current) {
    problem(p, n, 'expected "# text =" before the first word line');
    return;
  }
  const [id, form] = cols;
  const r = RANGE.exec(id);
  if (r) rangeLine(p, n, id, form, Number(r[1]), Number(r[2]));
  else if (!INTEGER.test(id) || Number(id) !== p.nextId) problem(p, n, `expected word id ${p.nextId}, got "${id}"`);
  else word(p, p.current, n, cols);
}

function rangeLine(p: Parse, n: number, id: string, form: string, from: number, to: number): void {
  if (from !== p.nextId || to <= from) problem(p, n, `expected a range starting at word ${p.nextId} and ending after it, got ${id}`);
  else if (p.range) problem(p, n, `expected word ${p.nextId} of the range "${p.range.form}", got another range`);
  else if (!form || form === '_') problem(p, n, 'expected the range\'s sandhi string in FORM');
  else p.range = { from, to, form };
}

/** A word line whose id is the next one: its columns checked, the word added to the sentence. */
function word(p: Parse, current: DcsSentence, n: number, cols: string[]): void {
  const [id, form, lemma, upos, , feats, , , , misc] = cols;
  p.nextId++;
  const token = p.range?.form;
  if (p.range && Number(id) === p.range.to) p.range = null;
  if (!form || form === '_') problem(p, n, 'expected a FORM');
  if (!lemma || lemma === '_') problem(p, n, 'expected a LEMMA');
  if (!UPOS.has(upos)) problem(p, n, `expected a universal part of speech (NOUN, VERB...) in UPOS, got "${upos}"`);
  const features = featuresOf(feats, () => problem(p, n, `expected FEATS as Name=Value|Name=Value, got "${feats}"`));
  const misc_ = miscOf(misc);
  if (!misc_.Unsandhied) problem(p, n, 'expected Unsandhied=... in MISC');
  if (!misc_.LemmaId || !INTEGER.test(misc_.LemmaId)) problem(p, n, 'expected LemmaId=N in MISC');
  current.words.push({ form, unsandhied: misc_.Unsandhied ?? form, lemma, pos: upos, features, ...(token && { token }), lemmaId: Number(misc_.LemmaId) });
}

/** FEATS as an object, in the column's order ({} for "_"); `bad` is called for each feature not written Name=Value. */
function featuresOf(feats: string, bad: () => void): Record<string, string> {
  const features: Record<string, string> = {};
  if (feats === '' || feats === '_') return features;
  for (const f of feats.split('|')) {
    if (!FEATURE.test(f)) bad();
    else {
      const eq = f.indexOf('=');
      features[f.slice(0, eq)] = f.slice(eq + 1);
    }
  }
  return features;
}

/** MISC's Name=Value parts as an object (a part without a name is passed over). */
function miscOf(misc: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of misc === '_' ? [] : misc.split('|')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return out;
}
