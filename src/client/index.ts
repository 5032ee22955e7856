// The Gita API client: one dependency-free ES module for browsers, Node,
// Deno and Bun, against the server or a static copy of dist/ on any host.
//
//   import { createClient } from 'https://<host>/client.js';   // or '@gita-api/client'
//   const gita = createClient();                                // base URL: that host
//   const v = await gita.verse(2, 47, { lang: 'en', authors: ['siva'] });
//   v.siva?.et;                                                 // typed from the options
//
// In `static` mode it asks for the files a static host has (index.json, the
// language forms, slok/today/, the search index) and does the rest itself:
// the authors and fields of a projection, marks=iast (the transliteration
// with IAST's marks, by the rule the server and the pages use), a random
// draw, another day's verse.
import { readCitation } from '../content/citations.ts';
import { findRefs, refAnswer } from '../content/find-refs.ts';
import { indexFromDigest, isDate } from '../content/day.ts';
import { PARAMETER_ERRORS, PARAMETERS } from '../contract/parameters.ts';
import { NOT_FOUND } from '../contract/errors.ts';
import { AUTHOR_KEY, fillPath, VERSION_ID, WORK_SLUG } from '../contract/paths.ts';
import { ROUTE_FILES, ROUTE_PATHS } from '../contract/routes/paths.ts';
import { projectRecord } from '../content/projection.ts';
import { isCommentaryShaped } from '../content/schema.ts';
import type { AuthorEntry, Author, ChapterRecord, FoundRef, Lang, LemmaChoice, LemmaEntry, LemmaIndex, RootAnswer, RootChoice, RootIndex, MeterName, MeterSummary, ProjectionOptions, SearchOptions, SearchResponse, Speaker, Theme, Verse, VerseAnalysis, VerseAnswer, VerseLinks, VerseMeter, VersesOptions, VerseVersions, Version, VersionAudited, WorkCitations, WorksList, Word } from './types.ts';
import { foldLemma, MAX_LEMMA_LENGTH, SPELLED, type Spelled } from '../content/dcs/lemma-name.ts';

export type * from './types.ts';

export interface ClientOptions {
  /** Where the API is. Default: the host this module was loaded from (https://<host>/client.js); required elsewhere. */
  baseUrl?: string | URL;
  /** Sent as the x-api-key header, never in a URL. */
  apiKey?: string;
  /** A fetch of your own (a test double, a proxy); default: the global fetch. */
  fetch?: typeof fetch;
  /** server (default): the API's routes; static: the files of dist/ on a static host. */
  mode?: 'server' | 'static';
  /** On 429, wait Retry-After once and try again (when it is a minute or less). Off by default. */
  retry?: boolean;
  /** Keep answers with their ETags and revalidate them (If-None-Match, 304). Off by default. */
  cache?: boolean;
}

