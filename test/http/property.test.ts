// Property tests: random paths and queries, fed to the route parser and to
// the whole app. Whatever comes in, nothing throws, numbers are in range,
// only designed statuses come out, and only files the manifest lists are named.
// The seed is printed; TEST_SEED=<n> replays a run.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { App, AppRequest } from '../../src/http/app.ts';
import type { Dist } from '../../src/http/assets.ts';
import { matchRoute } from '../../src/contract/match.ts';
import { cardQuery } from '../../src/contract/query.ts';
import { readCitation } from '../../src/content/citations.ts';
import { FILES } from '../../src/layout.ts';
import { iastMarks } from '../../src/content/display.ts';
import { MAX_ANSWER_BYTES } from '../../src/contract/limits.ts';
import { hook } from '../helpers/fs.ts';
import { mulberry32 } from '../../scripts/mulberry32.mjs';
import { testDist } from '../helpers/dist.ts';
import { inProcessApp } from '../helpers/app.ts';
import { bodyExamples, bodyNames, queryExamples, queryNames, routeExamples, routeSegments } from '../helpers/route-cases.ts';

const seed = Number(process.env.TEST_SEED ?? Date.now() % 2 ** 31);
console.log(`\n    property tests: TEST_SEED=${seed}`);

const random = mulberry32(seed);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

/** Path segments: every route's (from the route table), and what a scanner or a typo makes of them. */
const PIECES = [...routeSegments(), 'gita-dark.svg', 'gita-light.svg', 'index.html', 'manifest.json', '0', '1', '18', '19', '72', '73', '74', '50-47', '1-73', '1-74', '47-', '99999999', '-1', '+2', '02', '2.0', '1e1', '٢', '２', '', '.', '..', '%2e%2e', '%2f', '%00', '%', '%zz', '%32', '%c0%ae', 'a', 'ä', 'a\u0301', '\u202e', ' ', '%20', '\\', '..\\..', '~', '$', ';', 'index.json', 'gita.svg.br', '.hidden', '_headers', 'en.json', 'hi.json', 'sa.json', 'fr.json', 'index.json.br', 'audit.json', 'words.json.gz', 'chandogya-upanisad.json', 'ātman', 'आत्मन्', 'atman', 'nasa', '%E0%A4', 'prabhu', 'nobody', '__proto__', 'constructor', 'README.md', 'api.md', 'telugu-wikisource', 'stha', 'स्था', 'gam.json'];
/** Query names: every parameter a route takes and its near misses (from the route table), and others. */
const QUERY = [...queryNames(), 'api_key', 'x'];
/** Values: every parameter's example (from the route table), and hostile and edge ones. */
const VALUES = [...queryExamples(), '', '0', '1', '18', '19', '73', '74', 'dark', 'light', 'auto', 'blue', '%00', '1e1', '-1', '２', 'a'.repeat(50), 'krishna', 'ARJUNA', '%E0%A4%85%E0%A4%B0%E0%A5%8D%E0%A4%9C%E0%A5%81%E0%A4%A8', 'hi', 'sa', 'fr', 'siva', 'siva,tej', 'siva,,tej', 'siva.et', 'slok,siva.et', 'siva.author', 'rams.hc,_id', '2026-11-23', '2024-02-29', '2023-02-29', '9999-12-31', '0000-01-01', '2.47', '2:47-50', 'BG%202.47', '2.72-3.2', '1,2', '2.50-47', '2.99', '%E0%A5%A8.%E0%A5%AA%E0%A5%AD', 'John%203:16', '2.47;18.66', ',', 'lotus', '%E0%A4%AF%E0%A4%A6%E0%A4%BE', 'x'.repeat(501), '50', '51', 'html', 'json', 'xml', 'telugu-wikisource,besant', 'besant,nope', 'te', 'TE', 'te-IN', 'ta', '%E0%B0%95%E0%B0%B0%E0%B1%8D%E0%B0%AE', '%E0%B0%95%E2%80%8C%E0%B1%8D', 'upajati', 'tristubh,anustubh', 'anu%E1%B9%A3%E1%B9%ADubh', 'sloka,hexameter', 'source', 'IAST', 'itrans'];

