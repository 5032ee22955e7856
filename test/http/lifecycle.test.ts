// The server's life: graceful shutdown with requests in flight, slow
// clients, a new build picked up while serving, on Node, Deno and Bun.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from 'node:net';
import { readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { FILES } from '../../src/layout.ts';
import { tempDir, hook, shallowCopy } from '../helpers/fs.ts';
import { nextBuild, testDist } from '../helpers/dist.ts';
import { RUNTIMES, startServer, type Runtime } from '../helpers/server.ts';
import { fetchRaw, until } from '../helpers/http.ts';

/** Count complete HTTP/1.1 responses in `data` (each with a Content-Length body). */
function completeResponses(data: Buffer): number[] {
  const statuses: number[] = [];
  let at = 0;
  for (;;) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end === -1) break;
    const head = data.subarray(at, end).toString();
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    if (end + 4 + length > data.length) break;
    statuses.push(Number(head.slice(9, 12)));
    at = end + 4 + length;
  }
  return statuses;
}

function lifecycle(runtime: Runtime) {
  const t = suite(`server lifecycle (${runtime})`);
  let distDir: string;

  t.before(hook(async () => {
    ({ distDir } = await testDist());
  }));

  t('SIGTERM: in-flight requests finish, then the process exits 0', async () => {
    const server = await startServer(runtime, { dist: distDir, dataDir: tempDir() });
    const manifest = JSON.parse(readFileSync(join(distDir, FILES.manifest), 'utf8'));
    // The largest record (about 440 kB): twenty of them do not fit in the socket buffers.
    const [largest] = Object.entries(manifest.files as Record<string, { size: number }>)
      .filter(([p]) => p.endsWith('index.json'))
      .sort((a, b) => b[1].size - a[1].size)[0];
    const path = largest.replace(/\/index\.json$/, '');
    // Ten connections, each with a large answer in flight: the client reads the first bytes, then stops reading.
    const clients = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const socket = connect(server.port, '127.0.0.1');
        const chunks: Buffer[] = [];
        socket.on('data', (c) => chunks.push(c));
        socket.on('error', () => {});
        const closed = new Promise((r) => socket.on('close', r));
        await new Promise((r) => socket.on('connect', r));
        socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        while (!chunks.length) await new Promise((r) => setTimeout(r, 5));
        socket.pause();
        return { socket, chunks, closed };
      }),
    );
    const exit = server.stop('SIGTERM');
    // The server says it is stopping right before it closes its listener (in the same tick): a fixed wait was too short on a loaded machine.
    await until(() => /SIGTERM: finishing in-flight requests/.test(server.output()), 'the server to say it is stopping');
    await new Promise((r) => setTimeout(r, 100));
    const refused = await fetchRaw(server.url, '/healthz').then(() => false, () => true);
    for (const c of clients) c.socket.resume();
    const code = await exit;
    await Promise.all(clients.map((c) => c.closed));
    const statuses = clients.flatMap((c) => completeResponses(Buffer.concat(c.chunks)));
    assert.equal(statuses, new Array(10).fill(200), 'every answer in flight was delivered whole');
    assert.ok(refused, 'no new connection is accepted once stopping');
    assert.is(code, 0);
    assert.match(server.output(), /SIGTERM: finishing in-flight requests/);
  });

  t('SIGINT exits 0 too', async () => {
    const server = await startServer(runtime, { dist: distDir, dataDir: tempDir() });
    assert.is((await fetchRaw(server.url, '/healthz')).status, 200);
    assert.is(await server.stop('SIGINT'), 0);
  });

  t('a new build is picked up while serving, without a failed request', async () => {
    const dist = shallowCopy(distDir);
    const next = await nextBuild();
    const server = await startServer(runtime, { dist, dataDir: tempDir() });
    try {
      const before = JSON.parse((await fetchRaw(server.url, '/healthz')).text).build;
      let stop = false;
      const failures: string[] = [];
      let served = 0;
      const hammer = (async () => {
        while (!stop) {
          for (const p of ['/chapter/2', '/slok/2/47', '/slok', '/gita.svg', '/manifest.json']) {
            const r = await fetchRaw(server.url, p).catch((e: Error) => ({ status: 0, text: e.message }));
            if (r.status !== 200) failures.push(`${p}: ${r.status} ${r.text.slice(0, 80)}`);
            served++;
          }
        }
      })();
      // Served under load before, during and after the swap.
      while (served < 20) await new Promise((r) => setTimeout(r, 20));
      await next.swapInto(dist);
      let after = before;
      for (let i = 0; i < 100 && after === before; i++) {
        await new Promise((r) => setTimeout(r, 50));
        after = JSON.parse((await fetchRaw(server.url, '/healthz')).text).build;
      }
      await new Promise((r) => setTimeout(r, 200));
      stop = true;
      await hammer;
      assert.is(after, next.build, 'the server serves the new build');
      assert.not.equal(after, before);
      assert.equal(failures, [], 'no request failed during the swap');
      assert.ok(served > 20);
      assert.match(server.output(), /dist\/ was rebuilt/);
    } finally {
      await server.stop();
    }
  });

  t('a file asked for while a rebuild swaps dist/ (no dist/ for a moment) is served, not a 500; with dist/ gone, a plain 500', async () => {
    const dist = shallowCopy(distDir);
    const server = await startServer(runtime, { dist, dataDir: tempDir() });
    try {
      // Between its two renames a swap leaves no dist/; here that moment is held for 150 ms.
      renameSync(dist, `${dist}.aside`);
      const asked = fetchRaw(server.url, FILES.audit);
      await new Promise((r) => setTimeout(r, 150));
      renameSync(`${dist}.aside`, dist);
      const r = await asked;
      assert.is(r.status, 200);
      assert.is(r.text, readFileSync(join(dist, FILES.audit), 'utf8'));
      // Gone for longer than a swap takes: a plain 500, without the file's ETag or caching.
      renameSync(dist, `${dist}.aside`);
      const gone = await fetchRaw(server.url, FILES.audit).finally(() => renameSync(`${dist}.aside`, dist));
      assert.is(gone.status, 500);
      assert.is(gone.headers.etag, undefined);
      assert.not.match(String(gone.headers['cache-control']), /public/);
    } finally {
      await server.stop();
    }
  });

  if (runtime === 'deno') {
    // Deno.serve has no header or request timeout to set; the README says to put a proxy in front.
    t('a slow client (headers trickling in) holds its connection on Deno (no header timeout), without holding up other requests', async () => {
      const server = await startServer(runtime, { dist: distDir, dataDir: tempDir() });
      try {
        const socket = connect(server.port, '127.0.0.1');
        let data = '';
        let closed = false;
        socket.on('data', (d) => (data += d));
        socket.on('close', () => (closed = true));
        await new Promise((r) => socket.on('connect', r));
        socket.write('GET /slok HTTP/1.1\r\nHost: x\r\n');
        // Four header lines, half a second apart, each followed by a request on another connection.
        for (let i = 0; i < 4; i++) {
          await new Promise((r) => setTimeout(r, 500));
          socket.write('X-Slow: 1\r\n');
          assert.is((await fetchRaw(server.url, '/healthz')).status, 200, 'the server answers others meanwhile');
        }
        assert.not.ok(closed, 'the trickling connection is still open');
        assert.is(data, '', 'and has no answer yet');
        socket.destroy();
      } finally {
        await server.stop();
      }
    });
    return t;
  }

  t('a slow client (headers trickling in) is cut off', async () => {
    const server = await startServer(runtime, { dist: distDir, dataDir: tempDir() });
    try {
      const socket = connect(server.port, '127.0.0.1');
      let data = '';
      socket.on('data', (d) => (data += d));
      const started = Date.now();
      socket.write('GET /slok HTTP/1.1\r\nHost: x\r\n');
      const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 500);
      await new Promise((r) => socket.on('close', r));
      clearInterval(drip);
      const took = Date.now() - started;
      assert.ok(took < 15_000, `closed after ${took} ms`);
      // Bun has no header timeout either, but its idle timeout (10 s) counts from the request's start: the connection is closed, with no answer.
      if (runtime === 'bun') assert.ok(data === '' || /^HTTP\/1\.1 408 /.test(data), `closed with ${JSON.stringify(data.slice(0, 80))} after ${took} ms`);
      else assert.match(data, /^HTTP\/1\.1 408 /);
      assert.is((await fetchRaw(server.url, '/healthz')).status, 200, 'the server still answers');
    } finally {
      await server.stop();
    }
  });

  return t;
}

for (const runtime of RUNTIMES) lifecycle(runtime).run();
