// Unexpected failures answer 500 {"error":"Internal Server Error"}, never a
// stack, and the server keeps serving: a failure injected into the app, over
// real HTTP through the Node adapter, and through the web adapter.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, type App } from '../../src/http/app.ts';
import { loadDist } from '../../src/http/assets.ts';
import { createNodeServer } from '../../src/http/node.ts';
import { webHandler } from '../../src/http/web.ts';
import { FileKeyStore } from '../../src/keys/file-store.ts';
import { createLimiter, memoryFactory } from '../../src/keys/limits.ts';
import { FileUsageStore } from '../../src/keys/usage.ts';
import { tempDir, hook, shallowCopy } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';

const quietLog = { request() {}, line() {}, flush() {} };
let app: App;
let failing: App;
let distCopy: string;

test.before(hook(async () => {
  const { distDir } = await testDist();
  distCopy = shallowCopy(distDir);
  const data = tempDir();
  app = createApp({
    dist: await loadDist(distCopy),
    auth: 'optional',
    keys: await FileKeyStore.open(data),
    usage: await FileUsageStore.open(data, { flushEveryMs: 0 }),
    limiter: createLimiter(memoryFactory),
    anonLimit: 0,
  });
  // The injected failure: the app throws on one path, synchronously or not.
  failing = {
    ...app,
    handle(req) {
      if (req.url === '/boom') throw new Error(`secret detail at ${distCopy}`);
      if (req.url === '/boom-later') return Promise.reject(new Error('later'));
      return app.handle(req);
    },
  };
}));

async function withNodeServer(a: App, fn: (url: string, errors: unknown[]) => Promise<void>) {
  const errors: unknown[] = [];
  const server = createNodeServer({ app: a, log: quietLog, onError: (e) => errors.push(e) });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, errors);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

test('node: an exception in the app is a 500 with the contract body, and the server goes on', async () => {
  await withNodeServer(failing, async (url, errors) => {
    for (const path of ['/boom', '/boom-later']) {
      const r = await fetchRaw(url, path);
      assert.is(r.status, 500);
      assert.is(r.headers['content-type'], 'application/json; charset=utf-8');
      assert.is(r.text, '{"error":"Internal Server Error"}');
      assert.is(r.headers['access-control-allow-origin'], '*');
    }
    assert.is(errors.length, 2, 'the operator hears of both');
    assert.is((await fetchRaw(url, '/chapter/2')).status, 200);
  });
});

test('node: a file that vanished under the static layer is a 500, not a hang or a stack', async () => {
  rmSync(join(distCopy, 'audit.json.br'));
  await withNodeServer(app, async (url) => {
    const r = await fetchRaw(url, '/audit.json', { headers: { 'accept-encoding': 'br' } });
    assert.is(r.status, 500);
    assert.is(r.text, '{"error":"Internal Server Error"}');
    assert.is((await fetchRaw(url, '/audit.json')).status, 200, 'the identity file is still there');
  });
});

test('web adapter: the same 500 body, and no detail leaks', async () => {
  const errors: unknown[] = [];
  const handler = webHandler({ app: failing, log: quietLog, onError: (e) => errors.push(e) });
  for (const path of ['/boom', '/boom-later']) {
    const res = await handler(new Request(`http://localhost${path}`));
    assert.is(res.status, 500);
    const body = await res.text();
    assert.is(body, '{"error":"Internal Server Error"}');
    assert.not.match(body, /secret|dist/);
  }
  assert.is(errors.length, 2);
  const ok = await handler(new Request('http://localhost/chapter/2'));
  assert.is(ok.status, 200);
});

test.run();