/** Real routes, so that their parameters get exercised too: every route's example and aliases (from the route table), and edges. */
const ROUTE_PATHS = [...routeExamples(), '/slok', '/slok/today', '/chapter/3/slok', '/gita.svg', '/slok/2/47/en.json', '/chapter/18/slok/sa.json', '/search', '/slok/18/79/words.json', '/verses', '/slok/2/47-50', '/slok/2/50-47', '/slok/18/70-79', '/authors/nobody', '/authors/index.json', '/authors/tej/index.json', '/slok/13/1/analysis.json', '/lemma/atman', '/lemma/nasa.json', '/slok/2/73/links.json', '/slok/2/99/links', '/works/brahma-sutra.json', '/works/nothing', '/docs/search', '/docs/nothing', '/docs/api/index.html', '/docs', '/versions/nope', '/slok/1/13/versions', '/slok/2/73/versions.json', '/slok/2/73/meter.json', '/slok/11/20/meter', '/root/stha', '/root/gam.json', '/root/nothing', '/root/स्था'];

/** A 400's message begins with what it is about: a parameter or a near miss of one, a field of a body (from the route table), a path parameter, a range, the answer's size, the body as a whole, or it is JSON-RPC's. */
const NAMES_A_PARAMETER = new RegExp(`^\\{"(error":"((answer|api_key|ch|sl|lemma|root|\\d+-\\d+|${[...queryNames(), ...bodyNames()].join('|')}): |the body is not )|jsonrpc":"2.0")`);

/** Bodies a POST may carry: every route's example body (from the route table), JSON-RPC for POST /mcp, good and bad. */
const BODIES = [...bodyExamples(), '', '{', 'null', '{}', '[]', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_verses', arguments: { ref: '2.47', lang: 'en' } } }),
  JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_verses', arguments: { ref: 'nonsense' } } }), JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'nope' })];

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
test.before(hook(async () => {
  ({ dist, app } = await inProcessApp((await testDist()).distDir));
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
    if ('error' in r) {
      assert.match(r.error, /^(ch|sl|speaker|theme): /, q);
      continue;
    }
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
      header: (name) =>
        name === 'accept-encoding' ? pick([undefined, 'br', 'gzip', 'br;q=0, gzip']) : name === 'x-api-key' && random() < 0.05 ? 'gita_nonsense_nonsense_nonsense' : name === 'content-type' ? pick([undefined, 'application/json', 'text/plain']) : undefined,
      ip: '10.0.0.1',
      body: async () => Buffer.from(pick(BODIES)),
    };
    const r = await app.handle(req);
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    assert.ok([200, 201, 202, 204, 304, 400, 401, 404, 405, 413, 414, 415, 429].includes(r.status), `${req.method} ${url}: ${r.status}`);
    if (r.file) assert.ok(listed.has(r.file), `${url} streams ${r.file}, which the manifest does not list`);
    if (r.status === 200 && req.method === 'GET' && !r.file) assert.ok(r.body !== undefined && r.body.length > 0, `${url}: a body`);
    const bytes = typeof r.body === 'string' ? Buffer.from(r.body) : Array.isArray(r.body) ? Buffer.concat(r.body) : Buffer.from((r.body as Uint8Array | undefined) ?? []);
    // An answer over 1 kB (an error page among them) goes compressed to a client that takes it: read once decoded.
    const coding = r.headers[r.headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'content-encoding') + 1];
    const text = (!bytes.length ? bytes : coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes).toString();
    if (r.status === 400 && !text.startsWith('<!doctype')) assert.match(text, NAMES_A_PARAMETER, `${url}: a 400 names its parameter`);
  }
  assert.ok((statuses.get(200) ?? 0) > 1000 && (statuses.get(404) ?? 0) > 1000 && (statuses.get(400) ?? 0) > 100, JSON.stringify(Object.fromEntries(statuses)));
});

