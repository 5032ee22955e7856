// Files of dist/ as every engine sends them: from one open file (its length
// that file's), a byte range when one is asked (a download resumed), and
// /manifest.json from the build being served, never the file on disk when a
// newer build has replaced it. And the same answer for a path with dot
// segments on the three engines (Bun resolves them before the handler sees
// the path; the others do it in the app).
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp, removeDotSegments } from '../../src/http/app.ts';
import { loadDist } from '../../src/http/assets.ts';
import { byteRange } from '../../src/http/file.ts';
import { FileKeyStore } from '../../src/keys/file-store.ts';
import { createLimiter, memoryFactory } from '../../src/keys/limits.ts';
import { FileUsageStore } from '../../src/keys/usage.ts';
import { FILES } from '../../src/layout.ts';
import { hook, shallowCopy, rewrite, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';
import { RUNTIMES, startServer, type Running, type Runtime } from '../helpers/server.ts';

const unit = suite('files: ranges, dot segments, the manifest served');

unit('byteRange: the forms of one range, and what cannot be satisfied', () => {
  assert.equal(byteRange(undefined, 100), null);
  assert.equal(byteRange('bytes=0-9', 100), [0, 9]);
  assert.equal(byteRange('bytes=90-', 100), [90, 99]);
  assert.equal(byteRange('bytes=-10', 100), [90, 99]);
  assert.equal(byteRange('bytes=-1000', 100), [0, 99]);
  assert.equal(byteRange('bytes=50-1000', 100), [50, 99]);
  assert.is(byteRange('bytes=100-', 100), 'unsatisfiable');
  assert.is(byteRange('bytes=9-3', 100), 'unsatisfiable');
  assert.is(byteRange('bytes=-0', 100), 'unsatisfiable');
  // Not one byte range: the whole file, as HTTP allows.
  assert.equal(byteRange('bytes=0-1,5-6', 100), null);
  assert.equal(byteRange('lines=1-2', 100), null);
  assert.equal(byteRange('bytes=-', 100), null);
});

unit('removeDotSegments: as RFC 3986 resolves them', () => {
  assert.is(removeDotSegments('/..'), '/');
  assert.is(removeDotSegments('/../../etc/passwd'), '/etc/passwd');
  assert.is(removeDotSegments('/a/../chapter/2'), '/chapter/2');
  assert.is(removeDotSegments('/./slok/./2/47'), '/slok/2/47');
  assert.is(removeDotSegments('/slok/2/.'), '/slok/2/');
  assert.is(removeDotSegments('/%2e%2E/chapter/%2e/2'), '/chapter/2');
  assert.is(removeDotSegments('/slok/..hidden'), '/slok/..hidden');
  assert.is(removeDotSegments('/verses/BG%202.47'), '/verses/BG%202.47');
});

unit('/manifest.json is the manifest of the build served, even when dist/ on disk holds another one', async () => {
  const dir = shallowCopy((await testDist()).distDir);
  const served = readFileSync(join(dir, FILES.manifest));
  const data = tempDir();
  const app = createApp({ dist: await loadDist(dir), auth: 'off', keys: await FileKeyStore.open(data), usage: await FileUsageStore.open(data, { flushEveryMs: 0 }), limiter: createLimiter(memoryFactory), anonLimit: 0 });
  // A newer build's manifest lands on disk before the server has loaded that build.
  rewrite(join(dir, FILES.manifest), JSON.stringify({ version: 'the next build' }));
  const r = await app.handle({ method: 'GET', url: FILES.manifest, header: () => undefined, ip: '127.0.0.1', body: async () => null });
  assert.is(r.status, 200);
  assert.ok(Buffer.from(r.body as Uint8Array).equals(served), 'the bytes of the build served');
});

unit.run();

function filesSuite(runtime: Runtime) {
  const t = suite(`files (${runtime})`);
  let server: Running;
  let dist: string;
  t.before(hook(async () => {
    dist = (await testDist()).distDir;
    server = await startServer(runtime, { dist, dataDir: tempDir() });
  }));
  t.after(hook(async () => {
    await server?.stop();
  }));

  t('a download resumed: one byte range, 206 with Content-Range; past the end 416', async () => {
    const file = readFileSync(join(dist, FILES.downloads.ndjson));
    const size = file.length;
    const whole = await fetchRaw(server.url, FILES.downloads.ndjson);
    assert.is(whole.status, 200);
    assert.is(whole.headers['content-length'], String(size));
    assert.is(whole.headers['accept-ranges'], 'bytes');
    const first = await fetchRaw(server.url, FILES.downloads.ndjson, { headers: { range: 'bytes=0-99' } });
    assert.is(first.status, 206);
    assert.is(first.headers['content-range'], `bytes 0-99/${size}`);
    assert.ok(first.body.equals(file.subarray(0, 100)));
    const rest = await fetchRaw(server.url, FILES.downloads.ndjson, { headers: { range: `bytes=${size - 1000}-` } });
    assert.is(rest.status, 206);
    assert.ok(rest.body.equals(file.subarray(size - 1000)));
    const past = await fetchRaw(server.url, FILES.downloads.ndjson, { headers: { range: `bytes=${size}-` } });
    assert.is(past.status, 416);
    assert.is(past.headers['content-range'], `bytes */${size}`);
  });

  // Node's adapter: a client that goes while its file is being opened or sent leaves no file open (before, the
  // handle waited for the garbage collector, which warned "Closing file descriptor ... on garbage collection").
  if (runtime === 'node')
    t('clients that go mid-answer leave no file of dist/ open', async () => {
      const open = () => readdirSync(`/proc/${server.proc.pid}/fd`).length;
      const { hostname, port } = new URL(server.url);
      await fetchRaw(server.url, FILES.downloads.json, { method: 'HEAD' });
      const before = open();
      for (let round = 0; round < 5; round++) {
        await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            new Promise<void>((done) => {
              const socket = connect(Number(port), hostname, () => {
                socket.write(`GET ${i % 2 ? FILES.downloads.json : FILES.downloads.sqlite} HTTP/1.1\r\nHost: x\r\n\r\n`);
                // Gone at once, or after the first bytes of the answer.
                if (i % 4 < 2) setImmediate(() => socket.destroy());
                else socket.once('data', () => socket.destroy());
              });
              socket.on('close', () => done());
              socket.on('error', () => {});
            }),
          ),
        );
      }
      let after = open();
      for (let i = 0; i < 20 && after > before + 2; i++) {
        await new Promise((r) => setTimeout(r, 100));
        after = open();
      }
      assert.ok(after <= before + 2, `the server has ${after} descriptors open, ${before} before 100 clients went mid-answer`);
    });

  t('a path with dot segments is the path they resolve to', async () => {
    const docs = await fetchRaw(server.url, '/');
    const up = await fetchRaw(server.url, '/..');
    assert.is(up.status, docs.status);
    assert.is(up.headers.etag, docs.headers.etag);
    const chapter = await fetchRaw(server.url, '/chapter/2');
    const around = await fetchRaw(server.url, '/slok/../chapter/2');
    assert.is(around.status, 200);
    assert.ok(around.body.equals(chapter.body));
    assert.is((await fetchRaw(server.url, '/../../etc/passwd')).status, 404);
  });
  return t;
}

for (const runtime of RUNTIMES) filesSuite(runtime).run();
