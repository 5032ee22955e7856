// The HTTP contract, over real loopback HTTP, against the Node, Deno and
// Bun servers started as an operator starts them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { request } from 'node:http';
import { fetchRaw, type Reply } from '../helpers/http.ts';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FileKeyStore } from '../../src/keys/file-store.ts';
import { NOT_FOUND } from '../../src/contract/errors.ts';
import { FILES, ORIGIN_PLACEHOLDER } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import { tempDir, hook } from '../helpers/fs.ts';
import { testDist, TEST_SEED } from '../helpers/dist.ts';
import { machinePathsIn } from '../helpers/machine-paths.ts';
import { RUNTIMES, startServer, type Running, type Runtime } from '../helpers/server.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

function assertCommon(r: Reply, what: string) {
  assert.is(r.headers['access-control-allow-origin'], '*', `${what}: CORS`);
  assert.is(r.headers['x-content-type-options'], 'nosniff', `${what}: nosniff`);
}

function assertNotFound(r: Reply, kind: keyof typeof NOT_FOUND, what: string) {
  assert.is(r.status, 404, `${what}: status`);
  assert.is(r.headers['content-type'], TEXT_TYPE, `${what}: type`);
  assert.is(r.text, NOT_FOUND[kind], `${what}: wording`);
  assertCommon(r, what);
}

