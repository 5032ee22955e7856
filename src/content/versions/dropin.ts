// An operator's own version: a folder holding `version.json` (the manifest)
// and its text in one of two plain formats, one verse a line:
//
//   verses.ndjson   {"ref":"2.47","text":"...","notes":[{"call":"1","text":"..."}]}
//   verses.tsv      2.47<TAB>text   (\n in the text is a line break, \t a tab, \\ a backslash;
//                                    blank lines and lines starting with # are skipped)
//
// Everything is checked before anything is taken: a manifest without a
// license, a field the model does not know, a line that is not UTF-8 or not
// the format, a verse number that does not exist or stands twice. Every
// problem of the folder is found in one reading, each naming the file and the
// line (ContentError, as the records' are): an operator mends them all at
// once instead of meeting them one start at a time.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ContentError, type ContentProblem } from '../validate.ts';
import type { RawVersion, VersionManifest, VersionNote } from './model.ts';
import { placeTexts } from './assemble.ts';
import type { ChapterCounts } from './refs.ts';
import { VERSION_ID } from '../../contract/paths.ts';

export const MANIFEST_FILE = 'version.json';
export const NDJSON_FILE = 'verses.ndjson';
export const TSV_FILE = 'verses.tsv';

const REQUIRED = ['id', 'language', 'title', 'translator', 'license', 'source', 'credit'] as const;
const OPTIONAL = ['published'] as const;
/** What the import counts itself: an operator who writes them is told so. */
const COMPUTED = ['verses', 'colophons', 'missing', 'audit', 'texts'];

/** The version folders `dirs` name: each a version folder (it has version.json) or a folder of them (its sub-folders, hidden ones aside); a name that is no folder is a problem. */
export function versionFolders(dirs: readonly string[]): { folders: string[]; problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  const folders: string[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) problems.push({ file: dir, path: '$', expected: 'expected a folder of versions (or one version folder)' });
    else if (existsSync(join(dir, MANIFEST_FILE))) folders.push(dir);
    else for (const name of readdirSync(dir).sort()) if (!name.startsWith('.') && statSync(join(dir, name)).isDirectory()) folders.push(join(dir, name));
  }
  return { folders, problems };
}

/** Read one version folder; every problem of it (its manifest, its text's lines, their verse numbers) thrown together as one ContentError. */
export async function readDropIn(folder: string, counts: ChapterCounts): Promise<RawVersion> {
  const problems: ContentProblem[] = [];
  const manifestFile = join(folder, MANIFEST_FILE);
  const manifestBytes = existsSync(manifestFile) ? await readFile(manifestFile) : null;
  if (!manifestBytes) problems.push({ file: folder, path: '$', expected: `expected ${MANIFEST_FILE} (the version's manifest) in the folder` });
  const manifest = manifestBytes && parseManifest(manifestFile, manifestBytes, problems);
  const formats = [NDJSON_FILE, TSV_FILE].filter((f) => existsSync(join(folder, f)));
  if (formats.length !== 1) problems.push({ file: folder, path: '$', expected: formats.length ? `expected one text file, found both ${formats.join(' and ')}` : `expected the text in ${NDJSON_FILE} or ${TSV_FILE}` });
  const format = formats[0];
  const textFile = join(folder, format ?? NDJSON_FILE);
  const textBytes = format ? await readFile(textFile) : Buffer.alloc(0);
  const lines = utf8Lines(textFile, textBytes, problems);
  const texts = !format ? [] : format === NDJSON_FILE ? ndjsonTexts(textFile, lines, problems) : tsvTexts(textFile, lines, problems);
  problems.push(...placeTexts(texts, counts).problems);
  if (problems.length || !manifest || !manifestBytes || !format) throw new ContentError(problems);
  const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  return {
    manifest,
    from: basename(folder),
    files: [
      { name: MANIFEST_FILE, sha256: sha256(manifestBytes) },
      { name: format, sha256: sha256(textBytes) },
    ],
    texts,
    defects: [],
  };
}

/** The file's lines, each decoded alone so that a byte that is not UTF-8 is named by its line (added to `problems`). A byte order mark is skipped. */
function utf8Lines(file: string, bytes: Buffer, problems: ContentProblem[]): Array<{ line: number; text: string }> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const out: Array<{ line: number; text: string }> = [];
  let start = 0;
  for (let n = 1; start <= bytes.length; n++) {
    const end = bytes.indexOf(0x0a, start);
    const chunk = bytes.subarray(start, end === -1 ? bytes.length : end);
    try {
      out.push({ line: n, text: decoder.decode(chunk).replace(/\r$/, '') });
    } catch {
      problems.push({ file, path: `line ${n}`, expected: 'expected UTF-8 text; this line holds bytes that are not' });
    }
    if (end === -1) break;
    start = end + 1;
  }
  return out;
}

