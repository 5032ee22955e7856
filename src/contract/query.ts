// The query parameters the routes share, parsed: a card's theme, the verse
// filters of random answers (ch, speaker), a card's verse, the day (?date=).
// Each refuses a value that names nothing with the 400's message, naming the
// parameter and the values it takes (parameters.ts).
import { isDate } from '../content/daily.ts';
import { DayClock } from '../content/day.ts';
import { THEMES, type Theme } from '../layout.ts';
import { DATED_MAX_AGE } from './limits.ts';
import { PARAMETER_ERRORS, PARAMETERS, type ParameterFacts } from './query-rules.ts';
import { chapterValue, NUMBER, refuse, speakerIndex, speakerValue, type Refused } from './values.ts';

export { speakerIndex, type Refused };
const twice = (name: string, times: number): Refused => ({ error: PARAMETER_ERRORS.twice(name, times) });

/** ?theme= on a card: light, dark or auto; absent: undefined; anything else: refused. */
export function themeQuery(params: URLSearchParams): Theme | Refused | undefined {
  const all = params.getAll('theme');
  if (!all.length) return undefined;
  if (all.length > 1) return twice('theme', all.length);
  return (THEMES as readonly string[]).includes(all[0]) ? (all[0] as Theme) : refuse('theme', all[0], 'a theme', NO_FACTS);
}

/** The content facts the query parsers need: verse counts, speakers, commentaries (from the manifest). */
export type QueryFacts = ParameterFacts;
const NO_FACTS: ParameterFacts = { versesPerChapter: [], speakers: [], commentaries: [] };

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
  const ch = params.getAll('ch');
  const speaker = params.getAll('speaker');
  if (ch.length > 1) return twice('ch', ch.length);
  if (speaker.length > 1) return twice('speaker', speaker.length);
  const c = ch.length ? chapterValue(ch[0], facts) : 0;
  if (typeof c === 'object') return c;
  const sp = speaker.length ? speakerValue(speaker[0], facts) : -1;
  if (typeof sp === 'object') return sp;
  return { ch: c, speaker: sp };
}

/**
 * Query parameters of /gita.svg: none (random), ch and speaker (random among
 * those verses), ch and sl (that verse), and theme. A value that names
 * nothing: refused.
 */
export function cardQuery(params: URLSearchParams, facts: QueryFacts): (VerseFilter & { sl?: number; theme?: Theme }) | Refused {
  const theme = themeQuery(params);
  if (typeof theme === 'object') return theme;
  const filter = verseFilter(params, facts);
  if ('error' in filter) return filter;
  const sl = params.getAll('sl');
  if (sl.length > 1) return twice('sl', sl.length);
  if (sl.length && !filter.ch) return { error: `sl: a verse needs its chapter; give ch too (ch: ${PARAMETERS.ch(facts)})` };
  const picked: VerseFilter & { sl?: number; theme?: Theme } = { ...filter };
  if (sl.length) {
    if (!NUMBER.test(sl[0]) || Number(sl[0]) > facts.versesPerChapter[filter.ch - 1] + 1) return { error: PARAMETER_ERRORS.value('sl', sl[0], `a verse of chapter ${filter.ch}`, `1 to ${facts.versesPerChapter[filter.ch - 1] + 1} (${facts.versesPerChapter[filter.ch - 1] + 1}: its colophon)`) };
    picked.sl = Number(sl[0]);
  }
  if (theme) picked.theme = theme;
  return picked;
}

const clock = new DayClock();

/** ?date= (a real YYYY-MM-DD), else today in UTC: the date and how long its answer may be cached; refused: not a date. */
export function dayQuery(params: URLSearchParams | null): { date: string; cache: string } | Refused {
  const dates = params?.getAll('date') ?? [];
  if (dates.length > 1) return twice('date', dates.length);
  if (dates.length && !isDate(dates[0])) return refuse('date', dates[0], 'a day of the calendar', NO_FACTS);
  if (dates.length) return { date: dates[0], cache: `public, max-age=${DATED_MAX_AGE}` };
  const now = Date.now();
  return { date: clock.at(now), cache: `public, max-age=${clock.secondsLeft(now)}` };
}
