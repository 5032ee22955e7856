// Finding a query in one original text: which characters to highlight, and how well the
// text matches (0..1). Used to rerank the engine's best candidates (phrase order and
// contiguity, which bag-of-words BM25 cannot see) and to build the snippets.
import type { Loose, Token } from './normalize.ts';

export type Range = [number, number];

/** A query's words for one language, in order, with the typo rule decided per word. */
export interface WordQuery {
  /** Content terms in query order, each once. */
  order: string[];
  /** Terms that may match with one edit (typed word of five letters or more). */
  fuzzy: Set<string>;
  /** For each term, the stopwords typed just before it ("it is desire it is anger": anger ← "it is"). */
  gaps: Map<string, string>;
  /** Beginnings of words that stand for a term (Telugu: the word and its stem, each to the word), in the order they are tried. */
  prefixes?: ReadonlyMap<string, string>;
}

/** True when a and b differ by at most one insertion, deletion or substitution. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) return a.slice(i + 1) === b.slice(i + 1);
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function queryTermOf(term: string, q: WordQuery, exact: Set<string>): string | undefined {
  if (exact.has(term)) return term;
  if (q.prefixes) for (const [p, t] of q.prefixes) if (term.startsWith(p)) return t;
  for (const f of q.fuzzy) if (term.length >= 3 && withinOneEdit(term, f)) return f;
  return undefined;
}

export interface TextMatch {
  ranges: Range[];
  /** 1 when every query word is present in query order as one phrase; 0 when none is. */
  quality: number;
  /** Share of the query's adjacent pairs found with the very function words typed between them. */
  exact: number;
}

/**
 * Word texts (English, Hindi). Quality counts the distinct query terms found plus the
 * query's adjacent pairs that also stand next to each other in the text (stopwords in
 * between allowed, as in "work only" / "to work only"): (found + pairs) / (2n - 1).
 */
export function matchWords(tokens: Token[], q: WordQuery, exact: Set<string>): TextMatch {
  const n = q.order.length;
  if (n === 0) return { ranges: [], quality: 0, exact: 0 };
  const found = new Set<string>();
  const ranges: Range[] = [];
  let pairs = 0;
  let exactPairs = 0;
  let prevTerm: string | undefined;
  let prevIdx = -2;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t.term) continue; // stopword: never highlighted alone, may sit inside a phrase
    const qt = queryTermOf(t.term, q, exact);
    if (qt === undefined) {
      prevTerm = undefined;
      continue;
    }
    found.add(qt);
    const adjacent = prevTerm !== undefined && q.order.indexOf(qt) === q.order.indexOf(prevTerm) + 1 && onlyStopwordsBetween(tokens, prevIdx, i);
    if (adjacent) {
      pairs++;
      if (wordsBetween(tokens, prevIdx, i) === (q.gaps.get(qt) ?? '')) exactPairs++;
      ranges[ranges.length - 1][1] = t.end; // one highlight for the whole phrase
    } else {
      // A phrase highlight also takes the function words typed before its first word, when
      // the text has exactly those ("thy right…" marks "Thy right", not "right").
      ranges.push([leadingStart(tokens, i, q.gaps.get(qt) ?? ''), t.end]);
    }
    prevTerm = qt;
    prevIdx = i;
  }
  return {
    ranges,
    quality: (found.size + Math.min(pairs, n - 1)) / (2 * n - 1),
    exact: n > 1 ? Math.min(exactPairs, n - 1) / (n - 1) : 0,
  };
}

function leadingStart(tokens: Token[], i: number, gap: string): number {
  if (!gap) return tokens[i].start;
  const k = gap.split(' ').length;
  if (i - k < 0) return tokens[i].start;
  for (let j = i - k; j < i; j++) if (tokens[j].term) return tokens[i].start;
  return wordsBetween(tokens, i - k - 1, i) === gap ? tokens[i - k].start : tokens[i].start;
}

function wordsBetween(tokens: Token[], from: number, to: number): string {
  const words: string[] = [];
  for (let k = from + 1; k < to; k++) words.push(tokens[k].word.toLowerCase());
  return words.join(' ');
}

