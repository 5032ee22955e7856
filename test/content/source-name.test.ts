// The audit is public (dist/audit.json): it names its source as the import
// was given it, and the errata's and supplements' files by their folders'
// names, without the folders of the machine that built it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { sourceName } from '../../src/content/source.ts';
import { testContent, testDist } from '../helpers/dist.ts';
import { SHARED_DATA } from '../helpers/fs.ts';
import { machinePathsIn } from '../helpers/machine-paths.ts';
import { PROJECT_ROOT } from '../../src/cli/run.ts';

test('a local folder or archive is named by its own name; github: and URLs as given, a URL without credentials or query', () => {
  assert.is(sourceName('/home/builder/work/shared/gita-data'), 'gita-data');
  assert.is(sourceName('/srv/in/gita-data/'), 'gita-data');
  assert.is(sourceName(relative(process.cwd(), SHARED_DATA)), 'gita-data');
  assert.is(sourceName('/tmp/x/bhagavad-gita-main.tar.gz'), 'bhagavad-gita-main.tar.gz');
  assert.is(sourceName('github:vedicscriptures/bhagavad-gita@dbc3e1f'), 'github:vedicscriptures/bhagavad-gita@dbc3e1f');
  assert.is(sourceName('https://user:secret@example.org/a/b.tar.gz?token=x#y'), 'https://example.org/a/b.tar.gz');
});

test('an import from an absolute path: content/audit.json and content/manifest.json name the folder alone', async () => {
  // The shared import is made from SHARED_DATA, an absolute path.
  assert.ok(isAbsolute(SHARED_DATA));
  const { contentDir } = await testContent();
  for (const file of ['audit.json', 'manifest.json']) {
    const { source } = JSON.parse(readFileSync(join(contentDir, file), 'utf8'));
    assert.is(source, 'gita-data', file);
  }
});

test('the built dist/audit.json and dist/manifest.json name no folder of the build machine', async () => {
  const { contentDir, distDir } = await testDist();
  for (const file of [join(contentDir, 'audit.json'), join(contentDir, 'manifest.json'), join(distDir, 'audit.json'), join(distDir, 'manifest.json')]) {
    assert.equal(machinePathsIn(readFileSync(file, 'utf8')), [], file);
  }
  const audit = JSON.parse(readFileSync(join(distDir, 'audit.json'), 'utf8'));
  assert.is(audit.source, 'gita-data');
  // Read from the local copies beside the project: named by their folders' names.
  assert.equal(audit.errata.map((e: { from: string }) => e.from), ['gita-errata/bhagavadgita_chapter_18_slok_45.json']);
  assert.is(audit.supplements.source.from, 'gita-gita');
  assert.equal([...new Set(audit.supplements.results.map((r: { from: string }) => r.from))], ['gita-gita']);
});

test('the check finds a path of the machine, in a value or inside a text', () => {
  assert.equal(machinePathsIn(JSON.stringify({ a: ['gita-errata/x.json', 'https://raw.githubusercontent.com/a/b/c', 'and/or'] })), []);
  assert.ok(machinePathsIn(JSON.stringify({ from: '/srv/elsewhere/gita-errata/x.json' })).length, 'an absolute path');
  assert.ok(machinePathsIn(JSON.stringify({ from: 'C:\\build\\x.json' })).length, 'a Windows path');
  assert.ok(machinePathsIn(JSON.stringify({ note: `read from ${join(PROJECT_ROOT, 'x')} today` })).length, "inside a text, the project's folder");
});

test.run();
