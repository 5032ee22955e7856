// The copies the suites serve, break and swap (test/helpers/fs.ts): a
// shallowCopy() serves the original's bytes, its top-level files can be
// replaced without touching the original, and a change inside one of its
// folders (which are the original's) is refused before anything is removed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rewrite, shallowCopy, tempDir } from '../helpers/fs.ts';

function original(): string {
  const dir = join(tempDir('gita-original-'), 'dist');
  mkdirSync(join(dir, 'slok', '2'), { recursive: true });
  writeFileSync(join(dir, 'manifest.json'), 'the build');
  writeFileSync(join(dir, 'slok', '2', 'index.json'), 'a record');
  return dir;
}

test('a shallow copy reads as the original, its folders linked and its files hard links', () => {
  const from = original();
  const copy = shallowCopy(from);
  assert.is(readFileSync(join(copy, 'manifest.json'), 'utf8'), 'the build');
  assert.is(readFileSync(join(copy, 'slok', '2', 'index.json'), 'utf8'), 'a record');
  assert.ok(lstatSync(join(copy, 'slok')).isSymbolicLink());
  assert.is(lstatSync(join(copy, 'manifest.json')).ino, lstatSync(join(from, 'manifest.json')).ino);
});

test('its top-level files are replaced, the original left as it was', () => {
  const from = original();
  const copy = shallowCopy(from);
  rewrite(join(copy, 'manifest.json'), 'the next build');
  assert.is(readFileSync(join(copy, 'manifest.json'), 'utf8'), 'the next build');
  assert.is(readFileSync(join(from, 'manifest.json'), 'utf8'), 'the build');
});

test('a file inside one of its folders is refused, and the original keeps it', () => {
  const from = original();
  const copy = shallowCopy(from);
  assert.throws(() => rewrite(join(copy, 'slok', '2', 'index.json'), 'broken'), /inside a linked folder of a shallowCopy\(\)/);
  assert.is(readFileSync(join(from, 'slok', '2', 'index.json'), 'utf8'), 'a record');
});

test.run();
