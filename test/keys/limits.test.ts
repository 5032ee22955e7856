import { suite, test } from 'uvu';
import * as assert from 'uvu/assert';
import { Redis } from 'ioredis';
import { ANON_BURST, createLimiter, DayClock, LEASE, memoryFactory, nextMidnight, redisFactory, REGISTRATIONS_PER_DAY, utcDay } from '../../src/keys/limits.ts';
import { hook } from '../helpers/fs.ts';
import { dropPrefix, sharedRedis, testPrefix } from '../helpers/redis.ts';

test('a daily quota allows exactly its number of requests, then refuses until midnight UTC', async () => {
  const limiter = createLimiter(memoryFactory);
  const seen = [];
  for (let i = 0; i < 7; i++) seen.push(await limiter.consume('key:a', 5, false));
  assert.equal(seen.map((v) => v.allowed), [true, true, true, true, true, false, false]);
  assert.equal(seen.map((v) => v.remaining), [4, 3, 2, 1, 0, 0, 0]);
  const midnight = nextMidnight();
  assert.ok(seen.every((v) => v.limit === 5 && v.reset === midnight));
  const secondsLeft = midnight - Math.floor(Date.now() / 1000);
  assert.ok(Math.abs(seen[6].retryAfter - secondsLeft) <= 2, 'retry after midnight');
  assert.is((await limiter.peek('key:a', 5)).remaining, 0);
  assert.ok((await limiter.consume('key:b', 5, false)).allowed, 'callers are counted apart');
});

test('a changed quota keeps the day\'s count', async () => {
  const limiter = createLimiter(memoryFactory);
  for (let i = 0; i < 3; i++) await limiter.consume('key:c', 3, false);
  assert.not.ok((await limiter.consume('key:c', 3, false)).allowed);
  const raised = await limiter.consume('key:c', 10, false);
  assert.ok(raised.allowed);
  assert.is(raised.remaining, 5, '5 of 10 used');
});

test('anonymous callers also meet the burst window', async () => {
  const limiter = createLimiter(memoryFactory);
  const verdicts = [];
  for (let i = 0; i < ANON_BURST.points + 2; i++) verdicts.push(await limiter.consume('anon:1.2.3.4', 1000, true));
  assert.ok(verdicts.slice(0, ANON_BURST.points).every((v) => v.allowed));
  const refused = verdicts[ANON_BURST.points];
  assert.not.ok(refused.allowed);
  assert.ok(refused.retryAfter >= 1 && refused.retryAfter <= ANON_BURST.seconds, 'retry after the burst window');
  assert.ok((await limiter.consume('key:x', 1000, false)).allowed, 'keys have no burst window');
});

test('registrations: a few a day per address', async () => {
  const limiter = createLimiter(memoryFactory);
  const results = [];
  for (let i = 0; i <= REGISTRATIONS_PER_DAY; i++) results.push(await limiter.register('9.9.9.9'));
  assert.equal(results, [...new Array(REGISTRATIONS_PER_DAY).fill(true), false]);
  assert.ok(await limiter.register('8.8.8.8'));
});

test('a large quota is taken in leases: remaining still falls by one per request', async () => {
  const limiter = createLimiter(memoryFactory);
  const limit = 10_000;
  const remaining = [];
  for (let i = 0; i < 250; i++) remaining.push((await limiter.consume('key:big', limit, false)).remaining);
  assert.equal(remaining, Array.from({ length: 250 }, (_, i) => limit - 1 - i));
  assert.is((await limiter.peek('key:big', limit)).remaining, limit - 250, 'peek counts what was spent, not what was leased');
  await limiter.close();
});

test('an unspent lease goes back to the store when it expires, and at close', async () => {
  const lease = { size: 100, max: 100, above: 200, ms: 200 };
  const limiter = createLimiter(memoryFactory, lease);
  const v = await limiter.consume('key:l', 5_000, false);
  assert.is(v.remaining, 4_999);
  await new Promise((r) => setTimeout(r, 400));
  assert.is((await limiter.peek('key:l', 5_000)).remaining, 4_999);
  await limiter.close();
});

/** memoryFactory, with a store that answers after `delayMs` and records the points each call takes. */
function slowStore(delayMs: number) {
  const calls: number[] = [];
  const factory: typeof memoryFactory = (keyPrefix, points, seconds) => {
    const inner = memoryFactory(keyPrefix, points, seconds);
    const consume = inner.consume.bind(inner);
    inner.consume = (async (key: string | number, taken = 1, options?: Record<string, unknown>) => {
      calls.push(taken);
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      return consume(key, taken, options);
    }) as typeof inner.consume;
    return inner;
  };
  return { factory, calls };
}

