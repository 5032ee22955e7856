// Faults while serving: a rebuild from corrupt content, and SIGTERM under
// load. (A new build while serving, kill -9 with the embedded store and Redis
// killed under load are in lifecycle.test.ts, keys/embedded.test.ts and
// keys/redis.test.ts.)
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from '../../src/publish/build.ts';
import { verseFile } from '../../src/content/read.ts';
import { hook, linkedCopy, shallowCopy, rewrite, tempDir, treeFingerprint } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw, until } from '../helpers/http.ts';
import { startServer } from '../helpers/server.ts';

let distDir: string;
let contentDir: string;
test.before(hook(async () => {
  ({ distDir, contentDir } = await testDist());
}));

test('corrupt content: the build fails naming file and field, and the server keeps serving the previous build', async () => {
  const dist = shallowCopy(distDir);
  const server = await startServer('node', { dist, dataDir: tempDir() });
  try {
    const before = JSON.parse((await fetchRaw(server.url, '/healthz')).text).build;
    const files = treeFingerprint(dist);
    const broken = await linkedCopy(contentDir);
    const file = join(broken, verseFile(4, 12));
    rewrite(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), transliteration: 12 }));
    let message = '';
    await build({ contentDir: broken, outDir: dist, cacheDir: null, seed: 'broken' }).catch((e: Error) => (message = e.message));
    assert.match(message, /slok\/bhagavadgita_chapter_4_slok_12\.json: \$\.transliteration: expected a string, got the number 12/);
    await new Promise((r) => setTimeout(r, 300));
    assert.is(JSON.parse((await fetchRaw(server.url, '/healthz')).text).build, before, 'still the previous build');
    assert.is((await fetchRaw(server.url, '/slok/4/12')).status, 200);
    assert.equal(treeFingerprint(dist), files, 'dist/ untouched');
  } finally {
    await server.stop();
  }
});

test('SIGTERM under load: every answer begun is finished, nothing is 5xx, the process exits 0', async () => {
  const server = await startServer('node', { dist: distDir, dataDir: tempDir() });
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const outcome = { complete: 0, truncated: 0, failedBeforeAnswer: 0, serverErrors: 0 };
  let stopping = false;
  const one = (path: string) =>
    new Promise<void>((resolve) => {
      const req = request(`${server.url}${path}`, { agent }, (res) => {
        const expected = Number(res.headers['content-length']);
        let got = 0;
        res.on('data', (c: Buffer) => (got += c.length));
        res.on('end', () => {
          if (res.statusCode! >= 500) outcome.serverErrors++;
          if (got === expected) outcome.complete++;
          else outcome.truncated++;
          resolve();
        });
        res.on('error', () => {
          outcome.truncated++;
          resolve();
        });
      });
      req.on('error', () => {
        outcome.failedBeforeAnswer++;
        resolve();
      });
      req.end();
    });
  const clients = Array.from({ length: 32 }, async (_, i) => {
    const paths = ['/slok/2/47', '/chapters', '/slok', '/gita.svg', '/slok/11/41'];
    for (let n = 0; !stopping || n % 7 !== 0; n++) {
      await one(paths[(i + n) % paths.length]);
      if (outcome.failedBeforeAnswer > 500) break;
    }
  });
  // Under load: answers coming in on every connection before the signal.
  await until(() => outcome.complete >= 200, '200 answers before SIGTERM');
  const exit = server.stop('SIGTERM');
  stopping = true;
  const code = await exit;
  await Promise.all(clients);
  agent.destroy();
  assert.is(outcome.truncated, 0, 'no answer was cut off');
  assert.is(outcome.serverErrors, 0);
  assert.is(code, 0);
});

test.run();
