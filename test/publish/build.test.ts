import { test } from 'uvu';
import { GUIDES } from '../../src/guides.ts';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { brotliTwin, gzipTwin } from '../../src/publish/twin-bytes.mjs';
import { createHash } from 'node:crypto';
import { XMLValidator } from 'fast-xml-parser';
import fg from 'fast-glob';
import { AUDIT_LEVELS, build, pickVerse, type BuildSummary } from '../../src/publish/build.ts';
import { brotliQuality, CARD_LEVELS, FAST, GZIP_LEVEL } from '../../src/publish/compress.ts';
import type { Manifest } from '../../src/contract/manifest.ts';
import { chapterFile, verseFile } from '../../src/content/read.ts';
import { FILES, isBinary, isCard } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import { wordsOf } from '../../src/content/words.ts';
import { SHARED_DATA, tempDir, treeFingerprint, hook } from '../helpers/fs.ts';
import { privateBuildCache, testDist, TEST_SEED, type TestDist } from '../helpers/dist.ts';

const root = tempDir('gita-build-');
// The run's shared content, and a build of this file's own from a hard-linked
// copy of the tests' build cache (warm once the shared build is done, so it
// compresses nothing; its pruning leaves the shared cache alone). The shared
// build, when it made every file itself (a fresh clone, CI), proves the cache
// changes no byte; else this file makes a cold build of its own.
let shared: TestDist;
let contentDir = '';
let cacheDir = '';
const outA = join(root, 'dist-a');
const SEED = TEST_SEED;
let first: BuildSummary;
let manifest: Manifest;
const read = (path: string) => readFileSync(join(outA, path));
const sourceText = (file: string) => readFileSync(join(SHARED_DATA, file), 'utf8');

test.before(hook(async () => {
  shared = await testDist();
  contentDir = shared.contentDir;
  cacheDir = await privateBuildCache();
  first = await build({ contentDir, outDir: outA, cacheDir, seed: SEED });
  manifest = JSON.parse(read(FILES.manifest).toString());
}));

test('every verse record is served compact, keys in source order, equal to its content record (upstream with the errata and repairs)', () => {
  let count = 0;
  for (let c = 1; c <= 18; c++) {
    const chapter = JSON.parse(sourceText(chapterFile(c)));
    for (let v = 1; v <= chapter.verses_count + 1; v++) {
      const served = read(FILES.verse(c, v)).toString();
      const source = JSON.parse(readFileSync(join(contentDir, verseFile(c, v)), 'utf8'));
      // content/ is upstream's but for the errata and repairs: test/content/import.test.ts compares them field by field.
      assert.is(source._id, JSON.parse(sourceText(verseFile(c, v)))._id);
      assert.is(served, JSON.stringify(source), `${c}.${v} is the compact source record`);
      assert.equal(Object.keys(JSON.parse(served)), Object.keys(source));
      count++;
    }
  }
  assert.is(count, 719);
});

test('every record has its words: slok/C/V/words.json, the list of siva.ec as the content has it', () => {
  let lists = 0;
  for (let c = 1; c <= 18; c++) {
    const chapter = JSON.parse(sourceText(chapterFile(c)));
    for (let v = 1; v <= chapter.verses_count + 1; v++) {
      const words = JSON.parse(read(filled(ROUTE['verse-words'].file!, { ch: c, sl: v })).toString()) as Array<{ word: string; transliteration: string; meaning: string; analysis: unknown[] }>;
      assert.ok(Array.isArray(words), `${c}.${v}`);
      const record = JSON.parse(readFileSync(join(contentDir, verseFile(c, v)), 'utf8'));
      // Each entry with the DCS words it covers (test/content/dcs.test.ts checks those against the DCS's files).
      assert.equal(words.map(({ analysis: _a, ...w }) => w), wordsOf(record), `${c}.${v}: the list of its siva.ec as the content has it`);
      if (v > chapter.verses_count) assert.equal(words, [], `the colophon ${c}.${v} has none`);
      if (words.length) lists++;
      for (const w of words) assert.equal(Object.keys(w), ['word', 'transliteration', 'meaning', 'analysis']);
    }
  }
  assert.ok(lists >= 680, `${lists} verses with words`);
  const bg247 = JSON.parse(read(filled(ROUTE['verse-words'].file!, { ch: 2, sl: 47 })).toString());
  assert.is(bg247.length, 14);
  assert.equal({ ...bg247[0], analysis: bg247[0].analysis.map((a: { lemma: string }) => a.lemma) }, { word: 'कर्मणि', transliteration: 'karmaṇi', meaning: 'in work', analysis: ['karman'] });
});

