// Request time: load the bundle once, then answer searches. The engine finds candidates
// and scores them with BM25 per language group; this module decides between groups (an
// ASCII query may be English or Sanskrit), reranks the best candidates by phrase order /
// contiguity measured on the original texts, and cuts the snippets.
import { bodyStart } from '../content/references.ts';
import { ALL_FIELDS, isVerseField, LEMMAS_FIELD, type Lang } from './fields.ts';
import type { StoredVerse } from './docs.ts';
import { GRAM, speakerKey } from './docs.ts';
import type { Engine, Filter, Group, QueryTerm } from './engine.ts';
import { defaultEngine, BUNDLE_VERSION, type BundleHead } from './bundle.ts';
import { matchLoose, matchWords, withinOneEdit, type Range, type TextMatch, type WordQuery } from './match.ts';
import { devanagariOf, enTokens, grams, hasDevanagari, hiTokens, looseDevanagari, looseLatin, looseQuery, type Loose, type Token } from './normalize.ts';
import { cutSnippet } from './snippet.ts';

import { LIMIT_DEFAULT, LIMIT_MAX, MAX_QUERY_LENGTH, OFFSET_MAX, type SearchParams } from '../contract/search-parameters.ts';

export { LIMIT_DEFAULT, LIMIT_MAX, OFFSET_MAX };
export type { SearchParams };
/** A caller that skips parseSearch (a library call) still searches at most this much: longer input is cut. */
export const MAX_QUERY_CHARS = MAX_QUERY_LENGTH;
const MAX_GRAMS = 8; // a long Sanskrit query is sampled: 8 grams (of 4 letters) place it without doubt
/** A verse counts (in `total`) when it has this share of the query's words / grams. */
const WORD_MIN = 0.5;
const GRAM_MIN = 0.6;
/** Candidates reranked on the original texts, beyond the page asked for. */
const RERANK_EXTRA = 5;
/**
 * The reranking works in fixed blocks of the candidates in engine order: the
 * first LIMIT_DEFAULT + RERANK_EXTRA (what a default search has always
 * reranked, so its answer is unchanged), then blocks of LIMIT_MAX -
 * LIMIT_DEFAULT. Each block is reranked on its own, so the order of the
 * whole list does not depend on the page asked for: pages follow one another
 * without a verse twice or missing, and a page costs the blocks it overlaps.
 */
const FIRST_BLOCK = LIMIT_DEFAULT + RERANK_EXTRA;
const BLOCK = LIMIT_MAX - LIMIT_DEFAULT;

const MATCHES_MAX = 3;
/** A match in the verse's lemmas weighs this much of one in its own letters. */
const LEMMA_QUALITY = 0.8;
/** Characters into a translation beyond which a match is "deep": past the verse's own lines. */
const DEEP = 400;

export interface MatchOut {
  field: string;
  author?: string;
  snippet: string;
  /** [start, end) offsets into `snippet`, in UTF-16 code units (JavaScript string indices). */
  ranges: Range[];
}

export interface ResultOut {
  _id: string;
  chapter: number;
  verse: number;
  speaker: string;
  score: number;
  matches: MatchOut[];
}

export interface SearchResponse {
  /** Every verse that matches (results pages through them with offset and limit). */
  total: number;
  limit: number;
  offset: number;
  results: ResultOut[];
  /** Why the page is empty, and what to try, when it is. */
  hint?: string;
  /** How the query was searched when that is not its plain words: its Devanagari spelling, or its words as one phrase. */
  searched?: { devanagari?: string; phrase?: string };
}

/** Per verse, computed on first use only (most verses are never a result). */
interface VerseCache {
  tokens: (Token[] | undefined)[];
  loose: (Loose | undefined)[];
  termSets?: Partial<Record<Group, Set<string>>>;
}

export interface Searcher {
  engine: Engine;
  head: BundleHead;
  enVocabulary: Set<string>;
  cache: (VerseCache | undefined)[];
  /** Answers by normalized request (LRU through Map insertion order); size 0 disables. */
  results: Map<string, SearchResponse>;
  resultsMax: number;
}

export interface SearcherOptions {
  /** How many distinct requests to keep answered (default 1000, a few MB at most). */
  cacheSize?: number;
}