function contract(runtime: Runtime) {
  const t = suite(`HTTP contract (${runtime})`);
  let server: Running;
  let keyServer: Running;
  let requiredServer: Running;
  let offServer: Running;
  let distDir: string;
  let key: string;
  let revokedKey: string;
  let dataDir: string;
  const get = (path: string, headers?: Record<string, string>, method?: string) => fetchRaw(server.url, path, { headers, method });
  const file = (path: string) => readFileSync(join(distDir, path));
  const counts = () => JSON.parse(file(FILES.manifest).toString()).content.versesPerChapter as number[];

  t.before(hook(async () => {
    ({ distDir } = await testDist());
    dataDir = tempDir('gita-data-');
    const store = await FileKeyStore.open(dataDir);
    key = (await store.create({ name: 'contract', limit: 0 })).key;
    const revoked = await store.create({ name: 'revoked', limit: 0 });
    revokedKey = revoked.key;
    await store.revoke(revoked.record.id);
    await store.close();
    // The same keys in a data folder for each server (a server refuses a folder another one holds).
    const copyOf = () => {
      const dir = tempDir('gita-data-');
      cpSync(dataDir, dir, { recursive: true });
      return dir;
    };
    // Copied before any server starts: a copy made after would take the first server's lock with it.
    const [requiredDir, offDir] = [copyOf(), copyOf()];
    [server, requiredServer, offServer] = await Promise.all([
      // Its request log asked for: the lines are read below.
      startServer(runtime, { dist: distDir, dataDir, env: { GITA_REQUEST_LOG: 'on' } }),
      startServer(runtime, { dist: distDir, dataDir: requiredDir, env: { GITA_AUTH: 'required' } }),
      // Its request log as by default: off.
      startServer(runtime, { dist: distDir, dataDir: offDir, env: { GITA_AUTH: 'off' } }),
    ]);
    keyServer = server;
  }));

  t.after(hook(async () => {
    await Promise.all([server, requiredServer, offServer].map((s) => s?.stop()));
  }));

  t('one start line with the URL', () => {
    assert.match(server.output(), new RegExp(`^gita-api listening on http://127\\.0\\.0\\.1:${server.port} `, 'm'));
  });

  t('GET /slok/:ch/:sl serves the record exactly, with the fixed-resource headers', async () => {
    for (const [c, v] of [[2, 47], [1, 1], [18, 78], [2, 73], [13, 35]]) {
      const r = await get(`/slok/${c}/${v}`);
      assert.is(r.status, 200, `${c}.${v}`);
      assert.is(r.headers['content-type'], JSON_TYPE);
      assert.ok(r.body.equals(file(FILES.verse(c, v))), `${c}.${v} bytes`);
      assert.is(JSON.parse(r.text)._id, `BG${c}.${v}`);
      assert.is(r.headers['cache-control'], 'public, max-age=3600');
      assert.match(r.headers.etag, /^"[0-9a-f]{32}"$/);
      assert.is(r.headers.vary, 'Accept-Encoding');
      assert.is(r.headers['content-length'], String(r.body.length));
      assertCommon(r, `${c}.${v}`);
    }
  });

  t('GET /slok/:ch/:sl/words: the verse word by word; the colophon has none; a verse that does not exist is the verse 404', async () => {
    const r = await get('/slok/2/47/words', { 'accept-encoding': 'identity' });
    assert.is(r.status, 200);
    assert.is(r.headers['content-type'], JSON_TYPE);
    assert.is(r.headers['cache-control'], 'public, max-age=3600');
    assert.ok(r.headers.etag);
    assertCommon(r, 'words');
    // Each entry with the DCS words it covers (test/content/dcs.test.ts checks those).
    const words = (JSON.parse(r.text) as Array<{ word: string; transliteration: string; meaning: string; analysis: unknown[] }>).map(({ analysis, ...w }) => (assert.ok(Array.isArray(analysis)), w));
    assert.is(words.length, 14);
    assert.equal(words[0], { word: 'कर्मणि', transliteration: 'karmaṇi', meaning: 'in work' });
    assert.equal(words[13], { word: 'अकर्मणि', transliteration: 'akarmaṇi', meaning: 'in inaction' });
    assert.is(r.text, file(filled(ROUTE['verse-words'].file!, { ch: 2, sl: 47 })).toString(), 'the build\'s file');
    assert.is((await get('/slok/2/47/words.json')).text, r.text, 'the static file name names it too');
    assert.is((await get('/slok/2/47/words/')).text, r.text);
    assert.is((await get('/slok/2/47/words', { 'if-none-match': r.headers.etag! })).status, 304);
    assert.equal(JSON.parse((await get('/slok/2/73/words')).text), [], 'the colophon');
    for (const p of ['/slok/2/74/words', '/slok/19/1/words', '/slok/0/1/words', '/slok/2/47/words/x', '/slok/2/47/Words', '/slok/2/047/words']) assertNotFound(await get(p), 'verse', p);
  });

  t('verse numbers: the colophon is served, one past it and malformed numbers are not found', async () => {
    const c = counts();
    assert.is((await get(`/slok/2/${c[1] + 1}`)).status, 200, 'the colophon');
    for (const p of [`/slok/2/${c[1] + 2}`, '/slok/0/1', '/slok/19/1', '/slok/02/47', '/slok/2/047', '/slok/2/47.0', '/slok/+2/47', '/slok/2/-1', '/slok/2/1e1', '/slok/2', '/slok/2/47/extra', '/slok/two/1', '/slok/2/%34%37x']) {
      assertNotFound(await get(p), 'verse', p);
    }
  });

  t('GET /slok is a random verse, never a colophon, not cacheable', async () => {
    const c = counts();
    for (let i = 0; i < 30; i++) {
      const r = await get('/slok');
      assert.is(r.status, 200);
      const v = JSON.parse(r.text);
      assert.ok(v.verse <= c[v.chapter - 1], `never a colophon: ${v._id}`);
      assert.is(r.headers['cache-control'], 'no-store');
      assert.is(r.headers.etag, undefined);
      assertCommon(r, '/slok');
    }
  });

  t('GET /slok draws chapters in proportion to their verse counts (chi-square)', async () => {
    const c = counts();
    const total = c.reduce((a, b) => a + b, 0);
    const seen = new Array(c.length).fill(0);
    const N = 3000;
    const { Agent } = await import('node:http');
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const one = () =>
      new Promise<number>((resolve, reject) => {
        request(`${server.url}/slok`, { agent }, (res) => {
          let s = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (s += d));
          res.on('end', () => resolve(JSON.parse(s).chapter));
        }).on('error', reject).end();
      });
    for (let i = 0; i < N; i += 100) (await Promise.all(Array.from({ length: 100 }, one))).forEach((ch) => seen[ch - 1]++);
    agent.destroy();
    let chi2 = 0;
    c.forEach((n, i) => {
      const expected = (N * n) / total;
      chi2 += (seen[i] - expected) ** 2 / expected;
    });
    // 17 degrees of freedom; 45.95 is the 0.9999 quantile: a fair server fails this one time in 10,000.
    assert.ok(chi2 < 45.95, `chi-square ${chi2.toFixed(1)} over ${JSON.stringify(seen)}`);
    assert.ok(seen.every((n) => n > 0), 'every chapter is reachable');
  });

  t('GET /slok?speaker= and ?ch= draw among the matching verses, combined; nothing matching is 404', async () => {
    const m = JSON.parse(file(FILES.manifest).toString()).content;
    const speakerOf = (ch: number, v: number) => m.speakers[m.speakerOf[ch - 1][v - 1]]?.slug;
    const draw = async (q: string) => {
      const r = await get(`/slok?${q}`);
      assert.is(r.status, 200, q);
      assert.is(r.headers['cache-control'], 'no-store', q);
      return JSON.parse(r.text);
    };
    for (let i = 0; i < 12; i++) {
      const a = await draw('speaker=arjuna');
      assert.is(a.speaker, 'अर्जुन');
      assert.is(speakerOf(a.chapter, a.verse), 'arjuna');
      const k = await draw('speaker=Krishna&ch=2');
      assert.equal([k.chapter, k.speaker], [2, 'श्रीभगवान्']);
      assert.ok(k.verse <= m.versesPerChapter[1], 'never a colophon');
      const c = await draw('ch=11');
      assert.is(c.chapter, 11);
      assert.ok(c.verse <= m.versesPerChapter[10], 'never a colophon');
    }
    const d = await draw(`speaker=${encodeURIComponent('धृतराष्ट्र'.normalize('NFD'))}`);
    assert.is(d._id, 'BG1.1', 'Dhritarashtra speaks one verse; Devanagari in any normalization');
    // Nothing matching is the 404; a value that names nothing is a 400 naming the parameter, as /search says it.
    assertNotFound(await get('/slok?speaker=dhritarashtra&ch=2'), 'verse', 'speaker=dhritarashtra&ch=2');
    for (const q of ['speaker=bhishma', 'speaker=', 'ch=19', 'ch=0', 'ch=x', 'speaker=arjuna&speaker=krishna']) {
      const r = await get(`/slok?${q}`);
      assert.is(r.status, 400, q);
      assert.match(JSON.parse(r.text).error, new RegExp(`^${q.slice(0, q.indexOf('='))}: `), q);
    }
    assert.match(JSON.parse((await get('/slok?speaker=sanjay')).text).error, /^speaker: "sanjay" is not a speaker here; expected one of krishna, arjuna, sanjaya, dhritarashtra/);
    const card = await get('/gita.svg?speaker=sanjaya&ch=1');
    assert.is(card.status, 200);
    const [, ch, v] = /<title>Bhagavad Gita (\d+)\.(\d+)<\/title>/.exec(card.text)!;
    assert.is(speakerOf(Number(ch), Number(v)), 'sanjaya');
    // The card draws its letters as outlines; what it shows is in its <desc>.
    assert.match(card.text, /<desc>Bhagavad Gita \d+\.\d+ · Sanjaya\./, 'the card names the speaker');
    assert.is((await get('/gita.svg?speaker=krishna&ch=2&sl=47')).status, 200);
    for (const q of ['speaker=arjuna&ch=2&sl=47', 'speaker=dhritarashtra&ch=3']) assertNotFound(await get(`/gita.svg?${q}`), 'verse', q);
    assert.is((await get('/gita.svg?speaker=nobody')).status, 400);
  });

  t('BG18.45 is served corrected, and /audit.json says how', async () => {
    const r = JSON.parse((await get('/slok/18/45')).text);
    assert.match(r.siva.et, /^18\.45 /);
    assert.match(r.tej.ht, /^।।18\.45।।/);
    assert.is(r.speaker, 'श्रीभगवान्');
    const audit = await get('/audit.json');
    assert.is(audit.status, 200);
    const a = JSON.parse(audit.text);
    assert.equal(a.findings, []);
    assert.equal(a.errata.map((e: { id: string; status: string }) => [e.id, e.status]), [['BG18.45-commentaries', 'applied']]);
    assert.equal(machinePathsIn(audit.text), [], 'the served audit names no folder of the build machine');
  });

  t('GET /chapters and /chapter/:ch', async () => {
    const list = await get('/chapters');
    assert.is(list.status, 200);
    assert.is(list.headers['content-type'], JSON_TYPE);
    const chapters = JSON.parse(list.text);
    assert.equal(chapters.map((x: { chapter_number: number }) => x.chapter_number), Array.from({ length: 18 }, (_, i) => i + 1));
    for (const ch of [1, 2, 18]) {
      const r = await get(`/chapter/${ch}`);
      assert.is(r.status, 200);
      assert.equal(JSON.parse(r.text), chapters[ch - 1]);
    }
    const bare = await get('/chapter');
    assert.is(bare.status, 200, '/chapter without a number answers the list');
    assert.ok(bare.body.equals(list.body));
    for (const p of ['/chapter/0', '/chapter/19', '/chapter/abc', '/chapter/02', '/chapter/2/extra', '/chapters/2', '/chapter/%']) {
      assertNotFound(await get(p), 'chapter', p);
    }
  });

  t('GET /authors and /authors/:key: every commentary described, from memory; an unknown key is the resource 404', async () => {
    const list = await get('/authors');
    assert.is(list.status, 200);
    assert.is(list.headers['content-type'], JSON_TYPE);
    assert.ok(list.headers.etag, 'a fixed resource');
    assert.ok(list.body.equals(file(ROUTE.authors.file!)), 'the file of the build');
    const authors = JSON.parse(list.text) as Array<{ key: string; author: string; fields: Record<string, { lang: string; kind: string; verses: number }> }>;
    const manifest = JSON.parse(file(FILES.manifest).toString());
    assert.equal(authors.map((a) => a.key), manifest.content.commentaries.map((c: { key: string }) => c.key), 'one entry per key, in the records\' order');
    assert.is(authors.length, 22);
    for (const key of ['tej', 'siva', 'prabhu']) {
      const r = await get(`/authors/${key}`);
      assert.is(r.status, 200, key);
      assert.equal(JSON.parse(r.text), authors.find((a) => a.key === key), key);
      assert.ok((await get(`/authors/${key}/index.json`)).body.equals(r.body), `${key}: its static file name`);
    }
    assert.ok((await get('/authors/index.json')).body.equals(list.body));
    for (const p of ['/authors/nobody', '/authors/SIVA', '/authors/..%2fsiva', '/authors/siva/extra', '/authors/siva/en.json', '/authors/__proto__', `/authors/${'k'.repeat(41)}`]) assertNotFound(await get(p), 'resource', p);
    const bad = await get('/slok/2/47?authors=siva,nobody');
    assert.is(bad.status, 400);
    assert.match(JSON.parse(bad.text).error, /^authors: "nobody" is not a commentary here; .* \(each described at \/authors\)$/);
  });

  t('a trailing slash names the same resource', async () => {
    for (const p of ['/chapters', '/chapter/2', '/slok/2/47', '/slok/2/47/gita.svg', '/authors', '/authors/siva']) {
      const a = await get(p);
      const b = await get(`${p}/`);
      assert.is(b.status, 200, `${p}/`);
      assert.ok(a.body.equals(b.body), `${p}/ same body`);
    }
    assert.is((await get('/slok/')).status, 200);
  });

  t('other paths are "no resource"', async () => {
    for (const p of ['/nope', '/slokx', '/index.php', '/healthz/x', '//chapters', '/_headers', '/_redirects', '/.env', '/dist/manifest.json']) {
      assertNotFound(await get(p), 'resource', p);
    }
  });

  t('cards: /gita.svg random, ?ch=C, ?ch=C&sl=V, and /slok/:ch/:sl/gita.svg', async () => {
    const c = counts();
    const r = await get('/gita.svg');
    assert.is(r.status, 200);
    assert.is(r.headers['content-type'], 'image/svg+xml');
    assert.is(r.headers['content-security-policy'], "default-src 'none'; style-src 'unsafe-inline'");
    assert.is(r.headers['cache-control'], 'no-store');
    assert.match(r.text, /<title>Bhagavad Gita \d+\.\d+<\/title>/);
    for (let i = 0; i < 10; i++) {
      const one = await get('/gita.svg?ch=2');
      const [, ch, v] = /<title>Bhagavad Gita (\d+)\.(\d+)<\/title>/.exec(one.text)!;
      assert.is(ch, '2');
      assert.ok(Number(v) >= 1 && Number(v) <= c[1], 'a verse of chapter 2, never its colophon');
    }
    const fixed = await get('/gita.svg?ch=2&sl=47');
    assert.is(fixed.status, 200);
    assert.ok(fixed.body.equals(file(FILES.card(2, 47))));
    assert.is(fixed.headers['cache-control'], 'public, max-age=3600');
    const path = await get('/slok/2/47/gita.svg');
    assert.ok(path.body.equals(fixed.body));
    assert.is(path.headers['content-security-policy'], "default-src 'none'; style-src 'unsafe-inline'");
    assert.is((await get(`/gita.svg?api_key=${key}&ch=3`)).status, 200, 'api_key is not a card parameter');
    for (const theme of ['light', 'dark'] as const) {
      const byQuery = await get(`/slok/2/47/gita.svg?theme=${theme}`);
      const byName = await get(`/slok/2/47/gita-${theme}.svg`);
      assert.ok(byQuery.body.equals(file(FILES.card(2, 47, theme))), `?theme=${theme}`);
      assert.ok(byName.body.equals(byQuery.body), `gita-${theme}.svg`);
      assert.ok((await get(`/gita.svg?ch=2&sl=47&theme=${theme}`)).body.equals(byQuery.body));
      assert.not.match((await get(`/gita-${theme}.svg`)).text, /prefers-color-scheme/, `/gita-${theme}.svg is a random card in that theme`);
    }
    assert.match((await get('/gita.svg?theme=auto')).text, /prefers-color-scheme/);
    // A value the card cannot take is a 400 naming the parameter (and, for a value, what it takes).
    for (const q of ['?sl=5', '?ch=99', '?ch=0', '?ch=2&sl=99', '?ch=abc', '?ch=2&sl=x', '?ch=2&ch=3', '?theme=blue', '?theme=dark&theme=light']) {
      const r = await get(`/gita.svg${q}`);
      assert.is(r.status, 400, q);
      assert.match(JSON.parse(r.text).error, new RegExp(`^${/(\w+)=[^&]*$/.exec(q)![1]}: `), q);
    }
    assert.match(JSON.parse((await get('/gita.svg?ch=2&sl=47&theme=blue')).text).error, /^theme: "blue" is not a theme; expected one of auto, light, dark$/);
  });

  t('HEAD answers the headers without a body; other methods get 405 with Allow', async () => {
    const head = await get('/chapters', {}, 'HEAD');
    assert.is(head.status, 200);
    assert.is(head.body.length, 0);
    assert.is(head.headers['content-length'], String(file(FILES.chapters).length));
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const r = await get('/chapters', {}, method);
      assert.is(r.status, 405, method);
      assert.is(r.headers.allow, 'GET, HEAD');
      assert.is(r.headers['content-type'], TEXT_TYPE);
      assert.is(r.text, 'Method Not Allowed');
      assertCommon(r, method);
    }
    assertNotFound(await get('/nope', {}, 'POST'), 'resource', 'POST to an unknown path');
  });

  t('OPTIONS preflight: 204, allows x-api-key, exposes the rate-limit headers', async () => {
    const r = await get('/slok', { origin: 'https://example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' }, 'OPTIONS');
    assert.is(r.status, 204);
    assert.match(r.headers['access-control-allow-headers'], /x-api-key/i);
    assert.match(r.headers['access-control-allow-methods'], /GET/);
    assert.is(r.headers['access-control-allow-origin'], '*');
    assert.match(r.headers['access-control-expose-headers'], /X-RateLimit-Remaining/);
  });

  t('ETags are strong, content-only, per coding; If-None-Match answers 304', async () => {
    const plain = await get('/slok/2/47');
    const br = await get('/slok/2/47', { 'accept-encoding': 'br' });
    assert.is(br.headers['content-encoding'], 'br');
    assert.is(br.headers.etag, plain.headers.etag.replace(/"$/, '-br"'));
    const sha = JSON.parse(file(FILES.manifest).toString()).files[FILES.verse(2, 47)].sha256;
    assert.is(plain.headers.etag, `"${sha.slice(0, 32)}"`, 'the ETag is the content hash: the same on every server of a build');
    for (const inm of [plain.headers.etag, br.headers.etag, `W/${plain.headers.etag}`, `"nope", ${plain.headers.etag}`, '*']) {
      const r = await get('/slok/2/47', { 'if-none-match': inm });
      assert.is(r.status, 304, inm);
      assert.is(r.body.length, 0);
      assert.is(r.headers.etag, plain.headers.etag);
      assertCommon(r, '304');
    }
    assert.is((await get('/slok/2/47', { 'if-none-match': '"other"' })).status, 200);
    assert.is((await get('/slok', { 'if-none-match': '*' })).status, 200, 'a random answer is never 304');
  });

  t('compression: brotli or gzip by Accept-Encoding, precompressed, same bytes', async () => {
    const plain = file(FILES.verse(3, 16));
    const br = await get('/slok/3/16', { 'accept-encoding': 'gzip, deflate, br' });
    assert.is(br.headers['content-encoding'], 'br');
    assert.ok(brotliDecompressSync(br.body).equals(plain));
    const gz = await get('/slok/3/16', { 'accept-encoding': 'gzip' });
    assert.is(gz.headers['content-encoding'], 'gzip');
    assert.ok(gunzipSync(gz.body).equals(plain));
    const noBr = await get('/slok/3/16', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    assert.is(noBr.headers['content-encoding'], 'gzip');
    const none = await get('/slok/3/16', { 'accept-encoding': 'identity' });
    assert.is(none.headers['content-encoding'], undefined);
    assert.ok(none.body.equals(plain));
    const randomBr = await get('/slok', { 'accept-encoding': 'br' });
    assert.is(randomBr.headers['content-encoding'], 'br');
    assert.ok(JSON.parse(brotliDecompressSync(randomBr.body).toString())._id);
  });

  t('cards have brotli and gzip twins: a client gets the best it takes, brotli alone included', async () => {
    for (const path of ['/slok/2/47/gita.svg', '/slok/2/47/gita-dark.svg']) {
      const plain = file(path);
      const both = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
      assert.is(both.status, 200, path);
      assert.is(both.headers['content-encoding'], 'br', path);
      assert.ok(brotliDecompressSync(both.body).equals(plain), path);
      const brOnly = await get(path, { 'accept-encoding': 'br' });
      assert.is(brOnly.headers['content-encoding'], 'br', path);
      assert.ok(brOnly.body.equals(both.body), path);
      const gz = await get(path, { 'accept-encoding': 'gzip' });
      assert.is(gz.headers['content-encoding'], 'gzip', path);
      assert.ok(gunzipSync(gz.body).equals(plain), path);
      assert.is((await get(path, { 'if-none-match': both.headers.etag })).status, 304, path);
    }
  });

  t('the pages: /, /pricing and /openapi.json', async () => {
    for (const [path, type] of [['/', 'text/html; charset=utf-8'], ['/pricing', 'text/html; charset=utf-8'], ['/openapi.json', 'application/json; charset=utf-8']]) {
      const r = await get(path);
      assert.is(r.status, 200, path);
      assert.is(r.headers['content-type'], type, path);
      assertCommon(r, path);
    }
    // The built page, its examples naming the host asked (node:http sends Host: 127.0.0.1:port).
    assert.is((await get('/')).text, file(FILES.docs).toString().split(ORIGIN_PLACEHOLDER).join(server.url));
    assert.is(JSON.parse((await get('/openapi.json')).text).openapi, '3.1.0');
    assert.match((await get('/pricing')).text, /<form method="post" action="\/register">/, 'the server renders /pricing with its own settings');
    assertNotFound(await get('/slok/2/47/gita-blue.svg'), 'verse', 'an unknown theme file');
  });

  t('GET /healthz says what is served', async () => {
    const r = await get('/healthz');
    assert.is(r.status, 200);
    assert.is(r.headers['content-type'], JSON_TYPE);
    const h = JSON.parse(r.text);
    assert.is(h.status, 'ok');
    assert.is(h.verses, 701);
    assert.is(h.chapters, 18);
    assert.is(h.build, JSON.parse(file(FILES.manifest).toString()).build);
    assert.equal(h.errata, ['BG18.45-commentaries']);
    assert.equal(h.audit, { findings: 0, notes: 8 });
    assert.equal([h.pending, h.ready], [[], true], 'a whole build: ready, nothing pending');
  });

  t('static files of dist/ not held in memory are served too (manifest.json)', async () => {
    const r = await get('/manifest.json', { 'accept-encoding': 'gzip' });
    assert.is(r.status, 200);
    assert.is(r.headers['content-encoding'], 'gzip');
    assert.ok(gunzipSync(r.body).equals(file(FILES.manifest)));
    assert.match(r.headers.etag, /^"[0-9a-f]{32}-gzip"$/);
    assert.is((await get('/manifest.json', { 'if-none-match': r.headers.etag })).status, 304);
    assert.is(JSON.parse(file(FILES.manifest).toString()).daily.seed, TEST_SEED);
  });

  t('keys (optional, the default): no key is anonymous, a good key passes, a bad or revoked key gets 401', async () => {
    const s = keyServer.url;
    assert.is((await fetchRaw(s, '/slok/1/1')).status, 200);
    assert.is((await fetchRaw(s, '/slok/1/1', { headers: { 'x-api-key': key } })).status, 200);
    assert.is((await fetchRaw(s, `/slok/1/1?api_key=${key}`)).status, 200);
    for (const bad of [revokedKey, 'gita_not-a-real-key-at-all-000', 'x']) {
      const r = await fetchRaw(s, '/slok/1/1', { headers: { 'x-api-key': bad } });
      assert.is(r.status, 401, bad);
      assert.is(r.headers['content-type'], JSON_TYPE);
      assert.equal(JSON.parse(r.text), { error: 'Invalid API key' });
      assertCommon(r, '401');
    }
    const q = await fetchRaw(s, `/chapters?api_key=${revokedKey}`);
    assert.is(q.status, 401);
    const both = await fetchRaw(s, `/chapters?api_key=wrong-key-wrong-key`, { headers: { 'x-api-key': key } });
    assert.is(both.status, 200, 'the header is read first');
  });

  t('keys (required): no key 401; the docs, health and OpenAPI stay open', async () => {
    const s = requiredServer.url;
    const r = await fetchRaw(s, '/slok');
    assert.is(r.status, 401);
    assert.equal(JSON.parse(r.text), { error: 'API key required' });
    assert.is((await fetchRaw(s, '/gita.svg')).status, 401);
    assert.is((await fetchRaw(s, '/slok', { headers: { 'x-api-key': key } })).status, 200);
    assert.is((await fetchRaw(s, `/chapter/3?api_key=${key}`)).status, 200);
    assert.is((await fetchRaw(s, '/healthz')).status, 200);
    assertNotFound(await fetchRaw(s, '/nope'), 'resource', 'a 404 comes before the key check');
  });

  t('keys (off): keys are ignored', async () => {
    const s = offServer.url;
    assert.is((await fetchRaw(s, '/slok/1/1', { headers: { 'x-api-key': 'anything-at-all-really' } })).status, 200);
    assert.is((await fetchRaw(s, '/slok/1/1')).status, 200);
  });

  t('the request log is off by default: no line per request, and the start-up line says so', async () => {
    assert.is((await fetchRaw(offServer.url, '/chapter/4')).status, 200);
    assert.is((await fetchRaw(offServer.url, '/nope')).status, 404);
    await new Promise((r) => setTimeout(r, 300));
    const out = offServer.output();
    assert.match(out, /listening on .*request log off/);
    assert.not.match(out, /GET \/(chapter|slok|nope)/);
    assert.match(server.output(), /listening on .*request log on/);
  });

  t('the log has one line per request, with api_key redacted and never the key', async () => {
    await get(`/chapter/4?api_key=${key}&x=1`);
    await new Promise((r) => setTimeout(r, 300));
    const out = server.output();
    assert.match(out, /GET \/chapter\/4\?api_key=\[redacted\]&x=\[redacted\] 200 \d+\.\dms/);
    assert.not.ok(out.includes(key), 'the key never reaches the log');
  });

  t('limits: an overlong URL gets 414; an oversized header block gets 431', async () => {
    const long = await get(`/slok?${'a'.repeat(3000)}`);
    assert.is(long.status, 414);
    assertCommon(long, '414');
    const big = await get('/slok', { 'x-big': 'b'.repeat(20_000) }).catch((e: Error) => e);
    if (big instanceof Error) assert.unreachable(`no answer to an oversized header: ${big.message}`);
    assert.is((big as Reply).status, 431);
  });

  t('paths never reach outside dist/', async () => {
    for (const p of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/slok/..%2f..%2f..%2fpackage.json', '/%2e%2e%2fpackage.json', '/..%5c..%5cpackage.json', '/manifest.json/..', '/chapters/..%00/x', '/slok/%00', '/%c0%ae%c0%ae/etc/passwd']) {
      const r = await get(p);
      assert.not.match(r.text, /root:x:0:|"name": "gita-api"/, p);
      // Dot segments are resolved (Bun does it before the handler sees the URL, the app for the others: `/manifest.json/..` is `/`): the answer is that path's.
      const normalized = new URL(p, 'http://x').pathname;
      if (normalized !== p) {
        const same = await get(normalized);
        assert.equal([r.status, r.text], [same.status, same.text], `${p} answers as ${normalized}`);
        continue;
      }
      assert.ok(r.status === 404 || r.status === 400, `${p}: ${r.status}`);
    }
  });

  return t;
}

for (const runtime of RUNTIMES) contract(runtime).run();
