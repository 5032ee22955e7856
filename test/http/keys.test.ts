// Keys, quotas, /usage and self-service registration over real HTTP, on one
// engine (the app decides them alike on all three); the client address that
// anonymous limits count, which each engine's adapter reads, on every engine.
import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import { ANON_BURST, nextMidnight, REGISTRATIONS_PER_DAY } from '../../src/keys/limits.ts';
import { MAX_REGISTRATION_BYTES } from '../../src/contract/limits.ts';
import { createKey, gita } from '../helpers/cli.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';
import { APP_RUNTIMES, RUNTIMES, startServer, type Running, type Runtime } from '../helpers/server.ts';

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const asJson = (value: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
const good = { name: 'My Gita bot', email: 'bot@example.org', use: 'A verse a day in our chat' };

/**
 * What the engines' adapters decide: the client's address (the socket's, or
 * X-Forwarded-For's behind a trusted proxy), which anonymous limits count.
 * `anon` is a server with GITA_ANON_LIMIT=5/day that no other test asks.
 */
function addressTests(t: Test, runtime: Runtime, anon: () => Running) {
  t('anonymous callers: GITA_ANON_LIMIT a day per address', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await fetchRaw(anon().url, '/chapters')).status);
    assert.equal(statuses, [200, 200, 200, 200, 200, 429, 429]);
    const r = await fetchRaw(anon().url, '/slok');
    assert.is(r.headers['x-ratelimit-limit'], '5');
    assert.ok(ANON_BURST.points > 5, 'this was the daily quota, not the burst window');
  });

  t('X-Forwarded-For names the client only when GITA_TRUST_PROXY is set', async () => {
    const { distDir: dist } = await testDist();
    const proxied = await startServer(runtime, { dist, dataDir: tempDir(), env: { GITA_ANON_LIMIT: '2', GITA_TRUST_PROXY: '1' } });
    try {
      const as = (ip: string) => fetchRaw(proxied.url, '/chapters', { headers: { 'x-forwarded-for': `${ip}, 10.0.0.1` } }).then((r) => r.status);
      assert.equal([await as('1.1.1.1'), await as('1.1.1.1'), await as('1.1.1.1'), await as('2.2.2.2')], [200, 200, 429, 200]);
    } finally {
      await proxied.stop();
    }
    // Not trusted (the default): the header is ignored, every request is the socket's address.
    const statuses = [];
    for (const ip of ['3.3.3.3', '4.4.4.4']) statuses.push((await fetchRaw(anon().url, '/chapters', { headers: { 'x-forwarded-for': ip } })).status);
    assert.equal(statuses, [429, 429], 'the loopback address already used its 5');
  });

}

/** On the engines the keys suite does not run on: the client address alone. */
function addressSuite(runtime: Runtime) {
  const t = suite(`client addresses for anonymous limits (${runtime})`);
  let anon: Running;
  t.before(hook(async () => {
    const { distDir: dist } = await testDist();
    anon = await startServer(runtime, { dist, dataDir: tempDir(), env: { GITA_ANON_LIMIT: '5/day' } });
  }));
  t.after(hook(async () => {
    await anon?.stop();
  }));
  addressTests(t, runtime, () => anon);
  return t;
}

