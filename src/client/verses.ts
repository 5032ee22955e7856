// The methods that answer verse records: on a server its routes; on a static
// host the verse files, with the draw, the day's pick and the reading of a
// reference made here, exactly as the server makes them.
import { readCitation } from '../content/citations.ts';
import { findRefs as findInText, refAnswer } from '../content/find-refs.ts';
import { indexFromDigest, isDate } from '../content/day.ts';
import { PARAMETER_ERRORS, PARAMETERS } from '../contract/parameters.ts';
import { NOT_FOUND } from '../contract/errors.ts';
import { GitaError } from './error.ts';
import { loadFacts, meterKeeps, narrow, sha256, speakerIndex, staticVerse } from './host.ts';
import { at, meterQuery, projectionQuery, withQuery } from './paths.ts';
import { get, post } from './transport.ts';
import type { Facts, State } from './state.ts';
import type { FoundRef, ProjectionOptions, Verse, VersesOptions } from './types.ts';

/** Files fetched at once for verses() on a static host. */
const STATIC_FETCHES = 8;

type Filter = { chapter?: number; speaker?: string; meter?: readonly string[] };

export async function verse(s: State, chapter: number, sl: number, o?: ProjectionOptions): Promise<unknown> {
  if (s.mode === 'static') return staticVerse(s, chapter, sl, o);
  return get(s, withQuery(at(s, 'verse', { ch: chapter, sl }), projectionQuery(o)));
}

export async function random(s: State, filter: Filter = {}, o?: ProjectionOptions): Promise<unknown> {
  if (s.mode === 'server') {
    const q = [filter.chapter ? `ch=${filter.chapter}` : '', filter.speaker ? `speaker=${encodeURIComponent(filter.speaker)}` : '', meterQuery(filter.meter)];
    return get(s, withQuery(at(s, 'random'), ...q, projectionQuery(o)));
  }
  // A static host answers one file per path: the draw is made here, uniformly over the matching verses.
  const pool = await drawPool(s, await loadFacts(s), filter);
  if (!pool.length) throw new GitaError(404, NOT_FOUND.verse, s.base);
  const [c, v] = pool[Math.floor(Math.random() * pool.length)];
  return staticVerse(s, c, v, o);
}

/** The verses a static draw picks from: of the chapter, the speaker and the meters asked. */
async function drawPool(s: State, f: Facts, filter: Filter): Promise<Array<[number, number]>> {
  if (filter.chapter && !(Number.isInteger(filter.chapter) && filter.chapter >= 1 && filter.chapter <= f.versesPerChapter.length)) {
    throw new GitaError(400, PARAMETER_ERRORS.value('ch', String(filter.chapter), 'a chapter', PARAMETERS.ch.values(f)), s.base);
  }
  const speaker = filter.speaker ? speakerIndex(s, f, filter.speaker) : -1;
  const keeps = filter.meter ? await meterKeeps(s, filter.meter) : () => true;
  const pool: Array<[number, number]> = [];
  f.versesPerChapter.forEach((n, i) => {
    if (filter.chapter && filter.chapter !== i + 1) return;
    for (let v = 1; v <= n; v++) if ((speaker < 0 || f.speakerOf[i][v - 1] === speaker) && keeps(i + 1, v)) pool.push([i + 1, v]);
  });
  return pool;
}

export async function today(s: State, day: { date?: string } = {}, o?: ProjectionOptions): Promise<unknown> {
  if (s.mode === 'server') return get(s, withQuery(at(s, 'today'), day.date ? `date=${encodeURIComponent(day.date)}` : '', projectionQuery(o)));
  if (!day.date) return narrow(s, await get(s, at(s, 'today', {}, o?.lang)), o);
  // Another day: picked here exactly as the build and the server pick it; an impossible date is the server's 400.
  if (!isDate(day.date)) throw new GitaError(400, PARAMETER_ERRORS.value('date', day.date, 'a day of the calendar', PARAMETERS.date.values({ versesPerChapter: [], speakers: [] })), s.base);
  const f = await loadFacts(s);
  const verses = f.versesPerChapter.flatMap((n, i) => Array.from({ length: n }, (_, v) => [i + 1, v + 1] as const));
  const [c, v] = verses[indexFromDigest(await sha256(day.date), verses.length)];
  return staticVerse(s, c, v, o);
}

export async function verses(s: State, ref: string, o?: VersesOptions): Promise<{ refs: string[]; verses: unknown[] }> {
  if (s.mode === 'server') return get(s, withQuery(at(s, 'verses'), `ref=${encodeURIComponent(ref)}`, meterQuery(o?.meter), projectionQuery(o)));
  // Read here as the server reads it (the same reader, the same sentences), then one file per verse.
  const cited = readCitation(ref, (await loadFacts(s)).versesPerChapter);
  if (!cited.ok) throw new GitaError(cited.error.kind === 'missing' ? 404 : 400, cited.error.kind === 'missing' ? NOT_FOUND.verse : cited.error.message, s.base);
  const keeps = o?.meter ? await meterKeeps(s, o.meter) : () => true;
  const wanted = cited.verses.filter((v) => keeps(v.ch, v.sl));
  if (!wanted.length) throw new GitaError(404, NOT_FOUND.verse, s.base);
  return { refs: cited.refs, verses: await fetchVerses(s, wanted, o) };
}

/** The verses' files, in order, a few at a time: up to 100 files, and a host (or a browser) that queues the rest anyway. */
async function fetchVerses(s: State, wanted: Array<{ ch: number; sl: number }>, o?: ProjectionOptions): Promise<unknown[]> {
  const out = new Array(wanted.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < wanted.length; i = next++) out[i] = await staticVerse(s, wanted[i].ch, wanted[i].sl, o);
  };
  await Promise.all(Array.from({ length: Math.min(STATIC_FETCHES, wanted.length) }, worker));
  return out;
}

export async function chapterVerses(s: State, chapter: number, o?: ProjectionOptions): Promise<unknown[]> {
  if (s.mode === 'server') return get(s, withQuery(at(s, 'chapterVerses', { ch: chapter }), projectionQuery(o)));
  const records = await get<Verse[]>(s, at(s, 'chapterVerses', { ch: chapter }, o?.lang));
  return records.map((r) => narrow(s, r, o));
}

export async function findRefs(s: State, text: string): Promise<{ refs: FoundRef[]; more: boolean }> {
  if (s.mode === 'server') return post(s, at(s, 'findRefs'), { text });
  const found = findInText(text, (await loadFacts(s)).versesPerChapter);
  if (!found.ok) throw new GitaError(400, found.error.message, s.base);
  return { refs: found.refs.map(refAnswer), more: found.more };
}
