// One parser per query parameter value that several routes take: what a
// value names, or the 400's message (worded in parameters.ts). The random
// verse, the cards and search read ch and speaker here; search its limit and
// offset; the records, the docs page and MCP a projection (lang, authors,
// fields). No imports beyond the wordings and the projection's languages:
// the browser's search bundles it.
import { LANGS, type Lang, type Projection, type ProjectionFacts } from '../content/projection.ts';
import { LIMIT_MAX, LIST_MAX, OFFSET_MAX, PARAMETER_ERRORS, PARAMETERS, type ParameterFacts, type ParameterId } from './parameters.ts';

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

export type ParsedProjection = { projection: Projection | null } | Refused;

/**
 * ?lang=, ?authors= and ?fields=: the projection they ask for, normalized
 * (lists sorted and deduplicated). `pathLang` is a language the path already
 * names (the static form `.../en.json`). An unknown value, an empty one or a
 * parameter given twice is refused, naming the parameter and what it takes;
 * no parameter at all is a null projection (the whole record).
 */
export function projectionValue(params: URLSearchParams, facts: ProjectionFacts, pathLang?: Lang): ParsedProjection {
  const worded: ParameterFacts = { versesPerChapter: [], speakers: [], commentaries: facts.commentaries, fields: facts.fields };
  const values = (name: 'lang' | 'authors' | 'fields') => PARAMETERS[name](worded);
  const p: Projection = {};
  const one = (name: 'lang' | 'authors' | 'fields'): string | null | Refused => {
    const all = params.getAll(name);
    if (!all.length) return null;
    if (all.length > 1) return { error: PARAMETER_ERRORS.twice(name, all.length) };
    if (!all[0].trim()) return { error: PARAMETER_ERRORS.empty(name, values(name)) };
    return all[0];
  };
  const lang = one('lang');
  if (lang !== null && typeof lang === 'object') return lang;
  if (lang !== null) {
    if (!(LANGS as string[]).includes(lang)) return refuse('lang', lang, 'a language here', worded);
    if (pathLang && pathLang !== lang) return { error: PARAMETER_ERRORS.pathLang(pathLang) };
    p.lang = lang as Lang;
  } else if (pathLang) p.lang = pathLang;

  const keys = new Map(facts.commentaries.map((c) => [c.key, c]));
  const list = (name: 'authors' | 'fields', check: (item: string) => string | null): string[] | Refused | null => {
    const raw = one(name);
    if (raw === null || typeof raw === 'object') return raw;
    const items = raw.split(',').map((s) => s.trim());
    if (items.length > LIST_MAX) return { error: PARAMETER_ERRORS.tooMany(name, items.length) };
    for (const item of items) {
      if (!item) return { error: PARAMETER_ERRORS.emptyItem(name, raw, values(name)) };
      const wrong = check(item);
      if (wrong) return { error: PARAMETER_ERRORS.item(name, wrong, values(name)) };
    }
    return [...new Set(items)].sort();
  };
  const authors = list('authors', (a) => (keys.has(a) ? null : `${JSON.stringify(a)} is not a commentary here`));
  if (authors && 'error' in authors) return authors;
  if (authors) p.authors = authors;
  const fields = list('fields', (f) => {
    const dot = f.indexOf('.');
    if (dot === -1) return keys.has(f) || facts.fields.includes(f) ? null : `${JSON.stringify(f)} is not a field here`;
    const c = keys.get(f.slice(0, dot));
    const t = f.slice(dot + 1);
    if (!c) return `${JSON.stringify(f)}: ${JSON.stringify(f.slice(0, dot))} is not a commentary here`;
    if (t === 'author') return `${JSON.stringify(f)}: author comes with every commentary kept; name a text field`;
    if (!Object.hasOwn(c.fields, t)) return `${JSON.stringify(f)}: ${c.key} has ${Object.keys(c.fields).join(', ')}`;
    return null;
  });
  if (fields && 'error' in fields) return fields;
  if (fields) p.fields = fields;
  return { projection: p.lang || p.authors || p.fields ? p : null };
}
