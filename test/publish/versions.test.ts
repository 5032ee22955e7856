// An operator's version through the build: imported from its folder (the
// worked example of docs/versions.md), made into the files every surface
// reads (versions/index.json, versions/{id}/index.json, slok/C/V/versions.json),
// shown on a reading page with its credit and in the manifest's facts, and
// every verse it lacks named missing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { readContent, type Content } from '../../src/content/read.ts';
import { importVersions } from '../../src/content/versions/import.ts';
import { readVersionFiles } from '../../src/content/versions/read.ts';
import type { VerseVersions } from '../../src/content/versions/model.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import { versePage } from '../../src/pages/read.ts';
import { routeBuiltFiles } from '../../src/publish/route-built.ts';
import type { BuildInput } from '../../src/contract/build-input.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { hook, SHARED_DATA, tempDir } from '../helpers/fs.ts';

const EXAMPLE = join(PROJECT_ROOT, 'test', 'content', 'fixtures', 'versions');
let records: Content;
let files: Map<string, unknown>;
let content: string;

test.before(hook(async () => {
  records = await readContent(SHARED_DATA);
  content = tempDir('gita-content-');
  await importVersions({ dirs: [EXAMPLE], builtins: { besant: false, telugu: false }, content, records });
  // What the versions' routes build from this content (their builders read the records and the versions alone).
  const input: Pick<BuildInput, 'content' | 'versions'> = { content: records, versions: readVersionFiles(content) };
  files = new Map((await routeBuiltFiles(input as BuildInput, 'versions')).map((a) => [a.path, JSON.parse(a.body.toString())]));
}));

test("the operator's folders become the build's files: listed, described with their audit, and each verse in them", () => {
  const listed = files.get(ROUTE.versions.file!) as { versions: Array<{ id: string; license: string; verses: number }> };
  assert.equal(listed.versions.map((v) => [v.id, v.license, v.verses]), [['plain-english', 'CC0-1.0', 4], ['plain-english-tsv', 'CC0-1.0', 3]]);
  assert.equal((files.get(filled(ROUTE.version.file!, { version: 'plain-english' })) as { audit: { from: string } }).audit.from, 'plain-english');
  const v248 = files.get(filled(ROUTE['verse-versions'].file!, { ch: 2, sl: 48 })) as VerseVersions;
  assert.equal(v248.versions.map((v) => [v.id, v.text === null]), [['plain-english', false], ['plain-english-tsv', true]]);
  assert.ok('notes' in v248.versions[0] && v248.versions[0].notes!.length === 1);
  assert.equal(files.size, 1 + 2 + records.verses.length, 'the list, each version, and a file for every verse record');
  const v11 = files.get(filled(ROUTE['verse-versions'].file!, { ch: 1, sl: 1 })) as VerseVersions;
  assert.ok(v11.versions.every((v) => v.text === null && 'missing' in v), 'a verse none of them has: each named missing');
});

test("a reading page shows the operator's version with its credit and its note", () => {
  const list = readVersionFiles(content).map(({ id, language, title, translator, credit }) => ({ id, language, title, translator, credit }));
  const verse = records.verses.find((v) => v.record._id === 'BG2.48')!.record;
  const html = versePage({ verse, chapter: records.chapters[1].record, prev: null, next: null, words: [], versions: { list, verse: files.get(filled(ROUTE['verse-versions'].file!, { ch: 2, sl: 48 })) as VerseVersions }, options: { lang: 'en', author: null, version: 'plain-english' }, base: '' });
  assert.match(html, /Steady in yoga<sup><a href="#note-1" id="call-1">1<\/a><\/sup>/);
  assert.ok(html.includes('The Gita in Plain English, a sample for the Gita API&#39;s docs (CC0 1.0)'));
  assert.match(html, /<a href="\/versions\/plain-english">About this version<\/a>/);
});

test.run();
