// What readers ask for, over real HTTP: the verse of the day (the same on
// Node, on Deno, on Bun and in a static build of the day), a chapter's verses in one
// call, and projections (lang, authors, fields) with their errors, caching
// and compression; the static language forms equal the server's answers.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Manifest } from '../../src/contract/manifest.ts';
import { dailyIndex, utcDate } from '../../src/content/daily.ts';
import { LANGUAGES, projectRecord } from '../../src/content/projection.ts';
import { NOT_FOUND } from '../../src/contract/errors.ts';
import { FILES, LANG_FORMS } from '../../src/layout.ts';
import { createKey } from '../helpers/cli.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { nextBuild, testDist } from '../helpers/dist.ts';
import { fetchRaw, type Reply } from '../helpers/http.ts';
import { RUNTIMES, startServer, type Running } from '../helpers/server.ts';

let dist: string;
let manifest: Manifest;
let node: Running;
/** The same server on the other engines (Deno, Bun), for the answers that must agree across them. */
let others: Running[] = [];
let dataDir: string;
const get = (path: string, headers?: Record<string, string>) => fetchRaw(node.url, path, { headers });
const file = (path: string) => readFileSync(join(dist, path));
const isCommentary = (k: string) => manifest.content.commentaries.some((c) => c.key === k);
const record = (c: number, v: number) => JSON.parse(file(FILES.verse(c, v)).toString());

test.before(hook(async () => {
  ({ distDir: dist } = await testDist());
  manifest = JSON.parse(file(FILES.manifest).toString());
  dataDir = tempDir('gita-data-');
  // The keys are made in the node server's folder; each server has a data folder of its own (a server refuses one another holds).
  [node, ...others] = await Promise.all(['node' as const, ...RUNTIMES.filter((r) => r !== 'node')].map((r) => startServer(r, { dist, dataDir: r === 'node' ? dataDir : tempDir() })));
}));
test.after(hook(async () => {
  await Promise.all([node?.stop(), ...others.map((s) => s.stop())]);
}));

const assertBad = (r: Reply, re: RegExp, what: string) => {
  assert.is(r.status, 400, what);
  assert.is(r.headers['content-type'], 'application/json; charset=utf-8', what);
  assert.match(JSON.parse(r.text).error, re, what);
  assert.is(r.headers['access-control-allow-origin'], '*');
};

test('lang, authors and fields project a verse; each narrows the others; the answer is compact, in record order', async () => {
  const full = record(2, 47);
  const cases: Array<[string, Record<string, unknown>]> = [
    ['lang=en', { lang: 'en' }],
    ['lang=hi', { lang: 'hi' }],
    ['lang=sa', { lang: 'sa' }],
    ['authors=tej,siva', { authors: ['siva', 'tej'] }],
    ['fields=slok,transliteration,siva.et', { fields: ['siva.et', 'slok', 'transliteration'] }],
    ['fields=speaker,rams', { fields: ['rams', 'speaker'] }],
    ['lang=en&authors=siva,tej,prabhu', { lang: 'en', authors: ['prabhu', 'siva', 'tej'] }],
    ['lang=hi&fields=rams.ht,siva', { lang: 'hi', fields: ['rams.ht', 'siva'] }],
    ['authors=sankar&fields=sankar.et,sankar.sc,slok&lang=sa', { authors: ['sankar'], lang: 'sa', fields: ['sankar.et', 'sankar.sc', 'slok'] }],
  ];
  for (const [q, p] of cases) {
    const r = await get(`/slok/2/47?${q}`);
    assert.is(r.status, 200, q);
    assert.is(r.text, JSON.stringify(projectRecord(full, p, isCommentary)), q);
    const body = JSON.parse(r.text);
    assert.equal(Object.keys(body).slice(0, 3), ['_id', 'chapter', 'verse'], q);
    assert.is(r.headers['cache-control'], 'public, max-age=3600');
  }
  const en = JSON.parse((await get('/slok/2/47?lang=en')).text);
  for (const [key, c] of Object.entries(en)) if (isCommentary(key)) for (const f of Object.keys(c as object)) assert.ok(f === 'author' || (LANGUAGES.en as readonly string[]).includes(f), `${key}.${f}`);
  assert.is(en.tej, undefined, 'a commentary left with no text is dropped');
  assert.ok((await get('/slok/2/47?lang=en')).body.length * 5 < file(FILES.verse(2, 47)).length, 'a fraction of the record');
});

