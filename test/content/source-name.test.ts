// The audit is public (dist/audit.json): it names its source as the import
// was given it, without the folders of the machine that built it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { importContent } from '../../src/content/import.ts';
import { sourceName } from '../../src/content/source.ts';
import { testDist } from '../helpers/dist.ts';
import { SHARED_DATA, tempDir } from '../helpers/fs.ts';

test('a local folder or archive is named by its own name; github: and URLs as given, a URL without credentials or query', () => {
  assert.is(sourceName('/home/builder/work/shared/gita-data'), 'gita-data');
  assert.is(sourceName('/srv/in/gita-data/'), 'gita-data');
  assert.is(sourceName(relative(process.cwd(), SHARED_DATA)), 'gita-data');
  assert.is(sourceName('/tmp/x/bhagavad-gita-main.tar.gz'), 'bhagavad-gita-main.tar.gz');
  assert.is(sourceName('github:vedicscriptures/bhagavad-gita@dbc3e1f'), 'github:vedicscriptures/bhagavad-gita@dbc3e1f');
  assert.is(sourceName('https://user:secret@example.org/a/b.tar.gz?token=x#y'), 'https://example.org/a/b.tar.gz');
});

test('an import from an absolute path: content/audit.json and content/manifest.json name the folder alone', async () => {
  const contentDir = join(tempDir(), 'content');
  await importContent({ from: SHARED_DATA, contentDir });
  for (const file of ['audit.json', 'manifest.json']) {
    const { source } = JSON.parse(readFileSync(join(contentDir, file), 'utf8'));
    assert.is(source, 'gita-data', file);
  }
});

test('the built dist/audit.json names no folder of the build machine', async () => {
  const { distDir } = await testDist();
  const text = readFileSync(join(distDir, 'audit.json'), 'utf8');
  assert.is(JSON.parse(text).source, 'gita-data');
  assert.not.ok(text.includes(SHARED_DATA), 'no absolute path of the source');
});

test.run();
