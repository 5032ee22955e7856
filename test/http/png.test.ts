// PNG cards from the server, over real HTTP: 1200x630, image/png, drawn on
// the first request and the same bytes after (ETag, 304), from two server
// processes alike; the SVG card's queries and theme names; and the docs
// page naming the host it was asked on (or GITA_PUBLIC_URL).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { FILES } from '../../src/layout.ts';
import { pngSize } from '../../src/card/png.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';
import { startServer, type Running } from '../helpers/server.ts';

let a: Running;
let b: Running;
test.before(hook(async () => {
  const { distDir: dist } = await testDist();
  [a, b] = await Promise.all([
    startServer('node', { dist, dataDir: tempDir() }),
    startServer('node', { dist, dataDir: tempDir(), env: { GITA_PUBLIC_URL: 'https://gita.example.org/' } }),
  ]);
}));
test.after(hook(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
}));

const sha = (body: Buffer) => createHash('sha256').update(body).digest('hex');

test('a verse PNG: 1200x630 image/png, uncompressed whatever the client accepts, ETag and 304', async () => {
  const r = await fetchRaw(a.url, FILES.cardPng(2, 47), { headers: { 'accept-encoding': 'br, gzip' } });
  assert.is(r.status, 200);
  assert.is(r.headers['content-type'], 'image/png');
  assert.is(r.headers['content-encoding'], undefined, 'a PNG is compressed already');
  assert.equal(pngSize(r.body), { width: 1200, height: 630 });
  assert.is(Number(r.headers['content-length']), r.body.length);
  assert.ok(r.headers.etag);
  assert.match(r.headers['cache-control'], /public/);
  const again = await fetchRaw(a.url, FILES.cardPng(2, 47), { headers: { 'if-none-match': r.headers.etag } });
  assert.is(again.status, 304);
  assert.is(again.body.length, 0);
  const head = await fetchRaw(a.url, FILES.cardPng(2, 47), { method: 'HEAD' });
  assert.is(head.status, 200);
  assert.is(head.headers.etag, r.headers.etag);
});

test('the same bytes on every call and from another server process', async () => {
  for (const path of [FILES.cardPng(2, 47), FILES.cardPng(11, 21, 'dark'), FILES.cardPng(18, 79, 'light')]) {
    const [x, y, z] = await Promise.all([fetchRaw(a.url, path), fetchRaw(a.url, path), fetchRaw(b.url, path)]);
    assert.is(x.status, 200, path);
    assert.is(sha(x.body), sha(y.body), `${path}: same call twice`);
    assert.is(sha(x.body), sha(z.body), `${path}: another process`);
    assert.is(x.headers.etag, z.headers.etag);
  }
});

test("themes: gita.png is the light picture, gita-dark.png and ?theme=dark the dark one; /gita.png takes /gita.svg's queries", async () => {
  const get = async (path: string) => {
    const r = await fetchRaw(a.url, path);
    assert.is(r.status, 200, path);
    return sha(r.body);
  };
  const light = await get('/slok/2/47/gita-light.png');
  const dark = await get('/slok/2/47/gita-dark.png');
  assert.is.not(light, dark);
  assert.is(await get('/slok/2/47/gita.png'), light);
  assert.is(await get('/slok/2/47/gita.png?theme=dark'), dark);
  assert.is(await get('/gita.png?ch=2&sl=47'), light);
  assert.is(await get('/gita-dark.png?ch=2&sl=47'), dark);
  assert.is(await get('/gita.png?ch=2&sl=47&theme=dark'), dark);
  const random = await fetchRaw(a.url, '/gita.png?ch=3&speaker=krishna');
  assert.is(random.status, 200);
  assert.match(random.headers['cache-control'], /no-store/);
  assert.is(random.headers.etag, undefined);
  const today = await fetchRaw(a.url, '/slok/today/gita-dark.png?date=2026-01-01');
  assert.is(today.status, 200);
  assert.equal(pngSize(today.body), { width: 1200, height: 630 });
  assert.match(today.headers['cache-control'], /max-age=86400/);
});

test('what names no card is the verse 404, and a value it cannot take the 400, as for the SVG card', async () => {
  for (const path of ['/gita.png?ch=2&sl=99', '/gita.png?theme=blue', '/gita.png?speaker=nobody', '/slok/today/gita.png?date=2026-02-30']) {
    const [r, svg] = await Promise.all([fetchRaw(a.url, path), fetchRaw(a.url, path.replace('.png', '.svg'))]);
    assert.is(r.status, 400, path);
    assert.is(r.text, svg.text, `${path}: the SVG card's 400`);
  }
  for (const path of ['/slok/2/74/gita.png', '/slok/19/1/gita.png', '/slok/2/47/gita-sepia.png']) {
    const [r, svg] = await Promise.all([fetchRaw(a.url, path), fetchRaw(a.url, path.replace('.png', '.svg'))]);
    assert.is(r.status, 404, path);
    assert.is(svg.status, 404, path);
    assert.is(r.text, svg.text, `${path}: the SVG card's 404`);
  }
});

test('Deno draws the same bytes (resvg through --allow-ffi)', async () => {
  const deno = await startServer('deno', { dist: (await testDist()).distDir, dataDir: tempDir() });
  try {
    const [x, y] = await Promise.all([fetchRaw(a.url, FILES.cardPng(3, 5, 'dark')), fetchRaw(deno.url, FILES.cardPng(3, 5, 'dark'))]);
    assert.is(y.status, 200, deno.output());
    assert.is(sha(y.body), sha(x.body));
  } finally {
    await deno.stop();
  }
});

test('the docs page names the host it was asked on, or GITA_PUBLIC_URL; a strange Host gets the placeholder', async () => {
  const here = await fetchRaw(a.url, '/', { headers: { host: 'gita.local:8080' } });
  assert.is(here.status, 200);
  assert.match(here.text, /curl http:\/\/gita\.local:8080\/slok\/2\/47/);
  assert.not.match(here.text, /this host&gt;/);
  const proxied = await fetchRaw(a.url, '/', { headers: { host: 'api.example.com', 'x-forwarded-proto': 'https' } });
  assert.match(proxied.text, /curl https:\/\/api\.example\.com\/slok\/2\/47/);
  const configured = await fetchRaw(b.url, '/', { headers: { host: 'elsewhere.example.net' } });
  assert.match(configured.text, /curl https:\/\/gita\.example\.org\/slok\/2\/47/);
  assert.not.match(configured.text, /elsewhere\.example/);
  const strange = await fetchRaw(a.url, '/', { headers: { host: '"><script>x' } });
  assert.is(strange.status, 200);
  assert.not.match(strange.text, /<script>x/);
  assert.match(strange.text, /https:\/\/&lt;this host&gt;\/slok\/2\/47/);
  const etag = here.headers.etag;
  assert.ok(etag);
  assert.is((await fetchRaw(a.url, '/', { headers: { host: 'gita.local:8080', 'if-none-match': etag } })).status, 304);
});

test.run();
