// What `npm start` does on a fresh checkout, on the real content: import, a
// quick build of all but the cards, downloads, reading pages, word analysis
// and the derived files' twins (a 503 with Retry-After on the port
// meanwhile), a server on it that answers those routes with 503 too,
// compresses on demand what has no twin yet and says in /healthz what is
// pending, and the rest built in the background, which the server then
// serves (its twins instead of compression on demand); and what `npm run
// build` then does with that dist/: build it again, compressed as it is
// published. A failed preparation leaves no dist/ and frees the port. The
// import and the first build run in a process of their own, as `npm start`
// runs them, so that the server keeps none of their memory.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { freePort } from '../helpers/net.ts';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildAndStamp, ensureBuilt } from '../../src/publish/ensure.ts';
import { staleness } from '../../src/publish/stamp.ts';
import type { Manifest } from '../../src/contract/manifest.ts';
import { answerWhilePreparing, STARTING_RETRY_AFTER_S } from '../../src/http/preparing.ts';
import { ERRORS } from '../../src/contract/errors.ts';
import { FILES, isBinary, isCard } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import { partOf } from '../../src/contract/build-parts.ts';
import { buildInBackground } from '../../src/publish/background.ts';
import { LATER_PARTS } from '../../src/contract/manifest.ts';
import { linkedCopy, rewrite, tempDir, hook } from '../helpers/fs.ts';
import { privateBuildCache } from '../helpers/dist.ts';
import { startServer, type Running } from '../helpers/server.ts';
import { fetchRaw } from '../helpers/http.ts';
import { ACCEPTS, checkCodings, checkHeadAndRange, decode, type Coded } from '../helpers/encodings.ts';

const root = tempDir('gita-ensure-');
const contentDir = join(root, 'content');
const distDir = join(root, 'dist');
const stampFile = join(root, 'stamp.json');
// A copy of the tests' build cache (test/helpers/dist.ts): the published twins of the same records are there.
let cacheDir = '';
const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, FILES.manifest), 'utf8'));


function get(port: number, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string } | null> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', () => resolve(null));
    req.end();
  });
}

let port = 0;
const during: Array<NonNullable<Awaited<ReturnType<typeof get>>>> = [];
const said: string[] = [];
const stages = new Set<string>();
/** What this process said and showed of the preparation: nothing, the child process did. */
const saidHere: string[] = [];
const stagesHere: string[] = [];
let later = false;

test.before(hook(async () => {
  cacheDir = await privateBuildCache();
  port = await freePort();
  let preparing = true;
  const prepared = ensureBuilt({
    contentDir,
    distDir,
    cacheDir,
    stampFile,
    say: (line) => saidHere.push(line),
    progress: (message) => stagesHere.push(message),
    whilePreparing: () => answerWhilePreparing('127.0.0.1', port),
    later: true,
    // As `npm start` prepares: in a process of its own, its lines (a log's, plain) passed here.
    apart: (line) => {
      said.push(line);
      // In a log each stage opens with a line of its own: "import: validating...".
      if (line.endsWith('...')) stages.add(line.slice(0, -3));
    },
  }).finally(() => (preparing = false));
  // Ask as a client polling for the server would, until the preparation is over.
  while (preparing) {
    const reply = await get(port, '/chapter/2');
    if (reply && preparing) during.push(reply);
    await new Promise((r) => setTimeout(r, 200));
  }
  later = await prepared;
}));

