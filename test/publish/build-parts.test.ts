// Which part of the build makes each file of dist/ (src/contract/build-parts.ts),
// made from the routes' files and parts: read against a built dist/. That the
// passes write each file in the part it gives is checked by every build itself
// (publish/build.ts checkParts), the tests' build among them; here, that the
// declarations cover the files and never disagree.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PART_FILES, partOf, routeFiles, templatePattern, UNROUTED_PARTS } from '../../src/contract/build-parts.ts';
import { FILES, LATER_PARTS } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import type { Manifest } from '../../src/contract/manifest.ts';
import { testDist } from '../helpers/dist.ts';

let files: string[] = [];
test.before(async () => {
  const { distDir } = await testDist();
  files = Object.keys((JSON.parse(readFileSync(join(distDir, FILES.manifest), 'utf8')) as Manifest).files);
});

const matching = (path: string) => PART_FILES.filter((f) => templatePattern(f.file).test(path));

test('no file of dist/ is declared of two parts: the first template that matches it is the only answer', () => {
  assert.ok(files.length > 10_000, 'the files are read');
  for (const path of files) {
    const parts = new Set(matching(path).map((f) => f.part));
    assert.ok(parts.size <= 1, `${path}: ${[...parts].join(', ')}`);
  }
});

test('every declared file is in dist/ (a PNG card of a verse only in a build with --png), and every later part makes some', () => {
  const withPng = files.includes(FILES.cardPng(2, 47));
  for (const f of PART_FILES) {
    const versePng = f.file.startsWith(FILES.verse('{ch}', '{sl}').replace(/index\.json$/, '')) && f.file.endsWith('.png');
    if (versePng && !withPng) continue;
    assert.ok(files.some((path) => templatePattern(f.file).test(path)), `${f.file} (${f.part}) names no file of dist/`);
  }
  const made = new Set(files.map(partOf));
  for (const part of LATER_PARTS) assert.ok(made.has(part), part);
  assert.ok(made.has(null), 'the first build makes the records');
});

test('a route gives its file, its themes and its language forms their parts; a parameter is one segment', () => {
  assert.is(partOf(FILES.verse(2, 47)), null, 'the records are the first build');
  assert.is(partOf(FILES.verse(2, 47, 'en')), 'language forms');
  assert.is(partOf(FILES.today('hi')), 'language forms');
  assert.is(partOf(FILES.chapterVerses(2)), 'language forms');
  assert.is(partOf(FILES.card(2, 47, 'dark')), 'cards');
  assert.is(partOf(FILES.dailyPng('light')), 'cards');
  assert.is(partOf(filled(ROUTE.lemma.file!, { lemma: 'kṛ' })), 'word analysis');
  assert.is(partOf('/lemma/a/b.json'), null, '{lemma} is one segment');
  // A page made by the reading pages, though it is answered from the words, the links and the versions.
  assert.is(partOf(FILES.readVerse(2, 47)), 'reading pages');
  assert.equal(ROUTE['read-verse'].needs, ['word analysis', 'links', 'versions']);
  assert.equal(
    routeFiles(ROUTE.verse).map((f) => [f.file, f.part]),
    [
      ['/slok/{ch}/{sl}/index.json', null],
      ['/slok/{ch}/{sl}/en.json', 'language forms'],
      ['/slok/{ch}/{sl}/hi.json', 'language forms'],
      ['/slok/{ch}/{sl}/sa.json', 'language forms'],
    ],
  );
  for (const f of UNROUTED_PARTS) assert.is(partOf(f.file), f.part, f.file);
  assert.is(partOf(FILES.manifest), null);
});

test.run();