test('chapters: the list ordered by number, and each chapter on its own', () => {
  const list = JSON.parse(read(FILES.chapters).toString());
  assert.equal(list.map((c: { chapter_number: number }) => c.chapter_number), Array.from({ length: 18 }, (_, i) => i + 1));
  for (let c = 1; c <= 18; c++) {
    const source = JSON.parse(sourceText(chapterFile(c)));
    assert.equal(list[c - 1], source);
    assert.is(read(FILES.chapter(c)).toString(), JSON.stringify(source));
  }
});

test('the manifest lists every served file with its hash, size and type; twins decompress to it', () => {
  const paths = Object.keys(manifest.files);
  const lemmaFiles = paths.filter((p) => p.startsWith('/lemma/')).length;
  const rootFiles = paths.filter((p) => p.startsWith('/root/')).length;
  const parts = {
    'chapters, chapter/N': 1 + 18,
    'records and their three language forms': 719 * 4,
    "each record's words": 719,
    "the chapters' verse lists, whole and in three languages": 18 * 4,
    'cards in three themes': 3 * 719,
    'the daily card in three, at the top and in slok/today/': 3 + 3,
    'slok/today/ in four forms': 4,
    '404.html, audit.json, content.json': 3,
    'docs, pricing, openapi.json': 3,
    'the guides, docs/{name}/': GUIDES.length,
    'client.js, client.d.ts, linker.js, search.js, search/index.json': 5,
    'the reading pages of every verse record and chapter': 719 + 18,
    'downloads/gita.json, .ndjson, .sqlite': 3,
    "the daily PNG card in three, at the top and in slok/today/": 3 + 3,
    'the web fonts (Devanagari and Telugu, two weights each; the Telugu letters of the languages\' names), favicon.ico, favicon.svg': 4 + 1 + 2,
    'authors/index.json and one per commentary': 1 + manifest.content.commentaries.length,
    'speakers.json': 1,
    "each record's word analysis": 719,
    'lemmas.json, analysis-report.json': 2,
    // A JSON and a page per lemma (2,071 in the DCS's Gita) and per ASCII spelling that is no lemma.
    'the concordance: lemma/{lemma}.json and read/lemma/{lemma}/': 2 * lemmaFiles,
    // A JSON and a page per verbal root (183) and per ASCII spelling that is no root (89), and roots.json.
    'the roots: root/{root}.json and read/root/{root}/, roots.json': 2 * rootFiles + 1,
    "each record's links": 719,
    "each record's meter, and meters.json": 719 + 1,
    'versions/index.json, one per version, and each record\'s texts in them': 1 + manifest.content.versions.length + 719,
    'works.json and one per named work (the import\'s links.json)': 1 + JSON.parse(readFileSync(join(contentDir, 'links.json'), 'utf8')).works.length,
  };
  assert.ok(lemmaFiles >= 2071, `${lemmaFiles} lemma files`);
  assert.ok(rootFiles >= 183, `${rootFiles} root files`);
  assert.is(paths.length, Object.values(parts).reduce((a, b) => a + b, 0), Object.keys(parts).join('; '));
  for (const path of paths) {
    const entry = manifest.files[path];
    const body = read(path);
    assert.is(entry.size, body.length, path);
    assert.is(entry.sha256, createHash('sha256').update(body).digest('hex'), path);
    if (isBinary(path)) {
      // Compressed already: no twins.
      assert.is(entry.br, undefined, path);
      assert.not.ok(existsSync(join(outA, `${path}.br`)), `${path}.br`);
      continue;
    }
    assert.ok(gunzipSync(read(`${path}.gz`)).equals(body), `${path}.gz`);
    assert.is(entry.gzip, read(`${path}.gz`).length);
    assert.ok(brotliDecompressSync(read(`${path}.br`)).equals(body), `${path}.br`);
    assert.is(entry.br, read(`${path}.br`).length);
  }
  assert.is(paths.filter(isCard).length, 719 * 3 + 6, 'the SVG cards in three themes, the two of the day among them: each with its .br twin too (above)');
  assert.is(manifest.files[FILES.chapters].type, 'application/json; charset=utf-8');
  assert.is(manifest.files[FILES.card(2, 47)].type, 'image/svg+xml');
  const { speakers, speakerOf, commentaries, fields, versions: _versions, ...counts } = manifest.content;
  assert.equal(counts, {
    chapters: 18,
    verses: 701,
    colophons: 18,
    versesPerChapter: [47, 72, 43, 42, 29, 47, 30, 28, 34, 42, 55, 20, 35, 27, 20, 24, 28, 78],
  });
  assert.equal(speakers.map((s) => [s.slug, s.verses]), [['krishna', 574], ['arjuna', 86], ['sanjaya', 40], ['dhritarashtra', 1]]);
  assert.is(speakers[speakerOf[0][0]].slug, 'dhritarashtra', 'BG1.1');
  assert.is(speakers[speakerOf[1][46]].slug, 'krishna', 'BG2.47');
  assert.equal(speakerOf.map((c) => c.length), counts.versesPerChapter.map((n) => n + 1), 'colophons too');
  assert.equal(commentaries.map((c) => c.key).slice(-2), ['neel', 'prabhu']);
  assert.equal(fields, ['_id', 'chapter', 'verse', 'speaker', 'slok', 'transliteration']);
  assert.equal(manifest.errata, [{ id: 'BG18.45-commentaries', record: 'BG18.45', status: 'applied', keys: manifest.errata[0].keys }]);
  assert.equal(manifest.audit, { findings: 0, notes: 8, newFields: [] });
  assert.ok(first.recordsBrotli > 0 && first.recordsBrotli < first.brotli);
  assert.is(first.files, fg.sync('**/*', { cwd: outA, dot: true }).length, 'the summary counts the files written');
});

