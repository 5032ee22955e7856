// Several servers on one real Redis: shared quotas and usage, revocation,
// and a Redis that dies under load (a private redis-server the test kills).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Redis } from 'ioredis';
import { utcDay } from '../../src/keys/limits.ts';
import { createKey, gita } from '../helpers/cli.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw, type Reply } from '../helpers/http.ts';
import { dropPrefix, privateRedis, requireRedisServer, sharedRedis, testPrefix } from '../helpers/redis.ts';
import { startServer, type Running } from '../helpers/server.ts';

let dist: string;
let url: string;
const prefix = testPrefix();
const env = () => ({ REDIS_URL: url, GITA_REDIS_PREFIX: prefix });
let a: Running;
let b: Running;

test.before(hook(async () => {
  // Redis first (a program for the private one, a running one for the rest), before the build.
  requireRedisServer();
  url = await sharedRedis();
  ({ distDir: dist } = await testDist());
  [a, b] = await Promise.all([startServer('node', { dist, dataDir: tempDir(), env: env() }), startServer('node', { dist, dataDir: tempDir(), env: env() })]);
}));

test.after(hook(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  // Only when Redis was there: an after hook that throws would end the whole run.
  if (url) await dropPrefix(url, prefix);
}));

test('two servers share one quota exactly: with 50 a day, the 51st request across both is refused', async () => {
  const { key, id } = createKey(env(), 'shared', '50/day');
  const statuses: number[] = [];
  for (let i = 0; i < 55; i++) {
    const r = await fetchRaw((i % 2 ? a : b).url, '/chapter/2', { headers: { 'x-api-key': key } });
    statuses.push(r.status);
    if (i === 49) assert.is(r.headers['x-ratelimit-remaining'], '0');
    if (i === 50) {
      assert.equal(JSON.parse(r.text), { error: 'Rate limit exceeded' });
      assert.ok(Number(r.headers['retry-after']) > 0);
    }
  }
  assert.equal(statuses, [...new Array(50).fill(200), ...new Array(5).fill(429)]);
  await new Promise((r) => setTimeout(r, 600));
  const rows = JSON.parse(gita(env(), 'usage', '--json', '--key', id).out) as Array<{ route: string; count: number; name: string }>;
  assert.equal(rows.map((r) => [r.route, r.count]).sort(), [['chapter', 50], ['rate-limited', 5]]);
  assert.is(rows[0].name, 'shared');
});

test('the quota holds under concurrent requests to both servers', async () => {
  const { key } = createKey(env(), 'concurrent', '50/day');
  const replies = await Promise.all(Array.from({ length: 80 }, (_, i) => fetchRaw((i % 2 ? a : b).url, '/slok', { headers: { 'x-api-key': key } })));
  assert.is(replies.filter((r) => r.status === 200).length, 50);
  assert.is(replies.filter((r) => r.status === 429).length, 30);
});

test('usage totals are shared: /usage on either server shows the requests made on both', async () => {
  const { key } = createKey(env(), 'usage', '0');
  for (let i = 0; i < 6; i++) await fetchRaw((i % 2 ? a : b).url, `/slok/1/${i + 1}`, { headers: { 'x-api-key': key } });
  await new Promise((r) => setTimeout(r, 600));
  for (const s of [a, b]) {
    const u = JSON.parse((await fetchRaw(s.url, '/usage', { headers: { 'x-api-key': key } })).text);
    assert.is(u.today.date, utcDay());
    assert.equal(u.today.routes, { verse: 6 });
  }
});

test('a key revoked on one side is refused by every server at its next request', async () => {
  const { key, id } = createKey(env(), 'revoke-me', '0');
  assert.is((await fetchRaw(a.url, '/slok', { headers: { 'x-api-key': key } })).status, 200);
  assert.is((await fetchRaw(b.url, '/slok', { headers: { 'x-api-key': key } })).status, 200);
  assert.is(gita(env(), 'keys', 'revoke', id).code, 0);
  await new Promise((r) => setTimeout(r, 100));
  for (const s of [a, b]) assert.is((await fetchRaw(s.url, '/slok', { headers: { 'x-api-key': key } })).status, 401);
});