export async function loadSearcher(bundleText: string, engine: Engine = defaultEngine(), opts: SearcherOptions = {}): Promise<Searcher> {
  const parsed = JSON.parse(bundleText) as BundleHead & { index: unknown };
  if (parsed.v !== BUNDLE_VERSION) throw new Error(`search bundle version ${parsed.v}, expected ${BUNDLE_VERSION}`);
  if (parsed.engine !== engine.name) throw new Error(`search bundle built by ${parsed.engine}, loading with ${engine.name}`);
  if (parsed.gram !== GRAM) throw new Error(`search bundle uses ${parsed.gram}-grams, this code ${GRAM}-grams`);
  await engine.load(parsed.index);
  const { index: _index, ...head } = parsed;
  return {
    engine,
    head,
    enVocabulary: new Set(head.enVocabulary.split(' ')),
    cache: new Array(head.verses.length),
    results: new Map(),
    resultsMax: opts.cacheSize ?? 1000,
  };
}

// ---------------------------------------------------------------- the query

interface PreparedQuery {
  deva: boolean;
  /** A Latin query's Devanagari spelling, searched in the Hindi (lang=hi). */
  devanagari?: string;
  /** The query's words when every one is a stop word ("the", "who am I"): searched as one phrase. */
  phrase?: { group: 'en' | 'hi'; words: string[] };
  en: WordQuery & { terms: QueryTerm[]; exact: Set<string> };
  hi: WordQuery & { terms: QueryTerm[]; exact: Set<string> };
  loose: string;
  /** The loose form of each query word of three letters or more, for whole-word matches in Sanskrit. */
  looseWords: string[];
  grams: QueryTerm[];
}

function wordQuery(tokens: Token[], vocabulary?: Set<string>): PreparedQuery['en'] {
  const order: string[] = [];
  const fuzzy = new Set<string>();
  const gaps = new Map<string, string>();
  let stop: string[] = [];
  for (const t of tokens) {
    if (!t.term) {
      stop.push(t.word.toLowerCase());
      continue;
    }
    if (order.includes(t.term)) continue;
    order.push(t.term);
    gaps.set(t.term, stop.join(' '));
    stop = [];
    // "A typo of one letter in words of five or more letters": the typed word decides, and
    // a word the texts have is taken as typed.
    if (vocabulary && !vocabulary.has(t.term) && [...t.word].filter((c) => /\p{L}/u.test(c)).length >= 5) fuzzy.add(t.term);
  }
  return { order, fuzzy, gaps, exact: new Set(order), terms: order.map((term) => ({ term, fuzzy: fuzzy.has(term) })) };
}

function prepare(raw: string, enVocabulary: Set<string>, lang: Lang | undefined): PreparedQuery {
  const text = raw.normalize('NFC').slice(0, MAX_QUERY_CHARS);
  const deva = hasDevanagari(text);
  const loose = looseQuery(text);
  let g = [...new Set(grams(loose, GRAM))];
  if (g.length > MAX_GRAMS) g = Array.from({ length: MAX_GRAMS }, (_, i) => g[Math.round((i * (g.length - 1)) / (MAX_GRAMS - 1))]);
  // A Latin query asked of the Hindi is searched through its Devanagari spelling (karma: कर्म), as a Devanagari one is searched in the transliteration.
  const devanagari = !deva && lang === 'hi' ? devanagariOf(text) : undefined;
  const enTok = deva ? [] : enTokens(text);
  const hiTok = deva ? hiTokens(text) : devanagari ? hiTokens(devanagari) : [];
  const onlyStop = (tokens: Token[]) => tokens.length > 0 && tokens.every((t) => !t.term);
  const phraseGroup = lang === 'hi' || deva ? 'hi' : lang === 'sa' ? undefined : 'en';
  const phraseTokens = phraseGroup === 'hi' ? hiTok : enTok;
  return {
    deva,
    ...(devanagari && { devanagari }),
    ...(phraseGroup && onlyStop(phraseTokens) && { phrase: { group: phraseGroup, words: phraseTokens.map((t) => t.word.toLowerCase()).slice(0, MAX_GRAMS) } }),
    // A Devanagari query is Hindi or Sanskrit, a Latin one English or Sanskrit: both are tried.
    en: wordQuery(enTok, enVocabulary),
    hi: wordQuery(hiTok),
    loose,
    looseWords: [...new Set(text.split(/[\s,;.|।॥]+/).map(looseQuery).filter((w) => w.length >= 3))].slice(0, MAX_GRAMS),
    grams: g.map((term) => ({ term, fuzzy: false })),
  };
}

// ---------------------------------------------------------------- per-verse analysis

function verseCache(s: Searcher, id: number): VerseCache {
  let c = s.cache[id];
  if (!c) c = s.cache[id] = { tokens: [], loose: [] };
  return c;
}

function fieldTokens(s: Searcher, id: number, f: number): Token[] {
  const c = verseCache(s, id);
  let t = c.tokens[f];
  if (!t) {
    const text = s.head.verses[id].texts[f];
    t = c.tokens[f] = ALL_FIELDS[f].lang === 'en' ? enTokens(text) : hiTokens(text);
  }
  return t;
}

