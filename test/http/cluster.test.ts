// Several workers (GITA_WORKERS=2) on one port, over real HTTP: quotas and
// usage stay exact across them, keys and a new build reach every worker, a
// worker killed under load is replaced without a malformed answer or a broken
// usage file, and SIGTERM stops the group with exit 0. On Node (node:cluster
// before 22.12; from 22.12, .ci/run's pass on Node 24, threads sharing the
// port with reusePort, and processes doing the same), and on Deno and Bun
// (processes with reusePort). Threads cannot be killed from outside: their
// replacement is tested in threads.test.ts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { request, Agent } from 'node:http';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { FILES } from '../../src/layout.ts';
import { createKey, gita } from '../helpers/cli.ts';
import { hook, shallowCopy, tempDir } from '../helpers/fs.ts';
import { nextBuild, testDist } from '../helpers/dist.ts';
import { fetchRaw, until } from '../helpers/http.ts';
import { requireProgram } from '../helpers/programs.ts';
import { RUNTIMES, startServer, type Running, type Runtime } from '../helpers/server.ts';
import { nodeReusesPort } from '../../src/http/start.ts';

/** `kind`: GITA_WORKER_KIND, on a Node that has both (22.12 and later). */
function clusterSuite(runtime: Runtime, kind?: 'threads' | 'processes') {
  const t = suite(`several workers on one port (${runtime}${kind ? `, ${kind}` : ''})`);
  const threads = kind === 'threads';
  let server: Running;
  let dataDir: string;
  let dist: string;

  t.before(hook(async () => {
    // ps lists the workers.
    requireProgram('ps', 'procps');
    const built = await testDist();
    // A private copy: this suite swaps a new build in while serving.
    dist = shallowCopy(built.distDir);
    dataDir = tempDir('gita-data-');
    server = await startServer(runtime, { dist, dataDir, env: { GITA_WORKERS: '2', GITA_ANON_LIMIT: '0', ...(kind && { GITA_WORKER_KIND: kind }) } });
  }));
  t.after(hook(async () => {
    await server?.stop();
  }));

  /** The pids of the workers (the server's children; ps exits 1 when it lists none). */
  /** The primary's living children. A killed worker stays in ps as a zombie (stat Z) until the primary reaps it, which Node 24 may do a moment later. */
  const workers = () =>
    spawnSync('ps', ['--ppid', String(server.proc.pid), '-o', 'pid=,stat='])
      .stdout.toString()
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([pid, stat]) => pid && !stat?.startsWith('Z'))
      .map(([pid]) => Number(pid));

  /** `n` requests at once, each on its own connection (so they spread over the workers). */
  const burst = (n: number, path: string, headers: Record<string, string> = {}) => Promise.all(Array.from({ length: n }, () => fetchRaw(server.url, path, { headers })));

  t('two workers serve, and /healthz says so', async () => {
    // Threads: no process but the primary.
    assert.is(workers().length, threads ? 0 : 2);
    // Two malloc arenas each, and the mmap threshold (supervisor.ts, workerEnv): the environment the kernel gave each worker.
    for (const pid of workers()) {
      const env = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
      for (const v of ['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=524288']) assert.ok(env.includes(v), `worker ${pid} runs with ${v}`);
    }
    const h = JSON.parse((await fetchRaw(server.url, '/healthz')).text);
    assert.is(h.workers, 2);
    assert.match(server.output(), new RegExp(`listening on http://127\\.0\\.0\\.1:\\d+ \\(${runtime} v?\\d+[^;]*; 2 workers${threads ? ' \\(threads\\)' : '[ ,]'}`));
  });

  t('every worker answers the bytes of the files on disk (threads: from the slab they share)', async () => {
    for (const [headers, suffix] of [[{}, ''], [{ 'accept-encoding': 'br' }, '.br']] as const) {
      for (const path of ['/slok/2/47', '/chapter/2', '/authors']) {
        const file = readFileSync(join(dist, path, `index.json${suffix}`));
        for (const r of await burst(8, path, headers)) {
          assert.is(r.status, 200);
          assert.is(r.headers['content-encoding'], suffix ? 'br' : undefined);
          assert.ok(r.body.equals(file), `${path}${suffix}: the file's bytes`);
        }
      }
    }
  });

  t('a quota of 50 across the workers allows exactly 50 of 60 requests; usage counts all 60', async () => {
    const { key, id } = createKey({ GITA_DATA_DIR: dataDir }, 'cluster', '50/day');
    await new Promise((r) => setTimeout(r, 400));
    const answers = await burst(60, '/chapter/2', { 'x-api-key': key });
    const statuses = answers.map((r) => r.status).sort();
    assert.is(statuses.filter((s) => s === 200).length, 50, JSON.stringify(statuses));
    assert.is(statuses.filter((s) => s === 429).length, 10);
    const remaining = answers.filter((r) => r.status === 200).map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((a, b) => a - b);
    assert.equal(remaining, Array.from({ length: 50 }, (_, i) => i), 'each allowed request took one place of the quota');
    // Each worker sends its counts to the primary every 100 ms.
    await new Promise((r) => setTimeout(r, 250));
    const usage = JSON.parse((await fetchRaw(server.url, '/usage', { headers: { 'x-api-key': key } })).text);
    assert.is(usage.today.requests, 60, 'counts from both workers');
    assert.equal(usage.today.routes, { chapter: 50, 'rate-limited': 10 });
    assert.is(usage.today.remaining, 0);
    await new Promise((r) => setTimeout(r, 1200));
    const file = JSON.parse(readFileSync(join(dataDir, 'usage.json'), 'utf8'));
    const day = Object.keys(file.days).pop()!;
    assert.equal(file.days[day][`key:${id}`], { chapter: 50, 'rate-limited': 10 }, 'usage.json has them within a second');
  });

  t('keys made and revoked by the CLI reach every worker', async () => {
    const { key, id } = createKey({ GITA_DATA_DIR: dataDir }, 'spread', '0');
    await new Promise((r) => setTimeout(r, 400));
    assert.equal([...new Set((await burst(20, '/chapters', { 'x-api-key': key })).map((r) => r.status))], [200]);
    assert.is(gita({ GITA_DATA_DIR: dataDir }, 'keys', 'revoke', id).code, 0);
    await new Promise((r) => setTimeout(r, 400));
    assert.equal([...new Set((await burst(20, '/chapters', { 'x-api-key': key })).map((r) => r.status))], [401]);
  });

  t('searches through the workers answer what the index finds (the primary holds it)', async () => {
    const { loadSearch } = await import('../../src/http/search.ts');
    const run = await loadSearch(dist);
    for (const [q, params] of [['karmanye vadhikaraste', {}], ['yoga', { ch: 6, limit: 5 }]] as const) {
      const qs = new URLSearchParams({ q, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
      const answers = await burst(6, `/search?${qs}`);
      for (const r of answers) {
        assert.is(r.status, 200, r.text);
        assert.equal(JSON.parse(r.text), { query: q, ...JSON.parse(JSON.stringify(await run({ q, ...params }))) });
      }
    }
  });

  if (!threads) t('a worker killed under load is replaced; no answer is malformed; usage.json stays valid', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 32 });
    let ok = 0;
    let failed = 0;
    const malformed: string[] = [];
    let running = true;
    const one = () =>
      new Promise<void>((resolve) => {
        let done = false;
        const finish = (outcome: 'ok' | 'failed' | string) => {
          if (done) return;
          done = true;
          if (outcome === 'ok') ok++;
          else if (outcome === 'failed') failed++;
          else malformed.push(outcome);
          resolve();
        };
        const req = request(`${server.url}/slok/2/47`, { agent, timeout: 5_000 }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            let whole = res.statusCode === 200 && body.length === Number(res.headers['content-length']);
            try {
              whole &&= JSON.parse(body.toString())._id === 'BG2.47';
            } catch {
              whole = false;
            }
            finish(whole ? 'ok' : `${res.statusCode} ${body.length} of ${res.headers['content-length']}`);
          });
          // A response cut off with its worker: the connection dies, which is not a malformed answer.
          res.on('aborted', () => finish('failed'));
          res.on('error', () => finish('failed'));
          res.on('close', () => finish(res.complete ? 'ok' : 'failed'));
        });
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', () => finish('failed'));
        req.end();
      });
    const loop = async () => {
      while (running) await one();
    };
    const loops = Array.from({ length: 32 }, loop);
    // Under load before the kill, and after it until the workers left have answered as many again.
    await until(() => ok >= 120, '120 answers before a worker is killed');
    const [victim] = workers();
    process.kill(victim, 'SIGKILL');
    const killedAt = ok;
    await until(() => ok >= killedAt + 120, '120 answers after a worker was killed');
    running = false;
    await Promise.all(loops);
    agent.destroy();
    assert.equal(malformed, [], 'every answer whole');
    assert.ok(failed <= 32, `${failed} requests cut off with the worker (at most one per connection)`);
    for (let i = 0; i < 50 && (workers().length < 2 || workers().includes(victim)); i++) await new Promise((r) => setTimeout(r, 100));
    assert.is(workers().length, 2, 'replaced');
    assert.not.ok(workers().includes(victim));
    // Said before the new worker starts, but the line may reach this pipe after ps lists that worker: seen once each on Deno and Bun.
    const said = new RegExp(`worker ${victim} exited \\(SIGKILL\\); starting another`);
    await until(() => said.test(server.output()), 'the primary to say it replaced the worker', 5_000).catch(() => {});
    assert.match(server.output(), said);
    // The replacement counts once it listens (a Bun or Deno worker loads dist/ first).
    let serving = 0;
    for (let i = 0; i < 50 && serving !== 2; i++) {
      serving = JSON.parse((await fetchRaw(server.url, '/healthz')).text).workers;
      if (serving !== 2) await new Promise((r) => setTimeout(r, 100));
    }
    assert.is(serving, 2);
    JSON.parse(readFileSync(join(dataDir, 'usage.json'), 'utf8'));
  });

  t('a new build reaches every worker', async () => {
    const before = JSON.parse(readFileSync(join(dist, FILES.manifest), 'utf8')).build;
    await (await nextBuild()).swapInto(dist);
    const after = JSON.parse(readFileSync(join(dist, FILES.manifest), 'utf8')).build;
    assert.is.not(after, before);
    // Each worker sees the swap by a watch, or by its look every 5 s (a busy machine can miss neither for long).
    let builds: string[] = [];
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
      builds = (await burst(12, '/healthz')).map((r) => JSON.parse(r.text).build);
      if (builds.every((b) => b === after)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal([...new Set(builds)], [after]);
  });

  t('SIGTERM stops every worker and the primary with exit 0', async () => {
    const children = workers();
    const code = await server.stop('SIGTERM');
    assert.is(code, 0);
    for (const pid of children) assert.throws(() => process.kill(pid, 0), undefined, `worker ${pid} is gone`);
    JSON.parse(readFileSync(join(dataDir, 'usage.json'), 'utf8'));
  });

  return t;
}

for (const runtime of RUNTIMES) {
  if (runtime === 'node' && nodeReusesPort()) for (const kind of ['threads', 'processes'] as const) clusterSuite(runtime, kind).run();
  else clusterSuite(runtime).run();
}
