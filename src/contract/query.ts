// The query parameters the routes share, combined where they combine: a
// card's theme, the verse filters of random answers (ch, speaker), a card's
// verse (ch and sl), the day (?date=). Each value is read by its parameter's
// definition (parameters.ts), which words its 400; the server reads them
// before the handler (query-rules.ts), and these make what the handlers
// answer from out of the values read.
import { DayClock } from '../content/day.ts';
import type { Theme } from '../layout.ts';
import { DATED_MAX_AGE } from './limits.ts';
import { PARAMETERS, readParameters, type ParameterFacts, type Refused } from './parameters.ts';

export { speakerIndex } from './parameters.ts';
export type { Refused };

/** The content facts the query parsers need: verse counts, speakers, commentaries (from the manifest). */
export type QueryFacts = ParameterFacts;

/** A pool of verses to draw from: a chapter (0: any) and a speaker (an index into the manifest's speakers; -1: any). */
export interface VerseFilter {
  ch: number;
  speaker: number;
}

export const ANY_VERSE: VerseFilter = { ch: 0, speaker: -1 };

/** The values of a card's query, and of a random verse's, as read. */
export interface CardValues {
  ch?: number;
  sl?: number;
  speaker?: number;
  theme?: Theme;
}

/** The pool ?ch= and ?speaker= name (each read already); a filter that matches no verse is the route's 404. */
export const filterOf = (v: CardValues): VerseFilter => (v.ch === undefined && v.speaker === undefined ? ANY_VERSE : { ch: v.ch ?? 0, speaker: v.speaker ?? -1 });

/** A card's choice: a pool, or the verse ?ch=&sl= names (sl is read with its ch: parameters.ts), and a theme. */
export function cardOf(v: CardValues): VerseFilter & { sl?: number; theme?: Theme } {
  if (v.ch === undefined && v.speaker === undefined && v.theme === undefined) return ANY_VERSE; // sl comes with ch
  const picked: VerseFilter & { sl?: number; theme?: Theme } = { ...filterOf(v) };
  if (v.sl !== undefined) picked.sl = v.sl;
  if (v.theme) picked.theme = v.theme;
  return picked;
}

// In the cards' routes' order (routes/cards.ts): sl after the ch that bounds it.
const CARD = [PARAMETERS.ch, PARAMETERS.sl, PARAMETERS.speaker, PARAMETERS.theme];
const FILTER = [PARAMETERS.ch, PARAMETERS.speaker];

/**
 * ?ch= and ?speaker= of /slok and /gita.svg from a query: refused when they
 * name no chapter or speaker, or are given twice (a 400 naming the parameter
 * and its values).
 */
export function verseFilter(params: URLSearchParams, facts: QueryFacts): VerseFilter | Refused {
  const { values, refused } = readParameters(FILTER, params, facts);
  return refused ?? filterOf(values);
}

/**
 * Query parameters of /gita.svg from a query: none (random), ch and speaker
 * (random among those verses), ch and sl (that verse), and theme. A value
 * that names nothing: refused.
 */
export function cardQuery(params: URLSearchParams, facts: QueryFacts): (VerseFilter & { sl?: number; theme?: Theme }) | Refused {
  const { values, refused } = readParameters(CARD, params, facts);
  return refused ?? cardOf(values);
}

const clock = new DayClock();

/** The day ?date= names (read already), else today in UTC: the date and how long its answer may be cached. */
export function dayOf(date: string | undefined): { date: string; cache: string } {
  if (date !== undefined) return { date, cache: `public, max-age=${DATED_MAX_AGE}` };
  const now = Date.now();
  return { date: clock.at(now), cache: `public, max-age=${clock.secondsLeft(now)}` };
}
