// The link graph over HTTP (/slok/{ch}/{sl}/links, /works, /works/{work}),
// on the real server over loopback: answers read against the build's own
// files and checked whole, the 404s with the contract's wordings, the
// reading page listing what cites a verse and linking the citations in its
// commentary, the MCP tool get_links.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOT_FOUND } from '../../src/contract/errors.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import type { VerseLinks } from '../../src/content/links.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';
import { startServer, type Running } from '../helpers/server.ts';

let dist: string;
let server: Running;
const file = (path: string) => JSON.parse(readFileSync(join(dist, path), 'utf8'));
const get = async (path: string) => {
  const r = await fetchRaw(server.url, path);
  return { ...r, json: () => JSON.parse(r.text) };
};

test.before(hook(async () => {
  ({ distDir: dist } = await testDist());
  server = await startServer('node', { dist, dataDir: tempDir('gita-data-') });
}));
test.after(hook(async () => {
  await server?.stop();
}));

test('/slok/{ch}/{sl}/links: the shape, the build\'s file, its alias; a verse that does not exist is the verse 404', async () => {
  const r = await get('/slok/3/5/links');
  assert.is(r.status, 200);
  assert.match(r.headers['content-type'], /^application\/json/);
  const links = r.json() as VerseLinks;
  assert.equal(links, file(filled(ROUTE['verse-links'].file!, { ch: 3, sl: 5 })));
  assert.equal(Object.keys(links), ['ref', 'cites', 'citedBy', 'covers', 'external']);
  assert.is(links.ref, 'BG3.5');
  assert.ok(links.cites.some((c) => c.to === 'BG18.15' && c.by === 'rams' && c.field === 'hc' && /18। 15/.test(c.text)), JSON.stringify(links.cites.slice(0, 5)));
  assert.equal((await get('/slok/3/5/links.json')).json(), links);
  for (const p of ['/slok/2/99/links', '/slok/19/1/links', '/slok/0/1/links']) {
    const missing = await get(p);
    assert.is(missing.status, 404, p);
    assert.is(missing.text, NOT_FOUND.verse, p);
  }
  assert.is((await get('/slok/2/73/links')).status, 200, 'a colophon is a record: its links (none, or some)');
});

test('every cites has its citedBy on the verse it names, over HTTP', async () => {
  for (const [ch, sl] of [[2, 47], [18, 66], [3, 5], [7, 16]]) {
    const links = (await get(`/slok/${ch}/${sl}/links`)).json() as VerseLinks;
    for (const c of links.cites) {
      assert.is.not(c.to, links.ref, 'no verse cites itself');
      const m = /^BG(\d+)\.(\d+)/.exec(c.to)!;
      const target = (await get(`/slok/${m[1]}/${m[2]}/links`)).json() as VerseLinks;
      assert.ok(target.citedBy.some((b) => b.from === links.ref && b.by === c.by && b.field === c.field), `${c.to} lacks citedBy from ${links.ref}`);
    }
  }
  const bg247 = (await get('/slok/2/47/links')).json() as VerseLinks;
  assert.ok(bg247.citedBy.length > 5, `BG2.47 is cited: ${bg247.citedBy.length}`);
});

test('/works and /works/{work}: one name per work, its citations; an unknown work is the resource 404', async () => {
  const list = (await get('/works')).json() as { works: Array<{ work: string; slug: string; written: string[]; count: number }>; unnamed: unknown[] };
  assert.equal(list, file(ROUTE.works.file!));
  assert.equal((await get('/works.json')).json(), list);
  const chandogya = list.works.find((w) => w.work === 'Chāndogya Upaniṣad')!;
  assert.ok(chandogya && chandogya.slug === 'chandogya-upanisad' && chandogya.written.length > 2, JSON.stringify(chandogya));
  const one = (await get('/works/chandogya-upanisad')).json();
  assert.is(one.work, 'Chāndogya Upaniṣad');
  assert.is(one.citations.length, chandogya.count);
  assert.ok(one.citations.every((c: { ref: string; by: string }) => /^BG\d+\.\d+$/.test(c.ref) && c.by));
  for (const p of ['/works/nothing-cited', '/works/Chandogya', '/works/a%2Fb']) {
    const r = await get(p);
    assert.is(r.status, 404, p);
    assert.is(r.text, NOT_FOUND.resource, p);
  }
});

test('the reading page lists the verses that cite it and links the citations in a commentary, in English and Hindi', async () => {
  const en = await get('/read/2/47');
  assert.is(en.status, 200);
  assert.match(en.text, /<section class="cited-by"><h2>Cited by<\/h2>/);
  const hi = await get('/read/3/5?lang=hi&author=rams');
  assert.is(hi.status, 200);
  // (The page's links carry the origin it was asked at.)
  assert.match(hi.text, /<a href="(?:http:\/\/[^/"]+)?\/read\/18\/15(?:\?[^"]*)?" data-gita-ref="BG18.15">गीता 18। 15<\/a>/, 'a citation in the Hindi commentary links its verse');
  const enCommentary = await get('/read/18/66?author=sankar');
  assert.match(enCommentary.text, /<a href="[^"]*\/read\/2\/47(?:\?[^"]*)?" data-gita-ref="BG2.47">2.47<\/a>/, 'and in the English one');
});

test.run();
