// Projections: only the languages, commentaries and fields a caller asks for
// (`lang`, `authors`, `fields`; read from a query in src/contract/values.ts,
// where every parameter is). The rules are defined here once; the server
// and the build apply them to a record's bytes (src/content/slices.ts), the
// client to a parsed record (projectRecord), with the same result.
// Beside them `marks`, which narrows nothing: with marks=iast the
// transliteration is written with IAST's marks, by the one function the
// reading pages, cards and MCP text use (iastMarks, src/content/display.ts).
// Runtime-neutral and dependency-free: the browser client bundles it.
import { TEXT_FIELDS, type TextField } from './schema.ts';
import { iastMarks, type Marks } from './display.ts';

/**
 * The languages `lang` accepts, and the text fields of each (written out, so
 * that the client's types narrow by them; a test checks them against the
 * languages of TEXT_FIELDS).
 */
export const LANGUAGES = {
  en: ['et', 'ec'],
  hi: ['ht', 'hc'],
  sa: ['sc'],
} as const satisfies Record<string, readonly TextField[]>;
export type Lang = keyof typeof LANGUAGES;
export const LANGS = Object.keys(LANGUAGES) as Lang[];
/** A language's name, as TEXT_FIELDS writes it. */
export const LANGUAGE_NAMES: Record<Lang, (typeof TEXT_FIELDS)[TextField]['language']> = { en: 'English', hi: 'Hindi', sa: 'Sanskrit' };

/** Fields every projection keeps. */
export const ALWAYS_KEPT = ['_id', 'chapter', 'verse'] as const;

/** A projection, normalized: values sorted and deduplicated, so equal projections have one key. */
export interface Projection {
  lang?: Lang;
  authors?: string[];
  fields?: string[];
  /** The transliteration with IAST's marks; absent: as the record holds it (marks=source, the default, is normalized away). */
  marks?: Exclude<Marks, 'source'>;
}

/** The field `marks` writes otherwise. */
export const MARKED_FIELD = 'transliteration';

/** What the content offers to project (from the manifest): its commentaries with their text fields, and its plain fields. */
export interface ProjectionFacts {
  commentaries: ReadonlyArray<{ key: string; fields: Partial<Record<TextField, number>> }>;
  fields: readonly string[];
}

/** One string per distinct projection (the cache key of a projected answer). */
export const projectionKey = (p: Projection) => `${p.lang ?? ''}|${p.authors?.join(',') ?? ''}|${p.fields?.join(',') ?? ''}${p.marks ? `|${p.marks}` : ''}`;

/** The query string of a projection, for links and the client. */
export function projectionQuery(p: Projection): string {
  const q: string[] = [];
  if (p.lang) q.push(`lang=${p.lang}`);
  if (p.authors) q.push(`authors=${p.authors.join(',')}`);
  if (p.fields) q.push(`fields=${p.fields.join(',')}`);
  if (p.marks) q.push(`marks=${p.marks}`);
  return q.join('&');
}

/**
 * The plan of a projection for one record's keys: which top-level keys to
 * keep, and for each commentary kept which of its text fields (null: all of
 * them). Shared by the byte form and the object form, so both agree.
 */
export interface KeyPlan {
  /** A plain field: kept or not. */
  plain(key: string): boolean;
  /** A plain field kept: how its string value is written otherwise (the transliteration with marks=iast), or null: as it is. */
  written(key: string): ((value: string) => string) | null;
  /** A commentary: null to drop it, 'all' to keep its text fields as they are, or the set of text fields to keep. */
  texts(key: string): 'all' | ReadonlySet<string> | null;
}

export function keyPlan(p: Projection): KeyPlan {
  const always = new Set<string>(ALWAYS_KEPT);
  const authors = p.authors && new Set(p.authors);
  const langFields = p.lang ? new Set<string>(LANGUAGES[p.lang]) : null;
  const wholeKeys = new Set<string>();
  const parts = new Map<string, Set<string>>();
  for (const f of p.fields ?? []) {
    const dot = f.indexOf('.');
    if (dot === -1) wholeKeys.add(f);
    else {
      const key = f.slice(0, dot);
      if (!parts.has(key)) parts.set(key, new Set());
      parts.get(key)!.add(f.slice(dot + 1));
    }
  }
  return {
    plain: (key) => always.has(key) || !p.fields || wholeKeys.has(key),
    written: (key) => (p.marks === 'iast' && key === MARKED_FIELD ? iastMarks : null),
    texts(key) {
      if (authors && !authors.has(key)) return null;
      let allowed: Set<string> | null = langFields;
      if (p.fields && !wholeKeys.has(key)) {
        const named = parts.get(key);
        if (!named) return null;
        allowed = allowed ? new Set([...named].filter((f) => allowed!.has(f))) : named;
      }
      return allowed ?? 'all';
    },
  };
}

/**
 * A parsed record, projected: `_id`, `chapter` and `verse` always; a kept
 * commentary keeps `author` and the text fields asked for, and is dropped
 * when no text is left; plain fields are kept unless `fields` is given.
 * Keys stay in the record's order. `isCommentary` says which keys are
 * commentaries (the manifest's list).
 */
export function projectRecord<T extends Record<string, unknown>>(record: T, p: Projection, isCommentary: (key: string) => boolean): Partial<T> {
  const plan = keyPlan(p);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!isCommentary(key) || typeof value !== 'object' || value === null) {
      const written = typeof value === 'string' ? plan.written(key) : null;
      if (plan.plain(key)) out[key] = written ? written(value as string) : value;
      continue;
    }
    const keep = plan.texts(key);
    if (!keep) continue;
    const kept: Record<string, unknown> = {};
    let texts = 0;
    for (const [f, v] of Object.entries(value)) {
      if (f === 'author') kept[f] = v;
      else if (keep === 'all' || keep.has(f)) {
        kept[f] = v;
        texts++;
      }
    }
    if (texts) out[key] = kept;
  }
  return out as Partial<T>;
}
