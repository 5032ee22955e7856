// npm run bench:instructions [-- --routes /slok/2/47,/chapters] [--answers N] [--windows N] [--coding br] [--idle-collections]
// Instructions per answer, counted by valgrind's callgrind: one Node worker
// of the server (as `npm start` runs it, with GITA_REQUEST_LOG=on, and with
// GITA_METRICS_TOKEN set: every answer recorded for GET /metrics), the
// bare node:http server and Fastify 5 giving the same bytes
// (scripts/bench-reference.mjs). A count does not move with the machine's
// other work as req/s and CPU time do on a shared machine, so a ratio of a
// few percent can be read from one run. It counts what the process runs
// (JavaScript, the engine, its collector and compiler threads, libc), not
// the time the kernel spends in its calls nor what a cache miss costs: a
// companion to `npm run bench`, not a replacement.
//
// Each server starts under callgrind with its counting off, answers a
// warm-up, then `windows` windows of `answers` answers each, counted one by
// one (8 connections, keep-alive). The engine goes on compiling the hot code
// for thousands of answers under valgrind, so the first windows count more:
// the median of the last three is the figure. --idle-collections: after the
// warm-up, three full collections while the server is idle (as V8 makes
// them to reduce an idle process's memory), then the warm-up again: what a
// server meets after a quiet spell. Such a collection once put our server
// at half as many instructions again for good (src/http/tick-shapes.ts).
// Printed, not asserted.
import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { Agent, get } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flags, run } from '../src/cli/run.ts';
import { PATHS, PROJECT_ROOT, serverCommand } from '../src/paths.ts';
import { allocatorEnv } from '../src/http/allocator.mjs';

const usage = `
Usage: npm run bench:instructions [-- --routes /slok/2/47,/chapters] [--answers 2000] [--windows 7] [--warm-up 3000] [--coding br] [--idle-collections]

Instructions per answer (valgrind --tool=callgrind) of one Node worker of
the server, the same with its request log on and with its metrics on, the
bare node:http server and Fastify 5 giving the same bytes; the median of the
last three windows, and
the ratios. Needs valgrind (Debian package valgrind) and a built dist/.
About two minutes per server and route. --idle-collections: after the
warm-up, three full collections while the server is idle, then the warm-up
again (each server is started with --expose-gc).
`;