test('bad parameters: 400 naming the parameter and what it accepts; never counted', async () => {
  const { key, id } = createKey({ GITA_DATA_DIR: dataDir }, 'projections', '1000/day');
  await new Promise((r) => setTimeout(r, 300));
  const cases: Array<[string, RegExp]> = [
    ['/slok/2/47?lang=fr', /^lang: "fr" is not a language here; expected one of en, hi, sa$/],
    ['/slok/2/47?lang=', /^lang: empty/],
    ['/slok?authors=siva,shakespeare', /^authors: "shakespeare" is not a commentary here; expected commentary keys.* \(each described at \/authors\)$/],
    ['/slok/today?fields=slok,nope', /^fields: "nope" is not a field here/],
    ['/chapter/3/slok?fields=siva.hc', /^fields: "siva\.hc": siva has et, ec/],
    ['/chapter/3/slok?lang=en&lang=hi', /^lang: given 2 times/],
    ['/slok/2/47/en.json?lang=hi', /^lang: the path asks for en already/],
  ];
  for (const [path, re] of cases) assertBad(await get(path, { 'x-api-key': key }), re, path);
  const usage = JSON.parse((await get('/usage', { 'x-api-key': key })).text);
  assert.is(usage.today.requests, 0, 'a 400 is neither counted nor limited');
  for (const path of ['/slok/today?lang=en', '/chapter/3/slok?lang=en&authors=siva', '/slok/today/gita.svg']) assert.is((await get(path, { 'x-api-key': key })).status, 200);
  await new Promise((r) => setTimeout(r, 50));
  const after = JSON.parse((await get('/usage', { 'x-api-key': key })).text);
  assert.equal(after.today.routes, { today: 1, 'chapter-verses': 1, 'today-card': 1 }, `/usage names the new routes (${id})`);
});

test("a chapter's verses: one array in order, the colophon last; its static forms; 404 for a bad chapter", async () => {
  for (const ch of [1, 12, 18]) {
    const r = await get(`/chapter/${ch}/slok`);
    assert.is(r.status, 200);
    const list = JSON.parse(r.text);
    const n = manifest.content.versesPerChapter[ch - 1];
    assert.equal(list.map((v: { verse: number }) => v.verse), Array.from({ length: n + 1 }, (_, i) => i + 1));
    assert.ok(r.body.equals(Buffer.concat([Buffer.from('['), ...list.flatMap((_: unknown, i: number) => (i ? [Buffer.from(','), file(FILES.verse(ch, i + 1))] : [file(FILES.verse(ch, 1))])), Buffer.from(']')])), 'the records, byte for byte');
    assert.ok(r.body.equals(file(FILES.chapterVerses(ch))), 'the static file');
    for (const lang of LANG_FORMS) {
      const form = await get(`/chapter/${ch}/slok?lang=${lang}`);
      assert.ok(form.body.equals(file(FILES.chapterVerses(ch, lang))), `chapter ${ch} ${lang}`);
      assert.is(form.text, JSON.stringify(list.map((v: Record<string, unknown>) => projectRecord(v, { lang }, isCommentary))));
    }
  }
  const small = await get('/chapter/3/slok?lang=en&authors=siva');
  assert.ok(small.body.length < 100_000, `${small.body.length} bytes`);
  assert.equal(JSON.parse(small.text).map((v: Record<string, unknown>) => Object.keys(v).filter(isCommentary)).flat().filter((k: string) => k !== 'siva'), []);
  for (const p of ['/chapter/19/slok', '/chapter/0/slok', '/chapter/x/slok', '/chapter/3/slok/fr.json', '/chapter/3/slok/1']) {
    const r = await get(p);
    assert.is(r.status, 404, p);
    assert.is(r.text, NOT_FOUND.chapter, p);
  }
});

test('the static language forms are what the server answers; the static paths work on the server too', async () => {
  for (const [c, v] of [[2, 47], [1, 1], [18, 45], [18, 79], [11, 56]]) {
    for (const lang of LANG_FORMS) {
      const served = await get(`/slok/${c}/${v}?lang=${lang}`);
      assert.ok(served.body.equals(file(FILES.verse(c, v, lang))), `${c}.${v} ${lang}`);
      assert.ok((await get(FILES.verse(c, v, lang))).body.equals(served.body), `the path ${FILES.verse(c, v, lang)}`);
    }
    assert.ok((await get(FILES.verse(c, v))).body.equals(file(FILES.verse(c, v))));
  }
  assert.ok((await get(FILES.chapter(4))).body.equals(file(FILES.chapter(4))));
  assert.ok((await get(FILES.chapters)).body.equals(file(FILES.chapters)));
});

