// Property tests: random paths and queries, fed to the route parser and to
// the whole app. Whatever comes in, nothing throws, numbers are in range,
// only designed statuses come out, and only files the manifest lists are named.
// The seed is printed; TEST_SEED=<n> replays a run.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp, type App, type AppRequest } from '../../src/http/app.ts';
import { loadDist, type Dist } from '../../src/http/assets.ts';
import { loadSearch } from '../../src/http/search.ts';
import { matchRoute } from '../../src/http/match.ts';
import { cardQuery } from '../../src/http/query.ts';
import { FileKeyStore } from '../../src/keys/file-store.ts';
import { createLimiter, memoryFactory } from '../../src/keys/limits.ts';
import { FileUsageStore } from '../../src/keys/usage.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';

const seed = Number(process.env.TEST_SEED ?? Date.now() % 2 ** 31);
console.log(`\n    property tests: TEST_SEED=${seed}`);

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function generator(s: number) {
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(seed);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

const PIECES = ['slok', 'chapter', 'chapters', 'gita.svg', 'gita-dark.svg', 'gita-light.svg', 'pricing', 'usage', 'healthz', 'register', 'openapi.json', 'index.html', 'manifest.json',
  '0', '1', '2', '18', '19', '47', '72', '73', '74', '99999999', '-1', '+2', '02', '2.0', '1e1', '٢', '２', '', '.', '..', '%2e%2e', '%2f', '%00', '%', '%zz', '%32', '%c0%ae',
  'a', 'ä', 'a\u0301', '\u202e', ' ', '%20', '\\', '..\\..', '~', '$', ';', 'index.json', 'gita.svg.br', '.hidden', '_headers',
  'today', 'en.json', 'hi.json', 'sa.json', 'fr.json', 'index.json.br', 'audit.json', 'words', 'words.json', 'words.json.gz'];
const QUERY = ['ch', 'sl', 'theme', 'api_key', 'x', 'speaker', 'lang', 'authors', 'fields', 'date', 'q', 'limit', 'format'];
const VALUES = ['', '0', '1', '2', '18', '19', '47', '73', '74', 'dark', 'light', 'auto', 'blue', '%00', '1e1', '-1', '２', 'a'.repeat(50),
  'krishna', 'ARJUNA', '%E0%A4%85%E0%A4%B0%E0%A5%8D%E0%A4%9C%E0%A5%81%E0%A4%A8', 'en', 'hi', 'sa', 'fr', 'siva', 'siva,tej', 'siva,,tej', 'siva.et', 'slok,siva.et', 'siva.author', 'rams.hc,_id',
  '2026-11-23', '2024-02-29', '2023-02-29', '9999-12-31', '0000-01-01',
  'lotus', 'karmanye%20vadhikaraste', '%E0%A4%AF%E0%A4%A6%E0%A4%BE', 'x'.repeat(501), '50', '51', 'html', 'json', 'xml'];

/** Real routes, so that their parameters get exercised too. */
const ROUTE_PATHS = ['/slok', '/slok/2/47', '/slok/today', '/chapter/3/slok', '/gita.svg', '/slok/2/47/en.json', '/slok/today/gita.svg', '/chapter/18/slok/sa.json', '/search', '/slok/2/47/words', '/slok/18/79/words.json'];

function randomPath(): string {
  if (random() < 0.3) return pick(ROUTE_PATHS);
  const n = Math.floor(random() * 5);
  let path = '';
  for (let i = 0; i < n; i++) path += `/${pick(PIECES)}`;
  if (random() < 0.2) path += '/';
  if (random() < 0.05) path = path.replace('/', '//');
  return path || '/';
}

function randomQuery(): string {
  if (random() < 0.4) return '';
  const n = 1 + Math.floor(random() * 4);
  return `?${Array.from({ length: n }, () => `${pick(QUERY)}=${pick(VALUES)}`).join('&')}`;
}

let dist: Dist;
let app: App;
let searching: ReturnType<typeof loadSearch> | null = null;
test.before(hook(async () => {
  const { distDir } = await testDist();
  dist = await loadDist(distDir);
  const data = tempDir();
  app = createApp({
    dist,
    auth: 'optional',
    keys: await FileKeyStore.open(data),
    usage: await FileUsageStore.open(data, { flushEveryMs: 0 }),
    limiter: createLimiter(memoryFactory),
    anonLimit: 0,
    pricing: '<p>pricing</p>',
    search: () => (searching ??= loadSearch(distDir)),
  });
}));

test('matchRoute: never throws; chapter and verse numbers always in range', () => {
  const counts = dist.manifest.content.versesPerChapter;
  for (let i = 0; i < 20_000; i++) {
    const path = randomPath();
    const m = matchRoute(path, counts);
    if (!m.route) {
      assert.ok(['chapter', 'verse', 'resource'].includes(m.notFound), path);
      continue;
    }
    if (m.ch !== undefined) assert.ok(Number.isInteger(m.ch) && m.ch >= 1 && m.ch <= counts.length, `${path}: ch ${m.ch}`);
    if (m.sl !== undefined) assert.ok(Number.isInteger(m.sl) && m.sl >= 1 && m.sl <= counts[m.ch! - 1] + 1, `${path}: sl ${m.sl}`);
  }
});

test('cardQuery: never throws; a verse it names exists', () => {
  const counts = dist.manifest.content.versesPerChapter;
  for (let i = 0; i < 20_000; i++) {
    const q = randomQuery().slice(1);
    const r = cardQuery(new URLSearchParams(q), dist.manifest.content);
    if (!r) continue;
    if (r.sl !== undefined) assert.ok(r.ch !== undefined && r.sl <= counts[r.ch - 1] + 1, q);
    assert.ok(r.ch >= 0 && r.ch <= counts.length, q);
    assert.ok(r.speaker >= -1 && r.speaker < dist.manifest.content.speakers.length, q);
  }
});

test('the app: any random request gets a designed status, and only listed files are streamed', async () => {
  const listed = new Set(Object.keys(dist.manifest.files).flatMap((p) => [p, `${p}.br`, `${p}.gz`]).concat('/manifest.json', '/manifest.json.br', '/manifest.json.gz'));
  const statuses = new Map<number, number>();
  for (let i = 0; i < 20_000; i++) {
    const url = randomPath() + randomQuery();
    const req: AppRequest = {
      method: pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'OPTIONS', 'DELETE']),
      url,
      header: (name) => (name === 'accept-encoding' ? pick([undefined, 'br', 'gzip', 'br;q=0, gzip']) : name === 'x-api-key' && random() < 0.05 ? 'gita_nonsense_nonsense_nonsense' : undefined),
      ip: '10.0.0.1',
      body: async () => new Uint8Array(),
    };
    const r = await app.handle(req);
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    assert.ok([200, 201, 204, 304, 400, 401, 404, 405, 413, 414, 415, 429].includes(r.status), `${req.method} ${url}: ${r.status}`);
    if (r.file) assert.ok(listed.has(r.file), `${url} streams ${r.file}, which the manifest does not list`);
    if (r.status === 200 && req.method === 'GET' && !r.file) assert.ok(r.body !== undefined && r.body.length > 0, `${url}: a body`);
    if (r.status === 400 && !String(r.body).startsWith('<!doctype')) assert.match(String(r.body), /^\{"error":"(lang|authors|fields|q|limit|ch|speaker|format): /, `${url}: a 400 names its parameter`);
  }
  assert.ok((statuses.get(200) ?? 0) > 1000 && (statuses.get(404) ?? 0) > 1000 && (statuses.get(400) ?? 0) > 100, JSON.stringify(Object.fromEntries(statuses)));
});

test.run();
