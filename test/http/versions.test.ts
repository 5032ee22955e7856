// The versions over HTTP (/versions, /versions/{id}, /slok/{ch}/{sl}/versions)
// on the real server over loopback: answers read against the build's files
// and the import's, ?version= choosing and ordering, a verse a version lacks
// named missing, the credit beside every text, the records left as they are,
// the 400s and 404s worded.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOT_FOUND } from '../../src/contract/errors.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import type { VerseVersions } from '../../src/content/versions/model.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';
import { startServer, type Running } from '../helpers/server.ts';

let dist: string;
let content: string;
let server: Running;
const file = (path: string) => JSON.parse(readFileSync(join(dist, path), 'utf8'));
const imported = (id: string) => JSON.parse(readFileSync(join(content, 'versions', `${id}.json`), 'utf8'));
const get = async (path: string) => {
  const r = await fetchRaw(server.url, path);
  return { ...r, json: () => JSON.parse(r.text) };
};

test.before(hook(async () => {
  ({ distDir: dist, contentDir: content } = await testDist());
  server = await startServer('node', { dist, dataDir: tempDir('gita-data-') });
}));
test.after(hook(async () => {
  await server?.stop();
}));

test('/versions lists each version with its license and credit, as imported, and no texts', async () => {
  const r = await get('/versions');
  assert.is(r.status, 200);
  const { versions } = r.json();
  assert.equal(versions.map((v: { id: string }) => v.id), ['besant', 'telugu-wikisource']);
  for (const v of versions) {
    const { audit: _a, texts: _t, ...listed } = imported(v.id);
    assert.equal(v, listed, v.id);
  }
  assert.equal(versions[1].missing, ['BG1.13']);
  assert.is(versions[1].language, 'te');
  assert.is(versions[1].license, 'CC-BY-SA-4.0');
  assert.equal((await get('/versions/index.json')).json(), r.json(), 'the static file\'s name too');
  assert.equal(file(ROUTE.versions.file!), r.json());
});

test('/versions/{id} adds the audit; a version the server does not hold is the resource 404', async () => {
  const r = (await get('/versions/besant')).json();
  const { texts: _t, ...whole } = imported('besant');
  assert.equal(r, whole);
  assert.ok(r.audit.files.length > 0 && r.audit.repaired === true);
  for (const p of ['/versions/nope', '/versions/Besant', '/versions/be_sant', '/versions/besant/x']) {
    const missing = await get(p);
    assert.is(missing.status, 404, p);
  }
  assert.is((await get('/versions/nope')).text, NOT_FOUND.resource);
});

test('/slok/{ch}/{sl}/versions: every version, its credit beside its text; a verse a version lacks is missing, never filled', async () => {
  const r = await get('/slok/1/13/versions');
  assert.is(r.status, 200);
  const vv = r.json() as VerseVersions;
  assert.equal(vv, file(filled(ROUTE['verse-versions'].file!, { ch: 1, sl: 13 })));
  assert.is(vv.ref, 'BG1.13');
  const [besant, telugu] = vv.versions;
  assert.is(besant.id, 'besant');
  assert.is(besant.text, imported('besant').texts.find((t: { ref: string }) => t.ref === 'BG1.13').text);
  assert.is(besant.credit, imported('besant').credit);
  assert.equal(telugu, { id: 'telugu-wikisource', language: 'te', credit: imported('telugu-wikisource').credit, text: null, missing: true });
  assert.equal((await get('/slok/1/13/versions.json')).json(), vv, 'the alias');
  const notes = (await get('/slok/2/47/versions')).json() as VerseVersions;
  for (const v of notes.versions) if ('notes' in v && v.notes) for (const n of v.notes) assert.ok(v.text!.includes(`[${n.call}]`), `${v.id}: note ${n.call} is called in its text`);
});

test('?version= chooses and orders; unknown, empty and doubled values are 400 naming the versions', async () => {
  const both = (await get('/slok/2/47/versions?version=telugu-wikisource,besant')).json() as VerseVersions;
  assert.equal(both.versions.map((v) => v.id), ['telugu-wikisource', 'besant']);
  const all = file(filled(ROUTE['verse-versions'].file!, { ch: 2, sl: 47 })) as VerseVersions;
  assert.equal(both.versions[1], all.versions[0]);
  assert.equal((await get('/slok/2/47/versions?version=besant')).json().versions.map((v: { id: string }) => v.id), ['besant']);
  for (const q of ['version=nope', 'version=besant,', 'version=besant&version=besant', 'versions=besant']) {
    const r = await get(`/slok/2/47/versions?${q}`);
    assert.is(r.status, 400, q);
    assert.match(r.text, /version/, q);
  }
  assert.match((await get('/slok/2/47/versions?version=nope')).text, /besant, telugu-wikisource/);
  assert.is((await get('/slok/2/99/versions?version=besant')).status, 404);
  assert.is((await get('/slok/19/1/versions')).text, NOT_FOUND.verse);
});

test('a colophon: Besant translates it, the Telugu does not', async () => {
  const vv = (await get('/slok/2/73/versions')).json() as VerseVersions;
  assert.is(vv.ref, 'BG2.73');
  assert.type(vv.versions[0].text, 'string');
  assert.is(vv.versions[1].text, null);
});

test('the records of /slok stay exactly as they are: no version in them', async () => {
  const r = (await get('/slok/2/47')).json();
  assert.not.ok('versions' in r);
  assert.not.ok(JSON.stringify(r).includes(imported('besant').credit));
});

test.run();