test('a fresh checkout: imported and built quickly in a process of its own, the records and the pages first and every other part for later, saying what it does stage by stage', () => {
  assert.ok(later, 'the rest is left for later');
  assert.equal([saidHere, stagesHere], [[], []], 'prepared by another process');
  assert.ok(said.some((l) => /^content\/ is missing: preparing it/.test(l)), said.join('\n'));
  assert.ok(said.some((l) => /^imported 18 chapters and 719 verse records/.test(l)), said.join('\n'));
  assert.ok(said.some((l) => new RegExp(`^built \\d+ files in .*; ${LATER_PARTS.join(', ')} follow in the background`).test(l)), said.join('\n'));
  for (const stage of ['import: validating', 'import: writing', 'build: compressing', 'build: writing']) assert.ok(stages.has(stage), `${stage} in ${[...stages]}`);
  assert.not.ok(stages.has('build: rendering cards'), 'no card drawn before the server answers');
  const first = manifestOf(distDir);
  assert.equal(first.pending, [...LATER_PARTS]);
  assert.ok(first.files[FILES.verse(2, 47)] && first.files[FILES.chapters] && first.files[ROUTE.authors.file!] && first.files[FILES.docs] && first.files[FILES.openapi], 'the records, the chapters, the authors, the docs page, OpenAPI');
  const left = Object.keys(first.files).filter((p) => partOf(p) !== null);
  assert.equal(left, [], 'no file of a later part (language forms, words, links, search, scripts, pages, downloads, cards)');
  for (const [path, entry] of Object.entries(first.files)) assert.ok(isBinary(path) || (entry.br && entry.gzip), `${path}: its twins, from the first build`);
  assert.match(staleness(stampFile, contentDir, distDir, 'quick') ?? '', /^dist\/ is unfinished/, 'a start that stops now is finished by the next');
});

let server: Running | undefined;
test.after(async () => {
  await server?.stop();
});
test('served at once: the records answer, the routes of the parts still in the making answer 503 with Retry-After, not counted', async () => {
  server = await startServer('node', { dist: distDir, dataDir: tempDir('gita-ensure-data-') });
  for (const path of ['/chapter/2', '/slok/2/47', '/slok/2/47?lang=en', '/slok/2/47/en.json', '/chapter/2/slok', '/read/2']) assert.is((await fetchRaw(server!.url, path)).status, 200, path);
  for (const path of [...SERVED_LATER, '/gita.svg', '/gita.png', '/slok/2/47/gita.png', '/downloads/gita.json', '/slok/2/47/analysis.json', '/read/2/47', '/client.js', '/linker.js', '/search.js', '/search/index.json', '/slok/2/47/links.json']) {
    const r = await fetchRaw(server!.url, path);
    assert.is(r.status, 503, path);
    assert.is(r.headers['retry-after'], String(STARTING_RETRY_AFTER_S), path);
    assert.equal(JSON.parse(r.text), ERRORS.starting.body, path);
  }
  assert.is((await fetchRaw(server!.url, '/slok/2/99/gita.svg')).status, 404, 'an unknown verse is still 404');
});

/** Every route family the first build serves: none of these waits for a part still pending. */
const SERVED_FIRST = [
  '/chapters', '/chapter/2', '/chapter/2/slok', '/chapter/2/slok?lang=en', '/chapter/2/slok/hi.json', '/chapter/2/slok?authors=siva&fields=siva.et',
  '/slok/2/47', '/slok/today', '/slok/2/47?lang=en', '/slok/2/47?lang=hi&authors=tej', '/slok/2/47?fields=transliteration,siva', '/slok/2/47/en.json',
  '/verses?ref=2.47-50', '/verses/2.47', '/verses?ref=2', '/verses?ref=2.1-3.20&lang=en', '/slok/2/1-72', '/slok/2/47-50?lang=en',
  '/authors', '/authors/siva', '/read/2', '/pricing', '/', '/docs/api', '/openapi.json', '/manifest.json',
];
/** And the families of the parts built later: 503 with Retry-After until the background build brings them. */
const SERVED_LATER = [
  '/slok/2/47/words', '/slok/2/47/words.json', '/slok/2/47/links', '/works', '/works/chandogya-upanisad', '/search?q=karma', '/search?q=karma&format=html', '/read/2/47',
  '/slok/2/47/analysis', '/lemma/atman', '/lemma/karman.json', '/lemmas', '/read/lemma/atman', '/slok/2/47/meter', '/slok/2/73/meter.json', '/meters', '/versions', '/versions/besant', '/slok/2/47/versions', '/read/2?lang=te', '/read/2?version=besant', '/slok/2/47/gita.svg', '/slok/2/47/gita-dark.svg', '/slok/today/gita.svg', '/gita.svg?ch=2&sl=47',
];
/** Answers under 1 kB: they go as they are. */
const SMALL_ON_DEMAND = ['/slok/2/47?fields=_id', '/chapter/2?fields=x'];

