// Request time: load the bundle once, then answer searches. The engine finds candidates
// and scores them with BM25 per language group; this module decides between groups (an
// ASCII query may be English or Sanskrit), reranks the best candidates by phrase order /
// contiguity measured on the original texts, and cuts the snippets.
import { bodyStart } from '../content/references.ts';
import { ALL_FIELDS, isVerseField, LEMMAS_FIELD, versionFields, type FieldDef, type Group } from './fields.ts';
import type { StoredVerse } from './docs.ts';
import { GRAM, speakerKey } from './docs.ts';
import type { Engine, Filter, QueryTerm } from './engine.ts';
import { defaultEngine, BUNDLE_VERSION, type BundleHead, type SearchedVersion } from './bundle.ts';
import { matchLoose, matchWords, type Range, type TextMatch, type WordQuery } from './match.ts';
import { devanagariOf, enTokens, grams, hasDevanagari, hiTokens, looseDevanagari, looseLatin, looseQuery, RULED, wordReach, wordTokens, type Loose, type Token } from './normalize.ts';
import { hasTelugu } from './telugu.ts';
import { cutSnippet } from './snippet.ts';

import { LIMIT_DEFAULT, LIMIT_MAX, MAX_QUERY_LENGTH, OFFSET_MAX, type SearchParams } from '../contract/search-parameters.ts';
import type { SearchLang } from '../contract/parameters.ts';

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
/** A stem found in a verse weighs this much of the word typed (Telugu: కర్మల for కర్మలకు). */
const STEM_BOOST = 0.5;
/** A match in the verse's lemmas weighs this much of one in its own letters. */
const LEMMA_QUALITY = 0.8;
/** Characters into a translation beyond which a match is "deep": past the verse's own lines. */
const DEEP = 400;

export interface MatchOut {
  field: string;
  author?: string;
  /** A version's text: its id, and the credit that goes wherever its text is shown. */
  version?: string;
  credit?: string;
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
}

export interface Searcher {
  engine: Engine;
  head: BundleHead;
  /** What each of a verse's texts is: ALL_FIELDS, then the searched versions'. */
  fields: FieldDef[];
  versions: Map<string, SearchedVersion>;
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
    fields: [...ALL_FIELDS, ...versionFields(head.versions)],
    versions: new Map(head.versions.map((v) => [v.id, v])),
    enVocabulary: new Set(head.enVocabulary.split(' ')),
    cache: new Array(head.verses.length),
    results: new Map(),
    resultsMax: opts.cacheSize ?? 1000,
  };
}

// ---------------------------------------------------------------- the query

/** The letters a query is typed in: each searches its languages when lang does not choose one. */
type Script = 'latin' | 'devanagari' | 'telugu' | 'other';

/** A query's words in one language: the terms the engine looks up (a Telugu word's stem among them), each standing for a word of `order`. */
type Words = WordQuery & { terms: QueryTerm[]; exact: Set<string>; wordOf: Map<string, string> };

interface PreparedQuery {
  script: Script;
  /** The languages it is searched in. */
  groups: Group[];
  deva: boolean;
  /** A Latin query's Devanagari spelling, searched in the Hindi (lang=hi). */
  devanagari?: string;
  /** The query's words when every one is a stop word ("the", "who am I"): searched as one phrase. */
  phrase?: { group: 'en' | 'hi'; words: string[] };
  /** The query's words in each word language searched. */
  words: Partial<Record<Group, Words>>;
  loose: string;
  /** The loose form of each query word of three letters or more, for whole-word matches in Sanskrit. */
  looseWords: string[];
  grams: QueryTerm[];
}

function wordQuery(tokens: Token[], lang: Group, vocabulary?: Set<string>): Words {
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
  return { order, fuzzy, gaps, exact: new Set(order), ...lookups(order, fuzzy, lang) };
}

/**
 * What the engine looks up for a query's words: each word, and where its language reaches
 * further (wordReach) each as the beginning of longer words and by its stem, weighed less.
 * A term stands for the first word that has it, so that a verse's share of the words counts
 * a word once, found as itself or by its stem.
 */
