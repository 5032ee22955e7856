// The client against the real server over loopback (server mode) and against
// dist/ behind nginx (static mode): the same answers where a static host can
// give them, the documented fallbacks where it cannot, errors as GitaError,
// the key only ever in a header, retry and ETag caching. Then its types: an
// example app compiles against dist/client.d.ts, and lines that must not
// compile do not.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, GitaError, type Client } from '../../src/client/index.ts';
import type { Manifest } from '../../src/contract/manifest.ts';
import { FILES } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { createKey } from '../helpers/cli.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { requireNginx, staticHost } from '../helpers/nginx.ts';
import { startServer, type Running } from '../helpers/server.ts';

let dist: string;
let manifest: Manifest;
let server: Running;
let nginx: { url: string; stop(): Promise<void> };
let remote: Client;
let local: Client;
const file = (path: string) => JSON.parse(readFileSync(join(dist, path), 'utf8'));

test.before(hook(async () => {
  requireNginx();
  ({ distDir: dist } = await testDist());
  manifest = file(FILES.manifest);
  server = await startServer('node', { dist, dataDir: tempDir('gita-data-') });
  nginx = await staticHost(dist);
  remote = createClient({ baseUrl: server.url });
  local = createClient({ baseUrl: nginx.url, mode: 'static' });
}));
test.after(hook(async () => {
  await Promise.all([server?.stop(), nginx?.stop()]);
}));

test('both modes: verses, chapters and a chapter\'s verses, whole and projected, the same answers', async () => {
  for (const c of [remote, local]) {
    assert.equal(await c.verse(2, 47), file(FILES.verse(2, 47)), c.mode);
    assert.equal(await c.verse(18, 79), file(FILES.verse(18, 79)), `${c.mode}: the colophon`);
    assert.equal(await c.chapters(), file(FILES.chapters));
    assert.equal(await c.chapter(12), file(FILES.chapter(12)));
    assert.equal(await c.chapterVerses(12), file(FILES.chapterVerses(12)));
  }
  const projections = [{ lang: 'en' }, { lang: 'hi', authors: ['rams', 'tej'] }, { fields: ['slok', 'siva.et', 'speaker'] }, { authors: ['prabhu'], fields: ['prabhu.ec', 'transliteration'], lang: 'en' }, { marks: 'iast' }, { lang: 'sa', fields: ['transliteration', 'sankar'], marks: 'iast' }, { marks: 'source' }] as const;
  for (const p of projections) {
    const a = await remote.verse(4, 7, p);
    assert.equal(await local.verse(4, 7, p), a, JSON.stringify(p));
    assert.equal(await local.chapterVerses(15, p), await remote.chapterVerses(15, p), `chapter 15 ${JSON.stringify(p)}`);
  }
  const en = await remote.verse(2, 47, { lang: 'en', authors: ['siva'] });
  assert.equal(Object.keys(en.siva!), ['author', 'et', 'ec']);
  // marks: the transliteration with IAST's marks in both modes (static: written by the client, with the server's rule), the rest the record's; source is the record.
  for (const c of [remote, local]) {
    const iast = await c.verse(2, 47, { marks: 'iast' });
    assert.ok(iast.transliteration.includes("saṅgo'stvakarmaṇi ||2-47||"), `${c.mode}: ${iast.transliteration}`);
    assert.equal({ ...iast, transliteration: file(FILES.verse(2, 47)).transliteration }, file(FILES.verse(2, 47)), `${c.mode}: nothing else changes`);
    assert.equal(await c.verse(2, 47, { marks: 'source' }), file(FILES.verse(2, 47)), c.mode);
    try {
      await c.verse(2, 47, { marks: 'itrans' as never });
      assert.unreachable(`${c.mode}: itrans is no marks`);
    } catch (err) {
      assert.instance(err, GitaError, c.mode);
      assert.is((err as GitaError).status, 400, c.mode);
      assert.is((err as GitaError).message, 'marks: "itrans" is not a way of writing the marks; expected source (the default) or iast', c.mode);
    }
  }
});

test('words: the verse word by word in both modes; a verse that does not exist is a 404 GitaError', async () => {
  for (const c of [remote, local]) {
    const words = await c.words(2, 47);
    assert.equal(words, file(filled(ROUTE['verse-words'].file!, { ch: 2, sl: 47 })), c.mode);
    const { analysis, ...entry } = words[0];
    assert.equal(entry, { word: 'कर्मणि', transliteration: 'karmaṇi', meaning: 'in work' });
    assert.equal(analysis?.map((a) => a.lemma), ['karman'], `${c.mode}: joined to the DCS's word`);
    assert.equal(await c.words(2, 73), [], `${c.mode}: the colophon`);
    try {
      await c.words(2, 99);
      assert.unreachable(`${c.mode}: 2.99 has no words`);
    } catch (err) {
      assert.instance(err, GitaError);
      assert.is((err as GitaError).status, 404);
    }
  }
});

