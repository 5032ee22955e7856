// The projection a query asks for (lang, authors and fields together, and
// marks, which writes the transliteration otherwise), each read by its own
// parameter's definition (parameters.ts: the lists' items checked against the
// content there); the records' routes (their values read before the handler,
// query-rules.ts), the docs page and MCP combine them here. No imports beyond
// the parameters and the projection's languages: the browser's search
// bundles it.
import type { Marks } from '../content/display.ts';
import type { Lang, Projection, ProjectionFacts } from '../content/projection.ts';
import { PARAMETER_ERRORS, PARAMETERS, readParameters, type ParameterFacts, type Refused } from './parameters.ts';

export type ParsedProjection = { projection: Projection | null } | Refused;

/** The projection's parameters as read. */
export interface ProjectionValues {
  lang?: Lang;
  authors?: string[];
  fields?: string[];
  marks?: Marks;
}

const PROJECTION_PARAMETERS = [PARAMETERS.lang, PARAMETERS.authors, PARAMETERS.fields, PARAMETERS.marks];

/**
 * ?lang=, ?authors=, ?fields= and ?marks=: the projection they ask for, normalized
 * (lists sorted and deduplicated). `pathLang` is a language the path already
 * names (the static form `.../en.json`). An unknown value, an empty one or a
 * parameter given twice is refused, naming the parameter and what it takes;
 * no parameter at all is a null projection (the whole record).
 */
export function projectionValue(params: URLSearchParams, facts: ProjectionFacts, pathLang?: Lang): ParsedProjection {
  const worded: ParameterFacts = { versesPerChapter: [], speakers: [], commentaries: facts.commentaries, fields: facts.fields };
  const { values, refused } = readParameters(PROJECTION_PARAMETERS, params, worded);
  return refused ?? projectionFrom(values, pathLang);
}

/** The projection of values each read already: the path's language and ?lang= must agree (the one rule across them). */
export function projectionFrom(v: ProjectionValues, pathLang?: Lang): ParsedProjection {
  if (v.lang !== undefined && pathLang && pathLang !== v.lang) return { error: PARAMETER_ERRORS.pathLang(pathLang) };
  const p: Projection = {};
  const lang = v.lang ?? pathLang;
  if (lang) p.lang = lang;
  if (v.authors) p.authors = v.authors;
  if (v.fields) p.fields = v.fields;
  // marks=source is the record as it is: no projection of its own.
  if (v.marks === 'iast') p.marks = v.marks;
  return { projection: p.lang || p.authors || p.fields || p.marks ? p : null };
}