/** An answer that is not a success: the HTTP status, the server's message, and on 429 the seconds to wait. */
export class GitaError extends Error {
  override name = 'GitaError';
  constructor(
    readonly status: number,
    message: string,
    readonly url: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** The longest Retry-After the client waits out itself (a daily quota's is hours: that is for the caller to decide). */
export const MAX_RETRY_WAIT_S = 60;

/** Files fetched at once for verses() on a static host. */
const STATIC_FETCHES = 8;

/** What a static copy says of its content (dist/content.json). */
interface Facts {
  versesPerChapter: number[];
  speakers: Array<{ slug: string | null; name: string; verses: number }>;
  speakerOf: number[][];
}

export interface Client {
  readonly mode: 'server' | 'static';
  readonly baseUrl: string;
  /** One verse record (sl up to verses_count + 1, the colophon), whole or projected. */
  verse<const O extends ProjectionOptions = {}>(chapter: number, verse: number, options?: O): Promise<VerseAnswer<O>>;
  /** A random verse (never a colophon), of a chapter, a speaker or some meters (IAST or ASCII: anustubh, upajati) if asked. Static mode: drawn here, from the host's facts and meters.json. */
  random<const O extends ProjectionOptions = {}>(filter?: { chapter?: number; speaker?: Speaker | string; meter?: readonly (MeterName | (string & {}))[] }, options?: O): Promise<VerseAnswer<O>>;
  /** The verse of the day (UTC), or of `date` (YYYY-MM-DD). */
  today<const O extends ProjectionOptions = {}>(day?: { date?: string }, options?: O): Promise<VerseAnswer<O>>;
  /** The verse word by word, in its order: [] for a verse without a list and for the colophons. */
  words(chapter: number, verse: number): Promise<Word[]>;
  /** The verse's words as the Digital Corpus of Sanskrit analyses them (form, lemma, part of speech, features, grammar in words); words: [] and a note for BG13.1 and the colophons. Credit: Word analysis: The Digital Corpus of Sanskrit (DCS), Oliver Hellwig, CC BY 4.0. */
  analysis(chapter: number, verse: number): Promise<VerseAnalysis>;
  /** The verse's links, mined from its commentaries: the verses they cite, the commentaries of other verses that cite it, the groups of verses they are written on, the other works they cite. */
  links(chapter: number, verse: number): Promise<VerseLinks>;
  /** The verse's meter: each syllable light (L) or heavy (G), its pādas and their forms, the syllables that break a pattern; a colophon's meter is "prose". */
  meter(chapter: number, verse: number): Promise<VerseMeter>;
  /** Every verse under its meter, most verses first, and the verses that do not scan. */
  meters(): Promise<MeterSummary>;
  /** The versions this host holds beyond the commentaries (translations with their own license: Besant's English, a Telugu translation, an operator's own). */
  versions(): Promise<{ versions: Version[] }>;
  /** One version with its audit (the files read, each repair, the defects listed); unknown: a GitaError with status 404. */
  version(id: string): Promise<VersionAudited>;
  /**
   * The verse in every version, or in those named (in that order): each text with its credit (show
   * it with the text); a version that lacks the verse has text null and missing: true. An unknown
   * id is a GitaError with status 400, as the server says it.
   */
  verseVersions(chapter: number, verse: number, options?: { version?: readonly string[] }): Promise<VerseVersions>;
  /** Every other work the commentaries cite, one name however abbreviated, most cited first; the abbreviations no name is known for apart. */
  works(): Promise<WorksList>;
  /** One work's citations by verse and commentator, by its slug as works() lists it (chandogya-upanisad); unknown: a GitaError with status 404. */
  work(slug: string): Promise<WorkCitations>;
  /** Every occurrence of a lemma (IAST, or ASCII as typed: atman; Devanagari on a server only), in verse order; an ASCII spelling several lemmas share answers all of them. Unknown: a GitaError with status 404. */
  lemma(name: string): Promise<LemmaEntry | LemmaChoice>;
  /** Every lemma with its parts of speech and count, most frequent first. */
  lemmas(): Promise<LemmaIndex>;
  /** A verbal root (dhātu: IAST sthā, or ASCII as typed: stha; Devanagari on a server only): its dhātupāṭha entries and every verbal word made from it, by preverb and form, with each verse; an ASCII spelling several roots share answers all of them. Unknown: a GitaError with status 404. Credit: Roots: the dhātupāṭha of ambuda-org/vidyut (ashtadhyayi.com), MIT; Word analysis: The Digital Corpus of Sanskrit (DCS), Oliver Hellwig, CC BY 4.0. */
  root(name: string): Promise<RootAnswer | RootChoice>;
  /** Every verbal root with its classes, meaning and counts, most frequent first. */
  roots(): Promise<RootIndex>;
  chapters(): Promise<ChapterRecord[]>;
  chapter(chapter: number): Promise<ChapterRecord>;
  /** Every commentary described, in the order of the records: author, and per text field its language, kind (translation, commentary...), verses with a real text, corrections; where the texts come from. */
  authors(): Promise<AuthorEntry[]>;
  /** One commentary described, by its key; an unknown key is a GitaError with status 404. */
  author(key: Author | (string & {})): Promise<AuthorEntry>;
  /**
   * Verses by reference, as people cite them ("2.47", "BG 2.47-50", "2.72-3.2", "18", several
   * separated by commas; at most 100 verses): the canonical labels and the records, in the
   * order asked; with `meter`, only the verses of those meters. Static mode: the reference is
   * read here and each verse is its own file.
   */
  verses<const O extends VersesOptions = {}>(ref: string, options?: O): Promise<{ refs: string[]; verses: Array<VerseAnswer<O>> }>;
  /**
   * Every Gita reference in a text, as people write them ("Gita 2.47", "chapter two, verse
   * forty-seven of the Gita"): where each stands, its canonical form, whether its verses exist
   * (POST /refs; on a static host read here, with the same finder).
   */
  findRefs(text: string): Promise<{ refs: FoundRef[]; more: boolean }>;
  /** A chapter's verse records in order, the colophon last. */
  chapterVerses<const O extends ProjectionOptions = {}>(chapter: number, options?: O): Promise<Array<VerseAnswer<O>>>;
  search(query: string, options?: SearchOptions): Promise<SearchResponse>;
  /** The URL of a card to put in an <img> (no key: a card is fetched by the browser, which cannot send one). */
  cardUrl(card?: { chapter?: number; verse?: number; theme?: Theme; today?: boolean }): string;
}

/** The host this module was served from, when it was (https://<host>/client.js → https://<host>/). */
function ownHost(): string | undefined {
  const here = import.meta.url;
  return /^https?:/.test(here) ? new URL('./', here).href : undefined;
}

const list = (values: readonly string[]) => values.map(encodeURIComponent).join(',');

/** The query of a projection, as the server reads it. */
function projectionQuery(p?: ProjectionOptions): string {
  if (!p) return '';
  const q: string[] = [];
  if (p.lang) q.push(`lang=${p.lang}`);
  if (p.authors) q.push(`authors=${list(p.authors)}`);
  if (p.fields) q.push(`fields=${list(p.fields)}`);
  if (p.marks) q.push(`marks=${encodeURIComponent(p.marks)}`);
  return q.join('&');
}

const withQuery = (path: string, ...parts: string[]) => {
  const q = parts.filter(Boolean).join('&');
  return q ? `${path}?${q}` : path;
};

async function errorOf(res: Response, url: string): Promise<GitaError> {
  const text = await res.text().catch(() => '');
  let message = text.trim() || `HTTP ${res.status}`;
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string') message = body.error;
  } catch {
    // plain text (the 404 wordings)
  }
  const retry = Number(res.headers.get('retry-after'));
  return new GitaError(res.status, message, url, res.status === 429 && Number.isFinite(retry) ? retry : undefined);
}

export function createClient(options: ClientOptions = {}): Client {
  const given = options.baseUrl ?? ownHost();
  if (!given) throw new GitaError(0, 'createClient: give baseUrl (the API\'s address); only a client loaded from a host knows its own', '');
  const base = String(given).replace(/\/?$/, '/');
  const mode = options.mode ?? 'server';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const remembered = new Map<string, { etag: string; value: unknown }>();

  /** A POST of JSON to the server (POST /refs), with the key. */
  async function post<T>(path: string, body: unknown): Promise<T> {
    const url = new URL(path.replace(/^\//, ''), base).href;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    const res = await doFetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw await errorOf(res, url);
    return (await res.json()) as T;
  }

  async function get<T>(path: string): Promise<T> {
    const url = new URL(path.replace(/^\//, ''), base).href;
    const headers: Record<string, string> = {};
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    const kept = options.cache ? remembered.get(url) : undefined;
    if (kept) headers['if-none-match'] = kept.etag;
    let res = await doFetch(url, { headers });
    if (res.status === 429 && options.retry) {
      const wait = Number(res.headers.get('retry-after'));
      if (Number.isFinite(wait) && wait <= MAX_RETRY_WAIT_S) {
        await res.body?.cancel();
        await new Promise((r) => setTimeout(r, Math.max(0, wait) * 1000));
        res = await doFetch(url, { headers });
      }
    }
    if (res.status === 304 && kept) {
      await res.body?.cancel();
      return structuredClone(kept.value) as T;
    }
    if (!res.ok) throw await errorOf(res, url);
    const value = (await res.json()) as T;
    const etag = res.headers.get('etag');
    if (options.cache && etag) {
      if (remembered.size >= 1_000) remembered.delete(remembered.keys().next().value!);
      remembered.set(url, { etag, value: structuredClone(value) });
    }
    return value;
  }

  // Static mode: what the host's files cannot say themselves.
  let facts: Promise<Facts> | null = null;
  const loadFacts = () => (facts ??= get<Facts>('content.json').catch((err) => ((facts = null), Promise.reject(err))));
  /**
   * Where a route answers: its path on a server; on a static host its file
   * (the route table's), relative to the base, in a language when asked.
   */
  const at = (id: keyof typeof ROUTE_PATHS, params: Record<string, string | number> = {}, lang?: Lang) => {
    if (mode === 'server') return fillPath(ROUTE_PATHS[id], params);
    const file = fillPath(ROUTE_FILES[id]!, params).slice(1);
    return lang ? file.replace(/index\.json$/, `${lang}.json`) : file;
  };
  /** authors, fields and marks, applied here to what a static host has (the whole record, or its language form): marks=iast by the server's rule (projectRecord). */
  const narrow = <T>(record: T, p?: ProjectionOptions): T => {
    // Read as the server reads ?marks= (its sentence on a 400).
    const read = p?.marks === undefined ? undefined : PARAMETERS.marks.read(String(p.marks), { versesPerChapter: [], speakers: [] });
    if (typeof read === 'object') throw new GitaError(400, read.error, base);
    const marks = read === 'iast' ? read : undefined;
    return p && (p.authors || p.fields || marks) ? (projectRecord(record as Record<string, unknown>, { authors: p.authors && [...p.authors], fields: p.fields && [...p.fields], marks }, (k) => isCommentaryShaped((record as Record<string, unknown>)[k])) as T) : record;
  };
  const staticVerse = async (ch: number, sl: number, p?: ProjectionOptions) => narrow(await get(at('verse', { ch, sl }, p?.lang)), p);
  const speakerIndex = (f: Facts, speaker: string) => {
    const i = f.speakers.findIndex((s) => s.slug === speaker.trim().toLowerCase() || s.name === speaker.trim().normalize('NFC'));
    if (i === -1) throw new GitaError(400, PARAMETER_ERRORS.value('speaker', speaker, 'a speaker here', PARAMETERS.speaker.values(f)), base);
    return i;
  };
  /** ?meter= as the server reads it (its sentence on a 400), and each verse's meter from the host's meters.json: what a static host's draw and list keep. */
  const meterKeeps = async (asked: readonly string[]): Promise<(ch: number, sl: number) => boolean> => {
    const named = PARAMETERS.meter.read(asked.join(','), { versesPerChapter: [], speakers: [] });
    if ('error' in named) throw new GitaError(400, named.error, base);
    const of = new Map((await get<MeterSummary>(at('meters'))).meters.flatMap((m) => m.verses.map((ref) => [ref, m.meter] as const)));
    return (ch, sl) => named.includes(of.get(`BG${ch}.${sl}`) as MeterName);
  };
  const meterQuery = (asked?: readonly string[]) => (asked ? `meter=${list(asked)}` : '');
  /** A lemma or a root by its spelling: the server reads any; a static host has a file per IAST name and per ASCII spelling that is no name, so the first that exists. */
  const bySpelling = async <T>(id: 'lemma' | 'root', what: Spelled, name: string): Promise<T> => {
    const asked = name.normalize('NFC').toLowerCase();
    const path = (spelling: string) => at(id, { [what.name]: spelling });
    if (mode === 'server') return get<T>(path(asked));
    if (!asked || asked.length > MAX_LEMMA_LENGTH || /[/\\.\0]/.test(asked)) throw new GitaError(400, `${what.name}: expected a ${what.name} in IAST (${what.iast}) or in ASCII (${what.ascii})`, base);
    if (/[\u0900-\u097F]/.test(asked)) throw new GitaError(400, `${what.name}: a static host takes IAST or ASCII (${what.iast}, ${what.ascii}); Devanagari needs the server`, base);
    try {
      return await get<T>(path(asked));
    } catch (err) {
      if (!(err instanceof GitaError) || err.status !== 404 || foldLemma(asked) === asked) throw err;
      return get<T>(path(foldLemma(asked)));
    }
  };
  const sha256 = async (text: string) => new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

  const client: Client = {
    mode,
    baseUrl: base,
    async verse(chapter, verse, o) {
      if (mode === 'static') return staticVerse(chapter, verse, o) as never;
      return get(withQuery(at('verse', { ch: chapter, sl: verse }), projectionQuery(o)));
    },
    async random(filter = {}, o) {
      if (mode === 'server') {
        const q = [filter.chapter ? `ch=${filter.chapter}` : '', filter.speaker ? `speaker=${encodeURIComponent(filter.speaker)}` : '', meterQuery(filter.meter)];
        return get(withQuery(at('random-verse'), ...q, projectionQuery(o)));
      }
      // A static host answers one file per path: the draw is made here, uniformly over the matching verses.
      const f = await loadFacts();
      if (filter.chapter && !(Number.isInteger(filter.chapter) && filter.chapter >= 1 && filter.chapter <= f.versesPerChapter.length)) {
        throw new GitaError(400, PARAMETER_ERRORS.value('ch', String(filter.chapter), 'a chapter', PARAMETERS.ch.values(f)), base);
      }
      const speaker = filter.speaker ? speakerIndex(f, filter.speaker) : -1;
      const keeps = filter.meter ? await meterKeeps(filter.meter) : () => true;
      const pool: Array<[number, number]> = [];
      f.versesPerChapter.forEach((n, i) => {
        if (filter.chapter && filter.chapter !== i + 1) return;
        for (let v = 1; v <= n; v++) if ((speaker < 0 || f.speakerOf[i][v - 1] === speaker) && keeps(i + 1, v)) pool.push([i + 1, v]);
      });
      if (!pool.length) throw new GitaError(404, NOT_FOUND.verse, base);
      const [c, v] = pool[Math.floor(Math.random() * pool.length)];
      return staticVerse(c, v, o) as never;
    },
    async today(day = {}, o) {
      if (mode === 'server') return get(withQuery(at('today'), day.date ? `date=${encodeURIComponent(day.date)}` : '', projectionQuery(o)));
      if (!day.date) return narrow(await get(at('today', {}, o?.lang)), o) as never;
      // Another day: picked here exactly as the build and the server pick it; an impossible date is the server's 400.
      if (!isDate(day.date)) throw new GitaError(400, PARAMETER_ERRORS.value('date', day.date, 'a day of the calendar', PARAMETERS.date.values({ versesPerChapter: [], speakers: [] })), base);
      const f = await loadFacts();
      const verses = f.versesPerChapter.flatMap((n, i) => Array.from({ length: n }, (_, v) => [i + 1, v + 1] as const));
      const [c, v] = verses[indexFromDigest(await sha256(day.date), verses.length)];
      return staticVerse(c, v, o) as never;
    },
    words: (chapter, verse) => get(at('verse-words', { ch: chapter, sl: verse })),
    async verses(ref, o) {
      if (mode === 'server') return get(withQuery(at('verses'), `ref=${encodeURIComponent(ref)}`, meterQuery(o?.meter), projectionQuery(o)));
      // Read here as the server reads it (the same reader, the same sentences), then one file per verse.
      const cited = readCitation(ref, (await loadFacts()).versesPerChapter);
      if (!cited.ok) throw new GitaError(cited.error.kind === 'missing' ? 404 : 400, cited.error.kind === 'missing' ? NOT_FOUND.verse : cited.error.message, base);
      const keeps = o?.meter ? await meterKeeps(o.meter) : () => true;
      const wanted = cited.verses.filter((v) => keeps(v.ch, v.sl));
      if (!wanted.length) throw new GitaError(404, NOT_FOUND.verse, base);
      const out = new Array(wanted.length);
      // A few at a time: up to 100 files, and a host (or a browser) that queues the rest anyway.
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < wanted.length; i = next++) out[i] = await staticVerse(wanted[i].ch, wanted[i].sl, o);
      };
      await Promise.all(Array.from({ length: Math.min(STATIC_FETCHES, wanted.length) }, worker));
      return { refs: cited.refs, verses: out };
    },
    async findRefs(text) {
      if (mode === 'server') return post(at('refs'), { text });
      const found = findRefs(text, (await loadFacts()).versesPerChapter);
      if (!found.ok) throw new GitaError(400, found.error.message, base);
      return { refs: found.refs.map(refAnswer), more: found.more };
    },
    analysis: (chapter, verse) => get(at('verse-analysis', { ch: chapter, sl: verse })),
    lemma: (name) => bySpelling('lemma', SPELLED.lemma, name),
    lemmas: () => get(at('lemmas')),
    root: (name) => bySpelling('root', SPELLED.root, name),
    roots: () => get(at('roots')),
    links: (chapter, verse) => get(at('verse-links', { ch: chapter, sl: verse })),
    works: () => get(at('works')),
    meter: (chapter, verse) => get(at('verse-meter', { ch: chapter, sl: verse })),
    meters: () => get(at('meters')),
    versions: () => get(at('versions')),
    async version(id) {
      // An id no path can spell is no version: the server's 404, without asking.
      if (!VERSION_ID.test(id)) throw new GitaError(404, NOT_FOUND.resource, base);
      return get(at('version', { version: id }));
    },
    async verseVersions(chapter, verse, o = {}) {
      const path = at('verse-versions', { ch: chapter, sl: verse });
      if (mode === 'server') return get(withQuery(path, o.version ? `version=${list(o.version)}` : ''));
      // A static host has the verse in all of them: chosen here, read as the server reads ?version=.
      const all = await get<VerseVersions>(path);
      if (!o.version) return all;
      const chosen = PARAMETERS.version.read(o.version.join(','), { versesPerChapter: [], speakers: [], versions: all.versions });
      if ('error' in chosen) throw new GitaError(400, chosen.error, base);
      return { ref: all.ref, versions: chosen.map((id) => all.versions.find((v) => v.id === id)!) };
    },
    async work(slug) {
      // A name no path can spell is no work: the server's 404, without asking.
      if (!WORK_SLUG.test(slug)) throw new GitaError(404, NOT_FOUND.resource, base);
      return get(at('work', { work: slug }));
    },
    chapters: () => get(at('chapters')),
    chapter: (chapter) => get(at('chapter', { ch: chapter })),
    authors: () => get(at('authors')),
    async author(key) {
      // A key no path can spell (.., a slash) is no commentary: the server's 404, without asking.
      if (!AUTHOR_KEY.test(key)) throw new GitaError(404, NOT_FOUND.resource, base);
      return get(at('author', { key }));
    },
    async chapterVerses(chapter, o) {
      if (mode === 'server') return get(withQuery(at('chapter-verses', { ch: chapter }), projectionQuery(o)));
      const records = await get<Verse[]>(at('chapter-verses', { ch: chapter }, o?.lang));
      return records.map((r) => narrow(r, o)) as never;
    },
    async search(query, o = {}) {
      if (mode === 'server') {
        const q = [`q=${encodeURIComponent(query)}`, o.lang ? `lang=${encodeURIComponent(o.lang)}` : '', o.chapter ? `ch=${o.chapter}` : '', o.speaker ? `speaker=${encodeURIComponent(o.speaker)}` : '', o.limit ? `limit=${o.limit}` : '', o.offset ? `offset=${o.offset}` : ''];
        return get(withQuery(at('search'), ...q));
      }
      // The host's search index, with the engine the server uses (search.js beside it).
      searcher ??= loadModule(new URL('search.js', base).href)
        .then((engine) => (engine as { openSearch(base: string, fetch?: typeof doFetch): Promise<{ search(q: string, o: SearchOptions): SearchResponse }> }).openSearch(base, doFetch))
        .catch((err) => ((searcher = null), Promise.reject(err)));
      try {
        return (await searcher).search(query, o);
      } catch (err) {
        if (err instanceof Error && /^(q|lang|ch|speaker|limit|offset): /.test(err.message)) throw new GitaError(400, err.message, base);
        throw err;
      }
    },
    cardUrl(card = {}) {
      // The routes' paths name the plain card (gita.svg); a theme is in the name (gita-dark.svg).
      const named = (path: string) => (!card.theme || card.theme === 'auto' ? path : path.replace(/gita\.svg$/, `gita-${card.theme}.svg`));
      const url = (path: string) => new URL(path.replace(/^\//, ''), base).href;
      if (card.today) return url(named(ROUTE_PATHS['today-card']));
      if (card.chapter && card.verse) return url(named(fillPath(ROUTE_PATHS['verse-card'], { ch: card.chapter, sl: card.verse })));
      if (card.verse) throw new GitaError(0, 'cardUrl: a verse needs its chapter', base);
      if (mode === 'static') {
        if (card.chapter) throw new GitaError(0, 'cardUrl: a static host has no random card of a chapter; name the verse', base);
        // A static host's /gita.svg is the card of its build's verse of the day.
        return url(named(ROUTE_PATHS.card));
      }
      return url(withQuery(named(ROUTE_PATHS.card), card.chapter ? `ch=${card.chapter}` : ''));
    },
  };
  let searcher: Promise<{ search(q: string, o: SearchOptions): SearchResponse }> | null = null;
  /** A module from the host: imported by URL where the runtime can (browsers, Deno), else (Node) from its fetched text. */
  async function loadModule(url: string): Promise<unknown> {
    try {
      return await import(/* @vite-ignore */ url);
    } catch (err) {
      if (!/ERR_UNSUPPORTED_ESM_URL_SCHEME|scheme/i.test(String((err as Error)?.message ?? err) + String((err as { code?: string })?.code))) throw err;
      const res = await doFetch(url);
      if (!res.ok) throw await errorOf(res, url);
      return import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(await res.text())}`);
    }
  }
  return client;
}

