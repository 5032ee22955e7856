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

/** Parse one file; problems are pushed, never thrown, so that every file's are reported together. */
export function parseConllu(file: string, text: string, problems: ContentProblem[]): DcsSentence[] {
  const sentences: DcsSentence[] = [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  let current: DcsSentence | null = null;
  // The range line (1-4 karmaṇyevādhikāraste) whose words follow, and the next word id expected.
  let range: { from: number; to: number; form: string } | null = null;
  let nextId = 1;
  const problem = (n: number, expected: string) => problems.push({ file, path: `line ${n}`, expected });
  const close = (n: number) => {
    if (!current) return;
    if (!current.words.length) problem(current.line, 'expected a sentence with at least one word line');
    if (range) problem(n, `expected the words ${nextId} to ${range.to} of the range "${range.form}"`);
    current = null;
    range = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i].replace(/\r$/, '');
    if (line === '') {
      close(n);
      continue;
    }
    if (line.startsWith('## ')) continue; // the file's own heading (text, chapter)
    if (line.startsWith('# ')) {
      const m = /^# ([a-z_]+) = (.*)$/.exec(line);
      if (!m) {
        problem(n, 'expected a comment "# name = value"');
        continue;
      }
      const [, name, value] = m;
      if (name === 'text') {
        close(n);
        current = { line: n, text: value, sentId: '', counter: null, subcounter: null, words: [] };
        sentences.push(current);
        nextId = 1;
      } else if (!current || current.words.length) problem(n, `expected "# ${name}" after "# text =" and before the words`);
      else if (name === 'sent_id') current.sentId = value;
      else if (name === 'sent_counter' || name === 'sent_subcounter') {
        if (!INTEGER.test(value)) problem(n, `expected ${name} to be a positive integer, got "${value}"`);
        else if (name === 'sent_counter') current.counter = Number(value);
        else current.subcounter = Number(value);
      } else problem(n, `expected # text, # sent_id, # sent_counter or # sent_subcounter, got # ${name}`);
      continue;
    }
    const cols = line.split('\t');
    if (cols.length !== 10) {
      problem(n, `expected 10 tab-separated columns, got ${cols.length}`);
      continue;
    }
    if (!current) {
      problem(n, 'expected "# text =" before the first word line');
      continue;
    }
    const [id, form, lemma, upos, , feats, , , , misc] = cols;
    const r = RANGE.exec(id);
    if (r) {
      const from = Number(r[1]);
      const to = Number(r[2]);
      if (from !== nextId || to <= from) problem(n, `expected a range starting at word ${nextId} and ending after it, got ${id}`);
      else if (range) problem(n, `expected word ${nextId} of the range "${range.form}", got another range`);
      else if (!form || form === '_') problem(n, 'expected the range\'s sandhi string in FORM');
      else range = { from, to, form };
      continue;
    }
    if (!INTEGER.test(id) || Number(id) !== nextId) {
      problem(n, `expected word id ${nextId}, got "${id}"`);
      continue;
    }
    nextId++;
    const token = range?.form;
    if (range && Number(id) === range.to) range = null;
    if (!form || form === '_') problem(n, 'expected a FORM');
    if (!lemma || lemma === '_') problem(n, 'expected a LEMMA');
    if (!UPOS.has(upos)) problem(n, `expected a universal part of speech (NOUN, VERB...) in UPOS, got "${upos}"`);
    const features = featuresOf(feats, () => problem(n, `expected FEATS as Name=Value|Name=Value, got "${feats}"`));
    const misc_ = miscOf(misc);
    if (!misc_.Unsandhied) problem(n, 'expected Unsandhied=... in MISC');
    if (!misc_.LemmaId || !INTEGER.test(misc_.LemmaId)) problem(n, 'expected LemmaId=N in MISC');
    current.words.push({ form, unsandhied: misc_.Unsandhied ?? form, lemma, pos: upos, features, ...(token && { token }), lemmaId: Number(misc_.LemmaId) });
  }
  close(lines.length + 1);
  return sentences;
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