/** The manifest, or null with its problems added to `problems`. */
function parseManifest(file: string, bytes: Buffer, found: ContentProblem[]): VersionManifest | null {
  const problems: ContentProblem[] = [];
  const lines = utf8Lines(file, bytes, problems);
  let data: unknown;
  try {
    if (!problems.length) data = JSON.parse(lines.map((l) => l.text).join('\n'));
  } catch (err) {
    problems.push({ file, path: '$', expected: `expected a JSON object (${(err as Error).message})` });
  }
  if (!problems.length && (typeof data !== 'object' || data === null || Array.isArray(data))) problems.push({ file, path: '$', expected: 'expected a JSON object' });
  if (problems.length) return found.push(...problems), null;
  const record = data as Record<string, unknown>;
  for (const key of REQUIRED) {
    const v = record[key];
    if (typeof v !== 'string' || !v.trim()) problems.push({ file, path: `$.${key}`, expected: v === undefined ? `missing; expected a non-empty string${key === 'license' ? ' (an SPDX license expression such as "CC-BY-4.0", or the terms in a few words): a version without a license is not imported' : ''}` : 'expected a non-empty string' });
  }
  for (const key of OPTIONAL) if (key in record && (typeof record[key] !== 'string' || !(record[key] as string).trim())) problems.push({ file, path: `$.${key}`, expected: 'expected a non-empty string, or no field' });
  for (const key of Object.keys(record)) {
    if ((REQUIRED as readonly string[]).includes(key) || (OPTIONAL as readonly string[]).includes(key)) continue;
    problems.push({ file, path: `$.${key}`, expected: COMPUTED.includes(key) ? 'counted by the import: leave it out' : `unknown field; expected only ${[...REQUIRED, ...OPTIONAL].join(', ')}` });
  }
  if (typeof record.id === 'string' && record.id && !VERSION_ID.test(record.id)) problems.push({ file, path: '$.id', expected: `expected lower-case letters, digits and single "-", at most 40 (it names the version in paths), got ${JSON.stringify(record.id)}` });
  if (typeof record.language === 'string' && record.language) {
    const canonical = canonicalTag(record.language);
    if (canonical !== record.language) problems.push({ file, path: '$.language', expected: canonical ? `expected the BCP 47 tag in its canonical form, "${canonical}"` : `expected a BCP 47 language tag (such as "en", "te", "pt-BR"), got ${JSON.stringify(record.language)}` });
  }
  if (problems.length) return found.push(...problems), null;
  return Object.fromEntries([...REQUIRED, ...OPTIONAL].filter((k) => k in record).map((k) => [k, record[k]])) as unknown as VersionManifest;
}

function canonicalTag(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** The verses of an NDJSON file's lines; each line at fault added to `problems`. */
function ndjsonTexts(file: string, lines: Array<{ line: number; text: string }>, problems: ContentProblem[]): RawVersion['texts'] {
  const texts: RawVersion['texts'] = [];
  for (const { line, text } of lines) {
    if (!text.trim()) continue;
    const path = `line ${line}`;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      problems.push({ file, path, expected: `expected one JSON object a line (${(err as Error).message})` });
      continue;
    }
    const found = lineProblems(value);
    if (found.length) problems.push(...found.map((expected) => ({ file, path, expected })));
    else {
      const v = value as { ref: string; text: string; notes?: VersionNote[] };
      texts.push({ ref: v.ref, text: v.text, ...(v.notes?.length && { notes: v.notes.map((n) => ({ call: n.call, text: n.text })) }), at: { file, line } });
    }
  }
  return texts;
}

/** What is wrong with one NDJSON line's object, in words (none: it is a verse). */
function lineProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['expected a JSON object {"ref": "2.47", "text": "..."}'];
  const v = value as Record<string, unknown>;
  const out: string[] = [];
  if (typeof v.ref !== 'string') out.push('$.ref: expected a verse number as a string, such as "2.47"');
  if (typeof v.text !== 'string' || !v.text.trim()) out.push('$.text: expected the verse\'s text, a non-empty string (leave a verse you lack out)');
  for (const key of Object.keys(v)) if (!['ref', 'text', 'notes'].includes(key)) out.push(`$.${key}: unknown field; expected only ref, text, notes`);
  if ('notes' in v) {
    if (!Array.isArray(v.notes)) out.push('$.notes: expected an array of {"call": "1", "text": "..."}');
    else
      v.notes.forEach((n: unknown, i) => {
        const note = n as Record<string, unknown> | null;
        const ok = typeof note === 'object' && note !== null && typeof note.call === 'string' && note.call.trim() !== '' && typeof note.text === 'string' && note.text.trim() !== '' && Object.keys(note).every((k) => k === 'call' || k === 'text');
        if (!ok) out.push(`$.notes[${i}]: expected {"call": "1", "text": "..."}, both non-empty strings`);
      });
  }
  return out;
}

/** The verses of a TSV file's lines; each line at fault added to `problems`. */
function tsvTexts(file: string, lines: Array<{ line: number; text: string }>, problems: ContentProblem[]): RawVersion['texts'] {
  const texts: RawVersion['texts'] = [];
  for (const { line, text } of lines) {
    if (!text.trim() || text.startsWith('#')) continue;
    const path = `line ${line}`;
    const tab = text.indexOf('\t');
    if (tab === -1) {
      problems.push({ file, path, expected: 'expected a verse number, a tab, and the text ("2.47<TAB>...")' });
      continue;
    }
    const body = unescape(text.slice(tab + 1));
    if (body === null) problems.push({ file, path, expected: 'expected \\n, \\t or \\\\ after a backslash (write a backslash as \\\\)' });
    else if (!body.trim()) problems.push({ file, path, expected: 'expected the verse\'s text after the tab (leave a verse you lack out)' });
    else texts.push({ ref: text.slice(0, tab).trim(), text: body, at: { file, line } });
  }
  return texts;
}

/** The TSV escapes undone: \n a line break, \t a tab, \\ a backslash; null for any other backslash. */
function unescape(s: string): string | null {
  let bad = false;
  const out = s.replace(/\\(.?)/g, (_, c: string) => {
    if (c === 'n') return '\n';
    if (c === 't') return '\t';
    if (c === '\\') return '\\';
    bad = true;
    return '';
  });
  return bad ? null : out;
}

/** The operator's folder of versions by default: versions/ in the project, when it exists. */
export function defaultVersionDirs(projectRoot: string): string[] {
  const dir = join(projectRoot, 'versions');
  return existsSync(dir) ? [dir] : [];
}
