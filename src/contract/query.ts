// The query parameters the routes share, read together where they combine:
// a card's theme, the verse filters of random answers (ch, speaker), a
// card's verse (ch and sl), the day (?date=). Each value is read by its
// parameter's definition (parameters.ts), which words its 400.
import { DayClock } from '../content/day.ts';
import type { Theme } from '../layout.ts';
import { DATED_MAX_AGE } from './limits.ts';
import { isRefused, NUMBER, PARAMETER_ERRORS, PARAMETERS, readParameter, type ParameterFacts, type Refused } from './parameters.ts';

export { speakerIndex } from './parameters.ts';
export type { Refused };

const NO_FACTS: ParameterFacts = { versesPerChapter: [], speakers: [], commentaries: [] };

/** ?theme= on a card: light, dark or auto; absent: undefined; anything else: refused. */
export const themeQuery = (params: URLSearchParams): Theme | Refused | undefined => readParameter(params, PARAMETERS.theme, NO_FACTS);

/** The content facts the query parsers need: verse counts, speakers, commentaries (from the manifest). */
export type QueryFacts = ParameterFacts;

/** A pool of verses to draw from: a chapter (0: any) and a speaker (an index into the manifest's speakers; -1: any). */
export interface VerseFilter {
  ch: number;
  speaker: number;
}

export const ANY_VERSE: VerseFilter = { ch: 0, speaker: -1 };

/**
 * ?ch= and ?speaker= of /slok and /gita.svg: refused when they name no
 * chapter or speaker, or are given twice (a 400 naming the parameter and
 * its values); a filter that matches no verse is the route's 404.
 */
export function verseFilter(params: URLSearchParams, facts: QueryFacts): VerseFilter | Refused {
  const ch = readParameter(params, PARAMETERS.ch, facts);
  if (isRefused(ch)) return ch;
  const speaker = readParameter(params, PARAMETERS.speaker, facts);
  if (isRefused(speaker)) return speaker;
  return { ch: ch ?? 0, speaker: speaker ?? -1 };
}

/**
 * Query parameters of /gita.svg: none (random), ch and speaker (random among
 * those verses), ch and sl (that verse), and theme. A value that names
 * nothing: refused.
 */
export function cardQuery(params: URLSearchParams, facts: QueryFacts): (VerseFilter & { sl?: number; theme?: Theme }) | Refused {
  const theme = themeQuery(params);
  if (isRefused(theme)) return theme;
  const filter = verseFilter(params, facts);
  if ('error' in filter) return filter;
  const sl = params.getAll('sl');
  if (sl.length > 1) return { error: PARAMETER_ERRORS.twice('sl', sl.length) };
  if (sl.length && !filter.ch) return { error: `sl: a verse needs its chapter; give ch too (ch: ${PARAMETERS.ch.values(facts)})` };
  const picked: VerseFilter & { sl?: number; theme?: Theme } = { ...filter };
  if (sl.length) {
    const last = facts.versesPerChapter[filter.ch - 1] + 1;
    if (!NUMBER.test(sl[0]) || Number(sl[0]) > last) return { error: PARAMETER_ERRORS.value('sl', sl[0], `a verse of chapter ${filter.ch}`, `1 to ${last} (${last}: its colophon)`) };
    picked.sl = Number(sl[0]);
  }
  if (theme) picked.theme = theme;
  return picked;
}

const clock = new DayClock();

/** ?date= (a real YYYY-MM-DD), else today in UTC: the date and how long its answer may be cached; refused: not a date. */
export function dayQuery(params: URLSearchParams | null): { date: string; cache: string } | Refused {
  const date = readParameter(params, PARAMETERS.date, NO_FACTS);
  if (isRefused(date)) return date;
  if (date !== undefined) return { date, cache: `public, max-age=${DATED_MAX_AGE}` };
  const now = Date.now();
  return { date: clock.at(now), cache: `public, max-age=${clock.secondsLeft(now)}` };
}
