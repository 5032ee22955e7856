// npm run bench:fresh-start : how long a new user waits. `npm start` on a
// fresh clone (the checkout's last commit, its node_modules linked: a clone
// after `npm ci`), three times, each from nothing (no content/, dist/ or
// .cache/): seconds to the first answer of /slok/2/47, and to /healthz saying
// ready, and the CPU seconds each took (the critical path's to the first
// answer: npm, the server and the preparation it waited for, not the
// background build; all of it to ready). Prints each start, the median against
// the target and the machine's load; figures, not a pass/fail test.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { flags, run } from '../src/cli/run.ts';
import { formatSeconds } from '../src/cli/format.ts';
import { PROJECT_ROOT } from '../src/paths.ts';
import { freshClone } from './fresh-clone.ts';
import { cpuSecondsSinceStart } from './process-memory.ts';

const usage = `
Usage: npm run bench:fresh-start [-- --starts N --port P --load N]

Starts the server as a new user does (npm start, on a fresh clone of the last
commit) --starts times (default 3), each from nothing, and prints the seconds
to the first answer and to readiness, and their medians. --load N: N busy
loops (a process each) run beside the starts, as on a machine at load N.
`;

/** The targets, on 2 cores: a new user's first answer within this many seconds of npm start, quiet and at load 4; ready within READY_TARGET_S, quiet. */
const FIRST_ANSWER_TARGET_S = 10;
const FIRST_ANSWER_LOADED_TARGET_S = 20;
const READY_TARGET_S = 30;

/** `n` processes that spin until killed: a machine at load n (the busy neighbours a shared machine has). */
function busyLoops(n: number): () => void {
  const loops = Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => loops.forEach((l) => l.kill('SIGKILL'));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function answers(url: string, ok: (r: Response) => Promise<boolean> | boolean): Promise<boolean> {
  try {
    const r = await fetch(url);
    return await ok(r);
  } catch {
    return false;
  }
}

/** The background build's process (src/publish/background.ts), which is no part of the wait for the first answer. */
const isBackgroundBuild = (args: string) => / bin\/run\.mjs build /.test(args);

interface Start {
  first: number;
  ready: number;
  /** CPU seconds of npm start's processes to the first answer (the background build left out), and to ready (all). */
  firstCpu: number;
  readyCpu: number;
}

/** One start from nothing: seconds to the first 200 of /slok/2/47 and to ready, and the CPU used by then. */
async function freshStart(clone: string, port: number): Promise<Start> {
  for (const part of ['content', 'dist', '.cache', 'data']) rmSync(join(clone, part), { recursive: true, force: true });
  const t0 = performance.now();
  const npm = spawn('npm', ['start'], { cwd: clone, env: { ...process.env, PORT: String(port), GITA_ANON_LIMIT: '0' }, stdio: 'ignore' });
  const gone = new Promise((r) => npm.once('exit', r));
  try {
    const until = async (what: string, ok: () => Promise<boolean>) => {
      while (!(await ok())) {
        if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}) before ${what}`);
        if (performance.now() - t0 > 300_000) throw new Error(`no ${what} within 300 s`);
        await sleep(50);
      }
      return (performance.now() - t0) / 1000;
    };
    const first = await until('its first answer', () => answers(`http://127.0.0.1:${port}/slok/2/47`, (r) => r.arrayBuffer().then(() => r.status === 200)));
    const firstCpu = cpuSecondsSinceStart(npm.pid!, isBackgroundBuild);
    const ready = await until('readiness', () => answers(`http://127.0.0.1:${port}/healthz`, async (r) => (await r.json()).ready === true));
    return { first, ready, firstCpu, readyCpu: cpuSecondsSinceStart(npm.pid!) };
  } finally {
    npm.kill('SIGTERM');
    await gone;
  }
}

run(async () => {
  const { values } = flags(usage, { starts: { type: 'string' }, port: { type: 'string' }, load: { type: 'string' } });
  const starts = Number(values.starts ?? 3);
  const load = Number(values.load ?? 0);
  const port = Number(values.port ?? 18_095);
  const work = mkdtempSync(join(tmpdir(), 'gita-fresh-start-'));
  try {
    const clone = freshClone(PROJECT_ROOT, work);
    console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), node ${process.version}; load average ${loadavg()[0].toFixed(2)} before`);
    const runs: Start[] = [];
    const stopLoops = busyLoops(load);
    try {
      for (let i = 0; i < starts; i++) {
        const r = await freshStart(clone, port);
        runs.push(r);
        console.log(`fresh start ${i + 1}${load ? ` beside ${load} busy loops` : ''}: first answer after ${formatSeconds(r.first * 1000)} (${r.firstCpu.toFixed(2)} s of CPU), ready after ${formatSeconds(r.ready * 1000)} (${r.readyCpu.toFixed(2)} s of CPU); load average ${loadavg()[0].toFixed(2)}`);
      }
    } finally {
      stopLoops();
    }
    const first = median(runs.map((r) => r.first));
    const ready = median(runs.map((r) => r.ready));
    const target = load ? FIRST_ANSWER_LOADED_TARGET_S : FIRST_ANSWER_TARGET_S;
    const readyTarget = load ? '' : ` (target <= ${READY_TARGET_S} s: ${ready <= READY_TARGET_S ? 'met' : 'missed'})`;
    const range = (xs: number[]) => `${Math.min(...xs).toFixed(2)} to ${Math.max(...xs).toFixed(2)} s`;
    console.log(`npm start on a fresh clone${load ? ` beside ${load} busy loops` : ''}, median of ${starts}: first answer ${formatSeconds(first * 1000)} (target <= ${target} s: ${first <= target ? 'met' : 'missed'}), ready ${formatSeconds(ready * 1000)}${readyTarget}; load average ${loadavg()[0].toFixed(2)} after`);
    console.log(`ranges: first answer ${range(runs.map((r) => r.first))} (CPU ${range(runs.map((r) => r.firstCpu))}), ready ${range(runs.map((r) => r.ready))} (CPU ${range(runs.map((r) => r.readyCpu))})`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
