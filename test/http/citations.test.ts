// Ranges (/slok/{ch}/{from}-{to}), references (/verses?ref=) and the MCP
// server (POST /mcp) on the real server over loopback: answers read against
// the build's own files, errors with their statuses and wordings, the key
// (x-api-key or Authorization: Bearer) and the counting of each route.
import { MCP_TOOLS } from '../../src/contract/mcp.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_VERSES_PER_CALL } from '../../src/content/citations.ts';
import { NOT_FOUND } from '../../src/contract/errors.ts';
import { MCP_MAX_BODY } from '../../src/contract/limits.ts';
import { FILES } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import type { Manifest } from '../../src/contract/manifest.ts';
import { createKey } from '../helpers/cli.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';
import { startServer, type Running } from '../helpers/server.ts';
import { httpClient, textOf } from '../mcp/helpers.ts';

let dist: string;
let dataDir: string;
let openDir: string;
let open: Running;
let required: Running;
let counts: number[];
const file = (path: string) => JSON.parse(readFileSync(join(dist, path), 'utf8'));
const get = async (path: string, headers: Record<string, string> = {}) => {
  const r = await fetchRaw(open.url, path, { headers });
  return { ...r, json: () => JSON.parse(r.text) };
};
const rpc = (method: string, params: unknown = {}, id = 1) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
const postMcp = (server: Running, body: string, headers: Record<string, string> = {}) =>
  fetchRaw(server.url, '/mcp', { method: 'POST', body, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } });

test.before(hook(async () => {
  ({ distDir: dist } = await testDist());
  counts = (file(FILES.manifest) as Manifest).content.versesPerChapter;
  dataDir = tempDir('gita-data-');
  // The keys are made in the folder of the server that requires them; each server has its own (a server refuses one another holds).
  openDir = tempDir('gita-data-');
  [open, required] = await Promise.all([startServer('node', { dist, dataDir: openDir }), startServer('node', { dist, dataDir, env: { GITA_AUTH: 'required' } })]);
}));
test.after(hook(async () => {
  await Promise.all([open?.stop(), required?.stop()]);
}));

test('/slok/{ch}/{from}-{to}: the records in order, the colophon when named, projections, ETags', async () => {
  const r = await get('/slok/2/47-50');
  assert.is(r.status, 200);
  assert.match(r.headers['content-type'], /^application\/json/);
  assert.equal(r.json(), [47, 48, 49, 50].map((sl) => file(FILES.verse(2, sl))));
  const last = counts[1] + 1;
  assert.equal((await get(`/slok/2/${last - 2}-${last}`)).json().map((v: { verse: number }) => v.verse), [last - 2, last - 1, last], 'to up to the colophon');
  assert.equal((await get('/slok/3/5-5')).json(), [file(FILES.verse(3, 5))]);
  assert.equal((await get('/slok/2/47-48?lang=en')).json(), [file(FILES.verse(2, 47, 'en')), file(FILES.verse(2, 48, 'en'))]);
  const etag = r.headers.etag;
  assert.ok(etag);
  assert.is((await get('/slok/2/47-50', { 'if-none-match': etag })).status, 304);
  const backwards = await get('/slok/2/50-47');
  assert.is(backwards.status, 400);
  assert.match(backwards.json().error, /runs backwards/);
  for (const path of [`/slok/2/47-${last + 1}`, '/slok/2/0-3', '/slok/19/1-2', '/slok/2/47-', '/slok/2/-50', '/slok/2/47-50-51', '/slok/2/047-50', '/slok/2/47-50/x']) {
    const nf = await get(path);
    assert.is(nf.status, 404, path);
    assert.is(nf.text, NOT_FOUND.verse, path);
  }
  assert.is((await get('/slok/2/47-50?lang=fr')).status, 400);
});

