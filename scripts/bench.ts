// npm run bench : the server against nginx on the same dist/, side by side in
// one run, with wrk. Prints figures and ratios; it is not a pass/fail test.
import { execFile, execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../src/publish/ensure.ts';
import { flags, run } from '../src/cli/run.ts';
import { formatSeconds } from '../src/cli/format.ts';
import type { Manifest } from '../src/contract/manifest.ts';
import { FILES } from '../src/layout.ts';
import { nodeReusesPort } from '../src/http/start.ts';
import { loadConfig } from '../src/config.ts';
import { PATHS, PROJECT_ROOT, serverCommand, serverNodeFlags, type Engine } from '../src/paths.ts';
import { mixedParts, mixedScript } from './mixed-load.ts';
import { childPids, cpuSeconds, processTree, pssMb, rssMb } from './process-memory.ts';

const usage = `
Usage: npm run bench [-- --quick] [--duration SECONDS] [--rounds N] [--connections N] [--routes a,b] [--engines node,bun,deno] [--no-projections] [--no-search] [--no-citations] [--no-png] [--no-keys-bench] [--no-abuse-bench] [--no-build-bench] [--no-fresh-start-bench]

Builds dist/ if needed, then measures side by side, on the same dist/, the
server on each engine (Node, Bun, Deno; --engines picks) with 1 worker and
with GITA_WORKERS=auto, one Node worker with its request log
(GITA_REQUEST_LOG=on; off by default), nginx (Debian nginx-light, a config written to a
temporary folder, loopback only, worker_processes auto), and two bare servers
answering the same bytes from memory, headers and coding included
(scripts/bench-reference.mjs on node:http, with one process and one per
core, and on Bun.serve: about the most any server on that engine reaches on
this machine with the same answer). Each hot route with wrk (-t1, 64
connections; default 3 rounds of 5 s, the servers alternating, the median
kept): requests a second,
p99 latency, errors, the ratios the targets are set on; RSS per worker after
the load. Then projections and search on Node, and references and MCP at
16 connections beside /slok/2/47 (/verses?ref=2.47-50 and a POST /mcp
tools/call get_verses); PNG cards, cold (drawn on the request) and cached
(--no-png skips); start-up to the first answer
on each engine; what abuse costs (the heaviest allowed requests one after
another, then floods of PNG cards and searches on 32 connections: /chapter/2's
p99 meanwhile and the server's peak RSS, against targets; --no-abuse-bench
skips); the cost of keys, limits and counting on /chapter/2
(GITA_AUTH=off against required, embedded and with Redis at REDIS_URL or
127.0.0.1:6379); cold and warm build times; and how long a new user waits:
npm start on a fresh clone, three times from nothing, to the first answer
and to ready (npm run bench:fresh-start; --no-fresh-start-bench skips). wrk and nginx are installed
with apt-get when missing and this user may. The hot routes are measured
plain and again with Accept-Encoding: br, gzip (what browsers send); after
them each of our servers gets 20 s of mixed load (wrk script: records,
projections, search, cards, words, /verses, reading pages) and RSS is read
per worker; every target is printed beside its figure, met or missed.
Each server's CPU per answer is printed beside its req/s, and the ratios by
it too. Printed, not asserted.

--quick: only the four hot routes (plain and br/gzip), Node and Bun, one
round of 3 s each, the mixed load's RSS and the fresh starts (about 8 minutes).
`;

interface Result {
  /** Bytes of one answer (transfer over requests). */
  bytes: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The server's CPU time (all its processes and threads) per answer, in µs; NaN where not measured. */
  cpuUs: number;
}

/** The whole record, then projections of it and of a chapter (the target: ?lang=en at least 0.8x the whole record). */
const PROJECTIONS = ['/slok/2/47', '/slok/2/47?lang=en', '/chapter/3/slok?lang=en&authors=siva'];

interface Route {
  name: string;
  path: string;
  random?: boolean;
  /** Request headers wrk sends (Accept-Encoding: what browsers send). */
  headers?: string[];
  /** The file nginx serves for it, when not the path itself (a projection's static language form). */
  staticPath?: string;
}

const ROUTES: Route[] = [
  { name: '/chapters', path: '/chapters' },
  { name: '/chapter/2', path: '/chapter/2' },
  { name: '/slok/2/47', path: '/slok/2/47' },
  { name: 'random /slok', path: '/slok', random: true },
  { name: 'random /gita.svg', path: '/gita.svg', random: true },
  { name: '/slok/2/47?lang=en', path: '/slok/2/47?lang=en', staticPath: '/slok/2/47/en.json' },
  // The word analysis: files of dist/ streamed from disk, beside the verse held in memory.
  { name: '/slok/2/47/analysis', path: '/slok/2/47/analysis', staticPath: '/slok/2/47/analysis.json' },
  { name: '/lemma/karman', path: '/lemma/karman', staticPath: '/lemma/karman.json' },
  // The link graph: files of dist/ streamed from disk, like the analysis.
  { name: '/slok/2/47/links', path: '/slok/2/47/links', staticPath: '/slok/2/47/links.json' },
  { name: '/works/chandogya-upanisad', path: '/works/chandogya-upanisad', staticPath: '/works/chandogya-upanisad.json' },
];

/** The four hot routes the ratios' targets are set on. */
const HOT = ['/chapters', '/chapter/2', '/slok/2/47', 'random /slok'];
/** What browsers send: the hot routes again with it (nginx-light has gzip_static, no brotli: it answers gzip, the server brotli). */
const BROWSER = 'Accept-Encoding: br, gzip';
const BROWSER_ROUTES: Route[] = ROUTES.filter((r) => HOT.includes(r.name)).map((r) => ({ ...r, name: `${r.name} (br, gzip)`, headers: [BROWSER] }));

/** The targets of a run, each printed beside its figure (met or missed). */
const TARGETS = {
  /** The sum of every process's RSS (the primary and each worker) with GITA_WORKERS=auto after the mixed load, MB. */
  rssAuto: 400,
  /** RSS of one worker (GITA_WORKERS=1) after the mixed load, MB. */
  rssOne: 200,
  /** A worker per core over the bare node:http server with a process per core, on each hot route. */
  nodeAutoOverBareAuto: 0.9,
  /** Bun with a worker per core over nginx, on each hot route. */
  bunAutoOverNginx: 0.9,
  /** One worker over the bare server of its engine on each hot route. */
  node1OverBare: 0.9,
  /** One worker over Fastify 5 answering the same bytes from memory. */
  node1OverFastify: 1.0,
  /** p99 at 64 connections, ms. */
  p99: 10,
};

/** A server measured side by side with the others. */
interface Target {
  name: string;
  engine?: Engine;
  port: number;
  proc: ChildProcess;
  /** Ours (answers projections), or a reference (nginx, the bare servers). */
  gita: boolean;
  /** RSS of each process that serves, in MB. */
  rss(): number[];
  /** Their PSS, in MB. */
  pss(): number[];
}

const ENGINES: readonly Engine[] = ['node', 'bun', 'deno'];

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

const wrkArgs = (url: string, seconds: number, connections: number, script?: string, headers: string[] = []) => ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headers.flatMap((h) => ['-H', h]), ...(script ? ['-s', script] : []), url];