function fieldLoose(s: Searcher, id: number, f: number): Loose {
  const c = verseCache(s, id);
  let l = c.loose[f];
  if (!l) {
    const text = s.head.verses[id].texts[f];
    l = c.loose[f] = f === 0 ? looseDevanagari(text) : looseLatin(text);
  }
  return l;
}

/** Share of the query terms a verse holds, for engines that do not report it. */
function coverage(s: Searcher, id: number, g: Group, terms: QueryTerm[]): number {
  const c = verseCache(s, id);
  c.termSets ??= {};
  let set = c.termSets[g];
  if (!set) {
    set = new Set<string>();
    ALL_FIELDS.forEach((f, i) => {
      if (g === 'sa' && f.lang === 'sa') for (const x of grams(fieldLoose(s, id, i).text, GRAM)) set!.add(x);
      else if (f.lang === g && g !== 'sa') for (const t of fieldTokens(s, id, i)) if (t.term) set!.add(t.term);
    });
    c.termSets[g] = set;
  }
  let n = 0;
  for (const t of terms) {
    if (set.has(t.term)) n++;
    else if (t.fuzzy) for (const x of set) if (withinOneEdit(x, t.term)) { n++; break; }
  }
  return n / terms.length;
}

// ---------------------------------------------------------------- search

interface Candidate {
  id: number;
  /** Best over groups of coverage + engine score share; the final score adds text quality. */
  base: Partial<Record<Group, number>>;
  score: number;
  matches?: { field: number; m: TextMatch }[];
}

/** Which field of the verse answers best, per group, with its highlights. */
function fieldMatches(s: Searcher, id: number, q: PreparedQuery, groups: Group[]): { field: number; m: TextMatch }[] {
  const out: { field: number; m: TextMatch }[] = [];
  ALL_FIELDS.forEach((f, i) => {
    if (!groups.includes(f.lang) || !s.head.verses[id].texts[i]) return;
    let m: TextMatch;
    if (f.lang === 'sa') {
      // Show the Sanskrit in the script of the query.
      if ((i === 0) !== q.deva) return;
      m = matchLoose(fieldLoose(s, id, i), q.loose, s.head.verses[id].texts[i], q.looseWords);
      // A lemma matched says the verse has one of its forms, as its own letters say better: the verse's text first.
      if (f === LEMMAS_FIELD) m = { ...m, quality: m.quality * LEMMA_QUALITY };
    } else {
      const wq = f.lang === 'en' ? q.en : q.hi;
      m = matchWords(fieldTokens(s, id, i), wq, wq.exact);
      // A match deep in a long translation (Sankara's, with his commentary) says less of the verse than one in its words.
      if (!isVerseField(f) && m.ranges.length && m.ranges[0][0] > DEEP) m = { ...m, quality: m.quality * 0.9 };
    }
    if (m.quality > 0 && m.ranges.length) out.push({ field: i, m });
  });
  return out;
}

export function parseParams(p: SearchParams): Required<Omit<SearchParams, 'lang' | 'ch' | 'speaker'>> & Filter & { lang?: Lang } {
  const limit = Math.min(LIMIT_MAX, Math.max(1, Math.floor(p.limit ?? LIMIT_DEFAULT)));
  const offset = Math.min(OFFSET_MAX, Math.max(0, Math.floor(p.offset ?? 0) || 0));
  const sp = p.speaker === undefined ? undefined : speakerKey(p.speaker.trim()).toLowerCase();
  return { q: p.q ?? '', lang: p.lang, ch: p.ch, sp, limit, offset };
}

export function search(s: Searcher, params: SearchParams): SearchResponse {
  const p = parseParams(params);
  if (!p.q.trim()) return { total: 0, limit: p.limit, offset: p.offset, results: [], hint: 'the query is empty: give the words to search for' };
  if (!s.resultsMax) return run(s, p);
  const key = JSON.stringify([p.q.normalize('NFC').trim().toLowerCase(), p.lang, p.ch, p.sp, p.limit, p.offset]);
  let r = s.results.get(key);
  if (r) {
    s.results.delete(key); // most recently used goes last
  } else {
    r = run(s, p);
    if (s.results.size >= s.resultsMax) s.results.delete(s.results.keys().next().value!);
  }
  s.results.set(key, r);
  return r;
}