function lookups(order: string[], fuzzy: Set<string>, lang: Group): Pick<Words, 'terms' | 'wordOf' | 'prefixes'> {
  const wordOf = new Map<string, string>();
  const terms: QueryTerm[] = [];
  const prefixes = new Map<string, string>();
  const reach = order.map((term) => wordReach(lang, term));
  order.forEach((term, i) => {
    wordOf.set(term, term);
    terms.push({ term, fuzzy: fuzzy.has(term), ...(reach[i].prefix && { prefix: true }) });
    if (reach[i].prefix) prefixes.set(term, term);
  });
  order.forEach((term, i) => {
    const stem = reach[i].stem;
    if (!stem || wordOf.has(stem)) return;
    wordOf.set(stem, term);
    terms.push({ term: stem, fuzzy: false, prefix: true, boost: STEM_BOOST });
    prefixes.set(stem, term);
  });
  return { terms, wordOf, ...(prefixes.size && { prefixes }) };
}

function scriptOf(text: string): Script {
  // Telugu first: Telugu writers take the dandas, and often the avagraha, from Devanagari.
  if (hasTelugu(text)) return 'telugu';
  if (hasDevanagari(text)) return 'devanagari';
  return /\p{L}/u.test(text) && !/\p{Script=Latin}/u.test(text) ? 'other' : 'latin';
}

/**
 * The languages a query is searched in: the one lang names, else by its letters (a Latin
 * query is English or Sanskrit, a Devanagari one Hindi or Sanskrit, a Telugu one Telugu or
 * Sanskrit in Telugu letters, any other the versions in a language with no rules here).
 */
function groupsOf(s: Searcher, script: Script, lang: SearchLang | undefined): Group[] {
  if (lang) return [lang];
  if (script === 'other') return [...new Set(s.fields.map((f) => f.lang).filter((g) => g !== 'sa' && !RULED.includes(g)))];
  return [script === 'devanagari' ? 'hi' : script === 'telugu' ? 'te' : 'en', 'sa'];
}

/** A query's words in one language: a Devanagari query has no English words; a Latin one asked of the Hindi has those of its Devanagari spelling. */
function queryTokens(group: Group, text: string, deva: boolean, devanagari: string | undefined): Token[] {
  if (group === 'en') return deva ? [] : enTokens(text);
  if (group === 'hi') return deva ? hiTokens(text) : devanagari ? hiTokens(devanagari) : [];
  return wordTokens(group, text);
}

