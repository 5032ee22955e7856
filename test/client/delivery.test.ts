// The client delivered the two ways an app gets it: its own npm package
// (packages/client packed with npm pack, installed in a scratch app alone,
// imported as @gita-api/client)
// and dist/client.js from a host (imported by a page in Chromium, and by a
// Deno program that type-checks against X-TypeScript-Types).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FILES } from '../../src/layout.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { launch, requireChromium } from '../helpers/browser.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { requireNginx, staticHost } from '../helpers/nginx.ts';
import { startServer, type Running } from '../helpers/server.ts';

let dist: string;
let server: Running;
let nginx: { url: string; stop(): Promise<void> };
const file = (path: string) => JSON.parse(readFileSync(join(dist, path), 'utf8'));

test.before(hook(async () => {
  requireChromium();
  requireNginx();
  ({ distDir: dist } = await testDist());
  server = await startServer('node', { dist, dataDir: tempDir('gita-data-') });
  nginx = await staticHost(dist);
}));
test.after(hook(async () => {
  await Promise.all([server?.stop(), nginx?.stop()]);
}));

test('npm pack: the client package holds its built files alone, installs without a dependency, and reads from the server and from nginx', () => {
  const packed = tempDir('gita-pack-');
  const listing = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', packed], { cwd: join(PROJECT_ROOT, 'packages', 'client'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  assert.equal(listing[0].files.map((f: { path: string }) => f.path).sort(), ['LICENSE', 'README.md', 'index.d.ts', 'index.js', 'package.json']);
  const tarball = join(packed, listing[0].filename);
  const app = tempDir('gita-scratch-');
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  execFileSync('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--silent'], { cwd: app, stdio: 'pipe' });
  // What came with it: the package alone.
  const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dependencies?: object }> };
  assert.equal(Object.keys(lock.packages).filter(Boolean), ['node_modules/@gita-api/client']);
  assert.is(lock.packages['node_modules/@gita-api/client'].dependencies, undefined);
  assert.equal(readdirSync(join(app, 'node_modules')).filter((f) => !f.startsWith('.')), ['@gita-api']);
  writeFileSync(
    join(app, 'app.mjs'),
    `import { createClient } from '@gita-api/client';
const [server, host] = process.argv.slice(2);
const out = {};
for (const [name, c] of [['server', createClient({ baseUrl: server })], ['static', createClient({ baseUrl: host, mode: 'static' })]]) {
  out[name] = {
    verse: (await c.verse(2, 47))._id,
    english: (await c.verse(2, 47, { lang: 'en', authors: ['siva'] })).siva.et.slice(0, 25),
    today: (await c.today({ date: '2026-11-23' }))._id,
    chapter: (await c.chapter(2)).verses_count,
    chapterVerses: (await c.chapterVerses(12, { fields: ['_id'] })).length,
    search: (await c.search('karmanye vadhikaraste', { limit: 1 })).results[0]._id,
  };
}
console.log(JSON.stringify(out));
`,
  );
  const r = spawnSync(process.execPath, ['app.mjs', server.url, nginx.url], { cwd: app, encoding: 'utf8' });
  assert.is(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  const expect = { verse: 'BG2.47', english: '2.47 Thy right is to work', today: out.server.today, chapter: 72, chapterVerses: 21, search: 'BG2.47' };
  assert.equal(out.server, expect);
  assert.equal(out.static, expect, 'the same from a static host');
  // And its types, as a TypeScript app sees them through the package's exports.
  writeFileSync(join(app, 'typed.ts'), `import { createClient } from '@gita-api/client';\nconst v = await createClient({ baseUrl: 'http://x' }).verse(1, 1, { lang: 'hi' });\nconst t: string | undefined = v.rams?.ht;\n// @ts-expect-error: Hindi only\nconst e = v.siva?.et;\nexport { t, e };\n`);
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', noEmit: true, lib: ['ES2022', 'DOM'], types: [] }, files: ['typed.ts'] }));
  const tsc = spawnSync(process.execPath, [join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', app, '--pretty', 'false'], { encoding: 'utf8' });
  assert.is(tsc.status, 0, tsc.stdout);
});

test('Chromium: a page imports /client.js from the server, with the server as its default base, and renders a verse', async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    const shown = await page.evaluate(async () => {
      const { createClient } = await import('/client.js' as string);
      const gita = createClient();
      const v = await gita.verse(2, 47, { lang: 'en', authors: ['siva'] });
      const p = document.createElement('p');
      p.id = 'verse';
      p.textContent = `${v._id}: ${v.siva.et}`;
      document.body.prepend(p);
      return { base: gita.baseUrl, text: document.getElementById('verse')!.textContent };
    });
    assert.is(shown.base, `${server.url}/`);
    assert.is(shown.text, `BG2.47: ${file(FILES.verse(2, 47)).siva.et}`);
    // And from a page of another origin (the static host), across CORS.
    await page.goto(`${nginx.url}index.html`);
    const across = await page.evaluate(async (url) => {
      const { createClient } = await import(`${url}/client.js`);
      return (await createClient().chapter(2)).chapter_number;
    }, server.url);
    assert.is(across, 2);
  } finally {
    await browser.close();
  }
});