test('a key registered on one server works on the other at once', async () => {
  const r = await fetchRaw(a.url, '/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'cross', email: 'c@example.org', use: 'a test' }) });
  assert.is(r.status, 201);
  const { key } = JSON.parse(r.text);
  assert.is((await fetchRaw(b.url, '/slok', { headers: { 'x-api-key': key } })).status, 200);
});

test('Redis dies under load: no 5xx, said once in the log and on /healthz; buffered counts arrive when it returns', async () => {
  const redis = await privateRedis();
  const ownPrefix = testPrefix();
  const ownEnv = { REDIS_URL: redis.url, GITA_REDIS_PREFIX: ownPrefix };
  const { key, id } = createKey(ownEnv, 'outage', '100000/day');
  const server = await startServer('node', { dist, dataDir: tempDir(), env: { ...ownEnv, GITA_ANON_LIMIT: '100000' } });
  const statuses = new Map<string, number>();
  let keyed = 0;
  let stop = false;
  const hammer = async (path: string, withKey: boolean) => {
    while (!stop) {
      const r: Reply | null = await fetchRaw(server.url, path, withKey ? { headers: { 'x-api-key': key } } : {}).catch(() => null);
      const status = r?.status ?? 0;
      const label = `${withKey ? 'key' : 'anonymous'} ${status}`;
      statuses.set(label, (statuses.get(label) ?? 0) + 1);
      if (withKey && status === 200) keyed++;
    }
  };
  try {
    const load = Promise.all([hammer('/chapter/2', true), hammer('/slok', true), hammer('/slok', false), hammer('/gita.svg', false)]);
    await new Promise((r) => setTimeout(r, 700));
    await redis.kill();
    await new Promise((r) => setTimeout(r, 1500));
    const health = JSON.parse((await fetchRaw(server.url, '/healthz')).text);
    assert.is(health.status, 'degraded');
    assert.match(health.redis, /^unreachable since /);
    await redis.restart();
    let back = false;
    for (let i = 0; i < 100 && !back; i++) {
      await new Promise((r) => setTimeout(r, 100));
      back = JSON.parse((await fetchRaw(server.url, '/healthz')).text).redis === 'reachable';
    }
    assert.ok(back, 'the server sees Redis again');
    await new Promise((r) => setTimeout(r, 700));
    stop = true;
    await load;
    await new Promise((r) => setTimeout(r, 700));

    // Keyed requests are all answered; anonymous ones meet the burst window (429), which the local insurance limiter keeps enforcing.
    const seen = Object.fromEntries(statuses);
    assert.equal(Object.keys(seen).filter((k) => k.startsWith('key')), ['key 200'], JSON.stringify(seen));
    assert.ok(Object.keys(seen).every((k) => /(200|429)$/.test(k)), `no 5xx, no failed connection: ${JSON.stringify(seen)}`);
    const out = server.output();
    assert.is(out.match(/: unreachable \(/g)?.length, 1, 'the outage is logged once');
    assert.is(out.match(/reachable again/g)?.length, 1);
    const client = new Redis(redis.url);
    const counted = await client.hgetall(`${ownPrefix}usage:${utcDay()}:key:${id}`);
    client.disconnect();
    const stored = Object.values(counted).reduce((n, x) => n + Number(x), 0);
    assert.ok(stored >= keyed, `nothing lost: ${stored} stored, ${keyed} answered`);
    assert.ok(stored <= keyed * 1.1, `hardly anything counted twice: ${stored} stored, ${keyed} answered`);
  } finally {
    stop = true;
    await server.stop();
    await redis.kill();
  }
});

test.run();
