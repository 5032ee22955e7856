// One server to a data folder: a second server on the same GITA_DATA_DIR
// refuses to start, in one sentence naming the first's pid, and exits 1
// (its counts would overwrite the first's). The lock goes when the server
// stops, and a lock whose server died is taken over. Servers on Redis share
// a folder freely. On Node, Deno and Bun, with one worker or several.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SERVER_LOCK } from '../../src/keys/owner.ts';
import { testDist } from '../helpers/dist.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { dropPrefix, sharedRedis, testPrefix } from '../helpers/redis.ts';
import { RUNTIMES, startServer, type Runtime } from '../helpers/server.ts';

/** Start a server expected to refuse; its output, which must say it exited 1 before listening. */
async function refused(runtime: Runtime, dist: string, dataDir: string, env: Record<string, string> = {}): Promise<string> {
  const err = await startServer(runtime, { dist, dataDir, env }).then(
    async (s) => {
      await s.stop();
      throw new Error(`a second ${runtime} server started on ${dataDir}`);
    },
    (e: Error) => e.message,
  );
  assert.match(err, /exited \(1\) before listening/, err);
  return err.slice(err.indexOf('\n') + 1).trim();
}

function dataDirSuite(runtime: Runtime) {
  const t = suite(`one server to a data folder (${runtime})`);

  for (const workers of ['1', '2']) {
    t(`a second server (${workers} worker${workers === '1' ? '' : 's'}) refuses, naming the first's pid; the first stops and the lock goes`, async () => {
      const { distDir: dist } = await testDist();
      const dataDir = join(tempDir('gita-owner-'), 'data');
      const first = await startServer(runtime, { dist, dataDir, env: { GITA_WORKERS: workers } });
      const pid = Number(readFileSync(join(dataDir, SERVER_LOCK), 'utf8'));
      try {
        assert.ok(pid > 0);
        const said = await refused(runtime, dist, dataDir, { GITA_WORKERS: workers });
        assert.is(
          said,
          `error: ${dataDir} is in use by another server (pid ${pid}), and two servers on one data folder would lose each other's counts; stop it, give this one another --data-dir, or share the counts through Redis (--redis-url)`,
        );
        // The first still serves, its lock untouched.
        assert.is((await fetch(`${first.url}/healthz`)).status, 200);
        assert.is(readFileSync(join(dataDir, SERVER_LOCK), 'utf8').trim(), String(pid));
      } finally {
        assert.is(await first.stop(), 0, first.output());
      }
      assert.not.ok(existsSync(join(dataDir, SERVER_LOCK)), 'the lock is released at a normal exit');
    });
  }

  t('a lock whose server died is taken over', async () => {
    const { distDir: dist } = await testDist();
    const dataDir = tempDir('gita-owner-');
    // The pid of a process that has exited.
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']).stdout.toString().trim();
    writeFileSync(join(dataDir, SERVER_LOCK), `${dead}\n`);
    // Untouched for a minute, as a dead holder leaves it (Deno, which may not ask after a pid, goes by that).
    const before = new Date(Date.now() - 60_000);
    utimesSync(join(dataDir, SERVER_LOCK), before, before);
    const server = await startServer(runtime, { dist, dataDir });
    try {
      assert.is.not(readFileSync(join(dataDir, SERVER_LOCK), 'utf8').trim(), dead);
      assert.is((await fetch(`${server.url}/healthz`)).status, 200);
    } finally {
      await server.stop();
    }
  });

  return t;
}

for (const runtime of RUNTIMES) dataDirSuite(runtime).run();

const redis = suite('servers on Redis share a data folder');
let url = '';
// The shared Redis first: without it the suite fails at once, in one line.
redis.before(hook(async () => {
  url = await sharedRedis();
}));
redis('a second server on the folder starts, and both answer', async () => {
  const prefix = testPrefix();
  const { distDir: dist } = await testDist();
  const dataDir = tempDir('gita-owner-');
  const env = { REDIS_URL: url, GITA_REDIS_PREFIX: prefix };
  const a = await startServer('node', { dist, dataDir, env });
  try {
    const b = await startServer('node', { dist, dataDir, env });
    try {
      assert.is((await fetch(`${b.url}/healthz`)).status, 200);
      assert.is((await fetch(`${a.url}/healthz`)).status, 200);
    } finally {
      await b.stop();
    }
  } finally {
    await a.stop();
    await dropPrefix(url, prefix);
  }
});
redis.run();