const firstAnswers = new Map<string, Coded>();
test('from the first answer: every answer over 1 kB goes brotli or gzip to a client that takes it, decoding byte for byte to the identity answer; small ones and clients that take none get identity', async () => {
  for (const path of SERVED_FIRST) firstAnswers.set(path, await checkCodings(server!.url, path, 'any'));
  for (const path of SMALL_ON_DEMAND) await checkCodings(server!.url, path, 'identity');
  // A chapter's list is not a file yet: it is cut from the records, and compressed on demand.
  assert.not.ok(existsSync(join(distDir, FILES.chapterVerses(2))), 'no list on disk yet');
  assert.ok(firstAnswers.get('/chapter/2/slok')!.identity.body.length > 3_000_000, 'the whole list of chapter 2, megabytes');
});

test('the pages of errors too: a 404 or 400 page over 1 kB goes compressed to a client that takes it, the same bytes once decoded', async () => {
  for (const [path, status] of [['/read/99', 404], ['/read/2?lang=xx', 400]] as const) {
    const plain = await fetchRaw(server!.url, path);
    assert.is(plain.status, status, path);
    assert.ok(plain.body.length > 1024, `${path}: ${plain.body.length} bytes`);
    for (const { header, coding } of ACCEPTS) {
      const r = await fetchRaw(server!.url, path, { headers: { 'accept-encoding': header } });
      assert.is(r.status, status, path);
      assert.is(r.headers['content-encoding'], coding, `${path} [${header}]`);
      assert.is(Number(r.headers['content-length']), r.body.length, `${path} [${header}]: its length`);
      assert.ok(decode(r).equals(plain.body), `${path} [${header}]: decodes to the page`);
    }
  }
});

test('compressed on demand, an answer takes HEAD and If-None-Match as a twin on disk does', async () => {
  for (const [path, header] of [['/chapter/2/slok', 'br'], ['/chapter/2/slok?lang=en', 'gzip'], ['/read/2', 'br']] as const) {
    // Made by the server (a list cut from the records, a page): HEAD and 304, as every made answer.
    const coded = firstAnswers.get(path)!.coded[header];
    const head = await fetchRaw(server!.url, path, { method: 'HEAD', headers: { 'accept-encoding': header } });
    assert.is(head.headers['content-length'], coded.headers['content-length'], path);
    assert.is(head.body.length, 0, path);
    assert.is((await fetchRaw(server!.url, path, { headers: { 'accept-encoding': header, 'if-none-match': coded.headers.etag } })).status, 304, path);
  }
});

test('/healthz while the rest is built: 200 (the process answers), ready false, and the parts still pending', async () => {
  const r = await fetchRaw(server!.url, '/healthz');
  assert.is(r.status, 200);
  const h = JSON.parse(r.text);
  assert.is(h.ready, false);
  assert.equal(h.pending, [...LATER_PARTS]);
  assert.is(h.status, 'ok');
});