/** `server`: the process whose CPU time (its own and its descendants') the run is charged. */
function wrk(bin: string, url: string, seconds: number, connections: number, script?: string, headers: string[] = [], server?: number): Result {
  const before = server ? cpuSeconds(server) : NaN;
  const r = wrkResult(execFileSync(bin, wrkArgs(url, seconds, connections, script, headers), { encoding: 'utf8' }));
  return { ...r, cpuUs: server ? ((cpuSeconds(server) - before) * 1e6) / r.requests : NaN };
}

/** The same without blocking this process (for measuring while it sends requests of its own). */
async function wrkAsync(bin: string, url: string, seconds: number, connections: number, script?: string): Promise<Result> {
  return wrkResult((await promisify(execFile)(bin, wrkArgs(url, seconds, connections, script), { encoding: 'utf8' })).stdout);
}

function wrkResult(out: string): Result {
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
  return { rps, p50, p99, errors, non2xx, bytes: Math.round(total / requests), requests, cpuUs: NaN };
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

/**
 * What abuse costs another client and the server (the targets: no answer
 * over 16 MB, RSS up by at most 100 MB and /chapter/2's p99 under 1 s while
 * the heaviest allowed requests are served one after another; under a flood
 * of PNG cards on 32 connections for 8 s, /chapter/2's p99 <= 250 ms and RSS
 * <= 900 MB). One Node worker; /chapter/2 measured by wrk on 4 connections.
 */
async function abuseBench(wrkBin: string, manifest: Manifest, work: string) {
  const port = 18_096;
  const proc = startGita(port, {});
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/chapters`);
  const pid = proc.pid!;
  const mcp = (body: unknown) => fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  const heavy: Array<[string, () => Promise<Response>]> = [
    ['POST /mcp, a batch of 99 get_verses "18"', () => mcp(Array.from({ length: 99 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'get_verses', arguments: { ref: '18' } } })))],
    ['GET /verses?ref=18 (a whole chapter)', () => fetch(`${base}/verses?ref=18`)],
    ['GET /verses?ref=18.66 x100 (refused)', () => fetch(`${base}/verses?ref=${Array(100).fill('18.66').join(',')}`)],
  ];
  /** Run `load` while wrk measures /chapter/2 for `seconds`; the peak RSS meanwhile. */
  const during = async (seconds: number, load: (done: () => boolean) => Promise<unknown>) => {
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    let done = false;
    const loading = load(() => done);
    const other = await wrkAsync(wrkBin, `${base}/chapter/2`, seconds, 4);
    done = true;
    await loading;
    clearInterval(sampler);
    return { other, before, peak };
  };
  const met = (ok: boolean) => (ok ? 'met' : 'missed');
  console.log('');
  console.log('| abuse (node 1) | largest answer | RSS MB: before -> peak during one (target: +100 at most) | then, sent one after another for 5 s | answers | /chapter/2 p99 ms meanwhile (target < 1000) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, send] of heavy) {
    // One request alone: what it costs the server's memory.
    const alone = rssMb(pid);
    let peakAlone = alone;
    const sampler = setInterval(() => (peakAlone = Math.max(peakAlone, rssMb(pid))), 10);
    let largest = (await (await send()).arrayBuffer()).byteLength;
    clearInterval(sampler);
    peakAlone = Math.max(peakAlone, rssMb(pid));
    // Then one after another while another client asks for /chapter/2.
    let answers = 0;
    const { other, peak } = await during(5, async (done) => {
      while (!done()) {
        const r = await send();
        largest = Math.max(largest, (await r.arrayBuffer()).byteLength);
        answers++;
      }
    });
    console.log(`| ${name} | ${fmt(largest / 1e6, 1)} MB (${met(largest <= 16e6)}) | ${fmt(alone)} -> ${fmt(peakAlone)} (${met(peakAlone - alone <= 100)}) | peak ${fmt(peak)} | ${answers} | ${fmt(other.p99, 1)} (${met(other.p99 < 1000)}) |`);
  }
  // Floods: wrk on 32 connections for 8 s over random PNG cards (a render each the first time), then random searches.
  const counts = manifest.content.versesPerChapter;
  const pngs = randomPathsScript(work, 'abuse-png', counts.flatMap((n, c) => Array.from({ length: n }, (_, v) => `/slok/${c + 1}/${v + 1}/gita${['', '-dark'][v % 2]}.png`)));
  const words = ['karma', 'yoga', 'dharma', 'atman', 'krishna', 'arjuna', 'mind', 'self', 'duty', 'peace', 'death', 'knowledge', 'devotion', 'action', 'fruit', 'desire', 'senses', 'wisdom', 'sacrifice', 'battle'];
  const searches = randomPathsScript(work, 'abuse-search', words.flatMap((w) => words.map((v) => `/search?q=${w}%20${v}`)));
  console.log('');
  console.log('| flood (node 1), wrk -c32 8 s | flood req/s | non-2xx (503 busy) | RSS before -> peak MB (target <= 900) | /chapter/2 p99 ms meanwhile (target <= 250) |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, script] of [['random PNG cards', pngs], ['random searches', searches]] as const) {
    let flood: Result | undefined;
    const { other, before, peak } = await during(8, async () => {
      flood = await wrkAsync(wrkBin, `${base}/`, 8, 32, script);
    });
    console.log(`| ${name} | ${fmt(flood!.rps)} | ${flood!.non2xx} | ${fmt(before)} -> ${fmt(peak)} (${met(peak <= 900)}) | ${fmt(other.p99, 1)} (${met(other.p99 <= 250)}) |`);
  }
  proc.kill('SIGTERM');
  await new Promise((r) => proc.once('exit', r));
}

/** A data folder of its own for each server the bench starts (a server refuses a folder another one holds), all under one root that goes when the bench ends. */
let dataRoot: string | null = null;
const dataDir = () => {
  if (!dataRoot) {
    const root = (dataRoot = mkdtempSync(join(tmpdir(), 'gita-bench-data-')));
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  }
  return mkdtempSync(join(dataRoot, 'server-'));
};

function startGita(port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...serverNodeFlags(), join(PROJECT_ROOT, 'bin', 'run.mjs'), 'start', '--no-prepare', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, GITA_ANON_LIMIT: '0', GITA_DATA_DIR: dataDir(), ...env },
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
/** A wrk script that POSTs one JSON body (an MCP tools/call) on every request. */
function postScript(dir: string, name: string, body: string, headers: Record<string, string>): string {
  const file = join(dir, `${name}.lua`);
  const lines = Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`);
  writeFileSync(file, ['wrk.method = "POST"', `wrk.body = ${JSON.stringify(body)}`, ...lines, ''].join('\n'));
  return file;
}

