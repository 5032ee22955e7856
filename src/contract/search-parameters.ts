// The parameters of a search, checked once for the server and for the client
// on a static host, each read by its definition (parameters.ts): q
// (required, at most MAX_QUERY_LENGTH characters), lang (the records' languages
// and the build's versions'), ch, speaker, root (a verbal root's verses), limit
// (1 to 50, default 10) and offset (0 by default: the results to skip,
// paging through every match). A bad one is an error naming it and what it
// accepts, as the server's 400 says it.
import { isRefused, PARAMETERS as P, readParameter, type ParameterFacts, type SearchLang } from './parameters.ts';

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

export function parseSearch(params: URLSearchParams, facts: SearchFacts): { params: SearchParams } | { error: string } {
  const q = readParameter(params, P.q, facts);
  if (q === undefined) return { error: 'q: missing; the words to search for, in English, Hindi or Sanskrit (Devanagari, IAST or plain ASCII)' };
  if (isRefused(q)) return q;
  const out: SearchParams = { q };
  const lang = readParameter(params, P.searchLang, facts);
  if (isRefused(lang)) return lang;
  if (lang !== undefined) out.lang = lang;
  const ch = readParameter(params, P.ch, facts);
  if (isRefused(ch)) return ch;
  if (ch !== undefined) out.ch = ch;
  const speaker = readParameter(params, P.speaker, facts);
  if (isRefused(speaker)) return speaker;
  if (speaker !== undefined) out.speaker = facts.speakers[speaker].slug ?? facts.speakers[speaker].name;
  const limit = readParameter(params, P.limit, facts);
  if (isRefused(limit)) return limit;
  if (limit !== undefined) out.limit = limit;
  const offset = readParameter(params, P.offset, facts);
  if (isRefused(offset)) return offset;
  if (offset) out.offset = offset;
  const root = readParameter(params, P.root, facts);
  if (isRefused(root)) return root;
  if (root !== undefined) out.root = root;
  return { params: out };
}