function keysSuite(runtime: Runtime) {
  const t = suite(`keys, quotas and registration (${runtime})`);
  let open: Running;
  let required: Running;
  let closed: Running;
  let anon: Running;
  let dataDir: string;
  // One server to a data folder: the one requiring keys has its own, where its keys are made.
  let requiredDir: string;
  const env = () => ({ GITA_DATA_DIR: dataDir });
  const requiredEnv = () => ({ GITA_DATA_DIR: requiredDir });

  t.before(hook(async () => {
    const { distDir: dist } = await testDist();
    dataDir = tempDir();
    requiredDir = tempDir();
    [open, required, closed, anon] = await Promise.all([
      startServer(runtime, { dist, dataDir, env: { GITA_KEY_LIMIT: '250/day' } }),
      startServer(runtime, { dist, dataDir: requiredDir, env: { GITA_AUTH: 'required' } }),
      startServer(runtime, { dist, dataDir: tempDir(), env: { GITA_REGISTRATION: 'closed', GITA_CONTACT: 'keys@example.org' } }),
      startServer(runtime, { dist, dataDir: tempDir(), env: { GITA_ANON_LIMIT: '5/day' } }),
    ]);
  }));
  t.after(hook(async () => {
    await Promise.all([open, required, closed, anon].map((s) => s?.stop()));
  }));

  t('a quota: X-RateLimit-* on every answer, then 429 with Retry-After', async () => {
    const { key } = createKey(requiredEnv(), 'quota', '3/day');
    await new Promise((r) => setTimeout(r, 300));
    const reset = String(nextMidnight());
    for (let i = 0; i < 3; i++) {
      const r = await fetchRaw(required.url, '/chapter/1', { headers: { 'x-api-key': key } });
      assert.is(r.status, 200);
      assert.is(r.headers['x-ratelimit-limit'], '3');
      assert.is(r.headers['x-ratelimit-remaining'], String(2 - i));
      assert.is(r.headers['x-ratelimit-reset'], reset);
    }
    const refused = await fetchRaw(required.url, `/slok?api_key=${key}`);
    assert.is(refused.status, 429);
    assert.is(refused.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(JSON.parse(refused.text), { error: 'Rate limit exceeded' });
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.is(refused.headers['x-ratelimit-remaining'], '0');
    assert.match(refused.headers['access-control-expose-headers'], /X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After/);
    assert.is((await fetchRaw(required.url, '/healthz')).status, 200, 'open routes are not limited');
  });

  t('a 304 carries the limit headers too, for a card in memory and for a themed card streamed from disk', async () => {
    const { key } = createKey(requiredEnv(), 'revalidate', '50/day');
    await new Promise((r) => setTimeout(r, 300));
    for (const path of ['/slok/2/47/gita.svg', '/slok/2/47/gita-dark.svg']) {
      const first = await fetchRaw(required.url, path, { headers: { 'x-api-key': key } });
      assert.is(first.status, 200, path);
      const again = await fetchRaw(required.url, path, { headers: { 'x-api-key': key, 'if-none-match': first.headers.etag } });
      assert.is(again.status, 304, path);
      assert.is(again.headers.etag, first.headers.etag, path);
      assert.is(again.headers['x-ratelimit-limit'], '50', path);
      assert.is(Number(again.headers['x-ratelimit-remaining']), Number(first.headers['x-ratelimit-remaining']) - 1, path);
    }
  });

  addressTests(t, runtime, () => anon);

  t('an unlimited key carries no limit headers', async () => {
    const { key } = createKey(requiredEnv(), 'unlimited', '0');
    await new Promise((r) => setTimeout(r, 300));
    const r = await fetchRaw(required.url, '/slok', { headers: { 'x-api-key': key } });
    assert.is(r.status, 200);
    assert.is(r.headers['x-ratelimit-limit'], undefined);
  });

  t('/usage: 401 without a key; with one, its own counts and quota, not counted itself', async () => {
    assert.equal(JSON.parse((await fetchRaw(open.url, '/usage')).text), { error: 'API key required' });
    assert.is((await fetchRaw(open.url, '/usage', { headers: { 'x-api-key': 'gita_nope_nope_nope_nope' } })).status, 401);
    const { key, id } = createKey(env(), 'usage', '100/day');
    await new Promise((r) => setTimeout(r, 300));
    for (const p of ['/slok/2/47', '/slok/2/48', '/chapters', '/gita.svg?ch=2&sl=47']) await fetchRaw(open.url, p, { headers: { 'x-api-key': key } });
    const first = await fetchRaw(open.url, '/usage', { headers: { 'x-api-key': key } });
    const again = JSON.parse((await fetchRaw(open.url, '/usage', { headers: { 'x-api-key': key } })).text);
    assert.is(first.status, 200);
    const u = JSON.parse(first.text);
    assert.equal(u.key, { id, name: 'usage', plan: 'operator', created: u.key.created });
    assert.equal(u.limit, { perDay: 100, unlimited: false });
    assert.equal(u.today.routes, { verse: 2, chapters: 1, card: 1 });
    assert.is(u.today.requests, 4);
    assert.is(u.today.remaining, 96);
    assert.is(u.days.length, 7);
    assert.is(again.today.requests, 4, '/usage does not count itself');
    assert.is(first.headers['x-ratelimit-remaining'], '96');
  });

  t('/pricing shows the free plan, its limits, and the form', async () => {
    const r = await fetchRaw(open.url, '/pricing');
    assert.is(r.status, 200);
    assert.is(r.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(r.text, /250 requests a day/);
    assert.match(r.text, /<form method="post" action="\/register">/);
    assert.match(r.text, /name="website"/, 'the honeypot');
  });

  t('POST /register (form): a new free key, shown once, that works', async () => {
    const r = await fetchRaw(open.url, '/register', form(good));
    assert.is(r.status, 201);
    assert.is(r.headers['content-type'], 'text/html; charset=utf-8');
    assert.is(r.headers['cache-control'], 'no-store');
    const key = /gita_[A-Za-z0-9_-]{32}/.exec(r.text)?.[0];
    assert.ok(key, 'the key is on the page');
    const use = await fetchRaw(open.url, '/slok', { headers: { 'x-api-key': key! } });
    assert.is(use.status, 200);
    assert.is(use.headers['x-ratelimit-limit'], '250', 'the free plan\'s quota');
    const listed = JSON.parse(gita(env(), 'keys', 'list', '--json').out).find((k: { name: string }) => k.name === good.name);
    assert.is(listed.plan, 'free');
    assert.is(listed.email, good.email);
  });

  t('POST /register (JSON): 201 with the key', async () => {
    const r = await fetchRaw(open.url, '/register', asJson({ ...good, name: 'json client' }));
    assert.is(r.status, 201);
    const body = JSON.parse(r.text);
    assert.match(body.key, /^gita_/);
    assert.equal({ ...body, key: undefined, id: undefined }, { key: undefined, id: undefined, name: 'json client', limit: 250, plan: 'free' });
  });

  t('invalid fields: 400, the form again with the reasons, everything echoed escaped', async () => {
    const r = await fetchRaw(open.url, '/register', form({ name: '<script>alert(1)</script>', email: 'not-an-email', use: '"><img src=x onerror=alert(1)>' }));
    assert.is(r.status, 400);
    assert.match(r.text, /That does not look like an email address\./);
    assert.match(r.text, /value="&lt;script&gt;alert\(1\)&lt;\/script&gt;"/);
    assert.match(r.text, /&quot;&gt;&lt;img src=x onerror=alert\(1\)&gt;/);
    assert.not.match(r.text, /<script>alert|<img src=x/);
    const j = await fetchRaw(open.url, '/register', asJson({ name: '', email: 'a@b.co', use: 'x'.repeat(501) }));
    assert.is(j.status, 400);
    const body = JSON.parse(j.text);
    assert.ok(body.fields.name && body.fields.use && !body.fields.email, j.text);
  });

  t('an oversized body is 413 and is not read', async () => {
    const big = 'x'.repeat(MAX_REGISTRATION_BYTES + 100);
    const r = await fetchRaw(open.url, '/register', form({ ...good, use: big }));
    assert.is(r.status, 413);
    assert.equal(JSON.parse(r.text), { error: 'Payload Too Large' });
  });

  t('the honeypot field filled in: refused, and no key is made', async () => {
    const before = JSON.parse(gita(env(), 'keys', 'list', '--json').out).length;
    const r = await fetchRaw(open.url, '/register', form({ ...good, website: 'http://spam.example' }));
    assert.is(r.status, 400);
    assert.match(r.text, /Registration refused/);
    assert.is(JSON.parse(gita(env(), 'keys', 'list', '--json').out).length, before);
  });

  t('other bodies, other methods: 415 and 405; no other route accepts a body', async () => {
    const r = await fetchRaw(open.url, '/register', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'name=x' });
    assert.is(r.status, 415);
    const get = await fetchRaw(open.url, '/register');
    assert.is(get.status, 405);
    assert.is(get.headers.allow, 'POST');
    const post = await fetchRaw(open.url, '/chapters', asJson({ a: 1 }));
    assert.is(post.status, 405);
  });

  t(`registrations are limited per client address (${REGISTRATIONS_PER_DAY} a day)`, async () => {
    // Two succeeded above on this server; fill the allowance, then one more.
    const results = [];
    for (let i = 0; i < REGISTRATIONS_PER_DAY - 1; i++) results.push((await fetchRaw(open.url, '/register', asJson({ ...good, name: `n${i}` }))).status);
    assert.equal(results, [...new Array(REGISTRATIONS_PER_DAY - 2).fill(201), 429]);
    const r = await fetchRaw(open.url, '/register', form(good));
    assert.is(r.status, 429);
    assert.ok(r.headers['retry-after']);
  });

  t('registration closed: the page says how to ask; POST is 403', async () => {
    const page = await fetchRaw(closed.url, '/pricing');
    assert.match(page.text, /Registration is closed on this server\. Ask the operator for a key: keys@example\.org/);
    assert.not.match(page.text, /<form/);
    const r = await fetchRaw(closed.url, '/register', asJson(good));
    assert.is(r.status, 403);
    assert.equal(JSON.parse(r.text), { error: 'Registration is closed' });
  });

  return t;
}

for (const runtime of RUNTIMES) (APP_RUNTIMES.includes(runtime) ? keysSuite(runtime) : addressSuite(runtime)).run();
