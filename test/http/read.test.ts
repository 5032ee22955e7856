// The reading pages and the downloads on the server, over real HTTP: pages
// rendered per request with absolute addresses from the request's host (or
// GITA_PUBLIC_URL), ?lang= and ?author=, the verse 404 as a page, and the
// downloads as metered files with their twins. Node and Deno.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { NOT_FOUND } from '../../src/contract/errors.ts';
import type { ChapterRecord, VerseRecord } from '../../src/content/schema.ts';
import { chapterPage } from '../../src/pages/read.ts';
import { ROUTES } from '../../src/contract/routes/index.ts';
import { FILES } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import type { Manifest } from '../../src/contract/manifest.ts';
import { hook, SHARED_DATA, tempDir } from '../helpers/fs.ts';
import { createKey } from '../helpers/cli.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';
import { startServer, type Running, type Runtime } from '../helpers/server.ts';

const meta = (html: string) => Object.fromEntries([...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [m[1], m[2]]));

function reading(runtime: Runtime) {
  const t = suite(`reading pages and downloads (${runtime})`);
  let server: Running;
  let configured: Running;
  let dist: string;
  let key: string;

  t.before(hook(async () => {
    ({ distDir: dist } = await testDist());
    // Anonymous callers are unlimited here (no burst window in the way); a key's answers show the metering.
    const dataDir = tempDir();
    ({ key } = createKey({ GITA_DATA_DIR: dataDir }, 'reader', '1000/day'));
    [server, configured] = await Promise.all([
      startServer(runtime, { dist, dataDir }),
      startServer(runtime, { dist, dataDir: tempDir(), env: { GITA_PUBLIC_URL: 'https://gita.example/api/' } }),
    ]);
  }));
  t.after(hook(async () => {
    await Promise.all([server?.stop(), configured?.stop()]);
  }));

  t('a verse page: HTML, counted, its tags absolute from the request\'s host', async () => {
    const r = await fetchRaw(server.url, '/read/2/47', { headers: { host: 'reader.example:8443', 'x-api-key': key } });
    assert.is(r.status, 200);
    assert.match(r.headers['content-type'], /^text\/html/);
    assert.ok(r.headers['x-ratelimit-limit'], 'metered like the other scripture routes');
    const m = meta(r.text);
    assert.is(m['og:url'], 'http://reader.example:8443/read/2/47');
    assert.is(m['og:image'], 'http://reader.example:8443/slok/2/47/gita.png');
    assert.is(m['twitter:card'], 'summary_large_image');
    assert.match(r.text, /<link rel="canonical" href="http:\/\/reader\.example:8443\/read\/2\/47">/);
    const behindTls = meta((await fetchRaw(server.url, '/read/2/47', { headers: { host: 'reader.example', 'x-forwarded-proto': 'https' } })).text);
    assert.is(behindTls['og:url'], 'https://reader.example/read/2/47');
    // A Host that is not a plain host is never written into the page: root-relative addresses instead.
    for (const host of ['"><script>alert(1)</script>', 'evil.example/path', 'a b', 'x'.repeat(300)]) {
      const page = await fetchRaw(server.url, '/read/2/47', { headers: { host } });
      assert.not.ok(page.text.includes('<script>alert'), host);
      // Deno's server turns some of these away itself (a URL cannot be made of them): a 4xx, never a page that names them.
      if (runtime === 'deno' && page.status !== 200) assert.ok(page.status >= 400 && page.status < 500, `${host}: ${page.status}`);
      else assert.is(meta(page.text)['og:url'], '/read/2/47', host);
    }
    // ETag and 304, as every derived answer.
    const again = await fetchRaw(server.url, '/read/2/47', { headers: { host: 'reader.example:8443', 'if-none-match': r.headers.etag } });
    assert.is(again.status, 304);
  });

  t('a Hindi page over HTTP: lang="hi", the speaker as the Gita names him, the display marks; the record keeps upstream\'s bytes', async () => {
    const r = await fetchRaw(server.url, '/read/2/47?lang=hi');
    assert.is(r.status, 200);
    assert.match(r.text, /<html lang="hi">/);
    assert.match(r.text, /श्रीभगवान् उवाच/);
    assert.not.match(r.text, /Spoken by|did not comment/);
    assert.match(r.text, /सङ्गोऽस्त्वकर्मणि<span class="num"> ॥२-४७॥<\/span>/);
    assert.match(r.text, /saṅgo&#39;stvakarmaṇi<span class="num"> \|\|2-47\|\|<\/span>/);
    const chapter = await fetchRaw(server.url, '/read/2');
    assert.not.match(chapter.text, /<span lang="en">2\.\d+ /, '/read/2 does not say "2.1 2.1"');
    const record = JSON.parse((await fetchRaw(server.url, '/slok/2/47')).text);
    const source = JSON.parse(readFileSync(join(SHARED_DATA, 'slok', 'bhagavadgita_chapter_2_slok_47.json'), 'utf8'));
    assert.is(record.slok, source.slok);
    assert.is(record.transliteration, source.transliteration);
  });

  t('GITA_PUBLIC_URL wins over the host', async () => {
    const m = meta((await fetchRaw(configured.url, '/read/18/66?lang=hi', { headers: { host: 'other.example' } })).text);
    assert.is(m['og:url'], 'https://gita.example/api/read/18/66?lang=hi');
    assert.is(m['og:image'], 'https://gita.example/api/slok/18/66/gita.png');
  });

  t('?lang= and ?author= choose the translation; bad values, a parameter twice and authors (the API\'s plural) are a 400 page', async () => {
    const hi = await fetchRaw(server.url, '/read/2/47?lang=hi&author=rams');
    assert.is(hi.status, 200);
    assert.match(hi.text, /— स्वामी रामसुखदास/, 'named in Devanagari on a Hindi page');
    const en = await fetchRaw(server.url, '/read/2/47?author=prabhu');
    assert.match(en.text, /— A\.C\. Bhaktivedanta Swami Prabhupada/);
    for (const q of ['lang=sa', 'lang=', 'author=nobody', 'author=__proto__', 'author=%3Cscript%3E', 'lang=en&lang=hi', 'author=siva&author=tej', 'authors=siva']) {
      const bad = await fetchRaw(server.url, `/read/2/47?${q}`);
      assert.is(bad.status, 400, q);
      assert.match(bad.headers['content-type'], /^text\/html/, `${q}: a page, as the route answers`);
      assert.match(bad.text, /<h1>Bad request<\/h1>/, q);
      assert.not.match(bad.text, /<script>/, q);
    }
    assert.match((await fetchRaw(server.url, '/read/2/47?author=xyz')).text, /author: &quot;xyz&quot; is not a commentary here; expected one commentary key: /);
    assert.match((await fetchRaw(server.url, '/read/2?authors=siva')).text, /authors: not a parameter of this route; did you mean author\?/);
  });

  t('?version= and ?lang=te over HTTP: the version\'s text and credit, a verse it lacks said so; both author and version, or an unknown version, a 400 page', async () => {
    const versions = (id: string, ch: number, sl: number) => (JSON.parse(readFileSync(join(dist, filled(ROUTE['verse-versions'].file!, { ch, sl })), 'utf8')) as { versions: Array<{ id: string; text: string | null; credit: string }> }).versions.find((v) => v.id === id)!;
    const besant = await fetchRaw(server.url, '/read/2/47?version=besant');
    assert.is(besant.status, 200);
    assert.ok(besant.text.includes(versions('besant', 2, 47).text!), 'her text');
    assert.ok(besant.text.includes(versions('besant', 2, 47).credit.replace(/'/g, '&#39;')), 'her credit');
    const te = await fetchRaw(server.url, '/read/1/13?lang=te');
    assert.is(te.status, 200);
    assert.match(te.text, /<html lang="te">/);
    assert.match(te.text, /లో ఈ శ్లోకం లేదు\./);
    assert.ok((await fetchRaw(server.url, '/read/1?lang=te')).text.includes('ఈ అధ్యాయ సారాంశం'), 'the chapter page in Telugu');
    for (const q of ['version=besant&author=siva', 'version=nope', 'version=', 'version=besant&version=besant', 'lang=te&lang=en']) {
      const bad = await fetchRaw(server.url, `/read/2/47?${q}`);
      assert.is(bad.status, 400, q);
      assert.match(bad.text, /<h1>Bad request<\/h1>/, q);
    }
    assert.match((await fetchRaw(server.url, '/read/2/47?version=nope')).text, /version: &quot;nope&quot; is not a version here; expected one version id: besant, telugu-wikisource/);
  });

  t('a chapter page made from the cut records is the page made from whole ones', async () => {
    const { chapters, verses } = JSON.parse(readFileSync(join(dist, FILES.downloads.json), 'utf8')) as { chapters: ChapterRecord[]; verses: VerseRecord[] };
    const base = `http://${new URL(server.url).host}`;
    const list = (JSON.parse(readFileSync(join(dist, FILES.manifest), 'utf8')) as Manifest).content.versions;
    // The shown version's texts, from the whole download (not the verses' files the server reads).
    const { versions: texts } = JSON.parse(readFileSync(join(dist, FILES.downloads.json), 'utf8')) as { versions: Array<{ id: string; texts: Array<{ ref: string; text: string }> }> };
    const textsOf = (id: string | null) => (id ? new Map(texts.find((v) => v.id === id)!.texts.map((t) => [t.ref, t.text])) : undefined);
    const cases = [[18, { lang: 'en', author: null }, null], [2, { lang: 'hi', author: null }, null], [12, { lang: 'en', author: 'gambir' }, null], [1, { lang: 'hi', author: 'sankar' }, null], [1, { lang: 'te', author: null }, 'telugu-wikisource'], [2, { lang: 'en', author: null, version: 'besant' }, 'besant']] as const;
    for (const [ch, o, shown] of cases) {
      const q = new URLSearchParams(Object.entries(o).filter(([k, v]) => v && !(k === 'lang' && v === 'en')) as string[][]).toString();
      const served = await fetchRaw(server.url, `/read/${ch}${q ? `?${q}` : ''}`);
      const own = verses.filter((v) => v.chapter === ch);
      const byRef = textsOf(shown);
      const versions = { list, texts: byRef && new Map(own.map((v) => [v._id, byRef.get(v._id) ?? null])) };
      const whole = chapterPage({ chapter: chapters[ch - 1], verses: own, prev: chapters[ch - 2] ?? null, next: chapters[ch] ?? null, versions, options: o, base });
      assert.is(served.text, whole, `/read/${ch}?${q}`);
    }
  });

  t('a chapter page, and the verse 404 as a page', async () => {
    const ch = await fetchRaw(server.url, '/read/2');
    assert.is(ch.status, 200);
    assert.is([...ch.text.matchAll(/<li><a href="[^"]*\/read\/2\/\d+">/g)].length, 73);
    for (const path of ['/read/2/74', '/read/19', '/read/0/1', '/read/2/47/x', '/read', '/read/%zz']) {
      const r = await fetchRaw(server.url, path);
      assert.is(r.status, 404, path);
      assert.match(r.headers['content-type'], /^text\/html/, path);
      assert.ok(r.text.includes(NOT_FOUND.verse), path);
    }
    assert.match((await fetchRaw(server.url, '/slok/2/74')).headers['content-type'], /^text\/plain/, "the API's 404 stays text");
  });

  t('the downloads: the files of the manifest, metered, compressed when asked; nothing else', async () => {
    const manifest: Manifest = JSON.parse(readFileSync(join(dist, FILES.manifest), 'utf8'));
    const entry = manifest.files[FILES.downloads.sqlite];
    const plain = await fetchRaw(server.url, '/downloads/gita.sqlite', { headers: { 'x-api-key': key } });
    assert.is(plain.status, 200);
    assert.is(plain.headers['content-type'], 'application/vnd.sqlite3');
    assert.ok(plain.headers['x-ratelimit-limit'], 'metered');
    assert.is(createHash('sha256').update(plain.body).digest('hex'), entry.sha256);
    const gz = await fetchRaw(server.url, '/downloads/gita.ndjson', { headers: { 'accept-encoding': 'gzip' } });
    assert.is(gz.headers['content-encoding'], 'gzip');
    assert.is(createHash('sha256').update(gunzipSync(gz.body)).digest('hex'), manifest.files[FILES.downloads.ndjson].sha256);
    const br = await fetchRaw(server.url, '/downloads/gita.json', { headers: { 'accept-encoding': 'br' } });
    assert.is(br.headers['content-encoding'], 'br');
    assert.is(JSON.parse(brotliDecompressSync(br.body).toString()).verses.length, manifest.content.verses + manifest.content.colophons);
    for (const path of ['/downloads/gita.epub', '/downloads/gita.json.br', '/downloads/..%2fmanifest.json', '/downloads/manifest.json', '/downloads']) {
      assert.is((await fetchRaw(server.url, path)).status, 404, path);
    }
    // A dot segment is resolved (as Bun resolves it before the app sees the path): /downloads/.. is /, the docs.
    assert.is((await fetchRaw(server.url, '/downloads/%2e%2e')).headers.etag, (await fetchRaw(server.url, '/')).headers.etag);
  });

  t("og:image names the verse's PNG card route, which answers the card as a PNG", async () => {
    const image = meta((await fetchRaw(server.url, '/read/2/47', { headers: { host: 'reader.example' } })).text)['og:image'];
    const path = new URL(image).pathname;
    assert.is(path, '/slok/2/47/gita.png');
    assert.ok(ROUTES.some((r) => r.path === '/slok/{ch}/{sl}/gita.png'), 'a route of the table');
    const png = await fetchRaw(server.url, path);
    assert.is(png.status, 200);
    assert.is(png.headers['content-type'], 'image/png');
    assert.equal([...png.body.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'the PNG signature');
  });

  return t;
}

reading('node').run();
reading('deno').run();
