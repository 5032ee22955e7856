// The parameters of a search, checked once for the server and for the client
// on a static host: q (required, at most 200 characters), lang, ch, speaker,
// limit (1 to 50, default 10) and offset (0 by default: the results to skip,
// paging through every match). A bad one is an error naming it and what it
// accepts, as the server's 400 says it.
import { LANGS, type Lang } from '../content/projection.ts';
import { LIMIT_DEFAULT, LIMIT_MAX, OFFSET_MAX, PARAMETER_ERRORS, PARAMETERS, type ParameterId } from './parameters.ts';

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
  const ch = one('ch');
  if (typeof ch === 'object') return ch;
  if (ch !== undefined) {
    if (!/^[1-9][0-9]{0,2}$/.test(ch) || Number(ch) > facts.versesPerChapter.length) return wrong('ch', ch, 'a chapter');
    out.ch = Number(ch);
  }
  const speaker = one('speaker');
  if (typeof speaker === 'object') return speaker;
  if (speaker !== undefined) {
    const s = speaker.trim();
    const known = facts.speakers.find((x) => x.slug === s.toLowerCase() || x.name === s.normalize('NFC'));
    if (!known) return wrong('speaker', speaker, 'a speaker here');
    out.speaker = known.slug ?? known.name;
  }
  const limit = one('limit');
  if (typeof limit === 'object') return limit;
  if (limit !== undefined) {
    if (!/^[1-9][0-9]{0,2}$/.test(limit) || Number(limit) > LIMIT_MAX) return wrong('limit', limit, 'a number of results');
    out.limit = Number(limit);
  }
  const offset = one('offset');
  if (typeof offset === 'object') return offset;
  if (offset !== undefined) {
    if (!/^(?:0|[1-9][0-9]{0,4})$/.test(offset) || Number(offset) > OFFSET_MAX) return wrong('offset', offset, 'a number of results to skip');
    if (Number(offset)) out.offset = Number(offset);
  }
  return { params: out };
}
