// No count lost on a stop, as a supervisor stops a server: the signal goes to
// the server's whole process group (systemd's KillMode=control-group sends
// SIGTERM to every process of the unit; Ctrl-C in a terminal sends SIGINT to
// the whole job, npm included, which passes it on once more). Under keyed
// load, on every engine, with one worker and with several: every 200 the
// client got is in `gita usage` afterwards, and the group is gone soon after
// the signal.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROJECT_ROOT, serverCommand } from '../../src/paths.ts';
import { createKey, gita } from '../helpers/cli.ts';
import { testDist } from '../helpers/dist.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { freePort } from '../helpers/net.ts';
import { requireProgram } from '../helpers/programs.ts';
import { groupAlive } from '../helpers/npm-start.ts';
import { plainEnv, RUNTIMES, type Runtime } from '../helpers/server.ts';

interface Group {
  proc: ChildProcess;
  port: number;
  output: () => string;
}

/** The server in a process group of its own, as a shell's job or a systemd unit has: through `npm start`, or its engine's command. */
async function startGroup(how: 'npm' | Runtime, dist: string, dataDir: string, workers: number): Promise<Group> {
  const port = await freePort();
  const args = ['--port', String(port), '--host', '127.0.0.1', '--dist', dist, '--data-dir', dataDir, '--workers', String(workers)];
  const [cmd, argv] = how === 'npm' ? ['npm', ['start', '--', ...args]] : serverCommand(how, args);
  const proc = spawn(cmd, argv, { cwd: PROJECT_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...plainEnv(), GITA_ANON_LIMIT: '0' } });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const end = Date.now() + 60_000;
  while (!/listening on http/.test(out)) {
    if (Date.now() > end || proc.exitCode !== null) {
      try {
        process.kill(-proc.pid!, 'SIGKILL');
      } catch {}
      throw new Error(`${how} did not start:\n${out}`);
    }
    await sleep(50);
  }
  return { proc, port, output: () => out };
}


/**
 * Keyed requests over `connections` keep-alive connections until `stopped()`
 * or the server goes; the 200s received, and the requests sent (a request sent
 * as the server stopped may have been counted without its answer arriving).
 */
function keyedLoad(port: number, key: string, connections: number, stopped: () => boolean) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const got = { ok: 0, sent: 0, other: 0 };
  const one = () =>
    new Promise<boolean>((resolve) => {
      got.sent++;
      const req = request({ port, host: '127.0.0.1', path: '/slok/2/47', agent, headers: { 'x-api-key': key } }, (res) => {
        res.resume();
        res.once('end', () => {
          if (res.statusCode === 200) got.ok++;
          else got.other++;
          resolve(true);
        });
        res.once('error', () => resolve(false));
      });
      req.once('error', () => resolve(false));
      req.end();
    });
  const loop = async () => {
    while (!stopped() && (await one()));
  };
  const done = Promise.all(Array.from({ length: connections }, loop)).then(() => agent.destroy());
  return { got, done };
}

/** The requests `gita usage` counts for the key. */
function counted(dataDir: string, id: string): number {
  const r = gita({ GITA_DATA_DIR: dataDir }, 'usage', '--json', '--key', id, '--days', '2');
  if (r.code !== 0) throw new Error(`gita usage failed: ${r.err}`);
  return (JSON.parse(r.out) as { count: number }[]).reduce((n, row) => n + row.count, 0);
}

let dist = '';
test.before(hook(async () => {
  requireProgram('ps', 'procps');
  ({ distDir: dist } = await testDist());
}));

/** Each way a server runs: npm start with one worker and with several (Node), and each engine's own command with several workers and with one. */
const CASES: { how: 'npm' | Runtime; workers: number; signal: NodeJS.Signals }[] = [
  ...(RUNTIMES.includes('node') ? [{ how: 'npm' as const, workers: 1, signal: 'SIGTERM' as const }, { how: 'npm' as const, workers: 2, signal: 'SIGINT' as const }] : []),
  ...RUNTIMES.filter((r) => r !== 'node').flatMap((r) => [
    { how: r, workers: 2, signal: 'SIGTERM' as const },
    { how: r, workers: 1, signal: 'SIGINT' as const },
  ]),
];

for (const { how, workers, signal } of CASES) {
  test(`${how}, ${workers} worker${workers > 1 ? 's' : ''}: ${signal} to the process group under keyed load loses no count`, async () => {
    const dataDir = tempDir();
    const { key, id } = createKey({ GITA_DATA_DIR: dataDir }, 'load', '0');
    const g = await startGroup(how, dist, dataDir, workers);
    try {
      let stop = false;
      const load = keyedLoad(g.port, key, 16, () => stop);
      // Under way for a while, then the signal while requests are still in flight.
      const until = Date.now() + 1_500;
      while (Date.now() < until && load.got.ok < 400) await sleep(20);
      assert.ok(load.got.ok > 0, `the load got answers:\n${g.output()}`);
      process.kill(-g.proc.pid!, signal);
      const signalled = Date.now();
      await Promise.race([load.done, sleep(10_000, undefined, { ref: false })]);
      stop = true;
      const end = Date.now() + 20_000;
      while (groupAlive(g.proc.pid!).length && Date.now() < end) await sleep(25);
      const took = Date.now() - signalled;
      assert.equal(groupAlive(g.proc.pid!), [], `the group is gone 20 s after the signal:\n${g.output()}`);
      assert.not.match(g.output(), /error/i, 'nothing went wrong on the way down');
      const n = counted(dataDir, id);
      console.log(`\n    ${how}, ${workers} worker(s), ${signal} to the group: ${load.got.ok} answers of 200, ${n} counted; the group gone ${took} ms after the signal`);
      // Every answer the client got was counted; at most, also those sent as the server stopped.
      assert.ok(n >= load.got.ok, `${load.got.ok} answers of 200, ${n} counted (${load.got.ok - n} lost); stopped in ${took} ms:\n${g.output()}`);
      assert.ok(n <= load.got.sent, `${n} counted, ${load.got.sent} sent`);
      assert.is(load.got.other, 0, 'every answer was a 200');
    } finally {
      if (groupAlive(g.proc.pid!).length) process.kill(-g.proc.pid!, 'SIGKILL');
    }
  });
}

test.run();