function rotatingPathsScript(dir: string, name: string, paths: string[]): string {
  const file = join(dir, `${name}.lua`);
  writeFileSync(file, `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n`);
  return file;
}

/** The run with the median req/s, with the median CPU per answer of all runs; errors summed over all runs. */
function median(runs: Result[]): Result {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const mid = sorted[Math.floor(sorted.length / 2)];
  const cpu = runs.map((r) => r.cpuUs).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  return { ...mid, cpuUs: cpu, errors: runs.reduce((n, r) => n + r.errors, 0), non2xx: runs.reduce((n, r) => n + r.non2xx, 0) };
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

run(async () => {
  const { values } = flags(usage, {
    duration: { type: 'string' },
    rounds: { type: 'string' },
    connections: { type: 'string' },
    routes: { type: 'string' },
    engines: { type: 'string' },
    'no-keys-bench': { type: 'boolean' },
    'no-projections': { type: 'boolean' },
    'no-search': { type: 'boolean' },
    'no-citations': { type: 'boolean' },
    'no-png': { type: 'boolean' },
    'no-build-bench': { type: 'boolean' },
    'no-abuse-bench': { type: 'boolean' },
    'no-fresh-start-bench': { type: 'boolean' },
    quick: { type: 'boolean' },
  });
  // --quick: the four hot routes (plain and as browsers ask), Node and Bun, one round of 3 s, and the mixed load's RSS; nothing else.
  const quick = !!values.quick;
  if (quick) {
    for (const skip of ['no-keys-bench', 'no-projections', 'no-search', 'no-citations', 'no-png', 'no-build-bench', 'no-abuse-bench'] as const) values[skip] = true;
    values.rounds ??= '1';
    values.duration ??= '3';
    values.engines ??= 'node,bun';
  }
  const seconds = Number(values.duration ?? 5);
  const rounds = Number(values.rounds ?? 3);
  const connections = Number(values.connections ?? 64);
  const wanted = values.routes?.split(',');
  const all = [...(quick ? ROUTES.filter((r) => HOT.includes(r.name)) : ROUTES), ...BROWSER_ROUTES];
  const routes = all.filter((r) => !wanted || wanted.includes(r.name) || wanted.includes(r.path));
  const engines = (values.engines?.split(',') ?? ENGINES) as Engine[];
  for (const e of engines) if (!ENGINES.includes(e)) throw new Error(`--engines: "${e}" is not one of ${ENGINES.join(', ')}`);
  const wrkBin = need('wrk', 'wrk');
  const nginxBin = need('nginx', 'nginx-light');

  // The published compression: the bytes served are the ones a CDN would serve.
  await ensureBuilt({ contentDir: PATHS.content, distDir: PATHS.dist, cacheDir: PATHS.buildCache, stampFile: PATHS.stamp, say: (l) => console.log(l), effort: 'full' });
  const manifest: Manifest = JSON.parse(readFileSync(join(PATHS.dist, FILES.manifest), 'utf8'));
  const work = mkdtempSync(join(tmpdir(), 'gita-bench-'));
  const versePaths = manifest.content.versesPerChapter.flatMap((n, i) => Array.from({ length: n }, (_, v) => FILES.verse(i + 1, v + 1).replace(/\/index\.json$/, '')));
  const cardPaths = manifest.content.versesPerChapter.flatMap((n, i) => Array.from({ length: n }, (_, v) => FILES.card(i + 1, v + 1)));
  const scripts = { '/slok': randomPathsScript(work, 'slok', versePaths), '/gita.svg': randomPathsScript(work, 'card', cardPaths) };

  console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
  console.log(`wrk -t1 -c${connections} -d${seconds}s, ${rounds} rounds per route (median), after a 2 s warm-up; nginx: worker_processes auto, access log buffered, gzip_static`);

  // The servers side by side: each engine with 1 worker and with auto, nginx, and the bare servers.
  const targets: Target[] = [];
  let stopping = false;
  let port = 18_100;
  /** One of our servers: `engine` with `workers`, the environment's settings over the bench's. */
  const ours = (name: string, engine: Engine, workers: '1' | 'auto', env: Record<string, string> = {}) => {
    const p = port++;
    const [cmd, args] = serverCommand(engine, ['--port', String(p), '--host', '127.0.0.1']);
    const proc = spawn(cmd, args, { cwd: PROJECT_ROOT, env: { ...process.env, GITA_ANON_LIMIT: '0', GITA_WORKERS: workers, GITA_DATA_DIR: dataDir(), ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    const pids = () => (workers === '1' ? [proc.pid!] : childPids(proc.pid!));
    targets.push({ name, engine, port: p, proc, gita: true, rss: () => pids().map(rssMb), pss: () => pids().map(pssMb) });
  };
  for (const engine of engines) for (const workers of ['1', 'auto'] as const) ours(`${engine} ${workers}`, engine, workers);
  // One Node worker with its request log (off by default): what the log costs.
  if (engines.includes('node')) ours('node 1 with log', 'node', '1', { GITA_REQUEST_LOG: 'on' });
  const nginxPort = port++;
  const nginx = spawn(nginxBin, ['-c', nginxConfig(work, PATHS.dist, nginxPort), '-p', work], { stdio: ['ignore', 'ignore', 'inherit'] });
  targets.push({ name: 'nginx', port: nginxPort, proc: nginx, gita: false, rss: () => processTree(nginx.pid!).map(rssMb), pss: () => processTree(nginx.pid!).map(pssMb) });
  // Bare servers with the same answers in memory: what each engine itself reaches here, so a gap to nginx can be read as the server's or the engine's.
  const bareNodePort = port++;
  const bareNode = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'bench-reference.mjs'), PATHS.dist, String(bareNodePort)], { stdio: ['ignore', 'ignore', 'inherit'] });
  targets.push({ name: 'bare node:http', port: bareNodePort, proc: bareNode, gita: false, rss: () => [rssMb(bareNode.pid!)], pss: () => [pssMb(bareNode.pid!)] });
  // The same with one process per core (node:cluster, as GITA_WORKERS=auto): the most node auto could reach against nginx here.
  const bareNodeAutoPort = port++;
  const bareNodeAuto = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'bench-reference.mjs'), PATHS.dist, String(bareNodeAutoPort), String(availableParallelism())], { stdio: ['ignore', 'ignore', 'inherit'] });
  targets.push({ name: 'bare node:http auto', port: bareNodeAutoPort, proc: bareNodeAuto, gita: false, rss: () => childPids(bareNodeAuto.pid!).map(rssMb), pss: () => childPids(bareNodeAuto.pid!).map(pssMb) });
  // What users pick instead of this server, answering the same bytes from memory: Express 5 and Fastify 5 (one process each).
  for (const [name, framework] of [['Express 5', 'express'], ['Fastify 5', 'fastify']] as const) {
    const p = port++;
    const proc = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'bench-reference.mjs'), PATHS.dist, String(p), '1', framework], { stdio: ['ignore', 'ignore', 'inherit'] });
    targets.push({ name, port: p, proc, gita: false, rss: () => [rssMb(proc.pid!)], pss: () => [pssMb(proc.pid!)] });
  }
  if (engines.includes('bun')) {
    const p = port++;
    const bare = spawn(join(PROJECT_ROOT, 'node_modules', '.bin', 'bun'), [join(PROJECT_ROOT, 'scripts', 'bench-reference.mjs'), PATHS.dist, String(p)], { stdio: ['ignore', 'ignore', 'inherit'] });
    targets.push({ name: 'bare Bun.serve', port: p, proc: bare, gita: false, rss: () => [rssMb(bare.pid!)], pss: () => [pssMb(bare.pid!)] });
  }
  // A server that stops during the run says so at once (its figures after that would be wrk's errors).
  for (const t of targets) t.proc.once('exit', (code, signal) => !stopping && console.error(`  ${t.name} exited during the run (code ${code}, signal ${signal})`));
  const node1 = targets.find((t) => t.name === 'node 1');
  /** The URL a target is asked for a route, and the wrk script for a random route; null: it has no such route (the bare servers project nothing). */
  const ask = (t: Target, route: Route): { url: string; script?: string } | null => {
    const base = `http://127.0.0.1:${t.port}`;
    if (t.name === 'nginx') {
      if (route.random) return { url: `${base}/`, script: scripts[route.path as '/slok' | '/gita.svg'] };
      return { url: base + (route.staticPath ?? route.path) };
    }
    if (!t.gita && route.path.includes('?')) return null;
    return { url: base + route.path };
  };
  const rows: Array<{ route: string; results: Map<string, Result> }> = [];
  try {
    for (const t of targets) await waitFor(`http://127.0.0.1:${t.port}/chapters`);
    for (const route of routes) {
      const asked = targets.map((t) => [t, ask(t, route)] as const).filter((x): x is readonly [Target, { url: string; script?: string }] => x[1] !== null);
      for (const [, a] of asked) wrk(wrkBin, a.url, 2, connections, a.script, route.headers);
      // Alternate the servers and keep the median: a shared machine drifts between runs.
      const runs = new Map<string, Result[]>(asked.map(([t]) => [t.name, []]));
      for (let i = 0; i < rounds; i++) for (const [t, a] of asked) runs.get(t.name)!.push(wrk(wrkBin, a.url, seconds, connections, a.script, route.headers, t.proc.pid));
      rows.push({ route: route.name, results: new Map([...runs].map(([name, rs]) => [name, median(rs)])) });
      console.log(`  measured ${route.name}`);
    }
    // Projections against the whole record, on the Node server alone (a static server has no projections).
    const projected: Array<{ path: string; r: Result }> = [];
    if (!values['no-projections'] && node1) {
      const at = (path: string) => `http://127.0.0.1:${node1.port}${path}`;
      for (const path of PROJECTIONS) wrk(wrkBin, at(path), 2, connections);
      const runs = new Map<string, Result[]>(PROJECTIONS.map((p) => [p, []]));
      for (let i = 0; i < rounds; i++) for (const path of PROJECTIONS) runs.get(path)!.push(wrk(wrkBin, at(path), seconds, connections));
      for (const path of PROJECTIONS) projected.push({ path, r: median(runs.get(path)!) });
      console.log('  measured the projections');
    }
    // Search: 16 connections over the test queries in rotation (the targets: p50 <= 2 ms, p99 <= 20 ms).
    let searched: Result | null = null;
    if (!values['no-search'] && node1) {
      const queries = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'test', 'search', 'queries.json'), 'utf8')) as Array<{ q: string; params?: Record<string, unknown> }>).map((c) => {
        const qs = new URLSearchParams({ q: c.q });
        for (const [k, v] of Object.entries(c.params ?? {})) qs.set(k, String(v));
        return `/search?${qs}`;
      });
      const script = rotatingPathsScript(work, 'search', queries);
      const url = `http://127.0.0.1:${node1.port}/`;
      wrk(wrkBin, url, 2, 16, script);
      const runs: Result[] = [];
      for (let i = 0; i < rounds; i++) runs.push(wrk(wrkBin, url, seconds, 16, script));
      searched = median(runs);
      console.log('  measured search');
    }
    // References and MCP beside a plain verse, on the Node server at 16 connections: the cost of a range of four, and of a tools/call.
    const cited: Array<{ name: string; r: Result }> = [];
    if (!values['no-citations'] && node1) {
      const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_verses', arguments: { ref: '2.47' } } });
      const mcpScript = postScript(work, 'mcp', call, { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' });
      const cases: Array<{ name: string; path: string; script?: string }> = [
        { name: '/slok/2/47', path: '/slok/2/47' },
        { name: '/verses?ref=2.47-50', path: '/verses?ref=2.47-50' },
        { name: '/slok/2/47/links', path: '/slok/2/47/links' },
        { name: 'POST /mcp tools/call get_verses 2.47', path: '/mcp', script: mcpScript },
      ];
      const at = (path: string) => `http://127.0.0.1:${node1.port}${path}`;
      for (const c of cases) wrk(wrkBin, at(c.path), 2, 16, c.script);
      const runs = new Map<string, Result[]>(cases.map((c) => [c.name, []]));
      for (let i = 0; i < rounds; i++) for (const c of cases) runs.get(c.name)!.push(wrk(wrkBin, at(c.path), seconds, 16, c.script));
      for (const c of cases) cited.push({ name: c.name, r: median(runs.get(c.name)!) });
      console.log('  measured references and MCP');
    }
    // PNG cards, on the Node server: cold (a card no request has drawn yet: resvg draws it) and cached (the same card again, from memory).
    let png: { cold: number[]; cached: Result } | null = null;
    if (!values['no-png'] && node1) {
      const cold: number[] = [];
      for (let sl = 1; sl <= 9; sl++) {
        const t0 = performance.now();
        // Once more on a failure: fetch may write to a pooled connection the server has closed meanwhile (EPIPE).
        const get = () => fetch(`http://127.0.0.1:${node1.port}${FILES.cardPng(4, sl, sl % 2 ? 'light' : 'dark')}`);
        const res = await get().catch(get).catch((err: Error) => {
          throw new Error(`PNG card on node 1: ${err.message} (${(err.cause as Error | undefined)?.message ?? 'no cause'}); node 1 ${node1.proc.exitCode === null ? 'is running' : `exited with ${node1.proc.exitCode}`}`);
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`PNG card: ${res.status}`);
        cold.push(performance.now() - t0);
      }
      const url = `http://127.0.0.1:${node1.port}${FILES.cardPng(4, 1, 'light')}`;
      wrk(wrkBin, url, 2, connections);
      const runs: Result[] = [];
      for (let i = 0; i < rounds; i++) runs.push(wrk(wrkBin, url, seconds, connections));
      png = { cold: cold.sort((a, b) => a - b), cached: median(runs) };
      console.log('  measured the PNG cards');
    }
    // The mixed load, then RSS: each of our servers in turn, 20 s of everything a worker may be asked.
    const mixed = mixedScript(work, Object.values(mixedParts(manifest)).flat());
    const mixedRuns = new Map<string, Result>();
    for (const t of targets.filter((x) => x.gita)) {
      mixedRuns.set(t.name, wrk(wrkBin, `http://127.0.0.1:${t.port}/`, 20, 16, mixed));
      console.log(`  mixed load on ${t.name}`);
    }
    const rss = new Map(targets.map((t) => [t.name, t.rss()]));
    const pss = new Map(targets.map((t) => [t.name, t.pss()]));

    const names = targets.map((t) => t.name);
    const cell = (r: Result | undefined, f: (r: Result) => string) => (r ? f(r) : '-');
    console.log('');
    console.log(`req/s (wrk -t1 -c${connections}, median of ${rounds}; auto = ${availableParallelism()} workers)`);
    // How each engine's workers shared the port: the server's Node runs on this Node (the bench's own).
    console.log(`auto's workers: node ${process.version}: ${nodeReusesPort() ? `${loadConfig(process.env).workerKind === 'threads' ? 'threads of one process' : 'processes'}, each accepting on the port (reusePort)` : 'node:cluster (the primary hands out the connections)'}; bun and deno: processes, each accepting on the port (reusePort); bare node:http auto: node:cluster`);
    console.log('');
    console.log(`| route | ${names.join(' | ')} |`);
    console.log(`|---|${names.map(() => '---:').join('|')}|`);
    for (const { route, results } of rows) console.log(`| ${route} | ${names.map((n) => cell(results.get(n), (r) => fmt(r.rps))).join(' | ')} |`);
    console.log('');
    // Where wrk's one thread or the loopback is the limit, every server shows the same req/s: the CPU each spent per answer still tells them apart.
    console.log('server CPU per answer, µs (user and system, all its processes and threads; median of the rounds)');
    console.log('');
    console.log(`| route | ${names.join(' | ')} |`);
    console.log(`|---|${names.map(() => '---:').join('|')}|`);
    for (const { route, results } of rows) console.log(`| ${route} | ${names.map((n) => cell(results.get(n), (r) => fmt(r.cpuUs))).join(' | ')} |`);
    console.log('');
    console.log(`p99 ms (target <= 10 at ${connections} connections); errors and non-2xx answers summed over the rounds`);
    console.log('');
    console.log(`| route | ${names.join(' | ')} |`);
    console.log(`|---|${names.map(() => '---:').join('|')}|`);
    for (const { route, results } of rows) console.log(`| ${route} | ${names.map((n) => cell(results.get(n), (r) => `${fmt(r.p99, 2)}${r.p99 <= 10 ? '' : ' (missed)'}${r.errors + r.non2xx ? ` [${r.errors + r.non2xx} errors]` : ''}`)).join(' | ')} |`);
    // The ratios the targets are set on, and the Node ones the docs quote.
    const ratios: Array<[string, string, string, number | null]> = [
      ['bun auto', 'nginx', 'bun auto / nginx', TARGETS.bunAutoOverNginx],
      ['bun 1', 'bare Bun.serve', 'bun 1 / bare Bun.serve', null],
      ['node auto', 'nginx', 'node auto / nginx', null],
      ['node 1', 'bare node:http', 'node 1 / bare node:http', TARGETS.node1OverBare],
      ['node 1 with log', 'bare node:http', 'node 1 with log / bare node:http', null],
      ['node 1 with log', 'node 1', 'node 1 with log / node 1', null],
      ['node auto', 'bare node:http auto', 'node auto / bare node:http auto', TARGETS.nodeAutoOverBareAuto],
      ['bare node:http auto', 'nginx', 'bare node:http auto / nginx', null],
      ['deno auto', 'nginx', 'deno auto / nginx', null],
      ['bare Bun.serve', 'bare node:http', 'bare Bun.serve / bare node:http', null],
      ['node 1', 'Fastify 5', 'node 1 / Fastify 5', TARGETS.node1OverFastify],
      ['node 1', 'Express 5', 'node 1 / Express 5', null],
    ];
    const shown = ratios.filter(([a, b]) => names.includes(a) && names.includes(b));
    console.log('');
    console.log(`| route | ${shown.map(([, , label, target]) => `${label}${target ? ` (target >= ${target})` : ''}`).join(' | ')} |`);
    console.log(`|---|${shown.map(() => '---:').join('|')}|`);
    for (const { route, results } of rows) {
      console.log(`| ${route} | ${shown.map(([a, b, , target]) => {
        const x = results.get(a)?.rps;
        const y = results.get(b)?.rps;
        if (!x || !y) return '-';
        return `${fmt(x / y, 2)}${target && x / y < target ? ' (missed)' : ''}`;
      }).join(' | ')} |`);
    }
    console.log('');
    console.log('The same ratios by CPU per answer (the second\'s over the first\'s: above 1, the first spends less on an answer):');
    console.log('');
    console.log(`| route | ${shown.map(([, , label]) => label).join(' | ')} |`);
    console.log(`|---|${shown.map(() => '---:').join('|')}|`);
    for (const { route, results } of rows) {
      console.log(`| ${route} | ${shown.map(([a, b]) => {
        const x = results.get(a)?.cpuUs;
        const y = results.get(b)?.cpuUs;
        return x && y ? fmt(y / x, 2) : '-';
      }).join(' | ')} |`);
    }
    if (projected.length) {
      const whole = projected[0].r.rps;
      console.log('');
      console.log('| projection (node 1) | req/s | / the whole record (target >= 0.8 for ?lang=en) | p50 / p99 ms | bytes | errors |');
      console.log('|---|---:|---:|---:|---:|---:|');
      for (const { path, r } of projected) console.log(`| ${path} | ${fmt(r.rps)} | ${fmt(r.rps / whole, 2)} | ${fmt(r.p50, 2)} / ${fmt(r.p99, 2)} | ${r.bytes} | ${r.errors + r.non2xx} |`);
    }
    if (searched) {
      console.log('');
      console.log(`search (node 1), 16 connections, the test queries in rotation: ${fmt(searched.rps)} req/s, p50 ${fmt(searched.p50, 2)} ms (target <= 2), p99 ${fmt(searched.p99, 2)} ms (target <= 20), ${searched.errors + searched.non2xx} errors`);
    }
    if (cited.length) {
      console.log('');
      console.log('| references and MCP (node 1, 16 connections) | req/s | p50 / p99 ms | bytes | errors |');
      console.log('|---|---:|---:|---:|---:|');
      for (const { name, r } of cited) console.log(`| ${name} | ${fmt(r.rps)} | ${fmt(r.p50, 2)} / ${fmt(r.p99, 2)} | ${r.bytes} | ${r.errors + r.non2xx} |`);
    }
    if (png) {
      console.log('');
      console.log(`PNG card (node 1), cold (drawn on this request; 9 cards): median ${fmt(png.cold[4], 1)} ms, slowest ${fmt(png.cold[8], 1)} ms; cached (${FILES.cardPng(4, 1)}, ${connections} connections): ${fmt(png.cached.rps)} req/s, p50 ${fmt(png.cached.p50, 2)} ms, p99 ${fmt(png.cached.p99, 2)} ms, ${png.cached.errors + png.cached.non2xx} errors`);
    }
    console.log('');
    console.log(`| RSS after 20 s of mixed load (wrk -c16: records, projections, search, cards SVG and PNG, words and lemmas, /verses ranges, reading pages) | req/s | non-2xx | RSS per worker, MB | PSS per worker, MB | primary RSS MB | RSS in all, MB (target <= ${TARGETS.rssAuto} with auto, ${TARGETS.rssOne} with 1) |`);
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    /** Every process of a server after the mixed load: the primary (with auto) and its worker processes (none when they are threads: the primary's RSS holds them). */
    const inAll = (t: Target) => (rss.get(t.name) ?? []).reduce((n, m) => n + m, 0) + (t.name.endsWith(' auto') && t.proc.pid ? rssMb(t.proc.pid) : 0);
    const rssTarget = (t: Target) => (t.name.endsWith(' auto') ? TARGETS.rssAuto : TARGETS.rssOne);
    for (const t of targets) {
      const r = mixedRuns.get(t.name);
      const mbs = rss.get(t.name) ?? [];
      const auto = t.name.endsWith(' auto');
      const primary = auto && t.proc.pid ? fmt(rssMb(t.proc.pid)) : '-';
      // The target is the server's: the references' figures are for scale.
      const total = inAll(t);
      console.log(`| ${t.name}${r ? '' : ' (not loaded)'} | ${r ? fmt(r.rps) : '-'} | ${r ? r.non2xx : '-'} | ${mbs.map((m) => m.toFixed(0)).join(', ')} | ${(pss.get(t.name) ?? []).map((m) => fmt(m)).join(', ')} | ${primary} | ${fmt(total)}${t.gita ? (total > rssTarget(t) ? ' (missed)' : ' (met)') : ''} |`);
    }
    // Every target of the run beside its figure.
    const hotRows = rows.filter((r) => HOT.some((h) => r.route === h || r.route.startsWith(`${h} (`)));
    const worst = (a: string, b: string) => Math.min(...hotRows.map((r) => (r.results.get(a)?.rps ?? NaN) / (r.results.get(b)?.rps ?? NaN)).filter(Number.isFinite));
    // A figure that could not be measured (a route or engine left out) is neither met nor missed.
    const met = (figure: number, ok: boolean) => (!Number.isFinite(figure) ? 'not measured' : ok ? 'met' : 'missed');
    console.log('');
    console.log('| target | figure (worst over the hot routes, plain and br/gzip) | |');
    console.log('|---|---:|---|');
    for (const [label, a, b, target] of [
      ['node auto / bare node:http auto >= ' + TARGETS.nodeAutoOverBareAuto, 'node auto', 'bare node:http auto', TARGETS.nodeAutoOverBareAuto],
      ['bun auto / nginx >= ' + TARGETS.bunAutoOverNginx, 'bun auto', 'nginx', TARGETS.bunAutoOverNginx],
      ['node 1 / bare node:http >= ' + TARGETS.node1OverBare, 'node 1', 'bare node:http', TARGETS.node1OverBare],
      ['node 1 / Fastify 5 >= ' + TARGETS.node1OverFastify, 'node 1', 'Fastify 5', TARGETS.node1OverFastify],
    ] as const) {
      if (!names.includes(a) || !names.includes(b)) continue;
      const w = worst(a, b);
      console.log(`| ${label} | ${fmt(w, 2)} | ${met(w, w >= target)} |`);
    }
    for (const n of names.filter((x) => x.startsWith('node') || x.startsWith('bun'))) {
      const p99 = Math.max(...hotRows.map((r) => r.results.get(n)?.p99 ?? NaN).filter(Number.isFinite));
      console.log(`| ${n}: p99 <= ${TARGETS.p99} ms at ${connections} connections | ${fmt(p99, 2)} ms | ${met(p99, p99 <= TARGETS.p99)} |`);
    }
    for (const t of targets.filter((x) => x.gita && (x.name.endsWith(' auto') || x.name.endsWith(' 1')))) {
      const total = rss.has(t.name) ? inAll(t) : NaN;
      console.log(`| ${t.name}: RSS of every process after the mixed load <= ${rssTarget(t)} MB | ${fmt(total)} MB | ${met(total, total <= rssTarget(t))} |`);
    }
  } finally {
    stopping = true;
    for (const t of targets) t.proc.kill(t.name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
    await Promise.all(targets.map((t) => new Promise((r) => (t.proc.exitCode !== null || t.proc.signalCode !== null ? r(null) : t.proc.once('exit', r)))));
  }

  // Start-up: from spawn to the first answer, three times, each engine with 1 worker and with auto; and to the first search answer (the index loaded).
  // Measured after the load, alone on the machine (as far as this script goes).
  const startUp = async (engine: Engine, workers: string) => {
    const first: number[] = [];
    const search: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const [cmd, args] = serverCommand(engine, ['--port', '18091', '--host', '127.0.0.1']);
      const p = spawn(cmd, args, { cwd: PROJECT_ROOT, env: { ...process.env, GITA_ANON_LIMIT: '0', GITA_WORKERS: workers, GITA_DATA_DIR: dataDir() }, stdio: ['ignore', 'ignore', 'inherit'] });
      await waitFor('http://127.0.0.1:18091/healthz');
      first.push(performance.now() - t0);
      await waitFor('http://127.0.0.1:18091/search?q=dharma');
      search.push(performance.now() - t0);
      p.kill('SIGTERM');
      await new Promise((r) => p.once('exit', r));
    }
    return { first: first.sort((a, b) => a - b)[1], search: search.sort((a, b) => a - b)[1] };
  };
  const targetsMs: Partial<Record<string, number>> = { 'node 1': 500, 'node auto': 1000, 'bun 1': 300 };
  if (!quick) console.log('');
  if (!quick) console.log('| start-up (median of 3) | to the first answer | to the first search answer (its index loaded) |');
  if (!quick) console.log('|---|---:|---:|');
  for (const engine of quick ? [] : engines) {
    for (const workers of ['1', 'auto']) {
      const s = await startUp(engine, workers);
      const target = targetsMs[`${engine} ${workers}`];
      console.log(`| ${engine} ${workers} | ${formatSeconds(s.first)}${target ? ` (target <= ${target / 1000} s${s.first <= target ? '' : ', missed'})` : ''} | ${formatSeconds(s.search)} |`);
    }
  }
  if (!values['no-abuse-bench']) await abuseBench(wrkBin, manifest, work);
  rmSync(work, { recursive: true, force: true });

  if (!values['no-keys-bench']) await keysBench(wrkBin, seconds, connections, rounds);

  if (!values['no-build-bench']) {
    console.log('');
    execFileSync(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'bench-build.ts')], { stdio: 'inherit', cwd: PROJECT_ROOT });
  }
  if (!values['no-fresh-start-bench']) {
    console.log('');
    execFileSync(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'bench-fresh-start.ts')], { stdio: 'inherit', cwd: PROJECT_ROOT });
  }
});
