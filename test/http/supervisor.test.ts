// The one supervisor of workers (src/http/supervisor.ts), which node:cluster's
// primary and the primary of Bun's and Deno's worker processes both run, and
// the one stop sequence (src/http/shutdown.ts) every server process ends by:
// here over fake workers, so each rule is seen on its own (the real primaries
// are run in cluster.test.ts, listen.test.ts and lifecycle.test.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { restartPause, Supervisor, workerEnv, type WorkerControl } from '../../src/http/supervisor.ts';
import { stopOnce } from '../../src/http/shutdown.ts';
import { PORT_IN_USE_EXIT } from '../../src/http/port-in-use.ts';
import type { RequestLog } from '../../src/http/log.ts';

interface Fake {
  pid: number;
  dead: boolean;
  asked: boolean;
  killed: boolean;
  exit: () => void;
  exited: Promise<void>;
}

function fakes() {
  const made: Fake[] = [];
  let pid = 100;
  const control: WorkerControl<Fake> = {
    start: () => {
      let exit = () => {};
      const exited = new Promise<void>((r) => (exit = r));
      const w: Fake = { pid: pid++, dead: false, asked: false, killed: false, exit: () => ((w.dead = true), exit()), exited };
      made.push(w);
      return w;
    },
    pid: (w) => w.pid,
    isDead: (w) => w.dead,
    askToStop: (w) => void (w.asked = true),
    exited: (w) => w.exited,
    kill: (w) => void ((w.killed = true), w.exit()),
  };
  return { made, control };
}

function fakeLog() {
  const lines: string[] = [];
  const log: RequestLog = { line: (t) => void lines.push(t), flush: () => {}, request: () => {} };
  return { lines, log };
}

/** Run `body` with process.exit (and stderr) caught: the codes asked for, and what was written. */
async function catchingExit(body: (exited: Promise<number>) => Promise<void>): Promise<{ codes: number[]; stderr: string }> {
  const { exit } = process;
  const write = process.stderr.write;
  const codes: number[] = [];
  let stderr = '';
  let said = (_code: number) => {};
  const exited = new Promise<number>((r) => (said = r));
  process.exit = ((code: number) => {
    codes.push(code);
    said(code);
  }) as typeof process.exit;
  process.stderr.write = ((s: string) => ((stderr += s), true)) as typeof process.stderr.write;
  try {
    await body(exited);
  } finally {
    process.exit = exit;
    process.stderr.write = write;
  }
  return { codes, stderr };
}

test('the pause before a replacement: none after a worker that lived, then 200 ms doubling to 10 s', () => {
  assert.equal([0, 1, 2, 3, 6, 7, 20].map(restartPause), [0, 200, 400, 800, 6400, 10_000, 10_000]);
});

test('a worker that dies young is replaced after a growing pause; the workers are told', async () => {
  const { made, control } = fakes();
  const { lines, log } = fakeLog();
  let changed = 0;
  const s = new Supervisor({ log, usage: null, control, port: () => 8080, changed: () => void changed++ });
  s.fork();
  s.fork();
  made[0].exit();
  s.exited(made[0], 1, null);
  made[1].exit();
  s.exited(made[1], null, 'SIGKILL');
  assert.equal(lines, ['worker 100 exited (code 1); starting another in 200 ms', 'worker 101 exited (SIGKILL); starting another in 400 ms']);
  assert.is(changed, 2);
  assert.is(s.workers.length, 0);
  await new Promise((r) => setTimeout(r, 450));
  assert.is(s.workers.length, 2, 'both replaced');
});

test('a worker the caller will not have replaced is not', () => {
  const { made, control } = fakes();
  const { lines, log } = fakeLog();
  const seen: string[] = [];
  const s = new Supervisor({ log, usage: null, control, port: () => 0, changed: () => {}, replaceable: (w, how) => (seen.push(`${w.pid} ${how}`), false) });
  s.fork();
  s.exited(made[0], 3, null);
  assert.equal(seen, ['100 code 3']);
  assert.equal(lines, []);
});

test('a worker that found the port taken: every worker killed, the reason said, exit 1', async () => {
  const { made, control } = fakes();
  const { log } = fakeLog();
  const s = new Supervisor({ log, usage: null, control, port: () => 8080, changed: () => {} });
  const { codes, stderr } = await catchingExit(async (exited) => {
    s.fork();
    s.fork();
    made[0].dead = true;
    s.exited(made[0], PORT_IN_USE_EXIT, null);
    await exited;
    // A signal meanwhile does not start a second ending.
    await s.stop('SIGTERM');
  });
  assert.equal(codes, [1]);
  assert.match(stderr, /^error: port 8080 is in use/);
  assert.ok(made[1].killed);
  assert.not.ok(made[0].killed, 'the dead one is left alone');
});

test('stop: each live worker asked to stop, the counts closed once they all exited, `stopped`, exit 0; once only', async () => {
  const { made, control } = fakes();
  const { lines, log } = fakeLog();
  let closed = false;
  const usage = { close: async () => void (closed = true) } as unknown as ConstructorParameters<typeof Supervisor>[0]['usage'];
  const s = new Supervisor({ log, usage, control, port: () => 8080, changed: () => {} });
  const { codes } = await catchingExit(async (exited) => {
    s.fork();
    s.fork();
    const stopping = s.stop('SIGTERM');
    void s.stop('SIGINT');
    assert.ok(made.every((w) => w.asked));
    assert.not.ok(closed, 'not before the workers exited');
    s.exited(made[0], 0, null);
    assert.is(s.workers.length, 1, 'an exit while stopping is not replaced');
    made.forEach((w) => w.exit());
    await stopping;
    await exited;
  });
  assert.ok(closed);
  assert.equal(lines, ['SIGTERM: the workers finish their in-flight requests', 'stopped']);
  assert.equal(codes, [0]);
});

test('stopOnce: says why, finishes, says stopped, flushes and exits 0, however often asked', async () => {
  const { lines, log } = fakeLog();
  let flushed = 0;
  log.flush = () => void flushed++;
  let finished = 0;
  const { codes } = await catchingExit(async () => {
    const stop = stopOnce(log, 'finishing in-flight requests', async () => void finished++);
    await Promise.all([stop('SIGTERM'), stop('SIGINT'), stop('asked to stop')]);
  });
  assert.is(finished, 1);
  assert.equal(lines, ['SIGTERM: finishing in-flight requests', 'stopped']);
  assert.ok(flushed >= 1);
  assert.equal(codes, [0]);
});

test("workers and npm start's own process get two malloc arenas and the mmap threshold, unless the operator chose their own", async () => {
  assert.equal(workerEnv({}), { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '524288' });
  assert.equal(workerEnv({ MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '131072' }), { MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '131072' });
  const run = (await import(new URL('../../bin/run.mjs', import.meta.url).href)) as { startsAgainWithAllocator: (env: NodeJS.ProcessEnv) => boolean };
  const reexec = process.platform === 'linux' && typeof (process as { execve?: unknown }).execve === 'function';
  assert.is(run.startsAgainWithAllocator({ MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '1048576' }), false);
  assert.is(run.startsAgainWithAllocator({ MALLOC_MMAP_THRESHOLD_: '1048576' }), reexec);
  assert.is(run.startsAgainWithAllocator({ MALLOC_ARENA_MAX: '8' }), reexec);
  assert.is(run.startsAgainWithAllocator({}), reexec);
});

test.run();
