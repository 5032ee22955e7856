// One cache of several parts (src/cache/shared.ts): the server keeps every
// kind of served bytes in one (src/http/served-bytes.ts), so one bound and
// one order of eviction hold across kinds.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SharedLru } from '../../src/cache/shared.ts';
import { ProjectionCache } from '../../src/http/projected.ts';
import { ReadThrough } from '../../src/http/read-through.ts';
import { servedBytes } from '../../src/http/served-bytes.ts';
import { SERVED_CACHE_BYTES } from '../../src/contract/limits.ts';
import { tempDir } from '../helpers/fs.ts';

const length = (b: Buffer) => b.length;

test('parts share one bound and one order: the least recently used goes first, whatever its part', () => {
  const cache = new SharedLru(10);
  const files = cache.part('file', length);
  const cards = cache.part('png', length);
  files.set('a', Buffer.alloc(4));
  cards.set('a', Buffer.alloc(4));
  assert.ok(files.peek('a') && cards.peek('a'), 'the same key in two parts: two entries');
  files.peek('a'); // the card is now the least recently used
  files.set('b', Buffer.alloc(4));
  assert.is(cards.peek('a'), undefined, "a file's room was made by evicting the older card");
  assert.equal(files.held, { entries: 2, bytes: 8 });
  assert.equal(cards.held, { entries: 0, bytes: 0 });
  assert.is(cache.lru.bytes, 8);
});

test('each part is a scope of its own: two builds never answer with each other\'s entries', () => {
  const cache = new SharedLru(100);
  const old = cache.part('file', length);
  const next = cache.part('file', length);
  old.set('slok/2/47/index.json', Buffer.from('old'));
  assert.is(next.peek('slok/2/47/index.json'), undefined);
  assert.ok(old.has('slok/2/47/index.json') && !next.has('slok/2/47/index.json'));
});

test('an entry past the whole bound: held only by a part that keeps oversize ones', () => {
  const cache = new SharedLru(10);
  const files = cache.part('file', length);
  const projections = cache.part('projection', length, { keepOversize: true });
  files.set('big', Buffer.alloc(11));
  assert.is(files.peek('big'), undefined);
  projections.set('big', Buffer.alloc(11));
  assert.ok(projections.peek('big'), 'a projection dear to make again is held, alone');
});

test("the server's caches are one: a file read through evicts an older projection", () => {
  const dir = tempDir('gita-shared-');
  const file = join(dir, 'card.svg');
  writeFileSync(file, Buffer.alloc(6_000, 'x'));
  const cache = new SharedLru(10_000);
  const projections = new ProjectionCache(cache);
  const disk = new ReadThrough(cache);
  projections.get('slok/2/47?lang=en', () => Buffer.alloc(1_000, 'y'));
  assert.is(projections.held.entries, 1);
  disk.read(file, 6_000);
  assert.is(projections.held.entries, 1, 'both fit');
  disk.read(file, 6_000); // a hit: the file is now the most recently used
  projections.get('slok/2/48?lang=en', () => Buffer.alloc(1_000, 'z'));
  assert.is(projections.held.entries, 1, "the older projection made the room (the file was used since)");
  assert.ok(projections.find('slok/2/48?lang=en') && !projections.find('slok/2/47?lang=en'));
  assert.equal(disk.held, { files: 1, bytes: 6_000 });
  assert.ok(cache.lru.bytes <= 10_000);
});

test('a process keeps one cache of served bytes, SERVED_CACHE_BYTES', () => {
  assert.is(servedBytes(), servedBytes());
  assert.is(servedBytes().maxBytes, SERVED_CACHE_BYTES);
});

test.run();