test('links, works, work: the link graph in both modes; a verse or work that does not exist is a 404 GitaError', async () => {
  for (const c of [remote, local]) {
    const links = await c.links(3, 5);
    assert.equal(links, file(filled(ROUTE['verse-links'].file!, { ch: 3, sl: 5 })), c.mode);
    assert.ok(links.cites.some((x) => x.to === 'BG18.15' && x.by === 'rams'), c.mode);
    const works = await c.works();
    assert.equal(works, file(ROUTE.works.file!), c.mode);
    const slug = works.works[0].slug;
    assert.equal(await c.work(slug), file(filled(ROUTE.work.file!, { work: slug })), `${c.mode}: ${slug}`);
    for (const missing of [() => c.links(2, 99), () => c.work('nothing-cited'), () => c.work('../works')]) {
      const err = await missing().catch((e) => e);
      assert.instance(err, GitaError, c.mode);
      assert.is(err.status, 404, c.mode);
    }
  }
});

test('versions: the list, one with its audit, a verse in them (chosen and ordered) in both modes; the same 400 and 404', async () => {
  for (const c of [remote, local]) {
    assert.equal(await c.versions(), file(ROUTE.versions.file!), c.mode);
    assert.equal(await c.version('besant'), file(filled(ROUTE.version.file!, { version: 'besant' })), c.mode);
    assert.equal(await c.verseVersions(1, 13), file(filled(ROUTE['verse-versions'].file!, { ch: 1, sl: 13 })), c.mode);
    const chosen = await c.verseVersions(1, 13, { version: ['telugu-wikisource', 'besant'] });
    assert.equal(chosen.versions.map((v) => [v.id, v.text === null]), [['telugu-wikisource', true], ['besant', false]], c.mode);
    const bad = await c.verseVersions(2, 47, { version: ['nope'] }).catch((e) => e);
    assert.instance(bad, GitaError, c.mode);
    assert.is(bad.status, 400, c.mode);
    assert.match(bad.message, /^version: "nope" is not a version here/, c.mode);
    for (const missing of [() => c.version('nope'), () => c.version('../versions'), () => c.verseVersions(2, 99)]) {
      const err = await missing().catch((e) => e);
      assert.instance(err, GitaError, c.mode);
      assert.is(err.status, 404, c.mode);
    }
  }
  const server400 = await remote.verseVersions(2, 47, { version: ['nope'] }).catch((e) => e);
  const static400 = await local.verseVersions(2, 47, { version: ['nope'] }).catch((e) => e);
  assert.is(static400.message, server400.message, 'the same sentence on both');
});

test('meter, meters: the scansion in both modes; meter narrows random and verses alike, with the server\'s 400 and 404', async () => {
  const meters = file(ROUTE.meters.file!);
  const upajati: string[] = meters.meters.find((m: { meter: string }) => m.meter === 'upajāti').verses;
  for (const c of [remote, local]) {
    assert.equal(await c.meter(11, 20), file(filled(ROUTE['verse-meter'].file!, { ch: 11, sl: 20 })), c.mode);
    assert.is((await c.meter(2, 73)).meter, 'prose', `${c.mode}: a colophon`);
    assert.equal(await c.meters(), meters, c.mode);
    for (let i = 0; i < 5; i++) {
      const v = await c.random({ chapter: 11, meter: ['upajati'] }, { fields: ['_id'] });
      assert.ok(upajati.includes(v._id) && v._id.startsWith('BG11.'), `${c.mode}: ${v._id}`);
    }
    const listed = await c.verses('11', { meter: ['upajāti'], fields: ['_id'] });
    assert.equal(listed.refs, ['BG11']);
    assert.equal(listed.verses.map((v) => v._id), upajati.filter((r) => r.startsWith('BG11.')), c.mode);
    for (const none of [() => c.random({ chapter: 1, meter: ['indravajra'] }), () => c.verses('2.47', { meter: ['tristubh'] }), () => c.meter(2, 99)]) {
      const err = await none().catch((e) => e);
      assert.instance(err, GitaError, c.mode);
      assert.is(err.status, 404, c.mode);
    }
  }
  const [server400, static400] = await Promise.all([remote, local].map((c) => c.random({ meter: ['sloka', 'hexameter'] }).catch((e) => e)));
  assert.is(server400.status, 400);
  assert.match(server400.message, /^meter: "hexameter" is not a meter; expected meter names/);
  assert.is(static400.message, server400.message, 'the same sentence on both');
});