test('a busy key never waits for the store: the next block is fetched ahead, and blocks grow', async () => {
  const { factory, calls } = slowStore(5);
  const limiter = createLimiter(factory);
  const limit = 1_000_000;
  let waited = 0;
  const remaining: number[] = [];
  for (let i = 0; i < 3_000; i++) {
    let v = limiter.consume('key:busy', limit, false);
    if (v instanceof Promise) {
      waited++;
      v = await v;
    }
    remaining.push(v.remaining);
    // Other requests arrive meanwhile: let the event loop turn now and then.
    if (i % 10 === 9) await new Promise((r) => setTimeout(r, 2));
  }
  assert.is(waited, 2, 'only the first request (which learns the day\'s count) and the first block wait for the store');
  assert.equal(remaining, Array.from({ length: 3_000 }, (_, i) => limit - 1 - i), 'remaining falls by one per request');
  assert.ok(calls.length <= 10, `${calls.length} store calls for 3,000 requests (${calls.join(', ')}): the blocks grow`);
  assert.ok(Math.max(...calls) > LEASE.size, 'a busy key takes bigger blocks');
  assert.is((await limiter.peek('key:busy', limit)).remaining, limit - 3_000, 'peek counts what was spent, not what was leased');
  await limiter.close();
  assert.is((await limiter.peek('key:busy', limit)).remaining, limit - 3_000, 'close gives back the unspent blocks');
});

test('a lease is never more than a twentieth of what is left, and near the end every request goes to the store', async () => {
  const { factory, calls } = slowStore(0);
  const limiter = createLimiter(factory);
  const limit = LEASE.above + 500;
  for (let i = 0; i < 1_000; i++) await limiter.consume('key:small', limit, false);
  assert.is(calls[0], 1, 'nothing known of the day yet: one request, not a block');
  let counted = 0;
  for (const taken of calls) {
    if (taken > 1) assert.ok(taken <= (limit - counted) / 20 && limit - counted > LEASE.above, `a block of ${taken} with ${limit - counted} left`);
    if (limit - counted <= LEASE.above) assert.is(taken, 1, `with ${limit - counted} left, requests are counted one by one`);
    counted += taken;
  }
  assert.ok(calls.some((t) => t > 1), 'blocks were taken while plenty was left');
  assert.is(counted, 1_000, 'every request counted once (no block was left over)');
  assert.is((await limiter.peek('key:small', limit)).remaining, limit - 1_000);
  await limiter.close();
});

test('the default lease leaves the end of a quota exact', () => {
  assert.ok(LEASE.above >= 10 * LEASE.size);
});

test('utcDay and nextMidnight are UTC', () => {
  const t = Date.UTC(2026, 10, 22, 23, 59, 59);
  assert.is(utcDay(t), '2026-11-22');
  assert.is(nextMidnight(t), Date.UTC(2026, 10, 23) / 1000);
});

test('the day clock turns at midnight UTC and not before', () => {
  const clock = new DayClock();
  const before = Date.UTC(2026, 10, 22, 23, 59, 59, 999);
  assert.is(clock.at(before), '2026-11-22');
  assert.is(clock.midnight, Date.UTC(2026, 10, 23) / 1000);
  assert.is(clock.secondsLeft(before), 1, 'at least a second');
  assert.is(clock.at(before - 3_600_000), '2026-11-22');
  assert.is(clock.at(Date.UTC(2026, 10, 23)), '2026-11-23');
  assert.is(clock.midnight, Date.UTC(2026, 10, 24) / 1000);
  assert.is(clock.secondsLeft(Date.UTC(2026, 10, 23, 12)), 43_200);
});

test.run();

// The shared Redis, asked for in a hook: without it this suite fails at once
// in one line, and the tests above still run.
const withRedis = suite('limits: two servers on one Redis');
let url = '';
withRedis.before(hook(async () => {
  url = await sharedRedis();
}));

withRedis('two servers leasing from one Redis never grant more than the quota, and grant all of it', async () => {
  const prefix = testPrefix();
  const clients = [new Redis(url), new Redis(url)];
  // Until a client is ready, the limiter falls back to its local insurance limiter, as it would in an outage.
  await Promise.all(clients.map((c) => new Promise((r) => c.once('ready', r))));
  const lease = { size: 40, max: 80, above: 150, ms: 300 };
  const [a, b] = clients.map((c) => createLimiter(redisFactory(c, prefix), lease));
  try {
    const limit = 1_000;
    const both = await Promise.all(
      [a, b].map(async (l) => {
        let allowed = 0;
        for (let i = 0; i < 800; i++) if ((await l.consume('key:shared', limit, false)).allowed) allowed++;
        return allowed;
      }),
    );
    assert.is(both[0] + both[1], limit, `granted ${both.join(' + ')}`);
    assert.ok(both[0] > 100 && both[1] > 100, 'both servers took part');
  } finally {
    await Promise.all([a.close(), b.close()]);
    clients.forEach((c) => c.disconnect());
    await dropPrefix(url, prefix);
  }
});

withRedis.run();
