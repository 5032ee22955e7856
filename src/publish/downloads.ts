// The whole Gita offline, for apps that keep the text on the device:
// downloads/gita.json ({chapters, verses}), downloads/gita.ndjson (one record
// a line) and downloads/gita.sqlite (tables and an FTS5 index). The records
// are the content's, unchanged; the SQLite file spreads them into columns.
// The versions beyond the commentaries go in each, every one with its
// license and credit beside its texts (CC BY-SA asks for it).
//
// SQLite is written by node-sqlite3-wasm: SQLite compiled to WebAssembly, in
// one registry package with no install script, FTS5 built in, writing a real
// file. sql.js has no FTS5; better-sqlite3 compiles SQLite from source on
// install (minutes here, a C++ toolchain, and npm 11 skips its install script
// unless allowed). See README, "The whole Gita offline".
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILES } from '../layout.ts';
import { PROJECT_ROOT } from '../paths.ts';
import type { BuildCache, Cached } from './cache.ts';
import type { Database } from 'node-sqlite3-wasm';
import type { ChapterRecord, Commentary, VerseRecord } from '../content/schema.ts';
import { TEXT_FIELD_NAMES } from '../content/schema.ts';
import { isPlaceholder } from '../content/placeholders.ts';
import { SEARCHED_TRANSLATIONS } from '../search/fields.ts';
import { wordsOf as contentWords, type Word } from '../content/words.ts';
import type { DcsWord } from '../content/dcs/conllu.ts';
import { DCS_ATTRIBUTION, DCS_LICENSE } from '../content/dcs/attribution.ts';
import { served } from '../content/dcs/served.ts';
import { UPSTREAM } from '../content/upstream.ts';
import type { VerseLinks } from '../content/links.ts';
import type { VersionFile } from '../content/versions/model.ts';
import type { RootsFile } from '../content/roots/store.ts';
import { rootLookup } from '../content/roots/served.ts';
import { DHATUPATHA_ATTRIBUTION, DHATUPATHA_LICENSE } from '../content/roots/attribution.ts';

export const DOWNLOADS = FILES.downloads;

export interface DownloadInput {
  chapters: readonly ChapterRecord[];
  /** Every verse record in order, the colophons included (as the content has them). */
  verses: readonly VerseRecord[];
  /** The words of a verse; default: the content's word lists (src/content/words.ts). */
  wordsOf?: (verse: VerseRecord) => readonly Word[];
  /** The DCS's analysis of each verse's words, by ref (src/content/dcs/); absent when the content was imported without it. */
  analysis?: Readonly<Record<string, readonly DcsWord[]>>;
  /** Every verbal lemma's root (src/content/roots/), with the dhātupāṭha's license notice; absent when imported without them. */
  roots?: RootsFile;
  /** Each verse's links (src/content/links.ts), for the links table of gita.sqlite; absent: the table is empty. */
  links?: readonly VerseLinks[];
  /** The versions beyond the commentaries (src/content/versions/), in their order; absent or []: none. */
  versions?: readonly VersionFile[];
}

/** A version as the downloads carry it: what /versions lists (its license and credit among it) and its texts; its audit is at /versions/{id}. */
const versionsOf = (input: DownloadInput) => (input.versions?.length ? input.versions.map(({ audit: _audit, ...v }) => v) : undefined);

/** The analysis as the downloads carry it: its credit beside it (CC BY 4.0), apart from the verse texts' GPL-3.0. */
const analysisOf = (input: DownloadInput) => {
  if (!input.analysis) return undefined;
  const rootOf = input.roots && rootLookup(input.roots.lemmas);
  const word = (w: DcsWord) => {
    const root = rootOf?.(w);
    return root ? { ...served(w), root } : served(w);
  };
  const verses = Object.fromEntries(Object.entries(input.analysis).map(([ref, words]) => [ref, words.map(word)]));
  // The roots' credit and the dhātupāṭha's notice (MIT: kept with every copy) beside the DCS's.
  const roots = input.roots && { attribution: DHATUPATHA_ATTRIBUTION, license: input.roots.license };
  return { attribution: DCS_ATTRIBUTION, license: DCS_LICENSE, ...(roots && { roots }), verses };
};

