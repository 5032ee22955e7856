// What `npm start` does on a fresh checkout, on the real content: import, a
// quick build (stamped so), a 503 with Retry-After on the port meanwhile; and
// what `npm run build` then does with that dist/: build it again, compressed
// as it is published. A failed preparation leaves no dist/ and frees the port.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildAndStamp, ensureBuilt } from '../../src/publish/ensure.ts';
import { staleness } from '../../src/publish/stamp.ts';
import type { Manifest } from '../../src/publish/manifest.ts';
import { answerWhilePreparing, STARTING_RETRY_AFTER_S } from '../../src/http/preparing.ts';
import { ERRORS } from '../../src/http/errors.ts';
import { FILES, isBinary } from '../../src/layout.ts';
import { PATHS } from '../../src/paths.ts';
import { linkedCopy, rewrite, tempDir, hook } from '../helpers/fs.ts';

const root = tempDir('gita-ensure-');
const contentDir = join(root, 'content');
const distDir = join(root, 'dist');
const stampFile = join(root, 'stamp.json');
// The tests' build cache (test/helpers/dist.ts): the published twins of the same records are there after the server suites.
const cacheDir = join(PATHS.buildCache, '..', 'build-tests');
const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, FILES.manifest), 'utf8'));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

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

test.before(hook(async () => {
  port = await freePort();
  let preparing = true;
  const prepared = ensureBuilt({
    contentDir,
    distDir,
    cacheDir,
    stampFile,
    say: (line) => said.push(line),
    progress: (message) => stages.add(message),
    whilePreparing: () => answerWhilePreparing('127.0.0.1', port),
  }).finally(() => (preparing = false));
  // Ask as a client polling for the server would, until the preparation is over.
  while (preparing) {
    const reply = await get(port, '/chapter/2');
    if (reply && preparing) during.push(reply);
    await new Promise((r) => setTimeout(r, 200));
  }
  await prepared;
}));

test('a fresh checkout: imported and built quickly, saying what it does stage by stage', () => {
  assert.match(said[0], /^content\/ is missing: preparing it/);
  assert.ok(said.some((l) => /^imported 18 chapters and 719 verse records/.test(l)), said.join('\n'));
  assert.ok(said.some((l) => /^built \d+ files in/.test(l)), said.join('\n'));
  for (const stage of ['import: validating', 'import: writing', 'build: rendering cards', 'build: compressing', 'build: writing']) assert.ok(stages.has(stage), `${stage} in ${[...stages]}`);
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
test('the quick dist/: records, chapters and cards with brotli and gzip twins of their bytes; the derived files without', () => {
  quick = manifestOf(distDir);
  const record = quick.files[FILES.verse(2, 47)];
  assert.ok(record.br && record.gzip);
  const bytes = readFileSync(join(distDir, FILES.verse(2, 47)));
  assert.ok(brotliDecompressSync(readFileSync(join(distDir, FILES.verse(2, 47) + '.br'))).equals(bytes));
  assert.ok(gunzipSync(readFileSync(join(distDir, FILES.verse(2, 47) + '.gz'))).equals(bytes));
  assert.ok(quick.files[FILES.card(2, 47)].br);
  const list = quick.files[FILES.chapterVerses(2)];
  assert.is(list.br, undefined);
  assert.not.ok(existsSync(join(distDir, FILES.chapterVerses(2) + '.br')));
});

test('npm run build remakes it as published: the same files byte for byte, every twin, the records smaller; stamped full', async () => {
  await buildAndStamp({ contentDir, distDir, cacheDir, stampFile, seed: quick.daily.seed });
  const full = manifestOf(distDir);
  assert.equal(Object.keys(full.files).sort(), Object.keys(quick.files).sort());
  for (const [path, entry] of Object.entries(full.files)) {
    assert.is(entry.sha256, quick.files[path].sha256, `${path}: the same bytes`);
    // Every text file has its twins; the binary ones (PNG, ICO, woff2: compressed already) never do.
    assert.ok(isBinary(path) ? !entry.br && !entry.gzip : entry.br && entry.gzip, `${path}: twins`);
  }
  const record = FILES.verse(2, 47);
  assert.ok(full.files[record].br! < quick.files[record].br!, 'records compressed harder');
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
  const err = await ensureBuilt({
    contentDir: content,
    distDir: join(dir, 'dist'),
    cacheDir: null,
    stampFile: join(dir, 'stamp.json'),
    say: () => {},
    whilePreparing: () => answerWhilePreparing('127.0.0.1', failPort),
  }).catch((e: Error) => e);
  assert.instance(err, Error);
  assert.is((err as Error).name, 'BuildError');
  assert.equal(readdirSync(dir), [], 'no dist/, no staging folder, no stamp');
  assert.is(await get(failPort, '/'), null);
});

test.run();