function run(s: Searcher, p: ReturnType<typeof parseParams>): SearchResponse {
  const { q: raw, lang, ch, sp, limit, offset } = p;
  const q = prepare(raw, s.enVocabulary, lang);
  const groups: Group[] = lang ? [lang] : q.deva ? ['hi', 'sa'] : ['en', 'sa'];
  const filter: Filter = { ch, sp };

  const cands = new Map<number, Candidate>();
  /** Runs one group's search and records its candidates; returns the best coverage. */
  const searchGroup = (g: Group, terms: QueryTerm[]): number => {
    if (!terms.length) return 0;
    const hits = s.engine.search(g, terms, filter, Infinity);
    const max = hits.length ? hits[0].score : 1;
    let best = 0;
    for (const h of hits) {
      const cov = h.matched !== undefined ? h.matched / terms.length : coverage(s, h.id, g, terms);
      best = Math.max(best, cov);
      if (cov < (g === 'sa' ? GRAM_MIN : WORD_MIN)) continue;
      let c = cands.get(h.id);
      if (!c) cands.set(h.id, (c = { id: h.id, base: {}, score: 0 }));
      c.base[g] = Math.max(c.base[g] ?? 0, cov + 0.25 * (h.score / max));
    }
    return best;
  };

  // The Sanskrit search (8 n-grams with long posting lists) and the typo expansion (a walk of
  // the term tree per word) cost the most; each is skipped when it cannot change the answer.
  const word = groups.find((g): g is 'en' | 'hi' => g !== 'sa');
  const wq = word ? q[word] : undefined;
  const wantSa = groups.includes('sa');
  if (word && wq && wq.fuzzy.size === 0) {
    // Every word is one the texts have: when some verse holds them all (two words or more),
    // it is an English or Hindi query and the Sanskrit search would find nothing better.
    const best = searchGroup(word, wq.terms);
    if (wantSa && !(lang === undefined && wq.terms.length >= 2 && best === 1)) searchGroup('sa', q.grams);
  } else if (word && wq) {
    // Some word is unknown: a typo, or Sanskrit typed in Latin letters. Sanskrit first; when it
    // matches well, the unknown words were Sanskrit and are not expanded as English typos.
    const saBest = wantSa ? searchGroup('sa', q.grams) : 0;
    const sanskrit = saBest >= 0.9 && q.loose.length >= 8;
    searchGroup(word, sanskrit ? wq.terms.map((t) => ({ term: t.term, fuzzy: false })) : wq.terms);
  } else if (wantSa) {
    searchGroup('sa', q.grams);
  }
  // Only common words ("the", "who am I"): nothing was searched; they are searched as one phrase.
  if (q.phrase && !cands.size) phraseCandidates(s, q.phrase, filter, cands);
  const bestBase = (c: Candidate) => Math.max(...Object.values(c.base));
  const ranked = [...cands.values()].sort((a, b) => bestBase(b) - bestBase(a) || a.id - b.id);

  const page: Candidate[] = [];
  const end = Math.min(ranked.length, offset + limit);
  for (let start = blockStart(offset); start < end; start = blockEnd(start)) {
    const block = ranked.slice(start, blockEnd(start));
    rerank(s, block, q, groups);
    for (let i = 0; i < block.length; i++) if (start + i >= offset && start + i < end) page.push(block[i]);
  }
  const out: SearchResponse = { total: cands.size, limit, offset, results: page.map((c) => result(s, c)) };
  if (q.devanagari || (q.phrase && cands.size)) out.searched = q.devanagari ? { devanagari: q.devanagari } : { phrase: q.phrase!.words.join(' ') };
  if (!page.length) out.hint = hintOf(raw, p, q, cands.size);
  return out;
}

/** Where the rerank block holding position i starts, and where the block starting at `start` ends. */
const blockStart = (i: number) => (i < FIRST_BLOCK ? 0 : FIRST_BLOCK + Math.floor((i - FIRST_BLOCK) / BLOCK) * BLOCK);
const blockEnd = (start: number) => (start === 0 ? FIRST_BLOCK : start + BLOCK);

