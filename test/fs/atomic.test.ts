import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recoverDir, replaceDir, stagingDir, writeFileAtomic } from '../../src/fs/atomic.ts';
import { withLock } from '../../src/fs/lock.ts';
import { tempDir } from '../helpers/fs.ts';

test('writeFileAtomic replaces a file whole and leaves no temporary file', async () => {
  const dir = tempDir();
  const file = join(dir, 'a.json');
  await writeFileAtomic(file, 'one');
  await writeFileAtomic(file, 'two');
  assert.is(readFileSync(file, 'utf8'), 'two');
  assert.equal(readdirSync(dir), ['a.json']);
});

test('replaceDir swaps a staged folder in and removes the old one', async () => {
  const parent = tempDir();
  const target = join(parent, 'dist');
  mkdirSync(target);
  writeFileSync(join(target, 'old.txt'), 'old');
  const staged = await stagingDir(target);
  writeFileSync(join(staged, 'new.txt'), 'new');
  await replaceDir(target, staged);
  assert.equal(readdirSync(target), ['new.txt']);
  assert.equal(readdirSync(parent), ['dist']);
});

test('recoverDir puts back a folder left aside by a swap that died half-way', () => {
  const parent = tempDir();
  const target = join(parent, 'content');
  const aside = join(parent, 'content.old-99999-0123abcd');
  mkdirSync(aside);
  writeFileSync(join(aside, 'x.json'), '{}');
  recoverDir(target);
  assert.ok(existsSync(join(target, 'x.json')));
  assert.not.ok(existsSync(aside));
  recoverDir(target);
  assert.ok(existsSync(join(target, 'x.json')), 'a present folder is left alone');
});

test('withLock runs one holder at a time, and takes over a lock whose owner died', async () => {
  const file = join(tempDir(), 'keys.json');
  const order: string[] = [];
  await Promise.all(
    ['a', 'b', 'c'].map((name) =>
      withLock(file, async () => {
        order.push(`${name} in`);
        await new Promise((r) => setTimeout(r, 20));
        order.push(`${name} out`);
      }),
    ),
  );
  for (let i = 0; i < order.length; i += 2) assert.is(order[i].split(' ')[0], order[i + 1].split(' ')[0], order.join(', '));
  writeFileSync(`${file}.lock`, '999999');
  assert.is(await withLock(file, async () => 'taken over', 2000), 'taken over');
});

test.run();
