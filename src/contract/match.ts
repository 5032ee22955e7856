// Request paths matched against the routes (routes/): each route's
// path is compiled once into segments (literals, typed parameters, a card's
// themed name, a file name of the static build), and a path is tried against
// the routes that share its first segment, in the table's order.
import { LANG_FORMS, THEMES, type LangForm, type Theme } from '../layout.ts';
import type { NotFoundKind } from './errors.ts';
import { PATH_PARAMETERS } from './path-parameters.ts';
import type { Params, RouteSpec } from './route.ts';
import { ROUTES, type RouteId } from './routes/index.ts';

/** No route: the 404's wording, and whether the path's family answers pages (its 404 is a page too). */
export type Match = ({ route: RouteSpec<RouteId> } & Params) | { route: null; notFound: NotFoundKind; page?: boolean };

type Counts = readonly number[];

type Segment =
  | { literal: string }
  | { names: ReadonlyMap<string, Theme> }
  | { pattern: RegExp; params: Array<keyof Params> };

interface Compiled {
  route: RouteSpec<RouteId>;
  segments: Segment[];
}

/** gita.svg → gita.svg (auto), gita-light.svg, gita-dark.svg. */
function themedNames(name: string): Map<string, Theme> {
  const dot = name.lastIndexOf('.');
  return new Map(THEMES.map((t) => [t === 'auto' ? name : `${name.slice(0, dot)}-${t}${name.slice(dot)}`, t]));
}

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

function compile(route: RouteSpec<RouteId>, path: string, themed: boolean): Compiled {
  const parts = path === '/' ? [''] : path.slice(1).split('/');
  const segments = parts.map((part, i): Segment => {
    if (themed && i === parts.length - 1) return { names: themedNames(part) };
    if (!part.includes('{')) return { literal: part };
    const params: Array<keyof Params> = [];
    const source = part.split(/(\{\w+\})/).map((piece) => {
      const name = /^\{(\w+)\}$/.exec(piece)?.[1];
      if (!name) return escape(piece);
      if (!PATH_PARAMETERS[name]) throw new Error(`${route.id}: ${path}: {${name}} is not a parameter type (path-parameters.ts)`);
      params.push(name as keyof Params);
      return '([^/]+?)';
    });
    return { pattern: new RegExp(`^${source.join('')}$`), params };
  });
  return { route, segments };
}

/** The compiled routes by their first segment (a themed one under each of its names), in the table's order. */
function index(routes: readonly RouteSpec<RouteId>[]): Map<string, Compiled[]> {
  const byFirst = new Map<string, Compiled[]>();
  for (const route of routes) {
    for (const path of [route.path, ...(route.aliases ?? [])]) {
      const c = compile(route, path, !!route.themed && path === route.path);
      const first = c.segments[0];
      if (!('literal' in first) && !('names' in first)) throw new Error(`${route.id}: a path starts with a literal segment`);
      for (const key of 'literal' in first ? [first.literal] : first.names.keys()) {
        if (!byFirst.has(key)) byFirst.set(key, []);
        byFirst.get(key)!.push(c);
      }
    }
  }
  return byFirst;
}

/** `index.json` and `en.json` (the static files' names): the whole resource, or one language of it. */
function fileForm(name: string, files: 'index' | 'lang'): { lang?: LangForm } | null {
  if (name === 'index.json') return {};
  if (files !== 'lang' || !name.endsWith('.json')) return null;
  const lang = name.slice(0, -5);
  return (LANG_FORMS as readonly string[]).includes(lang) ? { lang: lang as LangForm } : null;
}

/** The segments against one compiled route: its parameters, or null. */
function tryRoute(c: Compiled, seg: string[], counts: Counts): Params | null {
  const n = c.segments.length;
  const extra = seg.length - n;
  if (extra !== 0 && !(extra === 1 && c.route.files)) return null;
  const got: Params = {};
  for (let i = 0; i < n; i++) {
    const s = c.segments[i];
    const value = seg[i];
    if ('literal' in s) {
      if (value !== s.literal) return null;
    } else if ('names' in s) {
      const theme = s.names.get(value);
      if (!theme) return null;
      got.theme = theme;
    } else {
      const m = s.pattern.exec(value);
      if (!m) return null;
      for (let k = 0; k < s.params.length; k++) {
        const v = PATH_PARAMETERS[s.params[k]].match(m[k + 1], got, counts);
        if (v === undefined) return null;
        (got as Record<string, unknown>)[s.params[k]] = v;
      }
    }
  }
  if (extra) {
    const form = fileForm(seg[n], c.route.files!);
    if (!form) return null;
    if (form.lang) got.lang = form.lang;
  }
  return got;
}

export type Matcher = (pathname: string, versesPerChapter: readonly number[]) => Match;

/**
 * A matcher of request paths (no query) against `routes`. `versesPerChapter`
 * is the content's verse counts, so out-of-range numbers are "not found"
 * here. One trailing slash is ignored. Percent-encoding is decoded per
 * segment; anything malformed is not found. A path no route takes is not
 * found in the wording of its first segment's family (the first route under
 * it), else "resource".
 */
export function createMatcher(routes: readonly RouteSpec<RouteId>[]): Matcher {
  const byFirst = index(routes);
  const familyOf = (first: string | undefined): NotFoundKind => (first !== undefined && byFirst.get(first)?.[0].route.notFound) || 'resource';
  const missing = (first: string | undefined): Match => {
    const family = first === undefined ? undefined : byFirst.get(first)?.[0].route;
    return family?.page ? { route: null, notFound: family.notFound, page: true } : { route: null, notFound: familyOf(first) };
  };
  return (pathname, versesPerChapter) => {
    if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
    const raw = pathname.split('/');
    if (raw[0] !== '') return { route: null, notFound: 'resource' };
    const seg: string[] = [];
    for (let i = 1; i < raw.length; i++) {
      let s = raw[i];
      if (s.includes('%')) {
        try {
          s = decodeURIComponent(s);
        } catch {
          return missing(raw[1]);
        }
      }
      seg.push(s);
    }
    for (const c of byFirst.get(seg[0]) ?? []) {
      const got = tryRoute(c, seg, versesPerChapter);
      if (got) return { route: c.route, ...got };
    }
    return missing(seg[0]);
  };
}

/** The API's routes (routes/). */
export const matchRoute: Matcher = createMatcher(ROUTES);
