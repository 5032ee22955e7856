// The parameters of a search, checked once for the server and for the client
// on a static host: q (required, at most 200 characters), lang, ch, speaker,
// limit (1 to 50, default 10) and offset (0 by default: the results to skip,
// paging through every match). A bad one is an error naming it and what it
// accepts, as the server's 400 says it.
import { LANGS, type Lang } from '../content/projection.ts';
import { LIMIT_DEFAULT, LIMIT_MAX, OFFSET_MAX, PARAMETER_ERRORS, PARAMETERS, type ParameterId } from './parameters.ts';
import { chapterValue, limitValue, offsetValue, speakerValue } from './values.ts';

/** The longest query: no one types more, and a search's cost grows with it. Longer is refused (never cut silently). */
export const MAX_QUERY_LENGTH = 200;

export interface SearchParams {
  q: string;
  lang?: Lang;
  ch?: number;
  speaker?: string;
  limit?: number;
  /** How many of the best results to skip (paging): 0 by default. */
  offset?: number;
}
/** Results per answer (default and most) and how far offset goes: worded once with the other parameters (query-rules.ts). */
export { LIMIT_DEFAULT, LIMIT_MAX, OFFSET_MAX };

/** What the content offers to filter by (from the manifest). */
export interface SearchFacts {
  versesPerChapter: readonly number[];
  speakers: ReadonlyArray<{ slug: string | null; name: string }>;
  commentaries?: ReadonlyArray<{ key: string }>;
}

export function parseSearch(params: URLSearchParams, facts: SearchFacts): { params: SearchParams } | { error: string } {
  const one = (name: string): string | undefined | { error: string } => {
    const all = params.getAll(name);
    if (all.length > 1) return { error: PARAMETER_ERRORS.twice(name, all.length) };
    return all[0];
  };
  const q = one('q');
  if (typeof q === 'object') return q;
  if (q === undefined || !q.trim()) return { error: `q: ${q === undefined ? 'missing' : 'empty'}; the words to search for, in English, Hindi or Sanskrit (Devanagari, IAST or plain ASCII)` };
  if (q.length > MAX_QUERY_LENGTH) return { error: `q: ${q.length} characters; at most ${MAX_QUERY_LENGTH}` };
  const out: SearchParams = { q };
  const wrong = (name: ParameterId, value: string, what: string) => ({ error: PARAMETER_ERRORS.value(name, value, what, PARAMETERS[name](facts)) });
  const lang = one('lang');
  if (typeof lang === 'object') return lang;
  if (lang !== undefined) {
    if (!(LANGS as string[]).includes(lang)) return wrong('lang', lang, 'a language here');
    out.lang = lang as Lang;
  }
  // ch, speaker, limit and offset read as every route reads them (values.ts).
  const ch = one('ch');
  if (typeof ch === 'object') return ch;
  if (ch !== undefined) {
    const c = chapterValue(ch, facts);
    if (typeof c === 'object') return c;
    out.ch = c;
  }
  const speaker = one('speaker');
  if (typeof speaker === 'object') return speaker;
  if (speaker !== undefined) {
    const i = speakerValue(speaker, facts);
    if (typeof i === 'object') return i;
    out.speaker = facts.speakers[i].slug ?? facts.speakers[i].name;
  }
  const limit = one('limit');
  if (typeof limit === 'object') return limit;
  if (limit !== undefined) {
    const n = limitValue(limit, facts);
    if (typeof n === 'object') return n;
    out.limit = n;
  }
  const offset = one('offset');
  if (typeof offset === 'object') return offset;
  if (offset !== undefined) {
    const n = offsetValue(offset, facts);
    if (typeof n === 'object') return n;
    if (n) out.offset = n;
  }
  return { params: out };
}