/** Rerank one block on the original texts: phrase order for words, contiguity for Sanskrit. */
function rerank(s: Searcher, head: Candidate[], q: PreparedQuery, groups: Group[]): void {
  for (const c of head) {
    c.matches ??= fieldMatches(s, c.id, q, groups);
    let best = 0;
    for (const g of groups) {
      if (c.base[g] === undefined) continue;
      // Text quality (phrase order / contiguity) counts as much as coverage; the exact
      // function words between the terms break the remaining ties.
      let quality = 0;
      for (const m of c.matches) if (ALL_FIELDS[m.field].lang === g) quality = Math.max(quality, m.m.quality + 0.2 * m.m.exact);
      best = Math.max(best, c.base[g]! + quality);
    }
    c.score = best;
  }
  head.sort((a, b) => b.score - a.score || a.id - b.id);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A query of stop words alone, searched as one phrase in the group's
 * translations: every verse whose text has the words in a row, ranked by how
 * often (a verse's own words first), with the phrase marked. One regular
 * expression over the searched texts: bounded by their size.
 */
function phraseCandidates(s: Searcher, phrase: NonNullable<PreparedQuery['phrase']>, filter: Filter, cands: Map<number, Candidate>): void {
  const letter = phrase.group === 'en' ? '\\p{L}\\p{M}\\p{N}' : '\\u0900-\\u0963\\u0971-\\u097F';
  const re = new RegExp(`(?<![${letter}])${phrase.words.map(escapeRegExp).join(`[^${letter}]{1,3}`)}(?![${letter}])`, 'giu');
  const fields = ALL_FIELDS.map((f, i) => [f, i] as const).filter(([f]) => f.lang === phrase.group);
  s.head.verses.forEach((v, id) => {
    if ((filter.ch && v.chapter !== filter.ch) || (filter.sp && speakerKey(v.speaker).toLowerCase() !== filter.sp)) return;
    let best: { field: number; m: TextMatch } | null = null;
    let count = 0;
    for (const [f, i] of fields) {
      const ranges: Range[] = [];
      for (const m of v.texts[i].matchAll(re)) ranges.push([m.index!, m.index! + m[0].length]);
      if (!ranges.length) continue;
      count += ranges.length;
      // The verse's own words, then the translation with the most.
      const weight = ranges.length + (isVerseField(f) ? 100 : 0);
      if (!best || weight > best.m.exact) best = { field: i, m: { ranges: ranges.slice(0, 20), quality: 1, exact: weight } };
    }
    if (!best) return;
    best.m.exact = 1;
    cands.set(id, { id, base: { [phrase.group]: 1 + Math.min(count, 50) / 50 }, score: 1 + Math.min(count, 50) / 50, matches: [best] });
  });
}

/** Why a page is empty, in a sentence with what to try. */
function hintOf(raw: string, p: ReturnType<typeof parseParams>, q: PreparedQuery, total: number): string {
  if (total) return `offset ${p.offset} is past the last of the ${total} matching verses: ask for an offset below ${total}`;
  const narrowed = [p.ch && `chapter ${p.ch}`, p.sp && `the verses of ${p.sp}`].filter(Boolean).join(' and ');
  const where = p.lang === 'en' ? 'the English translations' : p.lang === 'hi' ? 'the Hindi translations' : p.lang === 'sa' ? 'the Sanskrit (slok and transliteration)' : 'the English and Hindi translations and the Sanskrit';
  const parts = [`no verse matches ${JSON.stringify(raw.trim())} in ${where}${narrowed ? ` of ${narrowed}` : ''}`];
  if (q.phrase) parts.push(`it has only common words (${q.phrase.words.join(', ')}), which were searched as one phrase: add a word that carries the meaning`);
  if (q.devanagari) parts.push(`the Hindi was searched as ${q.devanagari} (its Devanagari spelling): try the Hindi word in Devanagari, or lang=en`);
  if (narrowed) parts.push('try without ch or speaker');
  else if (!q.phrase && !q.devanagari) parts.push('check the spelling, try fewer words, or another language (lang=en, hi or sa)');
  return parts.join('; ');
}

function result(s: Searcher, c: Candidate): ResultOut {
  const v: StoredVerse = s.head.verses[c.id];
  // Fields that match much worse than the verse's best one (a stray syllable of the
  // transliteration under an English hit) are noise, not "the best fields".
  const top = Math.max(0, ...(c.matches ?? []).map((m) => m.m.quality));
  const matches = (c.matches ?? [])
    .filter((m) => m.m.quality >= 0.5 * top)
    .sort((a, b) => b.m.quality + 0.2 * b.m.exact - (a.m.quality + 0.2 * a.m.exact) || a.field - b.field)
    .slice(0, MATCHES_MAX)
    .map(({ field, m }) => {
      const f = ALL_FIELDS[field];
      const text = v.texts[field];
      const cut = cutSnippet(text, f.lang === 'sa' ? 0 : bodyStart(text), m.ranges);
      const out: MatchOut = { field: f.key, snippet: cut.snippet, ranges: cut.ranges };
      if (s.head.authors[f.key]) out.author = s.head.authors[f.key];
      return out;
    });
  return {
    _id: `BG${v.chapter}.${v.verse}`,
    chapter: v.chapter,
    verse: v.verse,
    speaker: v.speaker,
    score: Math.round(c.score * 1000) / 1000,
    matches,
  };
}

