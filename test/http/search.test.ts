// /search over real HTTP (on one engine: the app answers it alike on all
// three): the answer's shape, the page for the docs' search box, the 400s,
// caching, and that it is metered.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { brotliDecompressSync } from 'node:zlib';
import { createKey } from '../helpers/cli.ts';
import { hook, ownFolder, rewrite, shallowCopy, tempDir } from '../helpers/fs.ts';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { FILES } from '../../src/layout.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';
import { APP_RUNTIMES, startServer, type Running, type Runtime } from '../helpers/server.ts';

function searchSuite(runtime: Runtime) {
  const t = suite(`search (${runtime})`);
  let server: Running;
  let dataDir: string;
  const get = (path: string, headers?: Record<string, string>) => fetchRaw(server.url, path, { headers });

  t.before(hook(async () => {
    const { distDir } = await testDist();
    dataDir = tempDir('gita-data-');
    server = await startServer(runtime, { dist: distDir, dataDir });
  }));
  t.after(hook(async () => {
    await server?.stop();
  }));

  t('GET /search answers {query, total, results} best first', async () => {
    const r = await get('/search?q=karmanye%20vadhikaraste%20ma%20phaleshu');
    assert.is(r.status, 200);
    assert.is(r.headers['content-type'], 'application/json; charset=utf-8');
    const body = JSON.parse(r.text);
    assert.is(body.query, 'karmanye vadhikaraste ma phaleshu');
    assert.equal(body.results[0]._id, 'BG2.47');
    assert.equal(Object.keys(body.results[0]), ['_id', 'chapter', 'verse', 'speaker', 'score', 'matches']);
    assert.is(body.results[0].speaker, 'श्रीभगवान्');
    const hindi = JSON.parse((await get(`/search?q=${encodeURIComponent('यदा यदा हि धर्मस्य')}&limit=1`)).text);
    assert.equal(hindi.results.map((x: { _id: string }) => x._id), ['BG4.7']);
    const none = JSON.parse((await get('/search?q=zzzzqqqq')).text);
    assert.equal({ ...none, hint: undefined }, { query: 'zzzzqqqq', total: 0, limit: 10, offset: 0, results: [], hint: undefined });
    assert.match(none.hint, /^no verse matches "zzzzqqqq" in the English and Hindi translations and the Sanskrit; check the spelling/);
    const filtered = JSON.parse((await get('/search?q=mind&speaker=arjuna&ch=6&limit=50&lang=en')).text);
    assert.ok(filtered.results.length > 0 && filtered.results.every((x: { chapter: number; speaker: string }) => x.chapter === 6 && x.speaker === 'अर्जुन'));
  });

  t('bad parameters: 400 naming the parameter', async () => {
    for (const [q, re] of [['', /^q: missing/], ['?q=', /^q: empty/], [`?q=${'a'.repeat(501)}`, /^q: 501 characters/], ['?q=a&limit=51', /^limit: /], ['?q=a&lang=de', /^lang: /], ['?q=a&ch=0', /^ch: /], ['?q=a&speaker=karna', /^speaker: /], ['?q=a&format=xml', /^format: /]] as const) {
      const r = await get(`/search${q}`);
      assert.is(r.status, 400, q);
      assert.match(JSON.parse(r.text).error, re, q);
    }
  });

  t("lang=te: the Telugu version, each match with its version and credit; /slok's lang stays en, hi or sa", async () => {
    const r = await get(`/search?q=${encodeURIComponent('కర్మలను')}&lang=te&limit=3`);
    assert.is(r.status, 200);
    const body = JSON.parse(r.text);
    assert.ok(body.total > 3 && body.results.length === 3, r.text.slice(0, 200));
    for (const v of body.results) {
      assert.equal(v.matches.map((m: { field: string; version: string }) => [m.field, m.version]), [['telugu-wikisource', 'telugu-wikisource']]);
      assert.match(v.matches[0].credit, /Telugu Wikisource \(CC BY-SA 4\.0\)/);
    }
    const besant = JSON.parse((await get('/search?q=caste%20confusion&limit=3')).text);
    assert.ok(besant.results.some((v: { matches: Array<{ field: string; author: string }> }) => v.matches.some((m) => m.field === 'besant' && m.author === 'Annie Besant')), JSON.stringify(besant).slice(0, 300));
    const wrong = await get('/search?q=a&lang=ta');
    assert.is(wrong.status, 400);
    assert.is(JSON.parse(wrong.text).error, 'lang: "ta" is not a language here; expected one of en, hi, sa, te');
    const page = await get(`/search?q=${encodeURIComponent('కర్మలను')}&lang=te&limit=1&format=html`);
    assert.match(page.text, /<span class="muted credit">\(Telugu translation: [^<]*Telugu Wikisource \(CC BY-SA 4\.0\)\)<\/span>/, 'the credit beside its text on the search page too');
    const records = await get('/slok/2/47?lang=te');
    assert.is(records.status, 400);
    assert.is(JSON.parse(records.text).error, 'lang: "te" is not a language here; expected one of en, hi, sa');
  });

  t('format=html: a page of results with links to each record and card; a bad query shows the form again', async () => {
    const r = await get('/search?q=lotus%20leaf&format=html');
    assert.is(r.status, 200);
    assert.is(r.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(r.text, /<a href="\/slok\/5\/10"><strong>5\.10<\/strong><\/a>/);
    assert.match(r.text, /<a href="\/slok\/5\/10\/gita\.svg">card<\/a>/);
    assert.match(r.text, /<mark>lotus<\/mark>/i);
    assert.match(r.text, /<form method="get" action="\/search"/);
    assert.not.match(r.text, /<script/);
    const hostile = await get(`/search?q=${encodeURIComponent('<script>alert(1)</script> "x"')}&format=html`);
    assert.is(hostile.status, 200);
    assert.not.match(hostile.text, /<script/, 'what is echoed back is escaped');
    assert.match(hostile.text, /&lt;script&gt;alert\(1\)&lt;\/script&gt; &quot;x&quot;/);
    const bad = await get('/search?q=&format=html');
    assert.is(bad.status, 400);
    assert.match(bad.text, /class="error">q: empty/);
  });

  t('paging: offset pages through every match, in JSON and in the page; an empty page says why', async () => {
    const first = JSON.parse((await get('/search?q=karma&limit=20')).text);
    assert.equal([first.limit, first.offset], [20, 0]);
    assert.ok(first.total > 100, `${first.total}`);
    const second = JSON.parse((await get('/search?q=karma&limit=10&offset=10')).text);
    assert.equal(second.results.map((r: { _id: string }) => r._id), first.results.slice(10).map((r: { _id: string }) => r._id));
    assert.equal([second.total, second.limit, second.offset], [first.total, 10, 10]);
    const page = await get('/search?q=karma&offset=10&format=html');
    assert.match(page.text, new RegExp(`${first.total} verses match; 11 to 20 here`));
    assert.match(page.text, /<a href="\/search\?q=karma&amp;format=html" rel="prev">/);
    assert.match(page.text, /<a href="\/search\?q=karma&amp;offset=20&amp;format=html" rel="next">/);
    assert.match(page.text, /<ol start="11">/);
    const hindi = JSON.parse((await get('/search?q=karma&lang=hi')).text);
    assert.ok(hindi.total > 0 && hindi.searched.devanagari === 'कर्म', JSON.stringify(hindi).slice(0, 200));
    const empty = JSON.parse((await get('/search?q=who%20am%20I')).text);
    assert.equal([empty.total, empty.results], [0, []]);
    assert.match(empty.hint, /only common words/);
    assert.match(JSON.parse((await get('/search?q=karma&offset=9999')).text).hint, /^offset 9999 is past the last/);
    const refused = await get('/search?q=karma&page=2');
    assert.is(refused.status, 400);
    assert.match(JSON.parse(refused.text).error, /^page: not a parameter of this route; did you mean offset\?/);
  });

  t('an ETag, 304, and brotli for answers worth compressing', async () => {
    const a = await get('/search?q=krishna&limit=50', { 'accept-encoding': 'br' });
    assert.is(a.headers['content-encoding'], 'br');
    assert.is(JSON.parse(brotliDecompressSync(a.body).toString()).results.length, 50);
    assert.is((await get('/search?q=krishna&limit=50', { 'if-none-match': a.headers.etag })).status, 304);
  });

  t('metered and counted like the other API routes', async () => {
    const { key } = createKey({ GITA_DATA_DIR: dataDir }, 'search', '2/day');
    await new Promise((r) => setTimeout(r, 400));
    const h = { 'x-api-key': key };
    assert.is((await get('/search?q=dharma', h)).status, 200);
    const second = await get('/search?q=dharma', h);
    assert.is(second.headers['x-ratelimit-remaining'], '0');
    assert.is((await get('/search?q=dharma', h)).status, 429);
    await new Promise((r) => setTimeout(r, 1200));
    const usage = JSON.parse((await get('/usage', h)).text);
    assert.equal(usage.today.routes, { search: 2, 'rate-limited': 1 });
  });

  t('a broken search index: searches fail at once and the index is not read again for each', async () => {
    const { distDir } = await testDist();
    const dist = shallowCopy(distDir);
    ownFolder(dist, 'search');
    rewrite(join(dist, FILES.searchIndex), '{"broken": ');
    rmSync(join(dist, `${FILES.searchIndex}.br`), { force: true });
    rmSync(join(dist, `${FILES.searchIndex}.gz`), { force: true });
    const broken = await startServer(runtime, { dist, dataDir: tempDir('gita-data-') });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await fetchRaw(broken.url, '/search?q=lotus')).status);
      assert.equal(statuses, [500, 500, 500, 500, 500]);
      assert.is((await fetchRaw(broken.url, '/slok/2/47')).status, 200, 'the rest still answers');
      const loads = broken.output().match(/the search index of .* could not be loaded/g) ?? [];
      assert.is(loads.length, 1, broken.output());
    } finally {
      await broken.stop();
    }
  });

  return t;
}

for (const runtime of APP_RUNTIMES) searchSuite(runtime).run();
