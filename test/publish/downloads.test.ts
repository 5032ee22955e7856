// The whole Gita offline, as a user gets it from a built dist/: the files the
// manifest lists (size, SHA-256, twins), the JSON forms, and gita.sqlite opened
// by a real SQLite (Debian's sqlite3, .ci/run installs it) with FTS5 queries.
import { readRoots } from '../../src/content/roots/store.ts';
import { readAnalysis } from '../../src/content/dcs/store.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FILES } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import type { Manifest } from '../../src/contract/manifest.ts';
import { DOWNLOAD_LEVELS, gitaSqlite, SQLITE_SCHEMA } from '../../src/publish/downloads.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { readLinks } from '../../src/publish/links.ts';
import { readVersionFiles } from '../../src/content/versions/read.ts';
import { readContent } from '../../src/content/read.ts';
import { wordsOf } from '../../src/content/words.ts';
import type { VerseRecord } from '../../src/content/schema.ts';
import { testDist } from '../helpers/dist.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { requireProgram } from '../helpers/programs.ts';

let sqlite3: string;
let distDir: string;
let contentDir: string;
let manifest: Manifest;
let chapters: number;
let verses: number;
let colophons: number;
let sqliteFile: string;

test.before(hook(async () => {
  // The program first: without it the suite fails at once, before the build.
  sqlite3 = requireProgram('sqlite3', 'sqlite3');
  ({ distDir, contentDir } = await testDist());
  manifest = JSON.parse(readFileSync(join(distDir, FILES.manifest), 'utf8'));
  ({ chapters, verses, colophons } = manifest.content);
  sqliteFile = join(distDir, FILES.downloads.sqlite);
}));

/** Rows of a query by Debian's sqlite3 (not the library that wrote the file), as JSON. */
function sql(query: string, file = sqliteFile): Array<Record<string, unknown>> {
  const out = execFileSync(sqlite3, ['-readonly', '-json', file, query], { encoding: 'utf8' });
  return out.trim() ? JSON.parse(out) : [];
}

test('each download is in the manifest with its size, SHA-256 and twins', () => {
  for (const path of Object.values(FILES.downloads)) {
    const entry = manifest.files[path];
    assert.ok(entry, path);
    const body = readFileSync(join(distDir, path));
    assert.is(entry.size, body.length, path);
    assert.is(entry.sha256, createHash('sha256').update(body).digest('hex'), path);
    assert.ok(entry.br! < body.length / 3 && entry.gzip! < body.length / 3, `${path}: the twins help`);
    assert.ok(brotliDecompressSync(readFileSync(join(distDir, `${path}.br`))).equals(body), `${path}.br`);
    assert.ok(gunzipSync(readFileSync(join(distDir, `${path}.gz`))).equals(body), `${path}.gz`);
  }
  assert.is(manifest.files[FILES.downloads.sqlite].type, 'application/vnd.sqlite3');
  assert.is(manifest.files[FILES.downloads.ndjson].type, 'application/x-ndjson; charset=utf-8');
  assert.equal(DOWNLOAD_LEVELS, { brotli: 4, gzip: 4 });
});

test('gita.json and gita.ndjson hold every record as the API serves it', () => {
  const whole = JSON.parse(readFileSync(join(distDir, FILES.downloads.json), 'utf8'));
  assert.is(whole.chapters.length, 18);
  assert.is(whole.verses.length, verses + colophons);
  assert.is(verses, 701);
  assert.equal(whole.chapters, JSON.parse(readFileSync(join(distDir, FILES.chapters), 'utf8')));
  const served = readFileSync(join(distDir, FILES.verse(2, 47)), 'utf8');
  assert.is(JSON.stringify(whole.verses.find((v: { _id: string }) => v._id === 'BG2.47')), served, 'byte for byte the record');
  const lines = readFileSync(join(distDir, FILES.downloads.ndjson), 'utf8').split('\n');
  assert.is(lines.pop(), '', 'ends with a newline');
  // Then one line per analysed verse (the DCS's words, with their credit): 700, BG13.1 and the colophons have none; then each version and its texts.
  const versions = whole.versions as Array<{ id: string; credit: string; texts: unknown[] }>;
  assert.is(lines.length, 18 + verses + colophons + 700 + versions.reduce((n, v) => n + 1 + v.texts.length, 0));
  assert.is(JSON.parse(lines[18 + verses + colophons + 699]).ref, 'BG18.78');
  assert.equal(JSON.parse(lines[0]), whole.chapters[0]);
  assert.is(lines[18 + whole.verses.findIndex((v: { _id: string }) => v._id === 'BG2.47')], served);
});

