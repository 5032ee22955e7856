// The OpenAPI document lints clean under a real linter (Redocly), and one real
// response per route, from a running server, validates against its schema.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { FILES } from '../../src/layout.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { LISTED_ROUTES, type RouteId } from '../../src/contract/routes/index.ts';
import { QUERY_RULES } from '../../src/contract/query-rules.ts';
import { createKey } from '../helpers/cli.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw, type Reply } from '../helpers/http.ts';
import { startServer, type Running } from '../helpers/server.ts';

let dist: string;
let doc: Record<string, any>;
let server: Running;
let dataDir: string;

test.before(hook(async () => {
  ({ distDir: dist } = await testDist());
  doc = JSON.parse(readFileSync(join(dist, FILES.openapi), 'utf8'));
  dataDir = tempDir();
  server = await startServer('node', { dist, dataDir });
}));
test.after(hook(async () => {
  await server?.stop();
}));

test('Redocly lints the document with zero errors and zero warnings', () => {
  // One rule skipped: no-ambiguous-paths takes /slok/{ch}/{from}-{to} and /slok/{ch}/{sl} for the same path by their shape
  // alone. The parameters' types tell them apart (sl a plain number, from-to two with a dash), and no path matches both
  // (test/http/table.test.ts and citations.test.ts match and answer each).
  const r = spawnSync(join(PROJECT_ROOT, 'node_modules', '.bin', 'redocly'), ['lint', join(dist, FILES.openapi), '--format=json', '--skip-rule=no-ambiguous-paths'], {
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const report = JSON.parse(r.stdout);
  assert.equal(report.totals, { errors: 0, warnings: 0, ignored: 0 }, JSON.stringify(report.problems, null, 1));
  assert.is(r.status, 0);
});

test('every route is in the document (the operator\'s GET /metrics left out)', () => {
  assert.not.ok(doc.paths['/metrics'], 'GET /metrics is the operator\'s: docs/operations.md');
  for (const route of LISTED_ROUTES) {
    const op = doc.paths[route.path]?.[route.methods.includes('POST') ? 'post' : 'get'];
    assert.ok(op, `${route.path} is described`);
    assert.ok(Object.keys(op.responses).some((status) => status.startsWith('4')), `${route.path} lists its errors`);
    assert.ok(op.responses['500'], `${route.path} lists the 500`);
  }
  assert.equal(Object.keys(doc.components.schemas.Verse.properties).slice(0, 6), ['_id', 'chapter', 'verse', 'speaker', 'slok', 'transliteration']);
  // Every route that takes parameters lists its 400, naming what it refuses (src/contract/query-rules.ts).
  for (const route of LISTED_ROUTES) {
    const taken = [...QUERY_RULES[route.id].taken.keys()];
    if (!taken.length) continue;
    const op = doc.paths[route.path][route.methods.includes('POST') ? 'post' : 'get'];
    assert.ok(op.responses['400'], `${route.id} lists its 400`);
    assert.match(op.responses['400'].description, new RegExp(`any of ${taken.join(', ')} given twice`), route.id);
    for (const [miss, meant] of QUERY_RULES[route.id].near) assert.ok(op.responses['400'].description.includes(`${miss} (${meant})`), `${route.id}: ${miss}`);
  }
  assert.ok(doc.paths['/search'].get.parameters.some((p: { name: string; in: string }) => p.name === 'offset' && p.in === 'query'));
  // A parameter as its one definition says it, with what this build holds.
  const speaker = doc.paths['/slok'].get.parameters.find((p: { name: string }) => p.name === 'speaker');
  assert.equal(speaker.schema.enum.slice(0, 4), ['krishna', 'arjuna', 'sanjaya', 'dhritarashtra']);
  assert.match(speaker.description, /krishna 574, arjuna 86, sanjaya 40, dhritarashtra 1/, 'verses per speaker, read from the content');
  assert.match(speaker.description, /Values: one of krishna, arjuna, sanjaya, dhritarashtra \(any case\), or the Devanagari name\./, 'the values, worded as the 400 words them');
});

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

function assertMatches(r: Reply, route: string, method: string, what: string) {
  const op = doc.paths[route][method];
  const spec = op.responses[String(r.status)];
  assert.ok(spec, `${what}: ${r.status} is a documented response of ${method.toUpperCase()} ${route}`);
  const resolved = spec.$ref ? doc.components.responses[spec.$ref.split('/').pop()] : spec;
  if (!resolved.content) return;
  const type = r.headers['content-type'].split(';')[0];
  const media = resolved.content[type];
  assert.ok(media, `${what}: ${type} is a documented type for ${r.status}`);
  if (!type.endsWith('json') && type !== 'text/plain') return;
  const body = type === 'text/plain' ? r.text : JSON.parse(r.text);
  // The response schema with the document's components beside it, so its #/components/... references resolve.
  const validate = ajv.compile({ ...media.schema, components: doc.components });
  if (!validate(body)) assert.unreachable(`${what}: the body does not match the schema: ${ajv.errorsText(validate.errors)}`);
}

test('one real response per route validates against its schema', async () => {
  const { key } = createKey({ GITA_DATA_DIR: dataDir }, 'openapi', '1000/day');
  await new Promise((r) => setTimeout(r, 300));
  // A GET route whose example is a real request needs no entry: its example is fetched (the roots' routes are so).
  const requests: Partial<Record<Exclude<RouteId, 'metrics'>, () => Promise<Reply>>> = {
    'random-verse': () => fetchRaw(server.url, '/slok'),
    verse: () => fetchRaw(server.url, '/slok/2/47'),
    'verse-words': () => fetchRaw(server.url, '/slok/2/47/words'),
    'verse-analysis': () => fetchRaw(server.url, '/slok/2/47/analysis'),
    lemma: () => fetchRaw(server.url, '/lemma/karman'),
    'verse-links': () => fetchRaw(server.url, '/slok/3/5/links'),
    works: () => fetchRaw(server.url, '/works'),
    versions: () => fetchRaw(server.url, '/versions'),
    version: () => fetchRaw(server.url, '/versions/telugu-wikisource'),
    'verse-versions': () => fetchRaw(server.url, '/slok/1/13/versions?version=telugu-wikisource,besant'),
    // A verse with a pāda that breaks, so that its breaks are checked too.
    'verse-meter': () => fetchRaw(server.url, '/slok/11/20/meter'),
    meters: () => fetchRaw(server.url, '/meters'),
    work: () => fetchRaw(server.url, '/works/chandogya-upanisad'),
    lemmas: () => fetchRaw(server.url, '/lemmas'),
    'read-lemma': () => fetchRaw(server.url, '/read/lemma/karman'),
    'verse-range': () => fetchRaw(server.url, '/slok/2/70-73'),
    verses: () => fetchRaw(server.url, '/verses?ref=BG%202.47-48,%2018.66&lang=en'),
    'verses-ref': () => fetchRaw(server.url, '/verses/Gita%20II.47-48?lang=en'),
    mcp: () => fetchRaw(server.url, '/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_verses', arguments: { ref: '2.47', lang: 'en' } } }) }),
    today: () => fetchRaw(server.url, '/slok/today'),
    'today-card': () => fetchRaw(server.url, '/slok/today/gita-dark.svg?date=2026-01-01'),
    'chapter-verses': () => fetchRaw(server.url, '/chapter/12/slok'),
    search: () => fetchRaw(server.url, '/search?q=lotus%20leaf&limit=3'),
    chapters: () => fetchRaw(server.url, '/chapters'),
    chapter: () => fetchRaw(server.url, '/chapter/18'),
    authors: () => fetchRaw(server.url, '/authors'),
    author: () => fetchRaw(server.url, '/authors/siva'),
    card: () => fetchRaw(server.url, '/gita.svg?ch=3&theme=dark'),
    'verse-card': () => fetchRaw(server.url, '/slok/2/47/gita.svg'),
    'card-png': () => fetchRaw(server.url, '/gita-dark.png?ch=2&sl=47'),
    'verse-card-png': () => fetchRaw(server.url, '/slok/2/47/gita.png'),
    'today-card-png': () => fetchRaw(server.url, '/slok/today/gita.png?date=2026-01-01'),
    docs: () => fetchRaw(server.url, '/'),
    guide: () => fetchRaw(server.url, '/docs/search'),
    pricing: () => fetchRaw(server.url, '/pricing'),
    openapi: () => fetchRaw(server.url, '/openapi.json'),
    usage: () => fetchRaw(server.url, '/usage', { headers: { 'x-api-key': key } }),
    healthz: () => fetchRaw(server.url, '/healthz'),
    'read-verse': () => fetchRaw(server.url, '/read/2/47?lang=hi&author=rams'),
    'read-chapter': () => fetchRaw(server.url, '/read/2'),
    download: () => fetchRaw(server.url, '/downloads/gita.sqlite'),
    refs: () => fetchRaw(server.url, '/refs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'As the Gita (2.47) says, and Bhagavad Gita chapter eighteen, verse sixty-six; not Gita 19.1.' }) }),
    register: () => fetchRaw(server.url, '/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'spec', email: 'spec@example.org', use: 'checking the schema' }) }),
  };
  for (const route of LISTED_ROUTES) {
    const request = requests[route.id as Exclude<RouteId, 'metrics'>] ?? (() => fetchRaw(server.url, encodeURI(route.example)));
    const r = await request();
    assert.ok(r.status < 300, `${route.id}: ${r.status}`);
    assertMatches(r, route.path, route.methods.includes('POST') ? 'post' : 'get', route.id);
  }
});

