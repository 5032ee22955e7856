// What one client holds: where it asks, how, and what it has read already.
// Every part of the client takes it as its first argument.
import type { SearchOptions, SearchResponse } from './types.ts';

/** A fetch as the caller gave it (or the global one): called unbound, as a host's own fetch needs. */
export type Fetcher = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** What a static copy says of its content (dist/content.json). */
export interface Facts {
  versesPerChapter: number[];
  speakers: Array<{ slug: string | null; name: string; verses: number }>;
  speakerOf: number[][];
}

/** The host's search engine (search.js), opened on its index. */
export interface Searcher {
  search(q: string, o: SearchOptions): SearchResponse;
}

export interface State {
  /** The API's address, with its trailing slash. */
  readonly base: string;
  readonly mode: 'server' | 'static';
  /** The caller's own options object: the key, retry and cache are read from it at each request. */
  readonly options: { apiKey?: string; retry?: boolean; cache?: boolean };
  readonly fetch: Fetcher;
  /** Answers kept with their ETags (cache: true), by URL. */
  readonly remembered: Map<string, { etag: string; value: unknown }>;
  /** Static mode: content.json, read once (forgotten on a failure, to be asked again). */
  facts: Promise<Facts> | null;
  /** Static mode: the search engine, loaded once (forgotten on a failure). */
  searcher: Promise<Searcher> | null;
}