test('twins at the published levels: a record at brotli 10 or 11 by its size, the audit at 10, a card at 4, a language form at 5', () => {
  const record = FILES.verse(2, 47);
  for (const [path, quality, gzip] of [
    [record, brotliQuality(read(record).length), GZIP_LEVEL],
    [FILES.audit, AUDIT_LEVELS.brotli!, AUDIT_LEVELS.gzip],
    [FILES.card(2, 47), CARD_LEVELS.brotli!, CARD_LEVELS.gzip],
    [FILES.verse(2, 47, 'en'), FAST.brotli, FAST.gzip],
  ] as const) {
    const body = read(path);
    assert.ok(brotliTwin(body, quality).equals(read(`${path}.br`)), `${path}.br: brotli ${quality}`);
    assert.ok(gzipTwin(body, gzip).equals(read(`${path}.gz`)), `${path}.gz: gzip ${gzip}`);
  }
  assert.ok(AUDIT_LEVELS.brotli! < brotliQuality(read(FILES.audit).length), 'the audit below what its size would get');
});

test('every card, in every theme, is well-formed SVG with its title, and nothing active or external; the themes differ only in their style', () => {
  const STYLE = /<style>[^<]*<\/style>/;
  for (let c = 1; c <= 18; c++) {
    for (let v = 1; v <= manifest.content.versesPerChapter[c - 1] + 1; v++) {
      let auto = '';
      for (const theme of ['auto', 'light', 'dark'] as const) {
        const svg = read(FILES.card(c, v, theme)).toString();
        const style = STYLE.exec(svg)?.[0] ?? '';
        assert.ok(style, `${c}.${v} ${theme}: its style`);
        // The automatic card parsed whole; a forced theme is that card with another <style> (itself well-formed, the
        // one element it holds): well-formed too, at a third of the parsing.
        if (theme === 'auto') auto = svg.replace(style, '');
        else assert.ok(svg.replace(style, '') === auto, `${c}.${v} ${theme}: differs from the automatic card outside its <style>`);
        const valid = XMLValidator.validate(theme === 'auto' ? svg : `<svg>${style}</svg>`);
        if (valid !== true) assert.unreachable(`card ${c}.${v} (${theme}) is not well-formed: ${JSON.stringify(valid)}`);
        assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), `${c}.${v} root`);
        assert.ok(svg.includes(`<title>Bhagavad Gita ${c}.${v}</title>`), `${c}.${v} title`);
        assert.ok(svg.includes('role="img"'), `${c}.${v} role`);
        assert.not.match(svg, /<script|foreignObject|url\(|@import|<image/i, `${c}.${v} is inert`);
        // Links only to its own glyphs (<use xlink:href="#id">).
        assert.not.match(svg, /href="(?!#)/, `${c}.${v} links nothing outside itself`);
        assert.is(svg.includes('prefers-color-scheme'), theme === 'auto', `${c}.${v} ${theme}: only the auto card follows the reader's scheme`);
      }
    }
  }
});