test('projections: a content ETag and 304, brotli and gzip when accepted, no-store when random', async () => {
  const plain = await get('/chapter/2/slok?authors=gambir');
  assert.match(plain.headers.etag, /^"[0-9a-f]{32}"$/);
  const br = await get('/chapter/2/slok?authors=gambir', { 'accept-encoding': 'br' });
  assert.is(br.headers['content-encoding'], 'br');
  assert.is(br.headers.etag, plain.headers.etag.replace(/"$/, '-br"'));
  assert.ok(brotliDecompressSync(br.body).equals(plain.body));
  assert.ok(br.body.length * 3 < plain.body.length);
  const gz = await get('/chapter/2/slok?authors=gambir', { 'accept-encoding': 'gzip' });
  assert.ok(gunzipSync(gz.body).equals(plain.body));
  assert.is(gz.headers.vary, 'Accept-Encoding');
  for (const tag of [plain.headers.etag, br.headers.etag]) {
    const again = await get('/chapter/2/slok?authors=gambir', { 'if-none-match': tag, 'accept-encoding': 'br' });
    assert.is(again.status, 304);
    assert.is(again.body.length, 0);
  }
  const rnd = await get('/slok?lang=en');
  assert.is(rnd.headers['cache-control'], 'no-store');
  assert.is(rnd.headers.etag, undefined);
  const tiny = await get('/slok/2/47?fields=_id', { 'accept-encoding': 'br' });
  assert.is(tiny.text, '{"_id":"BG2.47","chapter":2,"verse":47}');
  assert.is(tiny.headers['content-encoding'], undefined, 'too small to be worth compressing');
});

test('the verse of the day: one verse for the day on Node, Deno, Bun and in a static build of that day; ?date=; cached until midnight', async () => {
  const today = utcDate();
  const picks = manifest.content.versesPerChapter.flatMap((n, i) => Array.from({ length: n }, (_, v) => [i + 1, v + 1]));
  const [c, v] = picks[dailyIndex(today, picks.length)];
  // The build of the day, as a daily pipeline makes it (its files come from the build cache).
  const out = (await nextBuild(today)).distDir;
  const staticToday = readFileSync(join(out, FILES.today()));
  assert.ok(staticToday.equals(file(FILES.verse(c, v))), 'the static build holds the day\'s verse');
  for (const server of [node, ...others]) {
    const r = await fetchRaw(server.url, '/slok/today');
    if (utcDate() !== today) return; // midnight passed during the test
    assert.is(r.status, 200);
    assert.ok(r.body.equals(staticToday), `${server.url}: the same verse as the static build`);
    const maxAge = Number(/^public, max-age=(\d+)$/.exec(r.headers['cache-control'])?.[1]);
    const left = (Date.parse(`${today}T00:00:00Z`) + 86_400_000 - Date.now()) / 1000;
    assert.ok(maxAge > 0 && maxAge <= Math.ceil(left) + 1 && maxAge >= left - 5, `max-age ${maxAge}, ${left.toFixed(0)} s to midnight`);
    assert.is((await fetchRaw(server.url, '/slok/today', { headers: { 'if-none-match': r.headers.etag } })).status, 304);
    for (const lang of LANG_FORMS) assert.ok((await fetchRaw(server.url, `/slok/today?lang=${lang}`)).body.equals(readFileSync(join(out, FILES.today(lang)))), lang);
    const card = await fetchRaw(server.url, '/slok/today/gita.svg');
    assert.ok(card.body.equals(readFileSync(join(out, FILES.todayCard()))), 'its card');
    assert.ok((await fetchRaw(server.url, '/slok/today/gita-dark.svg')).body.equals(readFileSync(join(out, FILES.todayCard('dark')))));
  }
  // Another day: stable, and cacheable for longer.
  const dated = await get('/slok/today?date=2024-02-29');
  const [dc, dv] = picks[dailyIndex('2024-02-29', picks.length)];
  assert.ok(dated.body.equals(file(FILES.verse(dc, dv))));
  assert.is(dated.headers['cache-control'], 'public, max-age=86400');
  for (const server of others) assert.ok((await fetchRaw(server.url, '/slok/today?date=2024-02-29')).body.equals(dated.body), server.url);
  for (const d of ['2024-02-30', '2023-02-29', '2024-13-01', '24-01-01', '2024-1-1', 'today', '', '2024-01-01&date=2024-01-02']) {
    const r = await get(`/slok/today?date=${d}`);
    assert.is(r.status, 400, d);
    assert.match(JSON.parse(r.text).error, /^date: /, d);
  }
});

test('random answers project too, and keep their filters', async () => {
  for (let i = 0; i < 10; i++) {
    const r = JSON.parse((await get('/slok?speaker=arjuna&lang=en&authors=siva')).text);
    assert.is(r.speaker, 'अर्जुन');
    assert.equal(Object.keys(r).filter(isCommentary), r.siva ? ['siva'] : []);
    assert.equal(record(r.chapter, r.verse).siva.et, r.siva?.et ?? record(r.chapter, r.verse).siva.et);
  }
});

test.run();
