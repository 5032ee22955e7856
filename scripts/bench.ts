// npm run bench : the server against nginx on the same dist/, side by side in
// one run, with wrk. Prints figures and ratios; it is not a pass/fail test.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../src/publish/ensure.ts';
import { flags, run } from '../src/cli/run.ts';
import { formatSeconds } from '../src/cli/format.ts';
import type { Manifest } from '../src/publish/manifest.ts';
import { FILES } from '../src/layout.ts';
import { PATHS, PROJECT_ROOT, serverNodeFlags } from '../src/paths.ts';

const usage = `
Usage: npm run bench [-- --duration SECONDS] [--rounds N] [--connections N] [--routes a,b] [--no-projections] [--no-keys-bench] [--no-build-bench]

Builds dist/ if needed, starts the server and nginx (Debian nginx-light, a
config written to a temporary folder, loopback only) on the same dist/, and
measures each hot route with wrk (-t1, 64 connections; default 3 rounds of
5 s, the servers alternating, the median kept): requests a second, p50
and p99 latency, errors, and the ratio to nginx. A bare node:http server with
the same bytes in memory (scripts/bench-reference.mjs) runs beside them:
about the most any Node server reaches on this machine, for reading a gap
to nginx. Then projections on the server (/slok/2/47 whole, ?lang=en, and a
chapter's verses in English by one commentator); PNG cards, cold (drawn on the
request) and cached (--no-png to skip); start-up time, RSS after load; the cost of keys, limits and
counting on /chapter/2 (GITA_AUTH=off against required, embedded and with
Redis at REDIS_URL or 127.0.0.1:6379); and cold and warm build times. wrk
and nginx are installed with apt-get when missing and this user may.
`;

