// An operator's version folder seen again: content/ records the folders its
// versions were read from, and a start imports again when a folder is
// added, removed or changed (importer.ts importStaleness, which the build's
// staleness and npm start ask).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, mkdirSync, utimesSync, writeFileSync, appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { importerFingerprint, importStaleness } from '../../src/content/importer.ts';
import { versionSources, versionSourcesChanged } from '../../src/content/versions/sources.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { tempDir } from '../helpers/fs.ts';

const EXAMPLE = join(PROJECT_ROOT, 'test', 'content', 'fixtures', 'versions', 'plain-english');
const NONE = { besant: false, telugu: false } as const;

function imported(dirs: string[]) {
  const content = tempDir('gita-content-');
  writeFileSync(join(content, 'manifest.json'), JSON.stringify({ importer: importerFingerprint(), versions: versionSources({ dirs, builtins: NONE }, false) }));
  return content;
}

test('content/ is current while its version folders are as read; a changed text, an added or removed folder make it stale, said why', () => {
  const root = tempDir('gita-versions-');
  cpSync(EXAMPLE, join(root, 'plain-english'), { recursive: true });
  const content = imported([root]);
  assert.is(importStaleness(content), null);
  const verses = join(root, 'plain-english', 'verses.ndjson');
  appendFileSync(verses, '{"ref":"3.1","text":"A new verse."}\n');
  assert.is(importStaleness(content), 'content/ was imported before a version folder changed');
  const again = imported([root]);
  assert.is(importStaleness(again), null);
  // The same size, only a later time: an edit all the same.
  utimesSync(verses, new Date(), new Date(Date.now() + 5000));
  assert.match(importStaleness(again) ?? '', /changed/);
  const third = imported([root]);
  mkdirSync(join(root, 'another'));
  writeFileSync(join(root, 'another', 'version.json'), '{}');
  assert.match(importStaleness(third) ?? '', /changed/, 'a folder added under a folder of versions');
  rmSync(join(root, 'another'), { recursive: true });
});

test('an import that read the defaults looks at the defaults again: a versions/ folder made since is seen', () => {
  const recorded = versionSources({ dirs: [], builtins: NONE }, true);
  assert.is(versionSourcesChanged(recorded, PROJECT_ROOT) !== null, true, 'the built-ins beside the project are among the defaults, and were not read');
  const project = tempDir('gita-project-');
  const none = versionSources({ dirs: [], builtins: NONE }, true);
  assert.is(versionSourcesChanged(none, project), null, 'a project with no versions/ and no built-ins beside it');
  mkdirSync(join(project, 'versions'));
  assert.is(versionSourcesChanged(none, project), 'a version folder was added or removed');
});

test('content/ made by other import code, or with no manifest, is stale whatever its versions', () => {
  const content = tempDir('gita-content-');
  assert.is(importStaleness(content), 'content/ has no manifest');
  writeFileSync(join(content, 'manifest.json'), JSON.stringify({ importer: 'someone else' }));
  assert.match(importStaleness(content) ?? '', /other import code/);
  writeFileSync(join(content, 'manifest.json'), JSON.stringify({ importer: importerFingerprint() }));
  assert.is(importStaleness(content), null, 'an import from before versions were recorded: the code decides');
});

test.run();
