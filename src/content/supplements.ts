// Supplements: texts upstream lacks (a placeholder stands in their place)
// that an independent copy of the two Hindi translations holds (gita/gita,
// the Unlicense). The committed list (supplements.json) holds facts only:
// which record, key and field, the copy's commit, files and SHA-256. The
// import reads the copy (a local folder, or its files online at the commit),
// checks both hashes, puts each listed text in place when the content still
// has the placeholder there (else the supplement is obsolete), and compares
// the whole copy with the content's tej.ht and rams.ht, listing every text
// that differs in the audit. The texts then go through the repairs like any
// other Hindi text.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import list from './supplements.json' with { type: 'json' };
import type { Content, SourceFile } from './read.ts';
import { isPlaceholder } from './placeholders.ts';
import { sourceName } from './source.ts';
import type { VerseRecord } from './schema.ts';

export const SUPPLEMENTS = list;

export class SupplementError extends Error {
  override name = 'SupplementError';
}

export interface SupplementResult {
  id: string;
  record: string;
  key: string;
  field: string;
  /** applied: the text was put in place of the placeholder; obsolete: the content has a text there already (upstream fixed it). */
  status: 'applied' | 'obsolete';
  /** Where the copy was read from, as the public audit names it: the folder by its own name (`gita-gita`), or the URL of upstream's files. */
  from: string;
}

/** A text of the copy that differs from the content's (white space aside), by record and field. */
export interface CopyDifference {
  record: string;
  key: string;
  field: string;
  /** What differs: the content has a placeholder, the copy has none, or both have a text and where they part. */
  kind: 'placeholder-here' | 'missing-there' | 'text';
  /** For `text`: the first differing character of the two texts with white space removed, and a few characters of each from there. */
  at?: number;
  here?: string;
  there?: string;
}

export interface SupplementReport {
  /** `from`: as each result's. */
  source: typeof list.source & { from: string };
  results: SupplementResult[];
  /** Every text of the copy's two translations that differs from the content's, white space set aside. */
  differences: CopyDifference[];
  /** Texts compared. */
  compared: number;
}

/** The local copy beside the project, when there is one. */
export function defaultSupplementsDir(projectRoot: string): string | null {
  const dir = resolve(projectRoot, '../shared/gita-gita');
  return existsSync(dir) ? dir : null;
}

const fileUrl = (path: string) => `https://raw.githubusercontent.com/${list.source.repository}/${list.source.commit}/${path}`;