interface Figure {
  windows: number[];
  settled: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `count` answers of `path`, `connections` at a time over keep-alive, each read to its end; rejects on an answer that is not 200. */
function answer(port: number, path: string, count: number, coding: string | undefined, connections = 8): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const headers = coding ? { 'accept-encoding': coding } : {};
  let sent = 0;
  let done = 0;
  return new Promise<void>((resolve, reject) => {
    const next = () => {
      if (sent >= count) return;
      sent++;
      get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode} from the server on port ${port}`));
        res.resume();
        res.on('end', () => (++done === count ? resolve() : next()));
      }).on('error', reject);
    };
    for (let i = 0; i < connections; i++) next();
  }).finally(() => agent.destroy());
}

async function ready(port: number, path: string, proc: ChildProcess, name: string) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`${name} stopped before it answered (exit ${proc.exitCode})`);
    const ok = await new Promise<boolean>((r) => get({ host: '127.0.0.1', port, path }, (res) => (res.resume(), r(res.statusCode === 200))).on('error', () => r(false)));
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${name} did not answer ${path} within 5 minutes under valgrind`);
}

/** The instructions of the dump callgrind wrote last for `pid`. */
function lastDump(dir: string, pid: number, n: number): number {
  const file = join(dir, `cg.${pid}.${n}`);
  const m = /^(?:totals|summary): (\d+)/m.exec(readFileSync(file, 'utf8'));
  if (!m) throw new Error(`${file}: no totals line`);
  return Number(m[1]);
}

/**
 * Our server loads its search index in the background once it listens: a
 * search asked first waits for it, so that the load (tens of seconds under
 * valgrind) is not counted in the windows of another route.
 */
const PRIME = '/search?q=yoga';

/** Full collections on a signal, for --idle-collections: loaded into each server (every one is a Node process). */
const COLLECT = ['--expose-gc', '--require', join(PROJECT_ROOT, 'scripts', 'bench-collect.cjs')];

async function measure(name: string, cmd: string, args: string[], env: Record<string, string>, port: number, path: string, o: { answers: number; windows: number; warmUp: number; coding?: string; idleCollections: boolean }, prime?: string): Promise<Figure> {
  const dir = mkdtempSync(join(tmpdir(), 'gita-callgrind-'));
  const proc = spawn('valgrind', ['--tool=callgrind', '--instr-atstart=no', '--smc-check=all-non-file', `--callgrind-out-file=${join(dir, 'cg.%p')}`, cmd, ...(o.idleCollections ? COLLECT : []), ...args], {
    cwd: PROJECT_ROOT,
    // The server starts itself again with glibc's allocator settings when they are not set; under valgrind that second start would run uncounted.
    env: { ...process.env, ...allocatorEnv(process.env), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (c) => (stderr = (stderr + c).slice(-4000)));
  const control = (...a: string[]) => execFileSync('callgrind_control', [...a, String(proc.pid)], { stdio: 'ignore' });
  try {
    await ready(port, path, proc, name);
    if (prime) await answer(port, prime, 1, undefined, 1);
    await answer(port, path, o.warmUp, o.coding);
    if (o.idleCollections) {
      proc.kill('SIGUSR2');
      await new Promise((r) => setTimeout(r, 5_000));
      await answer(port, path, o.warmUp, o.coding);
    }
    control('-i', 'on');
    const windows: number[] = [];
    for (let w = 1; w <= o.windows; w++) {
      control('-z');
      await answer(port, path, o.answers, o.coding);
      control('-d');
      windows.push(Math.round(lastDump(dir, proc.pid!, w) / o.answers));
    }
    return { windows, settled: median(windows.slice(-3)) };
  } catch (err) {
    throw new Error(`${name}: ${(err as Error).message}\n${stderr}`);
  } finally {
    proc.kill('SIGKILL');
    await new Promise((r) => proc.once('close', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

run(async () => {
  const { values } = flags(usage, {
    routes: { type: 'string', default: '/slok/2/47' },
    answers: { type: 'string', default: '2000' },
    windows: { type: 'string', default: '7' },
    'warm-up': { type: 'string', default: '3000' },
    coding: { type: 'string' },
    'idle-collections': { type: 'boolean', default: false },
  });
  const o = { answers: Number(values.answers), windows: Number(values.windows), warmUp: Number(values['warm-up']), coding: values.coding, idleCollections: values['idle-collections'] === true };
  for (const [k, v] of Object.entries({ '--answers': o.answers, '--windows': o.windows, '--warm-up': o.warmUp })) if (!(Number.isInteger(v) && v > 0)) throw new Error(`${k}: expected a whole number above 0`);
  if (o.windows < 3) throw new Error('--windows: at least 3 (the figure is the median of the last three)');
  if (spawnSync('sh', ['-c', 'command -v valgrind && command -v callgrind_control'], { stdio: 'ignore' }).status !== 0) throw new Error('valgrind is missing: install the Debian package valgrind (apt-get install valgrind)');
  if (!existsSync(join(PATHS.dist, 'manifest.json'))) throw new Error('dist/ is not built: npm run build first');
  const routes = (values.routes ?? '/slok/2/47').split(',').map((r) => r.trim()).filter(Boolean);
  const data = mkdtempSync(join(tmpdir(), 'gita-data-'));
  let folders = 0;
  /** A data folder of its own for each of our servers (a server holds its folder). */
  const dataDir = () => mkdtempSync(join(data, `${folders++}-`));
  let port = 18_400;
  const reference = (framework?: string) => (p: number): [string, string[]] => [process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'bench-reference.mjs'), PATHS.dist, String(p), ...(framework ? ['1', framework] : [])]];
  const ours = (p: number) => serverCommand('node', ['--port', String(p), '--host', '127.0.0.1']);
  const targets: Array<[string, (p: number) => [string, string[]], () => Record<string, string>, string?]> = [
    ['node 1', ours, () => ({ GITA_WORKERS: '1', GITA_ANON_LIMIT: '0', GITA_DATA_DIR: dataDir(), GITA_REQUEST_LOG: 'off' }), PRIME],
    ['node 1 with log', ours, () => ({ GITA_WORKERS: '1', GITA_ANON_LIMIT: '0', GITA_DATA_DIR: dataDir(), GITA_REQUEST_LOG: 'on' }), PRIME],
    // Every answer recorded for GET /metrics (src/http/metrics.ts), as with GITA_METRICS_TOKEN set.
    ['node 1 with metrics', ours, () => ({ GITA_WORKERS: '1', GITA_ANON_LIMIT: '0', GITA_DATA_DIR: dataDir(), GITA_REQUEST_LOG: 'off', GITA_METRICS_TOKEN: 'bench' }), PRIME],
    ['bare node:http', reference(), () => ({})],
    ['Fastify 5', reference('fastify'), () => ({})],
  ];
  console.log(`node ${process.version}, valgrind ${execFileSync('valgrind', ['--version'], { encoding: 'utf8' }).trim()}; ${o.warmUp} answers uncounted, then ${o.windows} windows of ${o.answers}${o.coding ? `; Accept-Encoding: ${o.coding}` : ''}${o.idleCollections ? '; three full collections while idle, then the warm-up again' : ''}`);
  try {
    for (const route of routes) {
      const figures = new Map<string, Figure>();
      for (const [name, command, env, prime] of targets) {
        const p = port++;
        const [cmd, args] = command(p);
        const f = await measure(name, cmd, args, env(), p, route, o, prime);
        figures.set(name, f);
        console.log(`  ${route} ${name}: ${f.windows.join(', ')}`);
      }
      console.log(`\n| ${route} | instructions per answer | over bare node:http |\n|---|---:|---:|`);
      const bare = figures.get('bare node:http')!.settled;
      for (const [name, f] of figures) console.log(`| ${name} | ${f.settled} | ${(f.settled / bare).toFixed(3)} |`);
      const node1 = figures.get('node 1')!.settled;
      console.log(`\nnode 1 / bare node:http by instructions (bare over ours, as the bench's ratios read: above 1, ours spends less): ${(bare / node1).toFixed(2)}; node 1 / Fastify 5: ${(figures.get('Fastify 5')!.settled / node1).toFixed(2)}; the log's share of node 1 with log: ${(1 - node1 / figures.get('node 1 with log')!.settled).toFixed(3)}; the metrics' share of node 1 with metrics: ${(1 - node1 / figures.get('node 1 with metrics')!.settled).toFixed(3)}\n`);
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
});