test('the background build finishes it, and the running server serves it: every later part; stamped current', async () => {
  const lines: string[] = [];
  const child = buildInBackground({ contentDir, distDir, cacheDir, stampFile }, (l) => lines.push(l));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  assert.is(code, 0, lines.join('\n'));
  assert.match(lines.join('\n'), new RegExp(`the rest of the build \\(${LATER_PARTS.join(', ')}\\) is done after`));
  assert.is(manifestOf(distDir).pending, undefined);
  // The server sees the new dist/ (a watch, or its poll every 5 s).
  const deadline = Date.now() + 15_000;
  while ((await fetchRaw(server!.url, '/slok/2/47/gita.svg')).status !== 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const path of [...SERVED_LATER, '/gita.svg', '/slok/2/47/gita.png', '/downloads/gita.json', '/client.js', '/search/index.json']) assert.is((await fetchRaw(server!.url, path)).status, 200, path);
  assert.match(server!.output(), /serving build [0-9a-f]+ \(dist\/ was rebuilt\)/);
  const health = JSON.parse((await fetchRaw(server!.url, '/healthz')).text);
  assert.equal([health.pending, health.ready], [[], true], 'ready, nothing pending');
  // Every family compressed, the later ones too; and the twins of the whole build replace compression on demand: the answer is the file's twin, byte for byte.
  for (const path of [...SERVED_FIRST, ...SERVED_LATER]) await checkCodings(server!.url, path, 'any');
  for (const [path, file] of [['/chapter/2/slok', FILES.chapterVerses(2)], ['/chapter/2/slok?lang=en', FILES.chapterVerses(2, 'en')], ['/slok/2/47/words', filled(ROUTE['verse-words'].file!, { ch: 2, sl: 47 })], ['/slok/2/47/gita.svg', FILES.card(2, 47)], ['/lemma/atman', filled(ROUTE.lemma.file!, { lemma: 'ātman' })]]) {
    for (const [header, suffix] of [['br', '.br'], ['gzip', '.gz']]) {
      const r = await fetchRaw(server!.url, path, { headers: { 'accept-encoding': header } });
      assert.ok(r.body.equals(readFileSync(join(distDir, file + suffix))), `${path} [${header}]: its twin ${file}${suffix}`);
    }
  }
  const list = await fetchRaw(server!.url, '/chapter/2/slok', { headers: { 'accept-encoding': 'br' } });
  assert.not.ok(list.body.equals(firstAnswers.get('/chapter/2/slok')!.coded.br.body), 'no longer the bytes compressed on demand');
  await checkHeadAndRange(server!.url, '/chapter/2/slok', 'br', list);
  await server!.stop();
  assert.is(JSON.parse(readFileSync(stampFile, 'utf8')).effort, 'quick');
  assert.is(staleness(stampFile, contentDir, distDir, 'quick'), null, 'current for npm start');
  assert.match(staleness(stampFile, contentDir, distDir, 'full') ?? '', /compressed quickly/, 'not for the benchmark or publishing');
});

test('while it prepared, the port answered 503 with Retry-After and the contract error body, nothing else', () => {
  assert.ok(during.length > 0, 'asked at least once during the preparation');
  for (const reply of during) {
    assert.is(reply.status, 503);
    assert.is(reply.headers['retry-after'], String(STARTING_RETRY_AFTER_S));
    assert.is(reply.headers['cache-control'], 'no-store');
    assert.equal(JSON.parse(reply.body), ERRORS.starting.body);
  }
});