interface Result {
  /** Bytes of one answer (transfer over requests). */
  bytes: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** The whole record, then projections of it and of a chapter (issue: ?lang=en at least 0.8x the whole record). */
const PROJECTIONS = ['/slok/2/47', '/slok/2/47?lang=en', '/chapter/3/slok?lang=en&authors=siva'];

const ROUTES: Array<{ name: string; path: string; random?: boolean }> = [
  { name: '/chapters', path: '/chapters' },
  { name: '/chapter/2', path: '/chapter/2' },
  { name: '/slok/2/47', path: '/slok/2/47' },
  { name: 'random /slok', path: '/slok', random: true },
  { name: 'random /gita.svg', path: '/gita.svg', random: true },
];

function need(tool: string, pkg: string): string {
  const found = spawnSync('sh', ['-c', `command -v ${tool} || ls /usr/sbin/${tool} 2>/dev/null`], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`installing ${pkg} (apt-get)...`);
    execFileSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`], { stdio: 'inherit' });
    return need(tool, pkg);
  }
  throw new Error(`${tool} is missing: install the Debian package ${pkg} (apt-get install ${pkg})`);
}

const ms = (s: string) => {
  const m = /([\d.]+)(us|ms|s)/.exec(s);
  if (!m) return NaN;
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
};

function wrk(bin: string, url: string, seconds: number, connections: number, script?: string, headers: string[] = []): Result {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headers.flatMap((h) => ['-H', h]), ...(script ? ['-s', script] : []), url];
  const out = execFileSync(bin, args, { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  // Percentiles only from wrk's "Latency Distribution" table: the Stdev column
  // above it ("+/- Stdev 90.50%") would otherwise match /50%/.
  const dist = out.slice(out.indexOf('Latency Distribution'));
  const p50 = ms(/^\s*50%\s+(\S+)/m.exec(dist)?.[1] ?? '');
  const p99 = ms(/^\s*99%\s+(\S+)/m.exec(dist)?.[1] ?? '');
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = sock ? sock.slice(1).reduce((n, x) => n + Number(x), 0) : 0;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
  const m = /([\d.]+)(B|KB|MB|GB) read/.exec(out);
  const total = m ? Number(m[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[m[2] as 'B'] : NaN;
  return { rps, p50, p99, errors, non2xx, bytes: Math.round(total / requests) };
}

async function waitFor(url: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The processes a process started (a cluster's workers). */
function childPids(pid: number): number[] {
  const out = spawnSync('ps', ['--ppid', String(pid), '-o', 'pid='], { encoding: 'utf8' }).stdout;
  return out.split(/\s+/).filter(Boolean).map(Number);
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

/** req/s and p99 of /chapter/2 with keys off, and with a key required, limited and counted (embedded, then Redis). */
async function keysBench(wrkBin: string, seconds: number, connections: number, rounds: number) {
  const { openStores } = await import('../src/keys/stores.ts');
  const { loadConfig } = await import('../src/config.ts');
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
  const prefix = `gita-bench-${process.pid}:`;
  const dataDir = mkdtempSync(join(tmpdir(), 'gita-bench-keys-'));
  const makeKey = async (env: Record<string, string>) => {
    const stores = await openStores(loadConfig(env), { live: false });
    try {
      return (await stores.keys.create({ name: 'bench', limit: 1_000_000_000 })).key;
    } finally {
      await stores.close();
    }
  };
  const modes: Array<{ name: string; env: Record<string, string>; key?: string; base: string }> = [];
  for (const workers of ['1', 'auto']) {
    const w = `${workers === '1' ? '1 worker' : 'auto'}`;
    const off = `${w}: GITA_AUTH=off (no key, no limit)`;
    modes.push(
      { name: off, env: { GITA_AUTH: 'off', GITA_ANON_LIMIT: '0', GITA_WORKERS: workers }, base: off },
      { name: `${w}: required, limited, counted: embedded`, env: { GITA_AUTH: 'required', GITA_DATA_DIR: dataDir, GITA_WORKERS: workers }, base: off },
      { name: `${w}: required, limited, counted: Redis`, env: { GITA_AUTH: 'required', REDIS_URL: redisUrl, GITA_REDIS_PREFIX: prefix, GITA_WORKERS: workers }, base: off },
    );
  }
  const runs = new Map<string, Result[]>();
  const notes = new Map<string, string>();
  for (const mode of modes) {
    try {
      if (mode.env.GITA_AUTH === 'required') mode.key = await makeKey({ ...mode.env });
      runs.set(mode.name, []);
    } catch (err) {
      notes.set(mode.name, (err as Error).message);
    }
  }
  // Rounds over the modes, so drift on a shared machine falls on all of them alike.
  for (let round = 0; round < rounds; round++) {
    for (const mode of modes) {
      if (!runs.has(mode.name)) continue;
      const p = startGita(18_082, mode.env);
      try {
        await waitFor('http://127.0.0.1:18082/healthz');
        const headers = mode.key ? [`x-api-key: ${mode.key}`] : [];
        wrk(wrkBin, 'http://127.0.0.1:18082/chapter/2', 2, connections, undefined, headers);
        runs.get(mode.name)!.push(wrk(wrkBin, 'http://127.0.0.1:18082/chapter/2', seconds, connections, undefined, headers));
      } finally {
        p.kill('SIGTERM');
        await new Promise((r) => p.once('exit', r));
      }
    }
  }
  const rows = modes.map((m) => ({ name: m.name, r: runs.has(m.name) ? median(runs.get(m.name)!) : null, note: notes.get(m.name) }));
  rmSync(dataDir, { recursive: true, force: true });
  try {
    const { Redis } = await import('ioredis');
    const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    const keys = await client.keys(`${prefix}*`);
    if (keys.length) await client.del(...keys);
    client.disconnect();
  } catch {
    // no Redis: nothing to clean
  }
  console.log('');
  console.log('| /chapter/2 | req/s | p99 ms | overhead vs off, same workers (target <= 10 %) | errors |');
  console.log('|---|---:|---:|---:|---:|');
  for (const { name, r, note } of rows) {
    if (!r) {
      console.log(`| ${name} | - | - | not measured: ${note} | - |`);
      continue;
    }
    const base = rows.find((x) => x.name === modes.find((m) => m.name === name)!.base)?.r?.rps ?? NaN;
    const overhead = (1 - r.rps / base) * 100;
    const isBase = modes.find((m) => m.name === name)!.base === name;
    console.log(`| ${name} | ${fmt(r.rps)} | ${fmt(r.p99, 2)} | ${isBase ? '-' : `${fmt(overhead, 1)} %${overhead <= 10 ? '' : ' (missed)'}`} | ${r.errors + r.non2xx} |`);
  }
}

function startGita(port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...serverNodeFlags(), join(PROJECT_ROOT, 'bin', 'run.mjs'), 'start', '--no-prepare', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, GITA_ANON_LIMIT: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function nginxConfig(dir: string, dist: string, port: number): string {
  const conf = `
worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log ${dir}/access.log combined buffer=64k flush=1s;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  types { application/json json; image/svg+xml svg; text/html html; }
  default_type application/octet-stream;
  sendfile on; tcp_nopush on; tcp_nodelay on;
  keepalive_requests 1000000;
  open_file_cache max=10000 inactive=60s;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${dist};
    location / { try_files $uri $uri/index.json =404; }
  }
}
`;
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  return file;
}

/** A wrk script that asks for a uniformly random one of `paths` on each request (random /slok for nginx). */
function randomPathsScript(dir: string, name: string, paths: string[]): string {
  const file = join(dir, `${name}.lua`);
  writeFileSync(file, `math.randomseed(os.time())\nlocal paths = {${paths.map((p) => `"${p}"`).join(',')}}\nrequest = function()\n  return wrk.format(nil, paths[math.random(#paths)])\nend\n`);
  return file;
}

/** A wrk script that asks for `paths` in turn, round and round. */
function rotatingPathsScript(dir: string, name: string, paths: string[]): string {
  const file = join(dir, `${name}.lua`);
  writeFileSync(file, `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n`);
  return file;
}

/** The run with the median req/s; errors summed over all runs. */
function median(runs: Result[]): Result {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const mid = sorted[Math.floor(sorted.length / 2)];
  return { ...mid, errors: runs.reduce((n, r) => n + r.errors, 0), non2xx: runs.reduce((n, r) => n + r.non2xx, 0) };
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

run(async () => {
  const { values } = flags(usage, {
    duration: { type: 'string' },
    rounds: { type: 'string' },
    connections: { type: 'string' },
    routes: { type: 'string' },
    'no-keys-bench': { type: 'boolean' },
    'no-projections': { type: 'boolean' },
    'no-search': { type: 'boolean' },
    'no-png': { type: 'boolean' },
    'no-build-bench': { type: 'boolean' },
  });
  const seconds = Number(values.duration ?? 5);
  const rounds = Number(values.rounds ?? 3);
  const connections = Number(values.connections ?? 64);
  const wanted = values.routes?.split(',');
  const routes = ROUTES.filter((r) => !wanted || wanted.includes(r.name) || wanted.includes(r.path));
  const wrkBin = need('wrk', 'wrk');
  const nginxBin = need('nginx', 'nginx-light');

  await ensureBuilt({ contentDir: PATHS.content, distDir: PATHS.dist, cacheDir: PATHS.buildCache, stampFile: PATHS.stamp, say: (l) => console.log(l) });
  const manifest: Manifest = JSON.parse(readFileSync(join(PATHS.dist, FILES.manifest), 'utf8'));
  const work = mkdtempSync(join(tmpdir(), 'gita-bench-'));
  const versePaths = manifest.content.versesPerChapter.flatMap((n, i) => Array.from({ length: n }, (_, v) => FILES.verse(i + 1, v + 1).replace(/\/index\.json$/, '')));
  const cardPaths = manifest.content.versesPerChapter.flatMap((n, i) => Array.from({ length: n }, (_, v) => FILES.card(i + 1, v + 1)));
  const scripts = { '/slok': randomPathsScript(work, 'slok', versePaths), '/gita.svg': randomPathsScript(work, 'card', cardPaths) };

  console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
  console.log(`wrk -t1 -c${connections} -d${seconds}s, ${rounds} rounds per route (median), after a 2 s warm-up; nginx: worker_processes auto, access log buffered, gzip_static`);

  // Start-up: from spawn to the first answer, three times, with 1 worker and with auto; and to the first search answer (the index loaded).
  const startUp = async (env: Record<string, string>) => {
    const first: number[] = [];
    const search: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const p = startGita(18_091, env);
      await waitFor('http://127.0.0.1:18091/healthz');
      first.push(performance.now() - t0);
      await waitFor('http://127.0.0.1:18091/search?q=dharma');
      search.push(performance.now() - t0);
      p.kill('SIGTERM');
      await new Promise((r) => p.once('exit', r));
    }
    return { first: first.sort((a, b) => a - b)[1], search: search.sort((a, b) => a - b)[1] };
  };
  const startOne = await startUp({});
  const startAuto = await startUp({ GITA_WORKERS: 'auto' });

  const gita = startGita(18_080, {});
  const gitaAuto = startGita(18_084, { GITA_WORKERS: 'auto' });
  const nginx = spawn(nginxBin, ['-c', nginxConfig(work, PATHS.dist, 18_081), '-p', work], { stdio: ['ignore', 'ignore', 'inherit'] });
  // Bare node:http with the bytes in memory: what Node itself reaches here, so a gap to nginx can be read as the server's or the machine's.
  const reference = spawn(process.execPath, [join(PROJECT_ROOT, 'scripts', 'bench-reference.mjs'), PATHS.dist, '18083'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const rows: Array<{ route: string; g: Result; a: Result; n: Result; r: Result }> = [];
  try {
    await waitFor('http://127.0.0.1:18080/healthz');
    await waitFor('http://127.0.0.1:18084/healthz');
    await waitFor('http://127.0.0.1:18081/chapters');
    await waitFor('http://127.0.0.1:18083/chapters');
    for (const route of routes) {
      const script = route.random ? scripts[route.path as '/slok' | '/gita.svg'] : undefined;
      const gUrl = `http://127.0.0.1:18080${route.path}`;
      const aUrl = `http://127.0.0.1:18084${route.path}`;
      const nUrl = `http://127.0.0.1:18081${route.random ? '/' : route.path}`;
      const rUrl = `http://127.0.0.1:18083${route.path}`;
      wrk(wrkBin, gUrl, 2, connections);
      wrk(wrkBin, aUrl, 2, connections);
      wrk(wrkBin, nUrl, 2, connections, script);
      wrk(wrkBin, rUrl, 2, connections);
      // Alternate the servers and keep the median: a shared machine drifts between runs.
      const gs: Result[] = [];
      const as: Result[] = [];
      const ns: Result[] = [];
      const rs: Result[] = [];
      for (let i = 0; i < rounds; i++) {
        gs.push(wrk(wrkBin, gUrl, seconds, connections));
        as.push(wrk(wrkBin, aUrl, seconds, connections));
        ns.push(wrk(wrkBin, nUrl, seconds, connections, script));
        rs.push(wrk(wrkBin, rUrl, seconds, connections));
      }
      rows.push({ route: route.name, g: median(gs), a: median(as), n: median(ns), r: median(rs) });
      console.log(`  measured ${route.name}`);
    }
    // Projections against the whole record, on the server alone (a static server has no projections).
    const projected: Array<{ path: string; r: Result }> = [];
    if (!values['no-projections']) {
      for (const path of PROJECTIONS) wrk(wrkBin, `http://127.0.0.1:18080${path}`, 2, connections);
      const runs = new Map<string, Result[]>(PROJECTIONS.map((p) => [p, []]));
      for (let i = 0; i < rounds; i++) for (const path of PROJECTIONS) runs.get(path)!.push(wrk(wrkBin, `http://127.0.0.1:18080${path}`, seconds, connections));
      for (const path of PROJECTIONS) projected.push({ path, r: median(runs.get(path)!) });
      console.log('  measured the projections');
    }
    // Search: 16 connections over the test queries in rotation (the issue's target: p50 <= 2 ms, p99 <= 20 ms).
    let searched: Result | null = null;
    if (!values['no-search']) {
      const queries = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'test', 'search', 'queries.json'), 'utf8')) as Array<{ q: string; params?: Record<string, unknown> }>).map((c) => {
        const qs = new URLSearchParams({ q: c.q });
        for (const [k, v] of Object.entries(c.params ?? {})) qs.set(k, String(v));
        return `/search?${qs}`;
      });
      const script = rotatingPathsScript(work, 'search', queries);
      wrk(wrkBin, 'http://127.0.0.1:18080/', 2, 16, script);
      const runs: Result[] = [];
      for (let i = 0; i < rounds; i++) runs.push(wrk(wrkBin, 'http://127.0.0.1:18080/', seconds, 16, script));
      searched = median(runs);
      console.log('  measured search');
    }
    // PNG cards: cold (a card no request has drawn yet: resvg draws it) and cached (the same card again, from memory).
    let png: { cold: number[]; cached: Result } | null = null;
    if (!values['no-png']) {
      const cold: number[] = [];
      for (let sl = 1; sl <= 9; sl++) {
        const t0 = performance.now();
        const res = await fetch(`http://127.0.0.1:18080${FILES.cardPng(4, sl, sl % 2 ? 'light' : 'dark')}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`PNG card: ${res.status}`);
        cold.push(performance.now() - t0);
      }
      const url = `http://127.0.0.1:18080${FILES.cardPng(4, 1, 'light')}`;
      wrk(wrkBin, url, 2, connections);
      const runs: Result[] = [];
      for (let i = 0; i < rounds; i++) runs.push(wrk(wrkBin, url, seconds, connections));
      png = { cold: cold.sort((a, b) => a - b), cached: median(runs) };
      console.log('  measured the PNG cards');
    }
    const rss = rssMb(gita.pid!);
    const workerRss = childPids(gitaAuto.pid!).map(rssMb);

    console.log('');
    console.log(`| route | gita, 1 worker req/s | gita, auto (${availableParallelism()}) req/s | nginx req/s | bare node:http req/s | auto / nginx (target >= 0.8) | 1 worker / bare node (target >= 0.9) | p50 / p99 ms, 1 worker | p50 / p99 ms, auto (target p99 <= 10) | errors |`);
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const { route, g, a, n, r } of rows) {
      const toNginx = a.rps / n.rps;
      const toBare = g.rps / r.rps;
      console.log(`| ${route} | ${fmt(g.rps)} | ${fmt(a.rps)} | ${fmt(n.rps)} | ${fmt(r.rps)} | ${fmt(toNginx, 2)}${toNginx >= 0.8 ? '' : ' (missed)'} | ${fmt(toBare, 2)}${toBare >= 0.9 ? '' : ' (missed)'} | ${fmt(g.p50, 2)} / ${fmt(g.p99, 2)} | ${fmt(a.p50, 2)} / ${fmt(a.p99, 2)} | ${g.errors + g.non2xx + a.errors + a.non2xx} |`);
    }
    if (projected.length) {
      const whole = projected[0].r.rps;
      console.log('');
      console.log('| projection (gita) | req/s | / the whole record (target >= 0.8 for ?lang=en) | p50 / p99 ms | bytes | errors |');
      console.log('|---|---:|---:|---:|---:|---:|');
      for (const { path, r } of projected) console.log(`| ${path} | ${fmt(r.rps)} | ${fmt(r.rps / whole, 2)} | ${fmt(r.p50, 2)} / ${fmt(r.p99, 2)} | ${r.bytes} | ${r.errors + r.non2xx} |`);
    }
    if (searched) {
      console.log('');
      console.log(`search, 16 connections, the ${'test queries'} in rotation: ${fmt(searched.rps)} req/s, p50 ${fmt(searched.p50, 2)} ms (target <= 2), p99 ${fmt(searched.p99, 2)} ms (target <= 20), ${searched.errors + searched.non2xx} errors`);
    }
    if (png) {
      console.log('');
      console.log(`PNG card, cold (drawn on this request; 9 cards): median ${fmt(png.cold[4], 1)} ms, slowest ${fmt(png.cold[8], 1)} ms; cached (${FILES.cardPng(4, 1)}, ${connections} connections): ${fmt(png.cached.rps)} req/s, p50 ${fmt(png.cached.p50, 2)} ms, p99 ${fmt(png.cached.p99, 2)} ms, ${png.cached.errors + png.cached.non2xx} errors`);
    }
    console.log('');
    console.log(`start-up to the first answer (median of 3): 1 worker ${formatSeconds(startOne.first)} (target <= 0.5 s), auto ${formatSeconds(startAuto.first)} (target <= 1 s)`);
    console.log(`start-up to the first search answer, its index loaded (median of 3): 1 worker ${formatSeconds(startOne.search)}, auto ${formatSeconds(startAuto.search)}`);
    console.log(`RSS after the load: 1 worker ${rss.toFixed(0)} MB; auto, per worker ${workerRss.map((m) => m.toFixed(0)).join(', ')} MB (target <= 150 MB per worker)`);
  } finally {
    gita.kill('SIGTERM');
    gitaAuto.kill('SIGTERM');
    nginx.kill('SIGQUIT');
    reference.kill('SIGTERM');
    await Promise.all([gita, gitaAuto, nginx, reference].map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.once('exit', r)))));
    rmSync(work, { recursive: true, force: true });
  }

  if (!values['no-keys-bench']) await keysBench(wrkBin, seconds, connections, rounds);

  if (!values['no-build-bench']) {
    console.log('');
    execFileSync(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'bench-build.ts')], { stdio: 'inherit', cwd: PROJECT_ROOT });
  }
});
