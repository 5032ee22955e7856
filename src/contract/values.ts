// The projection a query asks for (lang, authors and fields together, and
// marks, which writes the transliteration otherwise), read
// with each parameter's own definition (parameters.ts) and the items of the
// two lists checked against the content: the records' routes, the docs page
// and MCP read it here. No imports beyond the parameters and the
// projection's languages: the browser's search bundles it.
import type { Lang, Projection, ProjectionFacts } from '../content/projection.ts';
import { isRefused, PARAMETER_ERRORS, PARAMETERS, readParameter, type Parameter, type ParameterFacts, type Refused } from './parameters.ts';

export type ParsedProjection = { projection: Projection | null } | Refused;

/**
 * ?lang=, ?authors=, ?fields= and ?marks=: the projection they ask for, normalized
 * (lists sorted and deduplicated). `pathLang` is a language the path already
 * names (the static form `.../en.json`). An unknown value, an empty one or a
 * parameter given twice is refused, naming the parameter and what it takes;
 * no parameter at all is a null projection (the whole record).
 */
export function projectionValue(params: URLSearchParams, facts: ProjectionFacts, pathLang?: Lang): ParsedProjection {
  const worded: ParameterFacts = { versesPerChapter: [], speakers: [], commentaries: facts.commentaries, fields: facts.fields };
  const p: Projection = {};
  /** A parameter's value: refused when empty (it names nothing), else read by its definition. */
  const one = <T>(param: Parameter<T>): T | Refused | undefined => {
    const given = params.getAll(param.name);
    if (given.length === 1 && !given[0].trim()) return { error: PARAMETER_ERRORS.empty(param.name, param.values(worded)) };
    return readParameter(params, param, worded);
  };
  const lang = one(PARAMETERS.lang);
  if (isRefused(lang)) return lang;
  if (lang !== undefined) {
    if (pathLang && pathLang !== lang) return { error: PARAMETER_ERRORS.pathLang(pathLang) };
    p.lang = lang;
  } else if (pathLang) p.lang = pathLang;

  const keys = new Map(facts.commentaries.map((c) => [c.key, c]));
  const list = (param: Parameter<string[]>, check: (item: string) => string | null): string[] | Refused | undefined => {
    const raw = params.get(param.name) ?? '';
    const items = one(param);
    if (items === undefined || isRefused(items)) return items;
    for (const item of items) {
      if (!item) return { error: PARAMETER_ERRORS.emptyItem(param.name, raw, param.values(worded)) };
      const wrong = check(item);
      if (wrong) return { error: PARAMETER_ERRORS.item(param.name, wrong, param.values(worded)) };
    }
    return [...new Set(items)].sort();
  };
  const authors = list(PARAMETERS.authors, (a) => (keys.has(a) ? null : `${JSON.stringify(a)} is not a commentary here`));
  if (isRefused(authors)) return authors;
  if (authors) p.authors = authors;
  const fields = list(PARAMETERS.fields, (f) => {
    const dot = f.indexOf('.');
    if (dot === -1) return keys.has(f) || facts.fields.includes(f) ? null : `${JSON.stringify(f)} is not a field here`;
    const c = keys.get(f.slice(0, dot));
    const t = f.slice(dot + 1);
    if (!c) return `${JSON.stringify(f)}: ${JSON.stringify(f.slice(0, dot))} is not a commentary here`;
    if (t === 'author') return `${JSON.stringify(f)}: author comes with every commentary kept; name a text field`;
    if (!Object.hasOwn(c.fields, t)) return `${JSON.stringify(f)}: ${c.key} has ${Object.keys(c.fields).join(', ')}`;
    return null;
  });
  if (isRefused(fields)) return fields;
  if (fields) p.fields = fields;
  // marks=source is the record as it is: no projection of its own.
  const marks = one(PARAMETERS.marks);
  if (isRefused(marks)) return marks;
  if (marks === 'iast') p.marks = marks;
  return { projection: p.lang || p.authors || p.fields || p.marks ? p : null };
}
