// The parameters of a search, checked once for the server and for the client
// on a static host: q (required, at most 500 characters), lang, ch, speaker
// and limit (1 to 50, default 10). A bad one is an error naming it and what it
// accepts, as the server's 400 says it.
import { LANGS, type Lang } from '../content/projection.ts';
import type { SearchParams } from './query.ts';

export const MAX_QUERY_LENGTH = 500;
/** Results per answer: by default, and at most. */
export const LIMIT_DEFAULT = 10;
export const LIMIT_MAX = 50;

/** What the content offers to filter by (from the manifest). */
export interface SearchFacts {
  versesPerChapter: readonly number[];
  speakers: ReadonlyArray<{ slug: string | null; name: string }>;
}

export function parseSearch(params: URLSearchParams, facts: SearchFacts): { params: SearchParams } | { error: string } {
  const one = (name: string): string | undefined | { error: string } => {
    const all = params.getAll(name);
    if (all.length > 1) return { error: `${name}: given ${all.length} times; give it once` };
    return all[0];
  };
  const q = one('q');
  if (typeof q === 'object') return q;
  if (q === undefined || !q.trim()) return { error: `q: ${q === undefined ? 'missing' : 'empty'}; the words to search for, in English, Hindi or Sanskrit (Devanagari, IAST or plain ASCII)` };
  if (q.length > MAX_QUERY_LENGTH) return { error: `q: ${q.length} characters; at most ${MAX_QUERY_LENGTH}` };
  const out: SearchParams = { q };
  const lang = one('lang');
  if (typeof lang === 'object') return lang;
  if (lang !== undefined) {
    if (!(LANGS as string[]).includes(lang)) return { error: `lang: ${JSON.stringify(lang)} is not a language here; expected one of ${LANGS.join(', ')}` };
    out.lang = lang as Lang;
  }
  const ch = one('ch');
  if (typeof ch === 'object') return ch;
  if (ch !== undefined) {
    if (!/^[1-9][0-9]{0,2}$/.test(ch) || Number(ch) > facts.versesPerChapter.length) return { error: `ch: ${JSON.stringify(ch)} is not a chapter; expected 1 to ${facts.versesPerChapter.length}` };
    out.ch = Number(ch);
  }
  const speaker = one('speaker');
  if (typeof speaker === 'object') return speaker;
  if (speaker !== undefined) {
    const s = speaker.trim();
    const known = facts.speakers.find((x) => x.slug === s.toLowerCase() || x.name === s.normalize('NFC'));
    if (!known) return { error: `speaker: ${JSON.stringify(speaker)} is not a speaker here; expected one of ${facts.speakers.map((x) => x.slug ?? x.name).join(', ')} (or the Devanagari name)` };
    out.speaker = known.slug ?? known.name;
  }
  const limit = one('limit');
  if (typeof limit === 'object') return limit;
  if (limit !== undefined) {
    if (!/^[1-9][0-9]{0,2}$/.test(limit) || Number(limit) > LIMIT_MAX) return { error: `limit: ${JSON.stringify(limit)} is not a number of results; expected 1 to ${LIMIT_MAX} (default ${LIMIT_DEFAULT})` };
    out.limit = Number(limit);
  }
  return { params: out };
}