test('/verses: random references answer what the reader says they name, record for record', async () => {
  const counts = dist.manifest.content.versesPerChapter;
  // Each served record read once: a whole chapter's answer names 40 of them, and the draw names chapters a hundred times.
  const records = new Map<string, unknown>();
  const served = (ch: number, sl: number) => {
    const path = FILES.verse(ch, sl);
    if (!records.has(path)) records.set(path, JSON.parse(String(dist.assets.get(path)!.identity.body)));
    return records.get(path);
  };
  const spell = (ch: number, sl: number) => `${pick(['', 'BG ', 'bg', 'Gita '])}${ch}${pick(['.', ':'])}${sl}`;
  for (let i = 0; i < 400; i++) {
    const parts = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
      const ch = 1 + Math.floor(random() * counts.length);
      const sl = 1 + Math.floor(random() * (counts[ch - 1] + 2)); // now and then one past the colophon
      const r = random();
      if (r < 0.15) return String(ch);
      if (r < 0.6) return spell(ch, sl);
      return `${spell(ch, sl)}-${sl + Math.floor(random() * 6) - 1}`;
    });
    const ref = parts.join(pick([',', ';', ', ']));
    const cited = readCitation(ref, counts);
    const url = `/verses?ref=${encodeURIComponent(ref)}`;
    const r = await app.handle({ method: 'GET', url, header: () => undefined, ip: '10.0.0.2', body: async () => null });
    if (!cited.ok) {
      assert.is(r.status, cited.error.kind === 'missing' ? 404 : 400, `${ref}: ${r.status}`);
      continue;
    }
    const bytes = Array.isArray(r.body) ? Buffer.concat(r.body) : Buffer.from(r.body as Uint8Array);
    const size = cited.verses.reduce((n, v) => n + dist.assets.get(FILES.verse(v.ch, v.sl))!.identity.body.length, 0);
    if (size > MAX_ANSWER_BYTES) {
      // Over the answer budget: refused, naming it, before anything is made.
      assert.is(r.status, 400, ref);
      assert.match(String(bytes), /^\{"error":"answer: /);
      continue;
    }
    assert.is(r.status, 200, ref);
    const body = JSON.parse(String(bytes));
    assert.equal(body.refs, cited.refs, ref);
    assert.is(body.verses.length, cited.verses.length, ref);
    cited.verses.forEach((v, k) => assert.equal(body.verses[k], served(v.ch, v.sl), `${ref}: verse ${k}`));
  }
});

