// The copies the suites serve, break and swap (test/helpers/fs.ts): a
// shallowCopy() serves the original's bytes, its top-level files can be
// replaced without touching the original, and a change inside one of its
// folders (which are the original's) is refused before anything is removed;
// a tree's fingerprint sees a file written in place, however it was read before.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { linkSync, lstatSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rewrite, shallowCopy, tempDir, treeFingerprint } from '../helpers/fs.ts';

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

test('a fingerprint reads a file again once it was written in place, through a hard link too, even at its old size', () => {
  const from = original();
  const record = join(from, 'slok', '2', 'index.json');
  const linked = join(tempDir('gita-linked-'), 'index.json');
  linkSync(record, linked);
  // Written a minute ago: a file this old has its hash kept by inode, size and time.
  const minuteAgo = new Date(Date.now() - 60_000);
  utimesSync(record, minuteAgo, minuteAgo);
  const before = treeFingerprint(from);
  assert.equal(treeFingerprint(from), before, 'the same tree, the same fingerprint');
  writeFileSync(linked, 'a Record');
  assert.is(readFileSync(record, 'utf8'), 'a Record');
  assert.is.not(treeFingerprint(from).get('slok/2/index.json'), before.get('slok/2/index.json'));
  assert.is(treeFingerprint(from).get('manifest.json'), before.get('manifest.json'));
});

test.run();
