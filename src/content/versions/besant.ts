// Annie Besant's translation (4th edition, 1922), as Wikisource transcribed
// it: eighteen text files, one a discourse. Each verse is her Devanagari
// (closed by ॥ N ॥), then her English (closed by "(N)"), and her footnotes
// are the lines that begin with "↑" at the end of the file, called as [N].
//
// A verse is placed by the order of the Sanskrit and the English together:
// the English that follows the k-th Sanskrit verse of a discourse is verse
// k's, whatever number (if any) it ends with. The Sanskrit markers are
// checked to run 1 to the chapter's count; the English numbers only
// reported where they are not the verse's (typing slips of the
// transcription). The title lines before the first verse and the closing
// lines after the colophon of discourse 18 belong to no verse.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { asciiDigits } from '../digits.ts';
import { ContentError, type ContentProblem } from '../validate.ts';
import type { RawVersion, SourcePlace, VersionDefect, VersionNote } from './model.ts';
import { refOf, type ChapterCounts } from './refs.ts';

export const besantFile = (chapter: number) => `discourse-${chapter}.txt`;

/** A verse's (or colophon's) Devanagari and English lines, as they stand in a discourse. */
interface Unit {
  kind: 'front' | 'verse' | 'colophon' | 'closing';
  dev: Array<{ line: number; text: string }>;
  en: Array<{ line: number; text: string }>;
}

export interface BesantReading {
  texts: RawVersion['texts'];
  /** Besant's Devanagari of each verse (speaker lines included), by ref: a witness of the verse text. */
  devanagari: Map<string, string>;
  defects: VersionDefect[];
  files: RawVersion['files'];
}

const DEVANAGARI = /[\u0900-\u097F]/;
/** A Sanskrit verse's closing mark, ॥ १२ ॥, at the end of its last line. */
const VERSE_MARK = /॥\s*([०-९]+)\s*॥\s*$/;
/** How a colophon begins: "इति श्रीमद्भगवद्गीतासूपनिषत्सु …". */
const COLOPHON = /^इति श्रीमद्/;
/** Besant's English verse number, "(12)", at the end of the verse's last line. */
const ENGLISH_MARK = /\s*\((\d+)\)\s*$/;
/** The same typed with one bracket: "(42" or "32)" (the rule besant-verse-number reads it). */
const ONE_BRACKET = /\s*(?:\((\d+)|(\d+)\))\s*$/;
const CALL = /\[(\d+)\]/g;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Read the eighteen discourses of `dir`, checking the Sanskrit verse marks against the records' chapter counts. */
export async function readBesant(dir: string, counts: ChapterCounts): Promise<BesantReading> {
  const reading: BesantReading = { texts: [], devanagari: new Map(), defects: [], files: [] };
  const problems: ContentProblem[] = [];
  for (let chapter = 1; chapter <= counts.length; chapter++) {
    const file = join(dir, besantFile(chapter));
    const bytes = await readFile(file);
    reading.files.push({ name: besantFile(chapter), sha256: createHash('sha256').update(bytes).digest('hex') });
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      problems.push({ file, path: '$', expected: 'expected UTF-8 text' });
      continue;
    }
    readDiscourse(text.split(/\r?\n/), { file, chapter, count: counts[chapter - 1] }, reading, problems);
  }
  if (problems.length) throw new ContentError(problems);
  return reading;
}

interface Discourse {
  file: string;
  chapter: number;
  count: number;
}

function readDiscourse(lines: string[], d: Discourse, reading: BesantReading, problems: ContentProblem[]): void {
  const about = lines.findIndex((l) => l.trim() === 'About this digital edition');
  const bodyEnd = lines.findIndex((l) => l.trim() === '* * *' || l.startsWith('↑'));
  if (about === -1 || bodyEnd === -1 || bodyEnd > about) {
    problems.push({ file: d.file, path: '$', expected: 'expected the discourse, then its notes ("↑" lines), then Wikisource\'s notice "About this digital edition"' });
    return;
  }
  const units = unitsOf(lines.slice(0, bodyEnd), d, problems);
  const notes = lines.slice(bodyEnd, about).map((text, i) => ({ line: bodyEnd + i + 1, text })).filter((l) => l.text.startsWith('↑'));
  const verses = units.filter((u) => u.kind === 'verse');
  if (verses.length !== d.count) problems.push({ file: d.file, path: '$', expected: `expected ${d.count} Sanskrit verses (the records' chapter ${d.chapter}), found ${verses.length}` });
  const colophon = units.find((u) => u.kind === 'colophon');
  const noteTexts = noteTextsOf(notes, units, d, reading.defects);
  verses.forEach((u, i) => addVerse(u, i + 1, d, noteTexts, reading));
  const colophonRef = refOf(d.chapter, d.count + 1);
  const mark = colophon && VERSE_MARK.exec(colophon.dev.at(-1)!.text);
  if (mark) reading.defects.push({ ref: colophonRef, kind: 'colophon-number', summary: `the colophon closes with ${mark[0].trim()}, the chapter's number, as a verse closes (line ${colophon!.dev.at(-1)!.line}): read as the colophon by its opening words, इति श्रीमद्…` });
  if (!colophon) reading.defects.push({ ref: colophonRef, kind: 'colophon-missing', summary: `discourse ${d.chapter} has no colophon` });
  if (colophon) addText(colophon, colophonRef, colophon.en.map((l) => l.text.trim()).join('\n'), d, noteTexts, reading);
}