/** `{chapters, verses}`: the records as the API serves them, in one document (and the analysis and the versions, each with its credit). */
export function gitaJson(input: DownloadInput): Buffer {
  const { chapters, verses } = input;
  const analysis = analysisOf(input);
  const versions = versionsOf(input);
  return Buffer.from(JSON.stringify({ chapters, verses, ...(analysis && { analysis }), ...(versions && { versions }) }));
}

/**
 * One record a line: the 18 chapters first (they have `chapter_number`), then
 * every verse record (they have `_id`), then each analysed verse's words
 * (they have `ref` and `words`, and the credit `attribution`), then each
 * version (it has `license`) followed by its texts (they have `ref`,
 * `version` and `text`, and the version's `credit`).
 */
export function gitaNdjson(input: DownloadInput): Buffer {
  const analysis = analysisOf(input);
  const lines = [...input.chapters, ...input.verses].map((r) => JSON.stringify(r));
  if (analysis) for (const [ref, words] of Object.entries(analysis.verses)) lines.push(JSON.stringify({ ref, words, attribution: analysis.attribution }));
  for (const { texts, ...v } of versionsOf(input) ?? []) {
    lines.push(JSON.stringify(v));
    for (const t of texts) lines.push(JSON.stringify({ ref: t.ref, version: v.id, text: t.text, ...(t.notes?.length && { notes: t.notes }), credit: v.credit }));
  }
  return Buffer.from(lines.join('\n') + '\n');
}

/**
 * The schema of gita.sqlite (also in docs/downloads.md). `verses_fts` is an
 * external-content FTS5 table over `verses_text`, one row per verse with its
 * rowid: the English and Hindi translations the search module searches, the
 * Devanagari and the transliteration (diacritics folded: "karmanye" finds
 * "karmaṇye"). `version_texts_fts` indexes the versions' texts, the marks
 * counted as letters (categories M*: a Telugu vowel sign is part of its
 * word, not a break in it).
 */
export const SQLITE_SCHEMA = `
CREATE TABLE chapters (
  chapter INTEGER PRIMARY KEY,
  verses_count INTEGER NOT NULL,
  name TEXT NOT NULL,
  translation TEXT NOT NULL,
  transliteration TEXT NOT NULL,
  meaning_en TEXT NOT NULL,
  meaning_hi TEXT NOT NULL,
  summary_en TEXT NOT NULL,
  summary_hi TEXT NOT NULL
);
CREATE TABLE verses (
  id INTEGER PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE,
  chapter INTEGER NOT NULL REFERENCES chapters (chapter),
  verse INTEGER NOT NULL,
  colophon INTEGER NOT NULL,
  speaker TEXT,
  slok TEXT NOT NULL,
  transliteration TEXT NOT NULL,
  UNIQUE (chapter, verse)
);
CREATE TABLE commentaries (
  verse_id INTEGER NOT NULL REFERENCES verses (id),
  key TEXT NOT NULL,
  author TEXT NOT NULL,
  et TEXT, ht TEXT, ec TEXT, hc TEXT, sc TEXT,
  PRIMARY KEY (verse_id, key)
) WITHOUT ROWID;
CREATE TABLE words (
  verse_id INTEGER NOT NULL REFERENCES verses (id),
  position INTEGER NOT NULL,
  word TEXT NOT NULL,
  transliteration TEXT NOT NULL,
  meaning TEXT NOT NULL,
  PRIMARY KEY (verse_id, position)
) WITHOUT ROWID;
CREATE TABLE analysis (
  ref TEXT NOT NULL REFERENCES verses (ref),
  position INTEGER NOT NULL,
  form TEXT NOT NULL,
  unsandhied TEXT NOT NULL,
  lemma TEXT NOT NULL,
  pos TEXT NOT NULL,
  features TEXT NOT NULL,
  root TEXT,
  PRIMARY KEY (ref, position)
) WITHOUT ROWID;
CREATE INDEX analysis_lemma ON analysis (lemma);
CREATE INDEX analysis_root ON analysis (root);
CREATE TABLE roots (
  lemma TEXT NOT NULL,
  lemma_id INTEGER NOT NULL,
  root TEXT,
  prefixes TEXT NOT NULL,
  derived TEXT,
  derived_stem TEXT,
  ambiguous INTEGER NOT NULL,
  PRIMARY KEY (lemma, lemma_id)
) WITHOUT ROWID;
CREATE TABLE root_entries (
  lemma TEXT NOT NULL,
  lemma_id INTEGER NOT NULL,
  code TEXT NOT NULL,
  class INTEGER NOT NULL,
  voice TEXT NOT NULL,
  meaning_iast TEXT NOT NULL,
  meaning_devanagari TEXT NOT NULL,
  PRIMARY KEY (lemma, lemma_id, code),
  FOREIGN KEY (lemma, lemma_id) REFERENCES roots (lemma, lemma_id)
) WITHOUT ROWID;
CREATE TABLE links (
  ref TEXT NOT NULL REFERENCES verses (ref),
  kind TEXT NOT NULL CHECK (kind IN ('cites', 'covers', 'external')),
  target TEXT,
  loc TEXT,
  key TEXT NOT NULL,
  field TEXT NOT NULL,
  text TEXT
);
CREATE INDEX links_target ON links (target);
CREATE TABLE versions (
  id TEXT PRIMARY KEY,
  language TEXT NOT NULL,
  title TEXT NOT NULL,
  translator TEXT NOT NULL,
  published TEXT,
  license TEXT NOT NULL,
  source TEXT NOT NULL,
  credit TEXT NOT NULL
);
CREATE TABLE version_texts (
  id INTEGER PRIMARY KEY,
  version TEXT NOT NULL REFERENCES versions (id),
  ref TEXT NOT NULL REFERENCES verses (ref),
  text TEXT NOT NULL,
  notes TEXT,
  UNIQUE (version, ref)
);
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE verses_text (
  id INTEGER PRIMARY KEY REFERENCES verses (id),
  english TEXT NOT NULL,
  hindi TEXT NOT NULL,
  sanskrit TEXT NOT NULL,
  transliteration TEXT NOT NULL
);
CREATE VIRTUAL TABLE verses_fts USING fts5 (
  english, hindi, sanskrit, transliteration,
  content = 'verses_text', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE version_texts_fts USING fts5 (
  text,
  content = 'version_texts', content_rowid = 'id',
  tokenize = "unicode61 remove_diacritics 2 categories 'L* N* Co M*'"
);
`.trim();

