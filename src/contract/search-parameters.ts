// The parameters of a search, checked once for the server and for the client
// on a static host, each read by its definition (parameters.ts): q
// (required, at most MAX_QUERY_LENGTH characters), lang (the records' languages
// and the build's versions'), ch, speaker, root (a verbal root's verses), limit
// (1 to 50, default 10) and offset (0 by default: the results to skip,
// paging through every match). A bad one is an error naming it and what it
// accepts, as the server's 400 says it.
import { isRefused, PARAMETERS as P, readParameter, readParameters, type ParameterFacts, type SearchLang } from './parameters.ts';

export { LIMIT_DEFAULT, LIMIT_MAX, MAX_QUERY_LENGTH, OFFSET_MAX } from './parameters.ts';

export interface SearchParams {
  q: string;
  lang?: SearchLang;
  ch?: number;
  speaker?: string;
  limit?: number;
  /** How many of the best results to skip (paging): 0 by default. */
  offset?: number;
  /** Only verses with a verbal word of this root: its IAST, ASCII or Devanagari spelling (NFC, lower case). */
  root?: string;
}

/** What the content offers to filter by (from the manifest): the versions name the languages beyond en, hi and sa. */
export interface SearchFacts {
  versesPerChapter: readonly number[];
  speakers: ReadonlyArray<{ slug: string | null; name: string }>;
  commentaries?: ReadonlyArray<{ key: string }>;
  versions?: ParameterFacts['versions'];
}

/** The search's parameters as read (speaker: its index in the facts' speakers). */
export interface SearchValues {
  q?: string;
  lang?: SearchLang;
  ch?: number;
  speaker?: number;
  limit?: number;
  offset?: number;
  root?: string;
}

export const Q_MISSING = 'q: missing; the words to search for, in English, Hindi or Sanskrit (Devanagari, IAST or plain ASCII)';

/** In the order a refusal is looked for: q first, and missing before any other is read. */
const SEARCH_PARAMETERS = [P.searchLang, P.ch, P.speaker, P.limit, P.offset, P.root];

export function parseSearch(params: URLSearchParams, facts: SearchFacts): { params: SearchParams } | { error: string } {
  const q = readParameter(params, P.q, facts);
  if (q === undefined) return { error: Q_MISSING };
  if (isRefused(q)) return q;
  const { values, refused } = readParameters(SEARCH_PARAMETERS, params, facts);
  return refused ?? searchFrom({ ...values, q }, facts);
}

/** A search of values each read already: q is required; the speaker named as the search names it. */
export function searchFrom(v: SearchValues, facts: SearchFacts): { params: SearchParams } | { error: string } {
  if (v.q === undefined) return { error: Q_MISSING };
  const out: SearchParams = { q: v.q };
  if (v.lang !== undefined) out.lang = v.lang;
  if (v.ch !== undefined) out.ch = v.ch;
  if (v.speaker !== undefined) out.speaker = facts.speakers[v.speaker].slug ?? facts.speakers[v.speaker].name;
  if (v.limit !== undefined) out.limit = v.limit;
  if (v.offset) out.offset = v.offset;
  if (v.root !== undefined) out.root = v.root;
  return { params: out };
}