test('verses(ref): the same labels and records in both modes (static: one file per verse), errors alike', async () => {
  const whole = await remote.verses('BG 2:47-50; 18.66, 2.72-3.1');
  assert.equal(whole.refs, ['BG2.47-50', 'BG18.66', 'BG2.72-3.1']);
  assert.equal(whole.verses, [...[47, 48, 49, 50].map((sl) => file(FILES.verse(2, sl))), file(FILES.verse(18, 66)), file(FILES.verse(2, 72)), file(FILES.verse(3, 1))]);
  assert.equal(await local.verses('BG 2:47-50; 18.66, 2.72-3.1'), whole);
  for (const p of [{ lang: 'en' }, { lang: 'hi', authors: ['tej'] }, { fields: ['slok', 'siva.et'] }] as const) {
    assert.equal(await local.verses('2.47-49, 12', p), await remote.verses('2.47-49, 12', p), JSON.stringify(p));
  }
  for (const c of [remote, local]) {
    const missing = await c.verses('2.99').catch((e) => e);
    assert.instance(missing, GitaError);
    assert.is(missing.status, 404, c.mode);
    assert.is(missing.message, 'No verse matching the query could be found.');
    const unreadable = await c.verses('2.47, John 3:16').catch((e) => e);
    assert.is(unreadable.status, 400, c.mode);
    assert.match(unreadable.message, /^ref: cannot read "John 3:16"/);
    const many = await c.verses('1, 2').catch((e) => e);
    assert.is(many.status, 400, c.mode);
    assert.match(many.message, /at most 100/);
  }
});

test('findRefs(text): the references of a text, where they stand; the server\'s POST /refs and on a static host the same finder, the same answer', async () => {
  const text = 'As the Gita (2.47) says, and in chapter eighteen, verse sixty-six of the Gita; गीता 3।5; not Gita 19.1.';
  const remotely = await remote.findRefs(text);
  assert.equal(remotely.refs.map((r) => `${r.ref} ${r.exists} ${text.slice(r.start, r.end)}`), ['BG2.47 true Gita (2.47)', 'BG18.66 true chapter eighteen, verse sixty-six of the Gita', 'BG3.5 true गीता 3।5', 'BG19.1 false Gita 19.1']);
  assert.equal(await local.findRefs(text), remotely);
  const long = await remote.findRefs('x'.repeat(100_001)).catch((e) => e);
  assert.instance(long, GitaError);
  assert.is(long.status, 400);
  assert.equal(await local.findRefs('x'.repeat(100_001)).catch((e) => `${e.status} ${e.message}`), `400 ${long.message}`);
});

test('the verse of the day: the server\'s, and on a static host the build\'s file or a date picked here as the server picks it', async () => {
  for (const date of ['2024-02-29', '2026-11-23', '1999-12-31']) {
    const picked = await local.today({ date }, { lang: 'sa' });
    assert.equal(picked, await remote.today({ date }, { lang: 'sa' }), date);
  }
  assert.equal(await local.today(), file(FILES.today()), 'the build day\'s file');
  // An impossible or malformed date: the server's 400, with its message, in both modes.
  for (const date of ['2026-02-30', '2026-13-01', 'tomorrow']) {
    const errs = await Promise.all([local, remote].map((c) => c.today({ date }).then(() => null, (e: unknown) => e)));
    for (const e of errs) {
      assert.instance(e, GitaError, date);
      assert.is((e as GitaError).status, 400, date);
    }
    assert.is((errs[0] as GitaError).message, (errs[1] as GitaError).message, date);
    assert.match((errs[0] as GitaError).message, /^date: /, date);
  }
  const today = await remote.today();
  assert.ok(today._id.startsWith('BG'));
});

test('random: the server draws; on a static host the client draws over the host\'s facts, filters included', async () => {
  for (const c of [remote, local]) {
    for (let i = 0; i < 8; i++) {
      const v = await c.random({ speaker: 'arjuna', chapter: 1 }, { fields: ['speaker'] });
      assert.equal(Object.keys(v), ['_id', 'chapter', 'verse', 'speaker'], c.mode);
      assert.is(v.speaker, 'अर्जुन');
      assert.is(v.chapter, 1);
      const any = await c.random();
      assert.ok(any.verse <= manifest.content.versesPerChapter[any.chapter - 1], 'never a colophon');
    }
    const err = await c.random({ speaker: 'dhritarashtra', chapter: 2 }).catch((e) => e);
    assert.instance(err, GitaError);
    assert.is(err.status, 404);
    assert.is(err.message, 'No verse matching the query could be found.');
  }
  // A speaker or chapter that names nothing: the server's 400 and its message, in both modes.
  for (const filter of [{ speaker: 'sanjay' }, { chapter: 19 }]) {
    const errs = await Promise.all([local, remote].map((c) => c.random(filter).then(() => null, (e: unknown) => e)));
    for (const e of errs) assert.is((e as GitaError).status, 400, JSON.stringify(filter));
    assert.is((errs[0] as GitaError).message, (errs[1] as GitaError).message, JSON.stringify(filter));
  }
});