const textOf = (verse: VerseRecord, key: string, field: 'et' | 'ht'): string | null => {
  const c = verse[key] as Commentary | undefined;
  const t = c && typeof c === 'object' ? c[field] : undefined;
  return t && !isPlaceholder(t) ? t : null;
};
/**
 * Long texts go in as UTF-8 bytes cast to TEXT: the library's own string copy
 * into WebAssembly memory is a JavaScript loop, Buffer.from is native (the
 * 36 MB of commentaries: 1.1 s against 1.7 s of CPU).
 */
const utf8 = (text: string | undefined) => (text === undefined ? null : Buffer.from(text));
const joined = (verse: VerseRecord, keys: readonly string[], field: 'et' | 'ht') =>
  keys.map((k) => textOf(verse, k, field)).filter((t): t is string => t !== null).join('\n\n');

/**
 * gita.sqlite's bytes. Written to a file of its own in the temporary folder
 * (the library writes files, not buffers), in one transaction, the FTS index
 * merged into one segment, then read back (no VACUUM: it would save 0.8 MB of
 * 58 for 0.3 s). The same records give the same bytes.
 */
export async function gitaSqlite(input: DownloadInput): Promise<Buffer> {
  const { Database } = (await import('node-sqlite3-wasm')).default;
  const dir = mkdtempSync(join(tmpdir(), 'gita-sqlite-'));
  const file = join(dir, 'gita.sqlite');
  try {
    const db = new Database(file);
    try {
      // A file made once and then only read: no journal, no syncs, every page in memory until the commit.
      db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 4096; PRAGMA cache_size = -400000;');
      db.exec(SQLITE_SCHEMA);
      db.exec('BEGIN');
      insertRecords(db, input);
      insertAnalysis(db, input);
      insertRoots(db, input);
      insertLinks(db, input);
      insertVersions(db, input);
      insertMeta(db, input);
      for (const fts of ['verses_fts', 'version_texts_fts']) db.exec(`INSERT INTO ${fts} (${fts}) VALUES ('rebuild'); INSERT INTO ${fts} (${fts}) VALUES ('optimize');`);
      db.exec('COMMIT');
    } finally {
      db.close();
    }
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The chapters; the verses with their commentaries (each text field a column) and words; the texts the full-text index reads. */
function insertRecords(db: Database, input: DownloadInput): void {
  const chapter = db.prepare('INSERT INTO chapters VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  for (const c of input.chapters) chapter.run([c.chapter_number, c.verses_count, c.name, c.translation, c.transliteration, c.meaning.en, c.meaning.hi, c.summary.en, c.summary.hi]);
  chapter.finalize();
  const byNumber = new Map(input.chapters.map((c) => [c.chapter_number, c]));
  const verse = db.prepare('INSERT INTO verses VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const commentary = db.prepare(`INSERT INTO commentaries VALUES (?, ?, ?, ${TEXT_FIELD_NAMES.map(() => 'CAST(? AS TEXT)').join(', ')})`);
  const word = db.prepare('INSERT INTO words VALUES (?, ?, ?, ?, ?)');
  const text = db.prepare('INSERT INTO verses_text VALUES (?, CAST(? AS TEXT), CAST(? AS TEXT), ?, ?)');
  input.verses.forEach((v, i) => {
    const id = i + 1;
    const colophon = v.verse === byNumber.get(v.chapter)!.verses_count + 1;
    verse.run([id, v._id, v.chapter, v.verse, colophon ? 1 : 0, v.speaker ?? null, v.slok, v.transliteration]);
    for (const [key, value] of Object.entries(v)) {
      if (!value || typeof value !== 'object') continue;
      const c = value as Commentary;
      commentary.run([id, key, c.author, ...TEXT_FIELD_NAMES.map((f) => utf8(c[f]))]);
    }
    (input.wordsOf ?? contentWords)(v).forEach((w, n) => word.run([id, n + 1, w.word, w.transliteration, w.meaning]));
    text.run([id, utf8(joined(v, SEARCHED_TRANSLATIONS.en, 'et')), utf8(joined(v, SEARCHED_TRANSLATIONS.hi, 'ht')), v.slok, v.transliteration]);
  });
  for (const s of [verse, commentary, word, text]) s.finalize();
}

/** The DCS's words, one row each (features as JSON), each verbal lemma with its root. */
function insertAnalysis(db: Database, input: DownloadInput): void {
  const rootOf = input.roots ? rootLookup(input.roots.lemmas) : () => undefined;
  const analysed = db.prepare('INSERT INTO analysis VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  for (const [ref, words] of Object.entries(input.analysis ?? {})) words.forEach((w, n) => analysed.run([ref, n + 1, w.form, w.unsandhied, w.lemma, w.pos, JSON.stringify(w.features), rootOf(w)?.root ?? null]));
  analysed.finalize();
}

/** Each verbal lemma's root: its preverbs (JSON), its secondary stem, and its dhātupāṭha entries, one row each. */
function insertRoots(db: Database, input: DownloadInput): void {
  const root = db.prepare('INSERT INTO roots VALUES (?, ?, ?, ?, ?, ?, ?)');
  const entry = db.prepare('INSERT INTO root_entries VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const l of input.roots?.lemmas ?? []) {
    root.run([l.lemma, l.lemmaId, l.root, JSON.stringify(l.prefixes), l.derived?.kind ?? null, l.derived?.stem ?? null, l.ambiguous ? 1 : 0]);
    for (const e of l.entries) entry.run([l.lemma, l.lemmaId, e.code, e.class, e.voice, e.meaning.iast, e.meaning.devanagari]);
  }
  root.finalize();
  entry.finalize();
}

/** The link graph: what each verse's commentaries cite (target: a verse or range, a group, another work). What cites a verse is the rows whose target names it. */
function insertLinks(db: Database, input: DownloadInput): void {
  const link = db.prepare('INSERT INTO links VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const l of input.links ?? []) {
    for (const c of l.cites) link.run([l.ref, 'cites', c.to, null, c.by, c.field, c.text]);
    for (const c of l.covers) link.run([l.ref, 'covers', c.range, null, c.by, c.field, null]);
    for (const e of l.external) link.run([l.ref, 'external', e.work, e.loc, e.by, e.field, e.text]);
  }
  link.finalize();
}

/** The versions, each with its license and credit; a verse a version lacks has no row (never filled from another). */
function insertVersions(db: Database, input: DownloadInput): void {
  const version = db.prepare('INSERT INTO versions VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const versionText = db.prepare('INSERT INTO version_texts (version, ref, text, notes) VALUES (?, ?, ?, ?)');
  for (const v of input.versions ?? []) {
    version.run([v.id, v.language, v.title, v.translator, v.published ?? null, v.license, v.source, v.credit]);
    for (const t of v.texts) versionText.run([v.id, t.ref, t.text, t.notes?.length ? JSON.stringify(t.notes) : null]);
  }
  version.finalize();
  versionText.finalize();
}

/** The licenses, each beside what it covers. */
function insertMeta(db: Database, input: DownloadInput): void {
  const meta = db.prepare('INSERT INTO meta VALUES (?, ?)');
  meta.run(['texts_license', `The verse texts, translations and commentaries: ${UPSTREAM.repository}, GNU GPL v3`]);
  if (input.analysis) meta.run(['analysis_license', `${DCS_ATTRIBUTION} (${DCS_LICENSE.url}); tables analysis`]);
  if (input.roots) meta.run(['roots_license', `${DHATUPATHA_ATTRIBUTION} (${DHATUPATHA_LICENSE.url}); tables roots, root_entries, analysis.root`]);
  if (input.roots?.license.notice) meta.run(['roots_license_notice', input.roots.license.notice]);
  if (input.versions?.length) meta.run(['versions_license', 'Each version under its own license: tables versions (license, credit) and version_texts']);
  meta.finalize();
}

/**
 * The twins' levels, measured on the 36 MB JSON and the 58 MB SQLite file (one
 * core, CPU time): brotli 4 makes 6.9 and 8.3 MB in 0.7 and 1.1 s, brotli 5
 * 6.5 and 7.9 MB in 1.1 and 1.5 s, brotli 3 8.2 and 9.8 MB in 0.5 and 0.6 s;
 * gzip 4 8.6 and 10.5 MB in 0.5 and 0.7 s, gzip 6 7.9 and 9.9 MB in 1.5 and
 * 1.6 s. Brotli 4 and gzip 4 keep the cold build's growth within its budget
 * (docs/downloads.md).
 */
export const DOWNLOAD_LEVELS = { brotli: 4, gzip: 4 } as const;

/** The three downloads, by path. */
export async function downloadFiles(input: DownloadInput): Promise<Array<{ path: string; body: Buffer }>> {
  return [
    { path: DOWNLOADS.json, body: gitaJson(input) },
    { path: DOWNLOADS.ndjson, body: gitaNdjson(input) },
    { path: DOWNLOADS.sqlite, body: await gitaSqlite(input) },
  ];
}

/**
 * The downloads for the build: the JSON forms made afresh (cheap), the SQLite
 * file from the build cache when the records, the words, this code and the
 * library did not change (it takes about 1.7 s of CPU to make).
 */
export async function downloadAssets(input: DownloadInput, cache: BuildCache): Promise<Array<{ path: string; body: Buffer } & Cached>> {
  const json = gitaJson(input);
  const ndjson = gitaNdjson(input);
  const hash = createHash('sha256').update(json);
  for (const v of input.verses) hash.update(JSON.stringify((input.wordsOf ?? contentWords)(v)));
  hash.update(JSON.stringify(input.analysis ?? null));
  hash.update(JSON.stringify(input.roots ?? null));
  hash.update(JSON.stringify(input.links ?? null));
  hash.update(JSON.stringify(input.versions ?? null));
  for (const file of [join(PROJECT_ROOT, 'src', 'publish', 'downloads.ts'), join(PROJECT_ROOT, 'src', 'content', 'words.ts'), join(PROJECT_ROOT, 'node_modules', 'node-sqlite3-wasm', 'package.json')]) hash.update(readFileSync(file));
  const slot = cache.lookup(`${hash.digest('hex')}.gita.sqlite`);
  const sqlite = slot.file ? readFileSync(slot.file) : await gitaSqlite(input);
  return [
    { path: DOWNLOADS.json, body: json },
    { path: DOWNLOADS.ndjson, body: ndjson },
    { path: DOWNLOADS.sqlite, body: sqlite, ...slot },
  ];
}