/** The discourse's lines cut into units: the title lines, each verse (Devanagari then English), the colophon, the closing lines. */
function unitsOf(lines: string[], d: Discourse, problems: ContentProblem[]): Unit[] {
  const units: Unit[] = [];
  let current: Unit = { kind: 'front', dev: [], en: [] };
  let pending: Unit['dev'] = [];
  // Devanagari lines with no verse mark, closed by the English that follows: the colophon, or lines outside the verses.
  const closeUnmarked = () => {
    if (!pending.length) return;
    const seen = units.some((u) => u.kind === 'colophon');
    const kind = COLOPHON.test(pending[0].text.trim()) ? 'colophon' : seen ? 'closing' : !units.length ? 'front' : null;
    if (!kind) problems.push({ file: d.file, path: `line ${pending[0].line}`, expected: 'expected a Sanskrit verse to close with ॥ N ॥' });
    units.push((current = { kind: kind ?? 'closing', dev: pending, en: [] }));
    pending = [];
  };
  lines.forEach((raw, i) => {
    const text = raw.trim();
    if (!text) return;
    const line = { line: i + 1, text };
    if (!DEVANAGARI.test(text)) {
      closeUnmarked();
      current.en.push(line);
      return;
    }
    pending.push(line);
    const mark = VERSE_MARK.exec(text);
    // A colophon closes with no mark, but in discourse 18 with the chapter's number, ॥१८॥, as a verse does: its opening words tell it.
    if (!mark || COLOPHON.test(pending[0].text)) return;
    const n = units.filter((u) => u.kind === 'verse').length + 1;
    if (Number(asciiDigits(mark[1])) !== n) problems.push({ file: d.file, path: `line ${line.line}`, expected: `expected the Sanskrit verse ${n} of discourse ${d.chapter} (॥ ${n} ॥), got ${mark[0].trim()}` });
    units.push((current = { kind: 'verse', dev: pending, en: [] }));
    pending = [];
  });
  closeUnmarked();
  return units;
}

/** The notes by number (1-based), their back-reference labels ("24.024.124.2 Dharma.") taken off, each checked against its calls. */
function noteTextsOf(notes: Array<{ line: number; text: string }>, units: Unit[], d: Discourse, defects: VersionDefect[]): Map<string, string> {
  const calls = new Map<string, number>();
  for (const u of units) for (const l of u.en) for (const m of l.text.matchAll(CALL)) calls.set(m[1], (calls.get(m[1]) ?? 0) + 1);
  const out = new Map<string, string>();
  notes.forEach((note, i) => {
    const n = String(i + 1);
    let text = note.text.replace(/^↑\s*/, '');
    // A note called k times begins with its k back-links, "n.0n.1…n.(k-1)", run together by the export.
    const labels = new RegExp(`^((?:${n}\\.\\d+)+)\\s+`).exec(text);
    const links = labels ? labels[1].length / (n.length + 2) : 1;
    if (labels) text = text.slice(labels[0].length);
    out.set(n, text);
    if ((calls.get(n) ?? 0) !== links) defects.push({ ref: null, kind: 'note-calls', summary: `discourse ${d.chapter}, note ${n} (line ${note.line}): called ${calls.get(n) ?? 0} times, its back-links say ${links}` });
  });
  for (const n of calls.keys()) if (!out.has(n)) defects.push({ ref: null, kind: 'note-missing', summary: `discourse ${d.chapter}: the call [${n}] has no note` });
  for (const u of units.filter((x) => x.kind === 'front' || x.kind === 'closing')) for (const l of u.en) if (/\[\d+\]/.test(l.text)) defects.push({ ref: null, kind: 'note-outside', summary: `discourse ${d.chapter}, line ${l.line}: a call outside the verses` });
  return out;
}

/** Verse k of the discourse: its English, the number it ends with taken off (or a defect named where it is not k's). */
function addVerse(u: Unit, k: number, d: Discourse, notes: Map<string, string>, reading: BesantReading): void {
  const ref = refOf(d.chapter, k);
  reading.devanagari.set(ref, u.dev.map((l) => l.text).join('\n'));
  const en = u.en.map((l) => l.text);
  const last = en.at(-1) ?? '';
  const closed = ENGLISH_MARK.exec(last);
  if (closed) en[en.length - 1] = last.slice(0, closed.index);
  const typed = closed ? Number(closed[1]) : oneBracket(last);
  const defect = numberDefect(k, typed, !!closed, u.en.at(-1)?.line);
  if (defect) reading.defects.push({ ref, ...defect });
  addText(u, ref, en.join('\n'), d, notes, reading);
}

function oneBracket(line: string): number | null {
  const m = ONE_BRACKET.exec(line);
  return m ? Number(m[1] ?? m[2]) : null;
}

function numberDefect(k: number, typed: number | null, closed: boolean, line: number | undefined): Omit<VersionDefect, 'ref'> | null {
  const where = line ? ` (line ${line})` : '';
  if (typed === null) return { kind: 'verse-number-missing', summary: `no English verse number${where}: placed by the Sanskrit ॥ ${k} ॥ before it` };
  if (typed !== k) return { kind: 'verse-number-wrong', summary: `the English is numbered (${typed})${where}: placed as ${k} by the Sanskrit ॥ ${k} ॥ before it` };
  if (!closed) return { kind: 'verse-number-bracket', summary: `the English number typed with one bracket${where}: taken off by the rule besant-verse-number` };
  return null;
}

function addText(u: Unit, ref: string, text: string, d: Discourse, notes: Map<string, string>, reading: BesantReading): void {
  const called = [...new Set([...text.matchAll(CALL)].map((m) => m[1]))];
  const found: VersionNote[] = called.filter((n) => notes.has(n)).map((n) => ({ call: n, text: notes.get(n)! }));
  const at: SourcePlace = { file: d.file, line: u.en[0]?.line ?? u.dev[0].line };
  reading.texts.push({ ref, text, ...(found.length && { notes: found }), at });
}

/** The folder's name, as the audit names it. */
export const besantFrom = (dir: string) => basename(dir);
