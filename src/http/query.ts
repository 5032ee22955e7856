// The query parameters the routes share, parsed: a card's theme, the verse
// filters of random answers (ch, speaker), a card's verse, the day (?date=).
// Each returns null for what names nothing: the route answers "not found".
import { isDate } from '../content/daily.ts';
import { DayClock } from '../keys/limits.ts';
import { THEMES, type Theme } from '../layout.ts';
import { DATED_MAX_AGE } from './limits.ts';
import { NUMBER } from './match.ts';

/** ?theme= on a card: light, dark or auto; absent: undefined; anything else: null (not found). */
export function themeQuery(params: URLSearchParams): Theme | null | undefined {
  const all = params.getAll('theme');
  if (!all.length) return undefined;
  return all.length === 1 && (THEMES as readonly string[]).includes(all[0]) ? (all[0] as Theme) : null;
}

/** The content facts the query parsers need: verse counts and speakers (from the manifest). */
export interface QueryFacts {
  versesPerChapter: readonly number[];
  speakers: ReadonlyArray<{ slug: string | null; name: string }>;
}

/** A pool of verses to draw from: a chapter (0: any) and a speaker (an index into the manifest's speakers; -1: any). */
export interface VerseFilter {
  ch: number;
  speaker: number;
}

export const ANY_VERSE: VerseFilter = { ch: 0, speaker: -1 };

/** The speaker `value` names: its slug (any case) or its Devanagari name (any Unicode normalization); -2: none. */
export function speakerIndex(value: string, speakers: QueryFacts['speakers']): number {
  const slug = value.trim().toLowerCase();
  const name = value.trim().normalize('NFC');
  const i = speakers.findIndex((s) => s.slug === slug || s.name === name);
  return i === -1 ? -2 : i;
}

/**
 * ?ch= and ?speaker= of /slok and /gita.svg. Null when they name no chapter or
 * speaker, or are given twice: the route answers "not found".
 */
export function verseFilter(params: URLSearchParams, facts: QueryFacts): VerseFilter | null {
  const ch = params.getAll('ch');
  const speaker = params.getAll('speaker');
  if (ch.length > 1 || speaker.length > 1) return null;
  let c = 0;
  if (ch.length) {
    if (!NUMBER.test(ch[0]) || Number(ch[0]) > facts.versesPerChapter.length) return null;
    c = Number(ch[0]);
  }
  let sp = -1;
  if (speaker.length) {
    sp = speakerIndex(speaker[0], facts.speakers);
    if (sp < 0) return null;
  }
  return { ch: c, speaker: sp };
}

/**
 * Query parameters of /gita.svg: none (random), ch and speaker (random among
 * those verses), ch and sl (that verse), and theme. Anything that does not
 * name a verse: null.
 */
export function cardQuery(params: URLSearchParams, facts: QueryFacts): (VerseFilter & { sl?: number; theme?: Theme }) | null {
  const theme = themeQuery(params);
  if (theme === null) return null;
  const filter = verseFilter(params, facts);
  if (!filter) return null;
  const sl = params.getAll('sl');
  if (sl.length > 1 || (sl.length && !filter.ch)) return null;
  const picked: VerseFilter & { sl?: number; theme?: Theme } = { ...filter };
  if (sl.length) {
    if (!NUMBER.test(sl[0]) || Number(sl[0]) > facts.versesPerChapter[filter.ch - 1] + 1) return null;
    picked.sl = Number(sl[0]);
  }
  if (theme) picked.theme = theme;
  return picked;
}

const clock = new DayClock();

/** ?date= (a real YYYY-MM-DD), else today in UTC: the date and how long its answer may be cached; null: not a date. */
export function dayQuery(params: URLSearchParams | null): { date: string; cache: string } | null {
  const dates = params?.getAll('date') ?? [];
  if (dates.length > 1 || (dates.length && !isDate(dates[0]))) return null;
  if (dates.length) return { date: dates[0], cache: `public, max-age=${DATED_MAX_AGE}` };
  const now = Date.now();
  return { date: clock.at(now), cache: `public, max-age=${clock.secondsLeft(now)}` };
}
