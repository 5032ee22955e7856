// The cache of answers the server makes (projections, searches): bounded by
// what it really holds, tiny answers and compressed forms included.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomBytes } from 'node:crypto';
import { ENTRY_OVERHEAD, ProjectionCache } from '../../src/http/projected.ts';
import { SharedLru } from '../../src/cache/shared.ts';

test('a flood of tiny distinct answers stays within the bound: each entry counts its overhead, not just its body', () => {
  const max = 1024 * 1024;
  const cache = new ProjectionCache(new SharedLru(max));
  // 20,000 answers of 40 bytes: 800 kB of bodies, under the bound if only bodies counted.
  for (let i = 0; i < 20_000; i++) cache.get(`/slok/1/1?fields=_id&n=${i}`, () => Buffer.from(`{"_id":"BG1.1","chapter":1,"verse":${i}}`));
  const { entries, bytes } = cache.held;
  assert.ok(bytes <= max, `${bytes} bytes held`);
  assert.ok(entries <= max / ENTRY_OVERHEAD, `${entries} entries held`);
  assert.ok(entries > max / ENTRY_OVERHEAD / 2, `${entries} entries held: the bound is used`);
  // The newest are kept, the oldest gone.
  let made = 0;
  cache.get('/slok/1/1?fields=_id&n=19999', () => (made++, Buffer.from('{}')));
  cache.get('/slok/1/1?fields=_id&n=0', () => (made++, Buffer.from('{}')));
  assert.is(made, 1, 'the newest was held, the first made again');
});

test('a compressed form made later counts, and can push the oldest out', async () => {
  const body = () => Buffer.from(randomBytes(150_000).toString('base64')); // 200 kB that gzip shrinks to about 150 kB
  const roomy = new ProjectionCache(new SharedLru(1_000_000));
  const one = roomy.get('one', body);
  const before = roomy.held.bytes;
  const gz = (await one.coding('gzip'))!;
  assert.is(roomy.held.bytes, before + gz.body.length);

  const tight = new ProjectionCache(new SharedLru(500_000));
  const a = tight.get('a', body);
  tight.get('b', body);
  assert.is(tight.held.entries, 2);
  await a.coding('gzip');
  assert.ok(tight.held.bytes <= 500_000, `${tight.held.bytes} bytes held`);
  let made = 0;
  tight.get('b', () => (made++, body()));
  assert.is(made, 0, 'b, the newer, stays');
  tight.get('a', () => (made++, body()));
  assert.is(made, 1, 'a, the oldest, made way once its gzip form counted');
});

test.run();