test('the versions in each download: their license and credit beside their texts, as the import wrote them; a verse a version lacks has no text', () => {
  const imported = (id: string) => JSON.parse(readFileSync(join(contentDir, 'versions', `${id}.json`), 'utf8'));
  const whole = JSON.parse(readFileSync(join(distDir, FILES.downloads.json), 'utf8'));
  assert.equal(whole.versions.map((v: { id: string }) => v.id), ['besant', 'telugu-wikisource']);
  for (const v of whole.versions) {
    const { audit: _a, ...expected } = imported(v.id);
    assert.equal(v, expected, v.id);
  }
  const lines = readFileSync(join(distDir, FILES.downloads.ndjson), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const telugu = lines.findIndex((l) => l.id === 'telugu-wikisource' && l.license === 'CC-BY-SA-4.0');
  assert.ok(telugu > 0);
  assert.not.ok('texts' in lines[telugu]);
  const t247 = lines.slice(telugu).find((l) => l.ref === 'BG2.47' && l.version === 'telugu-wikisource');
  assert.equal(t247, { ref: 'BG2.47', version: 'telugu-wikisource', text: whole.versions[1].texts.find((t: { ref: string }) => t.ref === 'BG2.47').text, credit: whole.versions[1].credit });
  assert.equal(sql("SELECT id, license, credit FROM versions ORDER BY rowid").map((r) => r.id), ['besant', 'telugu-wikisource']);
  assert.equal(sql("SELECT credit FROM versions WHERE id = 'besant'"), [{ credit: whole.versions[0].credit }]);
  assert.equal(sql("SELECT count(*) AS n FROM version_texts WHERE version = 'telugu-wikisource'"), [{ n: 700 }]);
  assert.equal(sql("SELECT count(*) AS n FROM version_texts WHERE version = 'telugu-wikisource' AND ref = 'BG1.13'"), [{ n: 0 }], 'missing, not filled');
  const besant = whole.versions[0].texts.find((t: { notes?: unknown[] }) => t.notes?.length);
  assert.equal(sql(`SELECT text, notes FROM version_texts WHERE version = 'besant' AND ref = '${besant.ref}'`), [{ text: besant.text, notes: JSON.stringify(besant.notes) }]);
  assert.match(sql("SELECT value FROM meta WHERE key = 'versions_license'")[0].value as string, /versions/);
});

test('docs/downloads.md shows the schema the file has: every table and column, in order', () => {
  const columns = (schema: string) =>
    [...schema.matchAll(/CREATE (?:VIRTUAL )?TABLE (\w+)[^(]*\(([\s\S]*?)\n\)/g)].map(([, table, body]) => {
      const parts = body.replace(/--.*$/gm, '').replace(/\([^)]*\)/g, '').split(',').map((p) => p.trim().split(/\s/)[0]);
      return `${table}: ${parts.filter((p) => p && !/^(PRIMARY|UNIQUE|content|tokenize)$/.test(p)).join(' ')}`;
    });
  const shown = /```sql\n([\s\S]*?)```/.exec(readFileSync(join(PROJECT_ROOT, 'docs', 'downloads.md'), 'utf8'))![1];
  assert.equal(columns(shown), columns(SQLITE_SCHEMA));
  assert.ok(columns(SQLITE_SCHEMA).length >= 10);
});

test('gita.sqlite opens in a real SQLite: the counts, the records, the words table', () => {
  assert.equal(sql('PRAGMA integrity_check'), [{ integrity_check: 'ok' }]);
  assert.equal(sql('SELECT count(*) AS n FROM chapters'), [{ n: chapters }]);
  assert.equal(sql('SELECT count(*) AS n FROM verses'), [{ n: verses + colophons }]);
  assert.equal(sql('SELECT count(*) AS n FROM verses WHERE colophon = 1'), [{ n: colophons }]);
  assert.equal(sql('SELECT sum(verses_count) AS n FROM chapters'), [{ n: 701 }]);
  const record = JSON.parse(readFileSync(join(distDir, FILES.verse(2, 47)), 'utf8'));
  const [row] = sql("SELECT ref, speaker, slok, transliteration FROM verses WHERE chapter = 2 AND verse = 47");
  assert.equal(row, { ref: 'BG2.47', speaker: record.speaker, slok: record.slok, transliteration: record.transliteration });
  const [c] = sql("SELECT c.author, c.et, c.ec FROM commentaries c JOIN verses v ON v.id = c.verse_id WHERE v.ref = 'BG2.47' AND c.key = 'siva'");
  assert.equal(c, { author: record.siva.author, et: record.siva.et, ec: record.siva.ec }, 'the texts unchanged');
  const perRecord = manifest.content.commentaries.reduce((n, k) => n + k.records, 0);
  assert.equal(sql('SELECT count(*) AS n FROM commentaries'), [{ n: perRecord }]);
  assert.equal(sql("SELECT typeof(et) AS t FROM commentaries WHERE et IS NOT NULL GROUP BY 1"), [{ t: 'text' }], 'texts are TEXT, not blobs');
  const records: VerseRecord[] = JSON.parse(readFileSync(join(distDir, FILES.downloads.json), 'utf8')).verses;
  assert.equal(sql('SELECT count(*) AS n FROM words'), [{ n: records.reduce((n, v) => n + wordsOf(v).length, 0) }], 'every word of the word lists');
  const first = wordsOf(record)[0];
  assert.equal(sql("SELECT w.word, w.transliteration, w.meaning FROM words w JOIN verses v ON v.id = w.verse_id WHERE v.ref = 'BG2.47' AND w.position = 1"), [{ ...first }]);
});

test('gita.sqlite: the links table holds the link graph as the API serves it', () => {
  const links = JSON.parse(readFileSync(join(distDir, filled(ROUTE['verse-links'].file!, { ch: 3, sl: 5 })), 'utf8'));
  const rows = sql("SELECT kind, target, loc, key, field, text FROM links WHERE ref = 'BG3.5' ORDER BY rowid");
  assert.equal(rows.filter((r) => r.kind === 'cites').map((r) => ({ to: r.target, by: r.key, field: r.field, text: r.text })), links.cites.map(({ to, by, field, text }: Record<string, unknown>) => ({ to, by, field, text })), 'each citation (where it stands in its text is the API\'s, not a column)');
  assert.equal(rows.filter((r) => r.kind === 'external').map((r) => ({ work: r.target, loc: r.loc, by: r.key, field: r.field, text: r.text })), links.external);
  // What cites a verse: the rows whose target names it (a single verse here; a range names each verse of it).
  const bg1815 = JSON.parse(readFileSync(join(distDir, filled(ROUTE['verse-links'].file!, { ch: 18, sl: 15 })), 'utf8'));
  const citing = sql("SELECT DISTINCT ref FROM links WHERE kind = 'cites' AND target = 'BG18.15'").map((r) => r.ref);
  for (const ref of citing) assert.ok(bg1815.citedBy.some((c: { from: string }) => c.from === ref), `${ref} cites BG18.15`);
  assert.ok(citing.includes('BG3.5'));
});

test('FTS5 finds verses by English, Hindi, Devanagari and transliteration without diacritics', () => {
  const refs = (match: string) => sql(`SELECT v.ref FROM verses_fts f JOIN verses v ON v.id = f.rowid WHERE verses_fts MATCH '${match}' ORDER BY rank LIMIT 50`).map((r) => r.ref);
  assert.ok(refs('english: "right to work"').includes('BG2.47'));
  assert.ok(refs('sanskrit: कर्मण्येवाधिकारस्ते').includes('BG2.47'));
  assert.ok(refs('transliteration: karmanyevadhikaraste').includes('BG2.47'), 'ṇ and ā folded');
  assert.ok(refs('hindi: अधिकार').includes('BG2.47'));
  assert.is(refs('sanskrit: कर्मण्येवाधिकारस्ते').length, 1);
});

test("FTS5 finds the versions' texts: Besant's English, and a Telugu word whole (its vowel signs part of it)", () => {
  const found = (match: string) => sql(`SELECT t.version, t.ref FROM version_texts_fts f JOIN version_texts t ON t.id = f.rowid WHERE version_texts_fts MATCH '${match}' ORDER BY rank LIMIT 20`).map((r) => `${r.version} ${r.ref}`);
  assert.ok(found('"business is with the action only"').includes('besant BG2.47'));
  const telugu = JSON.parse(readFileSync(join(distDir, filled(ROUTE['verse-versions'].file!, { ch: 2, sl: 47 })), 'utf8')).versions.find((v: { id: string }) => v.id === 'telugu-wikisource').text as string;
  const word = telugu.split(/\s+/)[0];
  assert.ok(found(`"${word}"`).includes('telugu-wikisource BG2.47'), word);
  // Cut at its marks, కర్మ would be the tokens కర and మ: then "కర" would match every text with కర్మ in it.
  const texts = JSON.parse(readFileSync(join(distDir, FILES.downloads.json), 'utf8')).versions.find((v: { id: string }) => v.id === 'telugu-wikisource').texts as Array<{ text: string }>;
  const withKarma = texts.filter((t) => t.text.includes('కర్మ')).length;
  const ka = sql(`SELECT count(*) AS n FROM version_texts_fts WHERE version_texts_fts MATCH '"కర"'`)[0].n as number;
  assert.ok(withKarma > 100 && ka < withKarma / 4, `a word is not cut at its marks: "కర" matches ${ka} texts, కర్మ stands in ${withKarma}`);
});

test('gita.sqlite: the same records give the same bytes; the words go in their table', async () => {
  const content = await readContent(contentDir);
  const analysis = readAnalysis(contentDir)?.verses;
  const roots = readRoots(contentDir);
  const input = { chapters: content.chapters.map((c) => c.record), verses: content.verses.map((v) => v.record), ...(analysis && { analysis }), ...(analysis && roots && { roots }), links: readLinks(contentDir, content).verses, versions: readVersionFiles(contentDir) };
  assert.ok((await gitaSqlite(input)).equals(readFileSync(sqliteFile)), 'made again in another process: the same bytes as the build');
  const words = [{ word: 'कर्मणि', transliteration: 'karmaṇi', meaning: 'in work' }, { word: 'एव', transliteration: 'eva', meaning: 'only' }];
  const file = join(tempDir(), 'words.sqlite');
  writeFileSync(file, await gitaSqlite({ ...input, wordsOf: (v) => (v._id === 'BG2.47' ? words : []) }));
  assert.equal(sql("SELECT w.position, w.word, w.meaning FROM words w JOIN verses v ON v.id = w.verse_id WHERE v.ref = 'BG2.47' ORDER BY w.position", file), [
    { position: 1, word: 'कर्मणि', meaning: 'in work' },
    { position: 2, word: 'एव', meaning: 'only' },
  ]);
});

test('gita.sqlite: every verbal lemma\'s root and entries, each verbal word\'s root beside its analysis, the dhātupāṭha\'s license with them', () => {
  const roots = readRoots(contentDir)!;
  assert.is(sql('SELECT count(*) AS n FROM roots')[0].n, roots.lemmas.length);
  assert.is(sql('SELECT count(*) AS n FROM root_entries')[0].n, roots.lemmas.reduce((n, l) => n + l.entries.length, 0));
  // Every word the roots file gives a root has it in the analysis table, and no other word has one.
  const rooted = roots.lemmas.filter((l) => l.root !== null).reduce((n, l) => n + l.words, 0);
  assert.is(sql('SELECT count(*) AS n FROM analysis WHERE root IS NOT NULL')[0].n, rooted);
  assert.is(sql("SELECT count(*) AS n FROM analysis WHERE root IS NOT NULL AND pos <> 'VERB'")[0].n, 0);
  // pratiṣṭhā is prati + sthā, ṣṭhā gatinivṛttau of class 1.
  const [prati] = sql("SELECT r.prefixes, r.root, e.class, e.meaning_iast FROM roots r JOIN root_entries e USING (lemma, lemma_id) WHERE r.lemma = 'pratiṣṭhā'");
  assert.equal(prati, { prefixes: '["prati"]', root: 'sthā', class: 1, meaning_iast: 'gatinivṛttau' });
  const meta = Object.fromEntries(sql('SELECT key, value FROM meta').map((r) => [r.key, r.value]));
  assert.match(String(meta.roots_license), /dhātupāṭha of ambuda-org\/vidyut.*MIT/);
  assert.match(String(meta.roots_license_notice), /Copyright \(c\) 2022 ambuda\.org/);
  const json = JSON.parse(readFileSync(join(distDir, FILES.downloads.json), 'utf8'));
  assert.match(json.analysis.roots.license.notice, /Permission is hereby granted/);
  assert.equal(json.analysis.verses['BG2.47'].find((w: { pos: string }) => w.pos === 'VERB').root.root, 'bhū');
});

test('the reading pages are static files too', () => {
  for (const path of [FILES.readVerse(2, 47), FILES.readChapter(2), FILES.readVerse(18, 79)]) {
    const entry = manifest.files[path];
    assert.ok(entry, path);
    assert.is(entry.type, 'text/html; charset=utf-8');
    assert.match(readFileSync(join(distDir, path), 'utf8'), /<meta property="og:title"/);
  }
  // And a page per lemma (and per ASCII spelling that is no lemma), as lemma/ has its JSON.
  const lemmaFiles = Object.keys(manifest.files).filter((p) => p.startsWith('/lemma/')).length;
  // And a page per root (and per ASCII spelling that is no root), as root/ has its JSON.
  const rootFiles = Object.keys(manifest.files).filter((p) => p.startsWith('/root/')).length;
  assert.is(Object.keys(manifest.files).filter((p) => p.startsWith('/read/')).length, verses + colophons + chapters + lemmaFiles + rootFiles);
});

test.run();
