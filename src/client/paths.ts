// Where a method's route answers, and its query as the server reads it.
import { fillPath } from '../contract/paths.ts';
import { CLIENT_FILES, CLIENT_PATHS, type ClientMethod } from '../contract/routes/client-paths.ts';
import type { Lang, ProjectionOptions } from './types.ts';
import type { State } from './state.ts';

export const list = (values: readonly string[]) => values.map(encodeURIComponent).join(',');

/**
 * Where a method's route answers (the route that declares the method by its
 * name): its path on a server; on a static host its file (the route table's),
 * relative to the base, in a language when asked.
 */
export function at(s: State, method: ClientMethod, params: Record<string, string | number> = {}, lang?: Lang): string {
  if (s.mode === 'server') return fillPath(CLIENT_PATHS[method], params);
  const file = fillPath(CLIENT_FILES[method]!, params).slice(1);
  return lang ? file.replace(/index\.json$/, `${lang}.json`) : file;
}

/** The query of a projection, as the server reads it. */
export function projectionQuery(p?: ProjectionOptions): string {
  if (!p) return '';
  const q: string[] = [];
  if (p.lang) q.push(`lang=${p.lang}`);
  if (p.authors) q.push(`authors=${list(p.authors)}`);
  if (p.fields) q.push(`fields=${list(p.fields)}`);
  if (p.marks) q.push(`marks=${encodeURIComponent(p.marks)}`);
  return q.join('&');
}

export const meterQuery = (asked?: readonly string[]) => (asked ? `meter=${list(asked)}` : '');

/** A path with the parts of its query that are not empty. */
export const withQuery = (path: string, ...parts: string[]) => {
  const q = parts.filter(Boolean).join('&');
  return q ? `${path}?${q}` : path;
};