test('afterwards the port is free for the server', async () => {
  assert.is(await get(port, '/chapter/2'), null);
  const server = createServer().listen(port, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  server.close();
});

let quick: Manifest;
test('the quick dist/: every text file with brotli and gzip twins of its bytes, at quick levels, the cards and the derived files too', () => {
  quick = manifestOf(distDir);
  const record = quick.files[FILES.verse(2, 47)];
  assert.ok(record.br && record.gzip);
  const bytes = readFileSync(join(distDir, FILES.verse(2, 47)));
  assert.ok(brotliDecompressSync(readFileSync(join(distDir, FILES.verse(2, 47) + '.br'))).equals(bytes));
  assert.ok(gunzipSync(readFileSync(join(distDir, FILES.verse(2, 47) + '.gz'))).equals(bytes));
  for (const [path, entry] of Object.entries(quick.files)) assert.ok(isBinary(path) ? !entry.br && !entry.gzip : entry.br && entry.gzip, `${path}: twins`);
  for (const path of [FILES.card(2, 47), FILES.chapterVerses(2), filled(ROUTE['verse-words'].file!, { ch: 2, sl: 47 })]) {
    const bytes = readFileSync(join(distDir, path));
    assert.ok(brotliDecompressSync(readFileSync(join(distDir, path + '.br'))).equals(bytes), `${path}.br`);
    assert.ok(gunzipSync(readFileSync(join(distDir, path + '.gz'))).equals(bytes), `${path}.gz`);
  }
  // The downloads have both twins even here: a client that takes brotli never gets 58 MB of SQLite raw.
  for (const path of Object.values(FILES.downloads)) assert.ok(quick.files[path].br && quick.files[path].gzip, `${path}: twins in a quick build`);
  assert.ok(gunzipSync(readFileSync(join(distDir, FILES.downloads.json + '.gz'))).equals(readFileSync(join(distDir, FILES.downloads.json))));
});

test('npm run build remakes it as published: the same files byte for byte, every twin, the records smaller; stamped full', async () => {
  await buildAndStamp({ contentDir, distDir, cacheDir, stampFile, seed: quick.daily.seed });
  const full = manifestOf(distDir);
  assert.equal(Object.keys(full.files).sort(), Object.keys(quick.files).sort());
  for (const [path, entry] of Object.entries(full.files)) {
    assert.is(entry.sha256, quick.files[path].sha256, `${path}: the same bytes`);
    // Every text file has its twins (the SVG cards too); the binary ones (PNG, ICO, woff2: compressed already) never do.
    assert.ok(isBinary(path) ? !entry.br && !entry.gzip : entry.br && entry.gzip, `${path}: twins`);
  }
  const record = FILES.verse(2, 47);
  assert.ok(full.files[record].br! < quick.files[record].br!, 'records compressed harder');
  const cards = Object.keys(full.files).filter(isCard);
  assert.is(cards.length, 719 * 3 + 6, 'every card in three themes, and the two of the day');
  for (const path of cards) assert.ok(brotliDecompressSync(readFileSync(join(distDir, path + '.br'))).equals(readFileSync(join(distDir, path))), `${path}.br`);
  assert.is(JSON.parse(readFileSync(stampFile, 'utf8')).effort, 'full');
  assert.is(staleness(stampFile, contentDir, distDir, 'full'), null);
  assert.is(staleness(stampFile, contentDir, distDir, 'quick'), null, 'npm start serves it as it is');
});

test('a preparation that fails leaves no dist/ (nor a half-made one) and frees the port', async () => {
  const dir = tempDir('gita-ensure-fail-');
  const content = await linkedCopy(contentDir);
  // An audit of another version: the build refuses it before writing anything.
  rewrite(join(content, 'audit.json'), '{"version":2}');
  const failPort = await freePort();
  const prepare = (apart?: (line: string) => void) =>
    ensureBuilt({
      contentDir: content,
      distDir: join(dir, 'dist'),
      cacheDir: null,
      stampFile: join(dir, 'stamp.json'),
      say: () => {},
      whilePreparing: () => answerWhilePreparing('127.0.0.1', failPort),
      apart,
    }).catch((e: Error) => e);
  const err = await prepare();
  assert.instance(err, Error);
  assert.is((err as Error).name, 'BuildError');
  assert.equal(readdirSync(dir), [], 'no dist/, no staging folder, no stamp');
  assert.is(await get(failPort, '/'), null);
  // Prepared apart, as `npm start` does: the child's error is this one's, the port freed alike.
  const lines: string[] = [];
  const apart = await prepare((line) => lines.push(line));
  assert.instance(apart, Error);
  assert.is((apart as Error).name, 'BuildError');
  assert.match((apart as Error).message, /^dist\/ could not be prepared \(exit 1\): .*audit\.json: not an audit of this version/);
  assert.ok(lines.some((l) => l.startsWith('error: ')), lines.join('\n'));
  assert.equal(readdirSync(dir), [], 'no dist/, no staging folder, no stamp');
  assert.is(await get(failPort, '/'), null);
});

test.run();