test('search: the server\'s, and on a static host the same engine on the host\'s index', async () => {
  for (const [q, o] of [['karmanye vadhikaraste ma phaleshu', {}], ['lotus leaf', { limit: 3 }], ['यदा यदा हि धर्मस्य', {}], ['mind', { speaker: 'arjuna', chapter: 6, lang: 'en' }], ['karma', { limit: 5, offset: 20 }], ['karma', { lang: 'hi' }], ['కర్మలను', { lang: 'te', limit: 3 }], ['ధర్మక్షేత్రే కురుక్షేత్రే', {}], ['caste confusion', { lang: 'en' }]] as const) {
    const a = await remote.search(q, o);
    assert.equal(await local.search(q, o), a, q);
    assert.ok(a.results.length > 0);
  }
  assert.is((await local.search('dharmakshetre kurukshetre')).results[0]._id, 'BG1.1');
  // Paging: the page at offset 5 is the second half of the first ten, on the server and on the host alike.
  for (const c of [remote, local]) {
    const ten = await c.search('karma', { limit: 10 });
    const second = await c.search('karma', { limit: 5, offset: 5 });
    assert.equal([second.total, second.limit, second.offset], [ten.total, 5, 5], c.mode);
    assert.equal(second.results.map((r) => r._id), ten.results.slice(5).map((r) => r._id), c.mode);
    const none = await c.search('who am I');
    assert.equal(none.results, [], c.mode);
    assert.match(none.hint!, /searched as one phrase/, c.mode);
    const err = await c.search('karma', { offset: -1 }).catch((e) => e);
    assert.is(err.status, 400, c.mode);
    assert.match(err.message, /^offset: /, c.mode);
  }
  for (const c of [remote, local]) {
    const err = await c.search('x', { limit: 99 }).catch((e) => e);
    assert.instance(err, GitaError);
    assert.is(err.status, 400, c.mode);
    assert.match(err.message, /^limit: "99" is not a number of results/);
    // The languages are the host's: its versions' (te) beside en, hi and sa.
    const lang = await c.search('x', { lang: 'ta' }).catch((e) => e);
    assert.is(lang.status, 400, c.mode);
    assert.is(lang.message, 'lang: "ta" is not a language here; expected one of en, hi, sa, te', c.mode);
  }
  const telugu = (await local.search('కర్మలను', { lang: 'te', limit: 1 })).results[0].matches[0];
  assert.equal([telugu.field, telugu.version], ['telugu-wikisource', 'telugu-wikisource']);
  assert.match(telugu.credit!, /CC BY-SA 4\.0/);
});

test('errors: GitaError with the status and the server\'s message', async () => {
  const bad = await remote.verse(2, 47, { lang: 'fr' as 'en' }).catch((e) => e);
  assert.instance(bad, GitaError);
  assert.is(bad.status, 400);
  assert.match(bad.message, /^lang: "fr" is not a language here; expected one of en, hi, sa$/);
  const missing = await remote.chapter(19).catch((e) => e);
  assert.is(missing.status, 404);
  assert.is(missing.message, 'No chapter matching the query could be found.');
  const gone = await local.verse(2, 99).catch((e) => e);
  assert.instance(gone, GitaError);
  assert.is(gone.status, 404, 'nginx: the file is not there');
  assert.throws(() => createClient({}), /give baseUrl/, 'outside a host the base URL is required');
});

test('cards: URLs that answer an SVG, in both modes', async () => {
  for (const c of [remote, local]) {
    for (const url of [c.cardUrl({ chapter: 2, verse: 47 }), c.cardUrl({ chapter: 2, verse: 47, theme: 'dark' }), c.cardUrl(), c.cardUrl({ today: true })]) {
      const r = await fetch(url);
      assert.is(r.status, 200, url);
      assert.match(await r.text(), /^<svg /);
    }
  }
  assert.match(remote.cardUrl({ chapter: 3 }), /\/gita\.svg\?ch=3$/);
  assert.throws(() => local.cardUrl({ chapter: 3 }), /a static host has no random card of a chapter/);
});