function prepare(raw: string, s: Searcher, lang: SearchLang | undefined): PreparedQuery {
  const text = raw.normalize('NFC').slice(0, MAX_QUERY_CHARS);
  const script = scriptOf(text);
  const groups = groupsOf(s, script, lang);
  const deva = script === 'devanagari';
  const loose = looseQuery(text);
  let g = [...new Set(grams(loose, GRAM))];
  if (g.length > MAX_GRAMS) g = Array.from({ length: MAX_GRAMS }, (_, i) => g[Math.round((i * (g.length - 1)) / (MAX_GRAMS - 1))]);
  // A Latin query asked of the Hindi is searched through its Devanagari spelling (karma: कर्म), as a Devanagari one is searched in the transliteration.
  const devanagari = script === 'latin' && lang === 'hi' ? devanagariOf(text) : undefined;
  const tokensOf = (group: Group) => queryTokens(group, text, deva, devanagari);
  const words: PreparedQuery['words'] = {};
  for (const group of groups) if (group !== 'sa') words[group] = wordQuery(tokensOf(group), group, group === 'en' ? s.enVocabulary : undefined);
  const onlyStop = (tokens: Token[]) => tokens.length > 0 && tokens.every((t) => !t.term);
  const phraseGroup = groups.find((x) => x !== 'sa');
  const phraseTokens = phraseGroup === 'en' || phraseGroup === 'hi' ? tokensOf(phraseGroup) : [];
  return {
    script,
    groups,
    deva,
    ...(devanagari && { devanagari }),
    ...(onlyStop(phraseTokens) && { phrase: { group: phraseGroup as 'en' | 'hi', words: phraseTokens.map((t) => t.word.toLowerCase()).slice(0, MAX_GRAMS) } }),
    words,
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
  return (c.tokens[f] ??= wordTokens(s.fields[f].lang, s.head.verses[id].texts[f]));
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

// ---------------------------------------------------------------- search

interface Candidate {
  id: number;
  /** Best over groups of coverage + engine score share; the final score adds text quality. */
  base: Record<Group, number>;
  score: number;
  matches?: { field: number; m: TextMatch }[];
}

/** Which field of the verse answers best, per group, with its highlights. */
function fieldMatches(s: Searcher, id: number, q: PreparedQuery, groups: Group[]): { field: number; m: TextMatch }[] {
  const out: { field: number; m: TextMatch }[] = [];
  s.fields.forEach((f, i) => {
    if (!groups.includes(f.lang) || !s.head.verses[id].texts[i]) return;
    let m: TextMatch;
    if (f.lang === 'sa') {
      // Show the Sanskrit in Devanagari to a Devanagari query, else transliterated.
      if ((i === 0) !== q.deva) return;
      m = matchLoose(fieldLoose(s, id, i), q.loose, s.head.verses[id].texts[i], q.looseWords);
      // A lemma matched says the verse has one of its forms, as its own letters say better: the verse's text first.
      if (f === LEMMAS_FIELD) m = { ...m, quality: m.quality * LEMMA_QUALITY };
    } else {
      const wq = q.words[f.lang];
      if (!wq) return;
      m = matchWords(fieldTokens(s, id, i), wq, wq.exact);
      // A match deep in a long translation (Sankara's, with his commentary) says less of the verse than one in its words.
      if (!isVerseField(f) && m.ranges.length && m.ranges[0][0] > DEEP) m = { ...m, quality: m.quality * 0.9 };
    }
    if (m.quality > 0 && m.ranges.length) out.push({ field: i, m });
  });
  return out;
}

export function parseParams(p: SearchParams): Required<Omit<SearchParams, 'lang' | 'ch' | 'speaker' | 'root'>> & Filter & { lang?: SearchLang; root?: string } {
  const limit = Math.min(LIMIT_MAX, Math.max(1, Math.floor(p.limit ?? LIMIT_DEFAULT)));
  const offset = Math.min(OFFSET_MAX, Math.max(0, Math.floor(p.offset ?? 0) || 0));
  const sp = p.speaker === undefined ? undefined : speakerKey(p.speaker.trim()).toLowerCase();
  const root = p.root?.normalize('NFC').trim().toLowerCase() || undefined;
  return { q: p.q ?? '', lang: p.lang, ch: p.ch, sp, root, limit, offset };
}

export function search(s: Searcher, params: SearchParams): SearchResponse {
  const p = parseParams(params);
  if (!p.q.trim()) return { total: 0, limit: p.limit, offset: p.offset, results: [], hint: 'the query is empty: give the words to search for' };
  if (!s.resultsMax) return run(s, p);
  const key = JSON.stringify([p.q.normalize('NFC').trim().toLowerCase(), p.lang, p.ch, p.sp, p.root, p.limit, p.offset]);
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
  const { q: raw, lang, ch, sp, root, limit, offset } = p;
  const q = prepare(raw, s, lang);
  const groups = q.groups;
  const filter: Filter = { ch, sp, ...(root && { ids: rootVerses(s, root) }) };

  const cands = new Map<number, Candidate>();
  /** Runs one group's search and records its candidates; returns the best coverage (the share of the query's words, or grams, a verse holds). */
  const searchGroup = (g: Group, terms: QueryTerm[], wordOf?: Map<string, string>): number => {
    if (!terms.length) return 0;
    const hits = s.engine.search(g, terms, filter, Infinity);
    const max = hits.length ? hits[0].score : 1;
    const words = wordOf ? new Set(wordOf.values()).size : terms.length;
    let best = 0;
    for (const h of hits) {
      const cov = (wordOf ? new Set(h.matched.map((t) => wordOf.get(t) ?? t)).size : h.matched.length) / words;
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
  const [word, ...others] = groups.filter((g) => g !== 'sa');
  const wq = word ? q.words[word] : undefined;
  const wantSa = groups.includes('sa');
  if (word && wq && wq.fuzzy.size === 0) {
    // Every word is one the texts have: when some verse holds them all (two words or more),
    // it is a query of that language and the Sanskrit search would find nothing better.
    const best = searchGroup(word, wq.terms, wq.wordOf);
    if (wantSa && !(lang === undefined && wq.order.length >= 2 && best === 1)) searchGroup('sa', q.grams);
  } else if (word && wq) {
    // Some word is unknown: a typo, or Sanskrit typed in Latin letters. Sanskrit first; when it
    // matches well, the unknown words were Sanskrit and are not expanded as English typos.
    const saBest = wantSa ? searchGroup('sa', q.grams) : 0;
    const sanskrit = saBest >= 0.9 && q.loose.length >= 8;
    searchGroup(word, sanskrit ? wq.terms.map((t) => ({ ...t, fuzzy: false })) : wq.terms, wq.wordOf);
  } else if (wantSa) {
    searchGroup('sa', q.grams);
  }
  // A query in letters of no language with rules here: every version in such a language.
  for (const g of others) searchGroup(g, q.words[g]!.terms, q.words[g]!.wordOf);
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
  if (!page.length) out.hint = hintOf(s, raw, p, q, cands.size);
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
      for (const m of c.matches) if (s.fields[m.field].lang === g) quality = Math.max(quality, m.m.quality + 0.2 * m.m.exact);
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
/** The verses with a word of the root, spelled as the bundle keeps each verse's roots (IAST, ASCII, Devanagari). */
function rootVerses(s: Searcher, root: string): Set<number> {
  const ids = new Set<number>();
  s.head.verses.forEach((v, id) => {
    if (v.roots?.includes(root)) ids.add(id);
  });
  return ids;
}

function phraseCandidates(s: Searcher, phrase: NonNullable<PreparedQuery['phrase']>, filter: Filter, cands: Map<number, Candidate>): void {
  const letter = phrase.group === 'en' ? '\\p{L}\\p{M}\\p{N}' : '\\u0900-\\u0963\\u0971-\\u097F';
  const re = new RegExp(`(?<![${letter}])${phrase.words.map(escapeRegExp).join(`[^${letter}]{1,3}`)}(?![${letter}])`, 'giu');
  const fields = s.fields.map((f, i) => [f, i] as const).filter(([f]) => f.lang === phrase.group);
  s.head.verses.forEach((v, id) => {
    if ((filter.ch && v.chapter !== filter.ch) || (filter.sp && speakerKey(v.speaker).toLowerCase() !== filter.sp) || (filter.ids && !filter.ids.has(id))) return;
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
function hintOf(s: Searcher, raw: string, p: ReturnType<typeof parseParams>, q: PreparedQuery, total: number): string {
  if (total) return `offset ${p.offset} is past the last of the ${total} matching verses: ask for an offset below ${total}`;
  const narrowed = [p.ch && `chapter ${p.ch}`, p.sp && `the verses of ${p.sp}`, p.root && `the verses with a word of the root ${p.root}`].filter(Boolean).join(' and ');
  const where = !p.lang && (q.script === 'latin' || q.script === 'devanagari') ? 'the English and Hindi translations and the Sanskrit' : q.groups.map((g) => searchedIn(s, g)).join(' and ') || 'no text (no version of this build is in a language of these letters)';
  const parts = [`no verse matches ${JSON.stringify(raw.trim())} in ${where}${narrowed ? ` of ${narrowed}` : ''}`];
  if (q.phrase) parts.push(`it has only common words (${q.phrase.words.join(', ')}), which were searched as one phrase: add a word that carries the meaning`);
  if (q.devanagari) parts.push(`the Hindi was searched as ${q.devanagari} (its Devanagari spelling): try the Hindi word in Devanagari, or lang=en`);
  if (p.lang === 'te' && q.script !== 'telugu') parts.push('the Telugu is searched in Telugu script: type the words in Telugu letters');
  if (narrowed) parts.push(`try without ${[p.ch && 'ch', p.sp && 'speaker', p.root && 'root'].filter(Boolean).join(' or ')}${p.root ? ' (/roots lists the roots)' : ''}`);
  else if (!q.phrase && !q.devanagari) parts.push(`check the spelling, try fewer words, or another language (lang=${[...new Set(['en', 'hi', 'sa', ...s.fields.map((f) => f.lang)])].join(', ')})`);
  return parts.join('; ');
}

/** What a language of the search holds, in a few words. */
function searchedIn(s: Searcher, g: Group): string {
  if (g === 'en') return `the English translations${s.fields.some((f) => f.lang === 'en' && f.version) ? ' and versions' : ''}`;
  if (g === 'hi') return 'the Hindi translations';
  if (g === 'sa') return 'the Sanskrit (slok and transliteration)';
  return `the ${g} version (${s.fields.filter((f) => f.lang === g).map((f) => f.key).join(', ') || 'none in this build'})`;
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
      const f = s.fields[field];
      const text = v.texts[field];
      // A translation of the records may open with its verse's number; the verse and the versions do not.
      const cut = cutSnippet(text, f.lang === 'sa' || f.version ? 0 : bodyStart(text), m.ranges);
      const version = f.version ? s.versions.get(f.version) : undefined;
      const author = version ? version.translator : s.head.authors[f.key];
      return { field: f.key, snippet: cut.snippet, ranges: cut.ranges, ...(author && { author }), ...(version && { version: version.id, credit: version.credit }) };
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