async function copyFile(entry: { path: string; sha256: string }, dir: string | null): Promise<{ bytes: Buffer; from: string }> {
  const from = dir ? join(dir, basename(entry.path)) : fileUrl(entry.path);
  let bytes: Buffer;
  try {
    if (dir) bytes = await readFile(from);
    else {
      const res = await fetch(from, { signal: AbortSignal.timeout(60_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      bytes = Buffer.from(await res.arrayBuffer());
    }
  } catch (err) {
    throw new SupplementError(`supplements: ${from}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (err as Error).message} (${list.source.repository} at ${list.source.commit.slice(0, 7)}, ${entry.path}; give a folder holding it with --supplements DIR, or --no-supplements)`);
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== entry.sha256) throw new SupplementError(`supplements: ${from}: SHA-256 ${sha256}, expected ${entry.sha256}: not the file the list names`);
  return { bytes, from };
}

const squeeze = (s: string) => s.replace(/\s+/g, '');

/** The copy's texts of the listed fields, by record id and key: "BG12.3\0tej" → text. */
async function copyTexts(dir: string | null): Promise<{ texts: Map<string, string>; verseTexts: Map<string, string>; from: string }> {
  const [t, v] = await Promise.all([copyFile(list.source.translations, dir), copyFile(list.source.verses, dir)]);
  const parse = <T>(f: { bytes: Buffer; from: string }): T => {
    try {
      return JSON.parse(f.bytes.toString('utf8')) as T;
    } catch (err) {
      throw new SupplementError(`supplements: ${f.from}: not JSON (${(err as Error).message})`);
    }
  };
  const verses = parse<Array<{ id: number; chapter_number: number; verse_number: number; text?: unknown }>>(v);
  // The copy's Devanagari of each verse: a witness of the verse text (verse-text.ts).
  const verseTexts = new Map<string, string>();
  for (const x of verses) if (typeof x.text === 'string') verseTexts.set(`BG${x.chapter_number}.${x.verse_number}`, x.text.trim());
  const translations = parse<Array<{ authorName: string; verse_id: number; description: string }>>(t);
  const place = new Map(verses.map((x) => [x.id, `BG${x.chapter_number}.${x.verse_number}`]));
  const keyOf = new Map(list.fields.map((f) => [f.authorName, f.key]));
  const texts = new Map<string, string>();
  for (const x of translations) {
    const key = keyOf.get(x.authorName);
    const id = place.get(x.verse_id);
    if (!key || !id) continue;
    if (typeof x.description !== 'string') throw new SupplementError(`supplements: ${t.from}: the translation of ${id} by ${x.authorName}: "description" is not a string`);
    // The copy ends its texts with white space (a new line, a no-break space): trimmed.
    texts.set(`${id}\0${key}`, x.description.trim());
  }
  // The folder by its name alone: the audit is public, the machine's folders are not its business (messages above keep the path).
  return { texts, verseTexts, from: dir ? sourceName(dir) : fileUrl('') };
}

type Commentaries = Record<string, Record<string, string>>;

/**
 * Put the listed texts in place (where the content still has a placeholder),
 * and compare the copy with the content. Returns new content (the records
 * changed are new objects with new bytes, keys in the same order).
 */
export async function applySupplements(content: Content, dir: string | null): Promise<{ content: Content; report: SupplementReport; verseTexts: Map<string, string> }> {
  const { texts, verseTexts, from } = await copyTexts(dir);
  const verses = [...content.verses];
  const results: SupplementResult[] = [];
  for (const s of list.supplements) {
    const at = verses.findIndex((v) => v.record._id === s.record);
    if (at === -1) throw new SupplementError(`supplement ${s.id}: the content has no record ${s.record}`);
    const text = texts.get(`${s.record}\0${s.key}`);
    if (!text) throw new SupplementError(`supplement ${s.id}: the copy has no ${s.key}.${s.field} text of ${s.record}`);
    const current = verses[at];
    const commentary = (current.record as unknown as Commentaries)[s.key];
    if (typeof commentary?.[s.field] !== 'string') throw new SupplementError(`supplement ${s.id}: ${s.record} has no ${s.key}.${s.field} to supplement`);
    if (!isPlaceholder(commentary[s.field])) {
      results.push({ id: s.id, record: s.record, key: s.key, field: s.field, status: 'obsolete', from });
      continue;
    }
    const record = structuredClone(current.record);
    (record as unknown as Commentaries)[s.key][s.field] = text;
    verses[at] = { file: current.file, bytes: Buffer.from(JSON.stringify(record, null, 4) + '\n'), record } satisfies SourceFile<VerseRecord>;
    results.push({ id: s.id, record: s.record, key: s.key, field: s.field, status: 'applied', from });
  }
  // The whole copy against the content as upstream has it (before the supplements); the copy has no colophons.
  const differences: CopyDifference[] = [];
  let compared = 0;
  const counts = new Map(content.chapters.map((c) => [c.record.chapter_number, c.record.verses_count]));
  for (const { record } of content.verses) {
    if (record.verse > (counts.get(record.chapter) ?? 0)) continue;
    for (const f of list.fields) {
      const here = (record as unknown as Commentaries)[f.key]?.[f.field];
      const there = texts.get(`${record._id}\0${f.key}`);
      if (typeof here !== 'string') continue;
      compared++;
      if (there === undefined) {
        differences.push({ record: record._id, key: f.key, field: f.field, kind: 'missing-there' });
        continue;
      }
      const a = squeeze(here);
      const b = squeeze(there);
      if (a === b) continue;
      if (isPlaceholder(here)) {
        differences.push({ record: record._id, key: f.key, field: f.field, kind: 'placeholder-here' });
        continue;
      }
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      differences.push({ record: record._id, key: f.key, field: f.field, kind: 'text', at: i, here: a.slice(i, i + 40), there: b.slice(i, i + 40) });
    }
  }
  return { content: { ...content, verses }, report: { source: { ...list.source, from }, results, differences, compared }, verseTexts };
}