test('the key goes in x-api-key, never in a URL', async () => {
  const dataDir = tempDir('gita-data-');
  const keyed = await startServer('node', { dist, dataDir, env: { GITA_AUTH: 'required' } });
  try {
    const { key } = createKey({ GITA_DATA_DIR: dataDir }, 'client', '0');
    await new Promise((r) => setTimeout(r, 300));
    const seen: Array<{ url: string; key: string | null }> = [];
    const spy: typeof fetch = (input, init) => {
      seen.push({ url: String(input), key: new Headers(init?.headers).get('x-api-key') });
      return fetch(input, init);
    };
    const c = createClient({ baseUrl: keyed.url, apiKey: key, fetch: spy });
    assert.is((await c.verse(1, 1))._id, 'BG1.1');
    await c.random({ chapter: 2 }, { lang: 'en' });
    await c.today();
    assert.ok(seen.length >= 3 && seen.every((s) => s.key === key && !s.url.includes(key)), JSON.stringify(seen.map((s) => s.url)));
    const refused = await createClient({ baseUrl: keyed.url }).verse(1, 1).catch((e) => e);
    assert.is(refused.status, 401);
    assert.is(refused.message, 'API key required');
  } finally {
    await keyed.stop();
  }
});

test('retry waits Retry-After once (a minute or less); without retry, 429 is a GitaError with retryAfter', async () => {
  let calls = 0;
  const flaky: typeof fetch = async () => {
    calls++;
    return calls === 1 ? new Response('{"error":"Rate limit exceeded"}', { status: 429, headers: { 'retry-after': '1' } }) : new Response('[]', { status: 200 });
  };
  const t0 = Date.now();
  assert.equal(await createClient({ baseUrl: 'http://x/', fetch: flaky, retry: true }).chapters(), []);
  assert.is(calls, 2);
  assert.ok(Date.now() - t0 >= 950, 'waited the second it was told');
  calls = 0;
  const err = await createClient({ baseUrl: 'http://x/', fetch: flaky }).chapters().catch((e) => e);
  assert.equal([err.status, err.retryAfter, err.message, calls], [429, 1, 'Rate limit exceeded', 1]);
  const long: typeof fetch = async () => new Response('{"error":"Rate limit exceeded"}', { status: 429, headers: { 'retry-after': '40000' } });
  const late = await createClient({ baseUrl: 'http://x/', fetch: long, retry: true }).chapters().catch((e) => e);
  assert.equal([late.status, late.retryAfter], [429, 40000], 'a daily quota\'s wait is for the caller to decide');
});

test('cache: ETags are kept and answers come from 304s', async () => {
  const statuses: number[] = [];
  const counting: typeof fetch = async (input, init) => {
    const r = await fetch(input, init);
    statuses.push(r.status);
    return r;
  };
  const c = createClient({ baseUrl: server.url, fetch: counting, cache: true });
  const first = await c.verse(2, 47, { lang: 'en' });
  const second = await c.verse(2, 47, { lang: 'en' });
  assert.equal(second, first);
  assert.equal(statuses, [200, 304]);
  second.slok = 'changed';
  assert.is.not((await c.verse(2, 47, { lang: 'en' })).slok, 'changed', 'each answer is a copy');
});

test('types: an example app compiles against dist/client.d.ts; what must not compile does not', () => {
  const app = tempDir('gita-typed-');
  writeFileSync(join(app, 'client.js'), readFileSync(join(dist, FILES.client)));
  writeFileSync(join(app, 'client.d.ts'), readFileSync(join(dist, FILES.clientTypes)));
  writeFileSync(join(app, 'package.json'), '{"type":"module"}');
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', noEmit: true, lib: ['ES2022', 'DOM'], types: [] }, files: ['app.ts'] }));
  writeFileSync(join(app, 'app.ts'), readFileSync(join(PROJECT_ROOT, 'test', 'client', 'example-app.ts.txt'), 'utf8'));
  const tsc = (dir: string) => spawnSync(process.execPath, [join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir, '--pretty', 'false'], { encoding: 'utf8' });
  const ok = tsc(app);
  assert.is(ok.status, 0, ok.stdout + ok.stderr);
  // Without the @ts-expect-error markers the same lines fail: the types do narrow.
  writeFileSync(join(app, 'app.ts'), readFileSync(join(app, 'app.ts'), 'utf8').replaceAll('// @ts-expect-error', '//'));
  const bad = tsc(app);
  assert.is.not(bad.status, 0);
  const errors = bad.stdout.split('\n').filter((l) => l.includes('error TS'));
  assert.is(errors.length, 9, bad.stdout);
});

test.run();
