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
//
// The methods that answer their route's file as it is (words, meter, roots,
// chapters...) are declared in file-methods.ts, written from the routes
// (npm run docs), and made by one function (files.ts); those here do more.
import { cardUrl } from './card.ts';
import { GitaError } from './error.ts';
import { fileMethods } from './files.ts';
import { author, verseVersions, version, work } from './named.ts';
import { search } from './search.ts';
import { chapterVerses, findRefs, random, today, verse, verses } from './verses.ts';
import type { AuthorEntry, FileMethods } from './file-methods.ts';
import type { State } from './state.ts';
import type { Author, FoundRef, MeterName, ProjectionOptions, SearchOptions, SearchResponse, Speaker, Theme, VerseAnswer, VersesOptions, VerseVersions, VersionAudited, WorkCitations } from './types.ts';

export { GitaError, MAX_RETRY_WAIT_S } from './error.ts';
export type * from './types.ts';
export type * from './file-methods.ts';

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

/** The API's methods: those of FileMethods (a route's file as it is: words, meter, roots, chapters...), and these. */
export interface Client extends FileMethods {
  readonly mode: 'server' | 'static';
  readonly baseUrl: string;
  /** One verse record (sl up to verses_count + 1, the colophon), whole or projected. */
  verse<const O extends ProjectionOptions = {}>(chapter: number, verse: number, options?: O): Promise<VerseAnswer<O>>;
  /** A random verse (never a colophon), of a chapter, a speaker or some meters (IAST or ASCII: anustubh, upajati) if asked. Static mode: drawn here, from the host's facts and meters.json. */
  random<const O extends ProjectionOptions = {}>(filter?: { chapter?: number; speaker?: Speaker | string; meter?: readonly (MeterName | (string & {}))[] }, options?: O): Promise<VerseAnswer<O>>;
  /** The verse of the day (UTC), or of `date` (YYYY-MM-DD). */
  today<const O extends ProjectionOptions = {}>(day?: { date?: string }, options?: O): Promise<VerseAnswer<O>>;
  /** One version with its audit (the files read, each repair, the defects listed); unknown: a GitaError with status 404. */
  version(id: string): Promise<VersionAudited>;
  /**
   * The verse in every version, or in those named (in that order): each text with its credit (show
   * it with the text); a version that lacks the verse has text null and missing: true. An unknown
   * id is a GitaError with status 400, as the server says it.
   */
  verseVersions(chapter: number, verse: number, options?: { version?: readonly string[] }): Promise<VerseVersions>;
  /** One work's citations by verse and commentator, by its slug as works() lists it (chandogya-upanisad); unknown: a GitaError with status 404. */
  work(slug: string): Promise<WorkCitations>;
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

export function createClient(options: ClientOptions = {}): Client {
  const given = options.baseUrl ?? ownHost();
  if (!given) throw new GitaError(0, 'createClient: give baseUrl (the API\'s address); only a client loaded from a host knows its own', '');
  const s: State = {
    base: String(given).replace(/\/?$/, '/'),
    mode: options.mode ?? 'server',
    options,
    fetch: options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init)),
    remembered: new Map(),
    facts: null,
    searcher: null,
  };
  // The answers' types come from the interface's generics; the parts return what the server sends.
  return {
    mode: s.mode,
    baseUrl: s.base,
    ...fileMethods(s),
    verse: (chapter, sl, o) => verse(s, chapter, sl, o) as never,
    random: (filter, o) => random(s, filter, o) as never,
    today: (day, o) => today(s, day, o) as never,
    verses: (ref, o) => verses(s, ref, o) as never,
    findRefs: (text) => findRefs(s, text),
    version: (id) => version(s, id),
    verseVersions: (chapter, sl, o) => verseVersions(s, chapter, sl, o),
    work: (slug) => work(s, slug),
    author: (key) => author(s, key),
    chapterVerses: (chapter, o) => chapterVerses(s, chapter, o) as never,
    search: (query, o) => search(s, query, o),
    cardUrl: (card) => cardUrl(s, card),
  };
}
