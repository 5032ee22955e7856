// One parser per query parameter value that several routes take: what a
// value names, or the 400's message (worded in parameters.ts). The random
// verse, the cards and search read ch and speaker here; search its limit and
// offset. No imports beyond the wordings: the browser's search bundles it.
import { LIMIT_MAX, OFFSET_MAX, PARAMETER_ERRORS, PARAMETERS, type ParameterFacts, type ParameterId } from './parameters.ts';

/** A value the route cannot take: the 400's message, naming the parameter and the values it takes. */
export interface Refused {
  error: string;
}

export const refuse = (name: ParameterId, value: string, what: string, facts: ParameterFacts): Refused => ({ error: PARAMETER_ERRORS.value(name, value, what, PARAMETERS[name](facts)) });

/** `ch`, `sl` and the like are plain decimal integers, nothing else. */
export const NUMBER = /^[1-9][0-9]{0,5}$/;

/** ?ch=: a chapter of the content. */
export function chapterValue(value: string, facts: ParameterFacts): number | Refused {
  return NUMBER.test(value) && Number(value) <= facts.versesPerChapter.length ? Number(value) : refuse('ch', value, 'a chapter', facts);
}

/** The speaker `value` names: its slug (any case) or its Devanagari name (any Unicode normalization); -2: none. */
export function speakerIndex(value: string, speakers: ParameterFacts['speakers']): number {
  const slug = value.trim().toLowerCase();
  const name = value.trim().normalize('NFC');
  const i = speakers.findIndex((s) => s.slug === slug || s.name === name);
  return i === -1 ? -2 : i;
}

/** ?speaker=: the index of a speaker of the content. */
export function speakerValue(value: string, facts: ParameterFacts): number | Refused {
  const i = speakerIndex(value, facts.speakers);
  return i < 0 ? refuse('speaker', value, 'a speaker here', facts) : i;
}

/** ?limit= of search: 1 to LIMIT_MAX. */
export function limitValue(value: string, facts: ParameterFacts): number | Refused {
  return /^[1-9][0-9]{0,2}$/.test(value) && Number(value) <= LIMIT_MAX ? Number(value) : refuse('limit', value, 'a number of results', facts);
}

/** ?offset= of search: 0 to OFFSET_MAX. */
export function offsetValue(value: string, facts: ParameterFacts): number | Refused {
  return /^(?:0|[1-9][0-9]{0,4})$/.test(value) && Number(value) <= OFFSET_MAX ? Number(value) : refuse('offset', value, 'a number of results to skip', facts);
}
