// Record validation against the records' JSON Schemas, generated from their
// zod declarations (record-schemas.ts), which the OpenAPI document also
// gives. Every problem becomes a ContentProblem naming the file, the field
// (as a JSON path) and what was expected.
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { importerSchemas } from './record-schemas.ts';
import { TEXT_FIELD_NAMES, type Schema } from './schema.ts';

export interface ContentProblem {
  file: string;
  path: string;
  expected: string;
}

export const formatProblem = (p: ContentProblem) => `${p.file}: ${p.path}: ${p.expected}`;

/** Thrown when the content is not valid; `problems` lists every finding. */
export class ContentError extends Error {
  /** `shown`: how many problems the message lists (the rest counted). */
  constructor(readonly problems: ContentProblem[], shown = 20) {
    const listed = problems.slice(0, shown).map(formatProblem);
    if (problems.length > listed.length) listed.push(`... and ${problems.length - listed.length} more`);
    super(`invalid content (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  ${listed.join('\n  ')}`);
    this.name = 'ContentError';
  }
}

const COMMENTARY_REF = 'commentary';
const RECORDS = importerSchemas(COMMENTARY_REF);
const ajv = new Ajv2020({ allErrors: false, verbose: true, strict: true });
ajv.addSchema({ ...RECORDS.commentary, $id: COMMENTARY_REF });
const checkChapter = ajv.compile(RECORDS.chapter);
const checkVerse = ajv.compile(RECORDS.verse);

/** Validate a chapter record read from `file`, whose name says it is chapter `n`. */
export function chapterProblems(record: unknown, file: string, n: number): ContentProblem[] {
  if (!checkChapter(record)) return [fromAjv(checkChapter.errors![0], file)];
  const chapter = record as { chapter_number: number };
  if (chapter.chapter_number !== n) {
    return [{ file, path: '$.chapter_number', expected: `expected ${n} (the number in the file name), got ${chapter.chapter_number}` }];
  }
  return [];
}

/** Validate a verse record read from `file`, whose name says it is verse `c.v`. */
export function verseProblems(record: unknown, file: string, c: number, v: number): ContentProblem[] {
  if (!checkVerse(record)) return [fromAjv(checkVerse.errors![0], file)];
  const verse = record as { _id: string; chapter: number; verse: number };
  const out: ContentProblem[] = [];
  const id = `BG${c}.${v}`;
  if (verse._id !== id) out.push({ file, path: '$._id', expected: `expected "${id}" (from the file name), got ${JSON.stringify(verse._id)}` });
  if (verse.chapter !== c) out.push({ file, path: '$.chapter', expected: `expected ${c} (from the file name), got ${verse.chapter}` });
  if (verse.verse !== v) out.push({ file, path: '$.verse', expected: `expected ${v} (from the file name), got ${verse.verse}` });
  return out;
}

function jsonPath(pointer: string, extra?: string): string {
  const parts = pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  return '$' + parts.map((p) => (/^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : /^\d+$/.test(p) ? `[${p}]` : `[${JSON.stringify(p)}]`)).join('');
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
  return typeof value;
}

function describe(schema: Schema | undefined): string {
  if (!schema) return 'a value';
  if (schema.$ref || schema.title === 'Commentary') return `a commentary object (string "author" and text fields among ${TEXT_FIELD_NAMES.join(', ')})`;
  if (schema.type === 'integer') {
    const { minimum: lo, maximum: hi } = schema as { minimum?: number; maximum?: number };
    return lo !== undefined && hi !== undefined ? `an integer from ${lo} to ${hi}` : lo !== undefined ? `an integer >= ${lo}` : 'an integer';
  }
  if (schema.type === 'string') return schema.pattern ? `a string matching /${schema.pattern}/` : schema.minLength ? 'a non-empty string' : 'a string';
  if (schema.type === 'object') {
    const req = (schema.required as string[] | undefined) ?? [];
    return req.length ? `an object with ${req.join(', ')}` : 'an object';
  }
  return String(schema.type ?? 'a value');
}

function fromAjv(err: ErrorObject, file: string): ContentProblem {
  const parent = err.parentSchema as Schema | undefined;
  switch (err.keyword) {
    case 'required': {
      const name = (err.params as { missingProperty: string }).missingProperty;
      const props = (parent?.properties ?? {}) as Record<string, Schema>;
      return { file, path: jsonPath(err.instancePath, name), expected: `missing; expected ${describe(props[name])}` };
    }
    case 'additionalProperties': {
      const name = (err.params as { additionalProperty: string }).additionalProperty;
      const allowed = Object.keys((parent?.properties ?? {}) as object).join(', ');
      return { file, path: jsonPath(err.instancePath, name), expected: `unknown field; expected only ${allowed}` };
    }
    default:
      return { file, path: jsonPath(err.instancePath), expected: `expected ${describe(parent)}, got ${typeOf(err.data)}` };
  }
}