test('/verses?ref=: labels and records in the order asked; 400 naming the part or the limit; 404 verse wording', async () => {
  const r = await get(`/verses?ref=${encodeURIComponent('BG 2:47-49; 18.66, २.४७')}`);
  assert.is(r.status, 200);
  const body = r.json();
  assert.equal(body.refs, ['BG2.47-49', 'BG18.66', 'BG2.47']);
  assert.equal(body.verses, [file(FILES.verse(2, 47)), file(FILES.verse(2, 48)), file(FILES.verse(2, 49)), file(FILES.verse(18, 66)), file(FILES.verse(2, 47))]);
  const across = (await get('/verses?ref=2.72-3.2&lang=en')).json();
  assert.equal(across.refs, ['BG2.72-3.2']);
  assert.equal(across.verses, [file(FILES.verse(2, 72, 'en')), file(FILES.verse(3, 1, 'en')), file(FILES.verse(3, 2, 'en'))], 'the colophon in between left out; lang applies');
  assert.is((await get('/verses?ref=12')).json().verses.length, counts[11]);
  const narrowed = (await get('/verses?ref=2.47&fields=slok')).json().verses[0];
  assert.equal(Object.keys(narrowed), ['_id', 'chapter', 'verse', 'slok']);

  const bad = async (query: string, pattern: RegExp) => {
    const x = await get(`/verses${query}`);
    assert.is(x.status, 400, query);
    assert.match(x.json().error, pattern, query);
  };
  await bad('', /^ref: missing/);
  await bad('?ref=', /^ref: empty/);
  await bad('?ref=%20,%20', /^ref: empty/);
  await bad(`?ref=${encodeURIComponent('2.47, John 3:16')}`, /"John 3:16"/);
  await bad('?ref=2.50-47', /runs backwards/);
  await bad('?ref=1,2', new RegExp(`at most ${MAX_VERSES_PER_CALL}`));
  await bad('?ref=2.47&ref=2.48', /given 2 times/);
  await bad('?ref=2.47&lang=fr', /^lang:/);
  await bad(`?ref=${'2.47,'.repeat(300)}`, /characters; at most/);
  for (const ref of ['2.99', '19', '0.1', '2.47-99']) {
    const nf = await get(`/verses?ref=${ref}`);
    assert.is(nf.status, 404, ref);
    assert.is(nf.text, NOT_FOUND.verse, ref);
  }
});

test('references as people write them, in ?ref= and in the path (/verses/{ref}): the same answer', async () => {
  const expected = await get('/verses?ref=2.47&lang=en');
  assert.is(expected.status, 200);
  for (const ref of ['Gita II.47', 'II.47', 'BG ii 47', 'chapter 2 verse 47', 'Ch. 2, v. 47', 'gita 2 47', 'Gītā 2.47']) {
    for (const path of [`/verses?ref=${encodeURIComponent(ref)}&lang=en`, `/verses/${encodeURIComponent(ref)}?lang=en`]) {
      const r = await get(path);
      assert.is(r.status, 200, path);
      assert.equal(r.json(), expected.json(), path);
    }
  }
  const range = await get('/verses/2.47-50');
  assert.equal(range.json().refs, ['BG2.47-50']);
  assert.equal(range.json().verses, [47, 48, 49, 50].map((sl) => file(FILES.verse(2, sl))));
  assert.equal((await get('/verses/BG%202.47')).json().refs, ['BG2.47']);
  assert.equal((await get(`/verses/${encodeURIComponent('Chapter 2, Verses 47-50')}/`)).json().refs, ['BG2.47-50'], 'a trailing slash, as on every route');
  // The path form's errors are the query form's.
  const unread = await get(`/verses/${encodeURIComponent('John 3:16')}`);
  assert.is(unread.status, 400);
  assert.match(unread.json().error, /^ref: cannot read "John 3:16": "john" is not a name of the Gita/);
  assert.match(unread.json().error, /"chapter 2 verse 47"/, 'the forms that work');
  const both = await get('/verses/2.47?ref=2.48');
  assert.is(both.status, 400);
  assert.match(both.json().error, /^ref: given in the path and as \?ref=/);
  const nf = await get('/verses/2.99');
  assert.is(nf.status, 404);
  assert.is(nf.text, NOT_FOUND.verse);
  assert.is((await get('/verses/2.47/x')).status, 404, 'one segment only');
});

