// Errata: corrections to upstream records, taken from upstream's own history.
// The committed list (errata.json) holds facts only: which record and keys,
// the upstream file with the right text (repository, commit, path, SHA-256),
// the reason and the history. The text is read from that file at import time
// (a local copy, or the file online) and verified by its hash: the project
// never commits scripture text.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import list from './errata.json' with { type: 'json' };
import type { Content, SourceFile } from './read.ts';
import type { VerseRecord } from './schema.ts';
import { formatProblem, verseProblems } from './validate.ts';
import { sourceName } from './source.ts';

export interface Erratum {
  id: string;
  /** The record corrected, such as "BG18.45". */
  record: string;
  /** The commentary keys taken from the source file; every other field stays the current record's. */
  keys: string[];
  source: { repository: string; commit: string; path: string; sha256: string };
  reason: string;
  history: Array<{ commit: string; date: string; event: string }>;
}

export const ERRATA: readonly Erratum[] = list.errata;

/** Where an erratum's file is online: upstream's raw file at the commit. */
export const erratumUrl = (e: Erratum) => `https://raw.githubusercontent.com/${e.source.repository}/${e.source.commit}/${e.source.path}`;

export interface ErratumResult {
  id: string;
  record: string;
  /** applied: the record was corrected; obsolete: it already equals the fix (upstream fixed it), nothing done. */
  status: 'applied' | 'obsolete';
  /** The keys whose value changed. */
  keys: string[];
  /** Where the file was read from, as the public audit names it: the folder's name and the file's (`gita-errata/...json`), or the URL. */
  from: string;
}

export class ErratumError extends Error {
  override name = 'ErratumError';
}

/** The local copy of upstream's files beside the project, when there is one. */
export function defaultErrataDir(projectRoot: string): string | null {
  const dir = resolve(projectRoot, '../shared/gita-errata');
  return existsSync(dir) ? dir : null;
}

/**
 * The erratum's file: from `dir` (by its file name) or, with no folder, online.
 * Its SHA-256 must be the one listed. `path` is where it was read (for the
 * messages of whoever runs the import); `from` names it without the folders
 * of the machine, for the audit that anyone can read.
 */
async function erratumFile(e: Erratum, dir: string | null): Promise<{ bytes: Buffer; path: string; from: string }> {
  let bytes: Buffer;
  let path: string;
  let from: string;
  if (dir) {
    path = join(dir, basename(e.source.path));
    from = `${sourceName(dir)}/${basename(e.source.path)}`;
    try {
      bytes = await readFile(path);
    } catch (err) {
      throw new ErratumError(`erratum ${e.id}: ${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (err as Error).message} (the file of ${e.source.repository} at ${e.source.commit.slice(0, 7)}, ${e.source.path}; online at ${erratumUrl(e)})`);
    }
  } else {
    path = from = erratumUrl(e);
    try {
      const res = await fetch(path, { signal: AbortSignal.timeout(60_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      throw new ErratumError(`erratum ${e.id}: download failed: ${path}: ${(err as Error).message} (give a folder holding ${basename(e.source.path)} with --errata DIR)`);
    }
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== e.source.sha256) throw new ErratumError(`erratum ${e.id}: ${path}: SHA-256 ${sha256}, expected ${e.source.sha256}: not the file the erratum names`);
  return { bytes, path, from };
}

/** JSON with object keys sorted, to compare values whatever their key order. */
const canonical = (v: unknown): string =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`
    : JSON.stringify(v);

/**
 * Apply `errata` to validated content. Each file is verified by its hash and
 * validated as a verse record; the listed keys replace the current record's,
 * in the current record's key order. Content that already equals the fix is
 * left alone and the erratum reported obsolete. Returns new content (the
 * records changed are new objects with new bytes) and what each erratum did.
 */
export async function applyErrata(content: Content, errata: readonly Erratum[], dir: string | null): Promise<{ content: Content; results: ErratumResult[] }> {
  const verses = [...content.verses];
  const results: ErratumResult[] = [];
  for (const e of errata) {
    const at = verses.findIndex((v) => v.record._id === e.record);
    if (at === -1) throw new ErratumError(`erratum ${e.id}: the content has no record ${e.record}`);
    const current = verses[at];
    const { bytes, path, from } = await erratumFile(e, dir);
    let fix: VerseRecord;
    try {
      fix = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch (err) {
      throw new ErratumError(`erratum ${e.id}: ${path}: not UTF-8 JSON (${(err as Error).message})`);
    }
    const problems = verseProblems(fix, path, current.record.chapter, current.record.verse);
    if (problems.length) throw new ErratumError(`erratum ${e.id}: ${formatProblem(problems[0])}`);
    const missing = e.keys.filter((k) => typeof fix[k] !== 'object' || typeof current.record[k] !== 'object');
    if (missing.length) throw new ErratumError(`erratum ${e.id}: ${path}: no commentary ${missing.join(', ')} to take (in the file or in the current record)`);
    const changed = e.keys.filter((k) => canonical(fix[k]) !== canonical(current.record[k]));
    if (!changed.length) {
      results.push({ id: e.id, record: e.record, status: 'obsolete', keys: [], from });
      continue;
    }
    const record = Object.fromEntries(Object.entries(current.record).map(([k, v]) => [k, changed.includes(k) ? fix[k] : v])) as VerseRecord;
    const corrected: SourceFile<VerseRecord> = { file: current.file, bytes: Buffer.from(JSON.stringify(record, null, 4) + '\n'), record };
    verses[at] = corrected;
    results.push({ id: e.id, record: e.record, status: 'applied', keys: changed, from });
  }
  return { content: { ...content, verses }, results };
}
