// The one byte-bounded cache (src/cache/byte-lru.ts) that the projections, the
// PNG cards, the read-through files and the primary's drawn cards all use.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ByteLru } from '../../src/cache/byte-lru.ts';

test('bounded by bytes, least recently used out first', () => {
  const lru = new ByteLru(10);
  lru.set('a', Buffer.alloc(4));
  lru.set('b', Buffer.alloc(4));
  lru.peek('a');
  lru.set('c', Buffer.alloc(4));
  assert.is(lru.bytes, 8);
  assert.ok(lru.peek('a') && lru.peek('c'));
  assert.is(lru.peek('b'), undefined, 'b was the least recently used');
  lru.set('a', Buffer.alloc(2));
  assert.is(lru.bytes, 6, 'a value set again replaces the old one, and its cost');
});

test('an entry larger than the bound: not kept, unless keepOversize (then held alone)', () => {
  const lru = new ByteLru(10);
  lru.set('a', Buffer.alloc(4));
  lru.set('huge', Buffer.alloc(11));
  assert.is(lru.peek('huge'), undefined, 'larger than the bound: not kept');
  assert.ok(lru.peek('a'), 'nothing evicted for it');
  const keeping = new ByteLru(10, undefined, { keepOversize: true });
  keeping.set('a', Buffer.alloc(4));
  keeping.set('huge', Buffer.alloc(11));
  assert.ok(keeping.peek('huge'));
  assert.is(keeping.size, 1);
  assert.is(keeping.bytes, 11);
});

test('the cost is counted when set and grows only through grow(): eviction takes off what was added', () => {
  const value = { size: 3 };
  const lru = new ByteLru<{ size: number }>(10, (v, key) => v.size + key.length);
  lru.set('k', value);
  assert.is(lru.bytes, 4);
  value.size = 100;
  lru.grow('k', value, 2);
  assert.is(lru.bytes, 6, 'grown by what it was told, not by what the value says now');
  lru.grow('k', { size: 1 }, 50);
  assert.is(lru.bytes, 6, 'another value under the same key: not this entry');
  lru.set('m', { size: 2 });
  lru.grow('m', lru.peek('m')!, 5);
  assert.is(lru.peek('k'), undefined, 'growing past the bound evicts the least recently used');
  assert.is(lru.bytes, 8);
  lru.set('m', { size: 0 });
  assert.is(lru.bytes, 1, 'replacing it takes off its grown cost');
});

test('get: made once for many askers; a hit makes nothing; a failure is not kept', async () => {
  const lru = new ByteLru(10);
  let made = 0;
  const make = async () => (made++, await new Promise((r) => setTimeout(r, 10)), Buffer.from('x'));
  const asked = [lru.get('k', make), lru.get('k', make), lru.get('k', make)];
  assert.ok(lru.has('k'), 'being made counts as held');
  const all = await Promise.all(asked);
  assert.is(made, 1);
  assert.ok(all.every((b) => b === all[0]));
  await lru.get('k', make);
  assert.is(made, 1, 'a hit makes nothing');
  await lru.get('bad', () => Promise.reject(new Error('no'))).catch(() => {});
  assert.not.ok(lru.has('bad'));
  assert.is((await lru.get('bad', make)).toString(), 'x');
});

test.run();