test('Chromium, no server: a page on a plain static host searches with search.js and the index', async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(`${nginx.url}index.html`);
    const found = await page.evaluate(async () => {
      const { openSearch } = await import('/search.js' as string);
      const s = await openSearch(location.origin);
      const r = s.search('lotus leaf', { limit: 3 });
      const list = document.createElement('ol');
      list.id = 'found';
      for (const x of r.results) list.append(Object.assign(document.createElement('li'), { textContent: `${x._id} ${x.matches[0].snippet.slice(0, 30)}` }));
      document.body.prepend(list);
      return { first: r.results[0]._id, shown: document.querySelectorAll('#found li').length };
    });
    assert.equal(found, { first: 'BG5.10', shown: 3 });
    // The client in static mode does the same through the host's search.js.
    const viaClient = await page.evaluate(async () => {
      const { createClient } = await import('/client.js' as string);
      return (await createClient({ mode: 'static' }).search('sarva dharman parityajya', { limit: 1 })).results[0]._id;
    });
    assert.is(viaClient, 'BG18.66');
  } finally {
    await browser.close();
  }
});

test('Deno imports client.js from the server with no install, and type-checks against X-TypeScript-Types', () => {
  const dir = tempDir('gita-deno-');
  const deno = join(PROJECT_ROOT, 'node_modules', '.bin', 'deno');
  const host = new URL(server.url).host;
  const env = { ...process.env, DENO_DIR: join(dir, 'cache'), NO_COLOR: '1' };
  writeFileSync(join(dir, 'main.ts'), `import { createClient } from '${server.url}/client.js';\nconst v = await createClient().verse(2, 47, { lang: 'en', authors: ['siva'] });\nconsole.log(v.siva?.et?.slice(0, 25));\n`);
  const run = spawnSync(deno, ['run', '--allow-net', `--allow-import=${host}`, 'main.ts'], { cwd: dir, env, encoding: 'utf8' });
  assert.is(run.status, 0, run.stderr);
  assert.is(run.stdout.trim(), '2.47 Thy right is to work');
  const check = spawnSync(deno, ['check', `--allow-import=${host}`, 'main.ts'], { cwd: dir, env, encoding: 'utf8' });
  assert.is(check.status, 0, check.stderr);
  writeFileSync(join(dir, 'bad.ts'), `import { createClient } from '${server.url}/client.js';\nconst v = await createClient().verse(2, 47, { lang: 'en' });\nconsole.log(v.siva?.ht);\n`);
  const bad = spawnSync(deno, ['check', `--allow-import=${host}`, 'bad.ts'], { cwd: dir, env, encoding: 'utf8' });
  assert.is.not(bad.status, 0, 'the declarations arrive and narrow');
  assert.match(bad.stderr, /ht/);
});

test.run();
