// The parameters a route's path carries, typed by name ({ch}, {sl}...),
// each defined once: how the matcher reads a segment (match.ts: a value, or
// nothing, which is the route family's 404), what it is and its JSON Schema
// (OpenAPI, the MCP tools' arguments).
import { MAX_REF_LENGTH } from '../content/citations.ts';
import { MAX_LEMMA_LENGTH } from '../content/dcs/lemma-name.ts';
import { GUIDE_NAMES } from '../guides.ts';
import { NUMBER, type JsonSchema, type ParameterFacts } from './parameters.ts';
import { AUTHOR_KEY, VERSION_ID, WORK_SLUG } from './paths.ts';

/** What the path said before this segment (sl is a verse of the ch before it). */
export type Got = { ch?: number };

export interface PathParameter {
  name: string;
  about: (f: ParameterFacts) => string;
  schema: (f: ParameterFacts) => JsonSchema;
  example?: string;
  /** Its name as an argument of the typed client's methods (chapter for ch); default: its own. */
  argument?: string;
  /** A segment (decoded) read: the value, or undefined when it names nothing (not found). */
  match: (segment: string, got: Got, counts: readonly number[]) => number | string | undefined;
}

const verseOf = (s: string, got: Got, counts: readonly number[]) => (got.ch && NUMBER.test(s) && Number(s) <= counts[got.ch - 1] + 1 ? Number(s) : undefined);
const chapters = (f: ParameterFacts) => f.versesPerChapter.length || 18;

const DEFINED = {
  ch: {
    name: 'ch',
    argument: 'chapter',
    about: () => 'Chapter number: a plain decimal integer (no sign, no leading zero).',
    schema: (f) => ({ type: 'integer', minimum: 1, maximum: chapters(f) }),
    match: (s, _got, counts) => (NUMBER.test(s) && Number(s) <= counts.length ? Number(s) : undefined),
  },
  sl: { name: 'sl', argument: 'verse', about: () => "Verse number: 1 to the chapter's verses_count + 1 (the colophon).", schema: () => ({ type: 'integer', minimum: 1 }), match: verseOf },
  from: { name: 'from', about: () => "The range's first verse: 1 to the chapter's verses_count + 1. Written with to in one segment: /slok/2/47-50.", schema: () => ({ type: 'integer', minimum: 1 }), match: verseOf },
  to: { name: 'to', about: () => "The range's last verse, from or later: up to the chapter's verses_count + 1 (the colophon). A verse that does not exist is 404.", schema: () => ({ type: 'integer', minimum: 1 }), match: verseOf },
  file: {
    name: 'file',
    about: () => 'A file name: gita.json, gita.ndjson or gita.sqlite.',
    schema: () => ({ type: 'string', enum: ['gita.json', 'gita.ndjson', 'gita.sqlite'] }),
    match: (s) => (s && s !== '.' && s !== '..' && !/[/\\\0]/.test(s) ? s : undefined),
  },
  key: {
    name: 'key',
    about: () => 'A commentary key, as /authors lists them; another is 404.',
    schema: (f) => ({ type: 'string', ...(f.commentaries?.length && { enum: f.commentaries.map((c) => c.key) }) }),
    example: 'siva',
    match: (s) => (AUTHOR_KEY.test(s) ? s : undefined),
  },
  ref: {
    name: 'ref',
    about: () => 'A reference as ?ref= takes it, percent-encoded: /verses/BG%202.47.',
    schema: () => ({ type: 'string', minLength: 1, maxLength: MAX_REF_LENGTH }),
    example: '2.47-50',
    match: (s) => (s ? s : undefined),
  },
  lemma: {
    name: 'lemma',
    argument: 'name',
    about: () => `A lemma: IAST (ātman), ASCII as people type it (atman), or Devanagari (आत्मन्); at most ${MAX_LEMMA_LENGTH} characters.`,
    schema: () => ({ type: 'string', minLength: 1, maxLength: MAX_LEMMA_LENGTH }),
    example: 'karman',
    // karman.json is the static file's name, which the route's alias takes.
    match: (s) => (s && !s.endsWith('.json') ? s : undefined),
  },
  root: {
    name: 'root',
    argument: 'name',
    about: () => `A verbal root by its citation form: IAST (sthā), ASCII as people type it (stha), or Devanagari (स्था); at most ${MAX_LEMMA_LENGTH} characters.`,
    schema: () => ({ type: 'string', minLength: 1, maxLength: MAX_LEMMA_LENGTH }),
    example: 'sthā',
    // sthā.json is the static file's name, which the route's alias takes.
    match: (s) => (s && !s.endsWith('.json') ? s : undefined),
  },
  version: {
    name: 'version',
    about: () => 'A version by its id, as /versions lists them; another is 404.',
    schema: (f) => ({ type: 'string', ...(f.versions?.length && { enum: f.versions.map((v) => v.id) }) }),
    example: 'besant',
    match: (s) => (VERSION_ID.test(s) ? s : undefined),
  },
  guide: { name: 'guide', about: () => 'A guide by its name.', schema: () => ({ type: 'string', enum: [...GUIDE_NAMES] }), example: 'api', match: (s) => (GUIDE_NAMES.has(s) ? s : undefined) },
  work: {
    name: 'work',
    about: () => 'A work the commentaries cite, by its slug as /works lists it: its name without diacritics, lower case, words joined by "-" (Chāndogya Upaniṣad is chandogya-upanisad); another is 404.',
    schema: () => ({ type: 'string', pattern: WORK_SLUG.source }),
    example: 'chandogya-upanisad',
    // chandogya-upanisad.json is the static file's name, which the route's alias takes.
    match: (s) => (WORK_SLUG.test(s) ? s : undefined),
  },
} satisfies Record<string, PathParameter>;

/** Every path parameter by its name (a name a route's path gives is checked to be one: match.ts). */
export const PATH_PARAMETERS: Readonly<Record<string, PathParameter>> & typeof DEFINED = DEFINED;

/** What each path parameter's segment reads as, by its name: what `match` gives (a number for ch, a string for lemma...). */
export type PathParameterValues = { [K in keyof typeof DEFINED]?: Exclude<ReturnType<(typeof DEFINED)[K]['match']>, undefined> };