test('projections and the 400 validate too', async () => {
  for (const [path, route] of [
    ['/slok/2/47?lang=en&authors=siva,tej', '/slok/{ch}/{sl}'],
    ['/slok/2/47/sa.json', '/slok/{ch}/{sl}'],
    ['/slok?speaker=arjuna&fields=slok,siva.et', '/slok'],
    ['/slok/today?date=2026-11-23&lang=hi', '/slok/today'],
    ['/chapter/3/slok?lang=en&authors=siva', '/chapter/{ch}/slok'],
    ['/chapter/3/slok?fields=transliteration', '/chapter/{ch}/slok'],
  ]) {
    const r = await fetchRaw(server.url, path);
    assert.is(r.status, 200, path);
    assertMatches(r, route, 'get', path);
  }
  const bad = await fetchRaw(server.url, '/slok/2/47?lang=fr');
  assert.is(bad.status, 400);
  assertMatches(bad, '/slok/{ch}/{sl}', 'get', '400');
  for (const [body, type, status] of [['{"text": 3}', 'application/json', 400], ['{not json', 'application/json', 400], ['Gita 2.47', 'text/html', 415], [`{"text": "${'x'.repeat(100_001)}"}`, 'application/json', 400]] as const) {
    const r = await fetchRaw(server.url, '/refs', { method: 'POST', headers: { 'content-type': type }, body });
    assert.is(r.status, status, `POST /refs ${body.slice(0, 20)}`);
    assertMatches(r, '/refs', 'post', `POST /refs ${status}`);
  }
});