test('gita.svg is the card of the verse the seed picks, never a colophon', () => {
  const { chapter, verse } = manifest.daily;
  assert.equal(manifest.daily.seed, SEED);
  assert.ok(verse <= manifest.content.versesPerChapter[chapter - 1], 'not a colophon');
  for (const theme of ['auto', 'light', 'dark'] as const) assert.ok(read(FILES.dailyCard(theme)).equals(read(FILES.card(chapter, verse, theme))), theme);
  const seen = new Set<string>();
  const verses = Array.from({ length: 100 }, (_, i) => ({ chapter: 1, verse: i + 1 }));
  for (let day = 1; day <= 28; day++) seen.add(JSON.stringify(pickVerse(`2026-02-${String(day).padStart(2, '0')}`, verses)));
  assert.ok(seen.size > 20, 'different days pick different verses');
});

test('host files map the clean URLs and carry the contract headers', () => {
  const redirects = read('/_redirects').toString();
  assert.match(redirects, /^\/chapter\/:ch \/chapter\/:ch\/index\.json 200$/m);
  assert.match(redirects, /^\/slok\/:ch\/:sl\/ \/slok\/:ch\/:sl\/index\.json 200$/m);
  const headers = read('/_headers').toString();
  assert.match(headers, /Access-Control-Allow-Origin: \*/);
  assert.match(headers, /X-Content-Type-Options: nosniff/);
  assert.match(headers, /Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'/);
  // The random verse and the day's verse change with the daily rebuild: cached for minutes, not the hour of fixed files.
  for (const path of ['/slok', '/slok/today', '/slok/today/*']) assert.match(headers, new RegExp(`^${path.replace(/[/*]/g, '\\$&')}\n  Cache-Control: public, max-age=300$`, 'm'), path);
});

test('deterministic: the same content and seed give a byte-identical dist/, with or without the cache', async () => {
  assert.is(first.cache.misses, 0, 'a build from a warm cache compresses nothing');
  const a = treeFingerprint(outA);
  assert.ok(a.size > 4000);
  if (shared.cold) {
    // The run's shared build made every file itself.
    assert.equal(treeFingerprint(shared.distDir), a);
  } else {
    const cold = join(root, 'dist-cold');
    const summary = await build({ contentDir, outDir: cold, cacheDir: null, seed: SEED });
    assert.is(summary.cache.hits, 0, 'without a cache every file is made afresh');
    assert.equal(treeFingerprint(cold), a);
  }
});

test('a failing build leaves the previous dist/ in place and names the file and field', async () => {
  const before = treeFingerprint(outA);
  const broken = join(root, 'content-broken');
  await cp(contentDir, broken, { recursive: true });
  const file = join(broken, verseFile(7, 7));
  const record = JSON.parse(readFileSync(file, 'utf8'));
  record.tej.ht = null;
  writeFileSync(file, JSON.stringify(record));
  let message = '';
  await build({ contentDir: broken, outDir: outA, cacheDir, seed: SEED }).catch((err: Error) => (message = err.message));
  assert.match(message, /slok\/bhagavadgita_chapter_7_slok_7\.json: \$\.tej\.ht: expected a string, got null/);
  assert.equal(treeFingerprint(outA), before);
});

test.run();