test('POST /mcp: the SDK client over the server, the key as Authorization: Bearer, counted as route mcp', async () => {
  const { key, id } = createKey({ GITA_DATA_DIR: dataDir }, 'mcp', '1000/day');
  await new Promise((r) => setTimeout(r, 300));
  const client = await httpClient(`${required.url}/mcp`, { authorization: `Bearer ${key}` });
  const { tools } = await client.listTools();
  assert.equal(tools.map((t) => t.name).sort(), [...MCP_TOOLS].sort(), 'the tools the contract lists');
  const r = await client.callTool({ name: 'get_verses', arguments: { ref: 'BG 2.47-48', lang: 'en' } });
  assert.equal((r.structuredContent as { verses: unknown }).verses, [file(FILES.verse(2, 47, 'en')), file(FILES.verse(2, 48, 'en'))]);
  assert.ok(textOf(r as { content?: unknown }).includes('Bhagavad Gita 2.47'));
  const words = await client.callTool({ name: 'get_words', arguments: { ch: 2, sl: 47 } });
  assert.equal((words.structuredContent as { words: unknown }).words, file(filled(ROUTE['verse-words'].file!, { ch: 2, sl: 47 })));
  const found = await client.callTool({ name: 'search', arguments: { q: 'karmanye vadhikaraste', limit: 1 } });
  assert.is((found.structuredContent as { results: Array<{ _id: string }> }).results[0]._id, 'BG2.47', "the server's own search");
  await client.close();

  // Without a key where one is required, or with a wrong one: 401, as on any metered route.
  assert.is((await postMcp(required, rpc('tools/list'))).status, 401);
  assert.is((await postMcp(required, rpc('tools/list'), { authorization: 'Bearer gita_wrong' })).status, 401);
  const viaHeader = await postMcp(required, rpc('tools/list'), { 'x-api-key': key });
  assert.is(viaHeader.status, 200);
  assert.ok(viaHeader.headers['x-ratelimit-limit'], 'rate-limit headers as on any metered answer');
  // Errors of the body are answered before counting.
  assert.is((await postMcp(required, '{broken', { 'x-api-key': key })).status, 400);
  assert.is((await postMcp(required, 'x'.repeat(MCP_MAX_BODY + 1), { 'x-api-key': key })).status, 413);
  assert.is((await postMcp(required, rpc('tools/list'), { 'x-api-key': key, 'content-type': 'text/plain' })).status, 415);
  assert.is((await fetchRaw(required.url, '/mcp', { headers: { 'x-api-key': key } })).status, 405);

  await new Promise((r) => setTimeout(r, 1200)); // the embedded usage store writes once a second
  const usage = JSON.parse((await fetchRaw(required.url, '/usage', { headers: { 'x-api-key': key } })).text);
  assert.ok(usage.key.id === id);
  // initialize, notifications/initialized, tools/list, three tools/call, one more tools/list: 7 answered; the refused (401, 400, 413, 415, 405) not counted.
  assert.is(usage.today.routes.mcp, 7, JSON.stringify(usage.today.routes));
});

test('/verses and ranges are metered like /slok: counted under their own route', async () => {
  const { key } = createKey({ GITA_DATA_DIR: openDir }, 'cite', '1000/day');
  await new Promise((r) => setTimeout(r, 300));
  const h = { 'x-api-key': key };
  assert.is((await fetchRaw(open.url, '/verses?ref=2.47', { headers: h })).status, 200);
  assert.is((await fetchRaw(open.url, '/slok/2/47-48', { headers: h })).status, 200);
  assert.is((await fetchRaw(open.url, '/verses?ref=nonsense', { headers: h })).status, 400);
  await new Promise((r) => setTimeout(r, 1200));
  const usage = JSON.parse((await fetchRaw(open.url, '/usage', { headers: h })).text);
  assert.equal(usage.today.routes, { verses: 1, 'verse-range': 1 });
});

test.run();