function onlyStopwordsBetween(tokens: Token[], from: number, to: number): boolean {
  for (let k = from + 1; k < to; k++) if (tokens[k].term) return false;
  return true;
}

/** Does a word begin at loose letter `j` (something other than a letter stands before it in the original)? */
function wordStartsAt(text: Loose, original: string, j: number): boolean {
  if (j === 0) return true;
  if (j >= text.text.length) return true;
  return BOUNDARY.test(original.slice(text.end[j - 1], text.start[j]));
}
const BOUNDARY = /[\s.,;:!?|।॥'"()\-–—ऽ]/;

/**
 * The query's words (loose forms) as they stand in a Sanskrit text: every place each one
 * occurs (all highlighted), and how well the best place fits a word of the text: 1 when a
 * word of the text is the query word or begins with it (Sanskrit inflects: "karmaṇi" is
 * "karma" in the locative), 0.5 when it only occurs inside a compound, 0 when absent.
 */
function wordPlaces(text: Loose, original: string, words: readonly string[]): { ranges: Range[]; fit: number } {
  const ranges: Range[] = [];
  let fit = 0;
  for (const w of words) {
    let best = 0;
    for (let j = text.text.indexOf(w); j !== -1; j = text.text.indexOf(w, j + 1)) {
      ranges.push([text.start[j], text.end[j + w.length - 1]]);
      best = Math.max(best, wordStartsAt(text, original, j) ? 1 : 0.5);
    }
    fit += best;
  }
  return { ranges, fit: words.length ? fit / words.length : 0 };
}

/**
 * Sanskrit: the loose query is covered greedily, left to right, by the longest pieces that
 * occur in the loose text (pieces shorter than 4 letters are chance and do not count).
 * Quality is the covered share of the query, a fifth of it weighed by how the query's
 * words stand in the text (`original`, `words`): as words of the verse, or inside its
 * compounds. Ranges map the pieces, and every place of each query word, back to the original.
 */
export function matchLoose(text: Loose, query: string, original = '', words: readonly string[] = []): TextMatch {
  const q = query;
  const t = text.text;
  const qn = q.length;
  if (qn === 0 || t.length === 0) return { ranges: [], quality: 0, exact: 0 };
  const minLen = Math.min(4, qn);
  // best[i]: longest common prefix of q[i..] with some t[j..], and that j. A DP over
  // (i, j) from the end, keeping one row: O(|q|·|t|) time, buffers reused across calls.
  const bestLen = new Int32Array(qn);
  const bestAt = new Int32Array(qn);
  const tn = t.length;
  if (row.length < 2 * (tn + 1)) row = new Int32Array(2 * (tn + 1));
  let next = 0;
  let cur = tn + 1;
  row.fill(0, 0, 2 * (tn + 1));
  for (let i = qn - 1; i >= 0; i--) {
    const qc = q.charCodeAt(i);
    let bl = 0;
    let ba = -1;
    for (let j = tn - 1; j >= 0; j--) {
      if (qc === t.charCodeAt(j)) {
        const l = row[next + j + 1] + 1;
        row[cur + j] = l;
        if (l > bl) {
          bl = l;
          ba = j;
        }
      } else row[cur + j] = 0;
    }
    bestLen[i] = bl;
    bestAt[i] = ba;
    const tmp = next;
    next = cur;
    cur = tmp;
  }
  const raw: Range[] = [];
  let covered = 0;
  for (let i = 0; i < qn; ) {
    const l = bestLen[i];
    if (l >= minLen) {
      const j = bestAt[i];
      raw.push([text.start[j], text.end[j + l - 1]]);
      covered += l;
      i += l;
    } else i++;
  }
  if (!words.length) return { ranges: mergeRanges(raw), quality: covered / qn, exact: 0 };
  const places = wordPlaces(text, original, words);
  return { ranges: mergeRanges(raw.concat(places.ranges)), quality: (covered / qn) * (0.8 + 0.2 * places.fit), exact: 0 };
}

let row = new Int32Array(512);

export function mergeRanges(ranges: Range[]): Range[] {
  const sorted = ranges.slice().sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}