test('errors validate too: 404 wordings, 401, 405, 429', async () => {
  assertMatches(await fetchRaw(server.url, '/slok/2/99'), '/slok/{ch}/{sl}', 'get', '404 verse');
  assertMatches(await fetchRaw(server.url, '/slok/2/99/words'), '/slok/{ch}/{sl}/words', 'get', '404 verse words');
  assertMatches(await fetchRaw(server.url, '/chapter/99'), '/chapter/{ch}', 'get', '404 chapter');
  assertMatches(await fetchRaw(server.url, '/authors/nobody'), '/authors/{key}', 'get', '404 author');
  assertMatches(await fetchRaw(server.url, '/slok', { headers: { 'x-api-key': 'gita_wrong_wrong_wrong_wrong' } }), '/slok', 'get', '401');
  assertMatches(await fetchRaw(server.url, '/usage'), '/usage', 'get', '401 usage');
  assertMatches(await fetchRaw(server.url, '/chapters', { method: 'POST' }), '/chapters', 'get', '405');
  const { key } = createKey({ GITA_DATA_DIR: dataDir }, 'tiny', '1/day');
  await new Promise((r) => setTimeout(r, 300));
  await fetchRaw(server.url, '/chapters', { headers: { 'x-api-key': key } });
  assertMatches(await fetchRaw(server.url, '/chapters', { headers: { 'x-api-key': key } }), '/chapters', 'get', '429');
});

test.run();