test('POST /refs: random prose with references written in it, as people write them: each found where it stands, read by /verses to the same verses, nothing else found; never a 5xx', async () => {
  const counts = dist.manifest.content.versesPerChapter;
  const words = ['the', 'Gita', 'says', 'and', 'of', 'verse', 'chapter', 'in', 'as', 'we', 'read', '2', '47', '1 2 3', 'two', 'सत्य', 'ध्यान', '—', '(', ')', ',', '.', '\n'];
  const forms = (ch: number, sl: number) => [`Gita ${ch}.${sl}`, `BG ${ch}:${sl}`, `Bhagavad Gita ${ch}.${sl}`, `गीता ${ch}।${sl}`, `Gita chapter ${ch}, verse ${sl}`, `the Gita (${ch}.${sl})`];
  for (let i = 0; i < 200; i++) {
    let text = '';
    const planted: string[] = [];
    for (let k = 0; k < 3 + Math.floor(random() * 5); k++) {
      text += Array.from({ length: Math.floor(random() * 6) }, () => pick(words)).join(' ') + ' ';
      if (random() < 0.6) {
        const ch = 1 + Math.floor(random() * counts.length);
        const sl = 1 + Math.floor(random() * counts[ch - 1]);
        // Closed by what closes a reference in prose (a period right before a number would read as "2.47.3": refused whole).
        text += `${pick(forms(ch, sl))}${pick([';', ' and then', '\n', ' —'])} `;
        planted.push(`BG${ch}.${sl}`);
      }
      text += pick(['.', ';', ' and then', '\n']) + ' ';
    }
    const r = await app.handle({ method: 'POST', url: '/refs', header: (n) => (n === 'content-type' ? 'application/json' : undefined), ip: '10.0.0.3', body: async () => Buffer.from(JSON.stringify({ text })) });
    assert.is(r.status, 200, text);
    const { refs } = JSON.parse(String(Buffer.from(r.body as Uint8Array))) as { refs: Array<{ start: number; end: number; text: string; ref: string; exists: boolean }> };
    for (const f of refs) {
      assert.is(text.slice(f.start, f.end), f.text, `${JSON.stringify(text)}: where it stands`);
      const read = await app.handle({ method: 'GET', url: `/verses?ref=${encodeURIComponent(f.text)}&fields=_id`, header: () => undefined, ip: '10.0.0.3', body: async () => null });
      if (f.exists) assert.equal(JSON.parse(String(Buffer.from(read.body as Uint8Array))).refs, [f.ref], `${f.text}: /verses reads it so`);
    }
    // Every reference planted is found (prose around it may add one: "Gita 2 47" written by chance), in order.
    assert.equal(refs.map((f) => f.ref).filter((ref) => planted.includes(ref)), planted, `${JSON.stringify(text)} (TEST_SEED=${seed})`);
  }
});

test("marks=iast: random verses and projections: the transliteration is iastMarks of the record's (the reading pages' function), the rest what the same request answers without marks", async () => {
  const counts = dist.manifest.content.versesPerChapter;
  const keys = dist.manifest.content.commentaries.map((c) => c.key);
  const body = async (url: string) => {
    const r = await app.handle({ method: 'GET', url, header: () => undefined, ip: '10.0.0.5', body: async () => null });
    assert.is(r.status, 200, url);
    return JSON.parse(String(Array.isArray(r.body) ? Buffer.concat(r.body) : Buffer.from(r.body as Uint8Array)));
  };
  for (let i = 0; i < 300; i++) {
    const ch = 1 + Math.floor(random() * counts.length);
    const sl = 1 + Math.floor(random() * (counts[ch - 1] + 1));
    const q = [random() < 0.4 ? `lang=${pick(['en', 'hi', 'sa'])}` : '', random() < 0.3 ? `authors=${pick(keys)}` : '', random() < 0.4 ? `fields=${pick(['transliteration', 'slok,transliteration', 'transliteration,siva.et', 'slok', '_id'])}` : ''].filter(Boolean);
    const path = pick([`/slok/${ch}/${sl}`, `/verses?ref=${ch}.${sl}`, `/slok/${ch}/${sl}-${Math.min(sl + 2, counts[ch - 1] + 1)}`]);
    const url = (extra: string[]) => `${path}${path.includes('?') ? '&' : '?'}${[...q, ...extra].join('&')}`;
    const plain = await body(url([]));
    const marked = await body(url(['marks=iast']));
    type Records = Array<Record<string, unknown>>;
    const list = (x: Records | { verses: Records } | Record<string, unknown>): Records => (Array.isArray(x) ? x : Array.isArray(x.verses) ? (x.verses as Records) : [x]);
    const [a, b] = [list(plain), list(marked)];
    assert.is(b.length, a.length, url(['marks=iast']));
    a.forEach((r, k) => {
      const back = { ...b[k] };
      if (typeof r.transliteration === 'string') {
        assert.is(b[k].transliteration, iastMarks(r.transliteration), `${url(['marks=iast'])} (TEST_SEED=${seed})`);
        back.transliteration = r.transliteration;
      }
      assert.equal(back, r, `${url(['marks=iast'])}: nothing else changes`);
    });
    assert.equal(await body(url(['marks=source'])), plain, 'marks=source is no marks');
  }
});

/** Telugu as it may come: letters, signs in any order, joiners, the Devanagari avagraha and dandas, spaces, Latin. */
const TELUGU_PIECES = ['క', 'ర', '్', 'మ', 'ం', 'ః', 'ఁ', 'ై', 'ె', 'ౖ', 'ృ', 'ఱ', 'అ', 'ఋ', 'ఽ', 'ऽ', '।', '॥', '\u200C', '\u200D', ' ', ' ', 'కర్మ', 'లను', 'కృష్ణుడు', 'ధర్మక్షేత్రే', 'a', '2.47', '-', '*'];

test('/search, lang=te and none: random Telugu (signs alone, joiners, any order) answers 200 with snippets and marks inside them, or a 400 naming q', async () => {
  for (let i = 0; i < 400; i++) {
    const q = Array.from({ length: 1 + Math.floor(random() * 12) }, () => pick(TELUGU_PIECES)).join('');
    const lang = pick(['&lang=te', '', '&lang=sa', '&lang=hi']);
    const r = await app.handle({ method: 'GET', url: `/search?q=${encodeURIComponent(q)}${lang}&limit=50`, header: () => undefined, ip: '10.0.0.4', body: async () => null });
    const text = String(Array.isArray(r.body) ? Buffer.concat(r.body) : Buffer.from((r.body as Uint8Array | undefined) ?? []));
    if (!q.trim()) {
      assert.is(r.status, 400, JSON.stringify(q));
      assert.match(text, /^\{"error":"q: /);
      continue;
    }
    assert.is(r.status, 200, `${JSON.stringify(q)}${lang} (TEST_SEED=${seed})`);
    const body = JSON.parse(text) as { total: number; results: Array<{ matches: Array<{ snippet: string; ranges: Array<[number, number]> }> }>; hint?: string };
    assert.ok(body.total >= body.results.length && (body.results.length > 0 || !!body.hint), JSON.stringify(q));
    for (const m of body.results.flatMap((x) => x.matches)) {
      assert.ok(m.snippet.length <= 200, JSON.stringify(q));
      for (const [a, b] of m.ranges) assert.ok(0 <= a && a < b && b <= m.snippet.length, `${JSON.stringify(q)}: [${a}, ${b}] in ${m.snippet.length}`);
    }
  }
});

test('POST /mcp: random tool calls are JSON-RPC answers (a result, or a tool error), never a 5xx', async () => {
  const values = [undefined, null, '', '2.47', 'BG 2.47-50', '1,2', 'x'.repeat(2000), 0, -1, 2, 18, 19, 1e9, 2.5, true, [], {}, ['siva'], ['nobody'], 'siva', 'nobody', '__proto__', 'en', 'fr', 'te', 'krishna', 'కర్మ', '2026-01-01', '2026-02-30', 'iast', 'source', 'IAST'];
  const tools = ['get_verses', 'get_chapter', 'random_verse', 'verse_of_the_day', 'search', 'get_words', 'get_authors', 'nope'];
  const names = ['ref', 'lang', 'authors', 'ch', 'sl', 'speaker', 'date', 'q', 'limit', 'key', 'extra', 'marks'];
  for (let i = 0; i < 300; i++) {
    const args: Record<string, unknown> = {};
    for (let k = Math.floor(random() * 4); k > 0; k--) args[pick(names)] = pick(values);
    const body = JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: pick(tools), arguments: args } });
    const r = await app.handle({ method: 'POST', url: '/mcp', header: (n) => (n === 'content-type' ? 'application/json' : undefined), ip: '10.0.0.3', body: async () => Buffer.from(body) });
    assert.is(r.status, 200, body);
    const answer = JSON.parse(String(Buffer.from(r.body as Uint8Array)));
    assert.is(answer.id, i);
    assert.ok(answer.result || answer.error, body);
    if (answer.result) assert.ok(Array.isArray(answer.result.content) && answer.result.content.length >= 1, body);
  }
});

test.run();
