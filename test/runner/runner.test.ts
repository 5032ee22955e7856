// test/run.mjs as a person and CI meet it on any machine: a missing system
// part fails the suites that need it at once, in one line naming the Debian
// package, and the run ends; a run that fails, is interrupted (SIGINT,
// SIGTERM) or loses its test process outright leaves no process and no
// temporary folder behind. Each case is a real run of test/run.mjs, on the
// real suites that need a system part (every part they check, each made to
// count as missing) or on fixtures/leaves.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { ownProcess } from '../helpers/cleanup.ts';
import { tempDir } from '../helpers/fs.ts';
import { findProgram } from '../helpers/programs.ts';

interface Run {
  code: number | null;
  out: string;
  err: string;
  seconds: number;
}

/**
 * test/run.mjs on `pattern` under `dir`, with `env` added. `during` gets the
 * runner's process once it printed a line starting with `READY`, and that line.
 * A run still going after 60 s is killed (and fails the test): it hung.
 */
function run(dir: string, pattern: string, env: Record<string, string>, during?: (runner: ReturnType<typeof spawn>, ready: string) => void): Promise<Run> {
  const started = Date.now();
  const runner = ownProcess(spawn(process.execPath, [join(PROJECT_ROOT, 'test', 'run.mjs'), dir, pattern], { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
  let out = '';
  let err = '';
  runner.stdout!.on('data', (d) => {
    out += d;
    const ready = /^READY .*$/m.exec(out);
    if (ready && during) {
      during(runner, ready[0]);
      during = undefined;
    }
  });
  runner.stderr!.on('data', (d) => (err += d));
  const hung = setTimeout(() => runner.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    runner.on('exit', (code) => {
      clearTimeout(hung);
      const seconds = (Date.now() - started) / 1000;
      // Its output, once the pipes close; a process the runner failed to end may hold them open.
      const done = () => resolve({ code, out, err, seconds });
      const timer = setTimeout(done, 2000);
      runner.on('close', () => {
        clearTimeout(timer);
        done();
      });
    }),
  );
}

const lastLine = (r: Run) => r.out.trim().split('\n').at(-1);

/** Whether `pid` still runs (a zombie, killed but not yet reaped by its new parent, does not). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** What fixtures/leaves.ts made, from its READY line. */
const made = (r: Run) => JSON.parse(/^READY (.*)$/m.exec(r.out)?.[1] ?? 'null') as { testProcess: number; server: number; worker: number; dir: string } | null;

/** Nothing of the run is left: no process of it, no folder, not the run's temporary root. */
function nothingLeft(r: Run, label: string) {
  const m = made(r);
  assert.ok(m, `${label}: the fixture got as far as READY:\n${r.out}\n${r.err}`);
  for (const [what, pid] of [['test process', m!.testProcess], ['server', m!.server], ['its worker', m!.worker]] as const) {
    assert.not.ok(running(pid), `${label}: the ${what} (pid ${pid}) still runs`);
  }
  assert.not.ok(existsSync(m!.dir), `${label}: ${m!.dir} is left`);
  const root = dirname(m!.dir);
  assert.match(basename(root), /^gita-test-run-\d+-/, `${label}: the folder was made under the run's root`);
  assert.not.ok(existsSync(root), `${label}: the run's root ${root} is left`);
}

/** A suite that checks a part first thing in its before hook, and the line it fails with when the part is missing. */
const CHECKS: Record<string, string> = {
  'pages/read-browser': '/nonexistent/chromium (Debian package chromium; .ci/run installs it)',
  'card/browser': '/nonexistent/chromium (Debian package chromium; .ci/run installs it)',
  'linker/font': 'the font Noto Sans Devanagari (Debian package fonts-noto-core; .ci/run installs it)',
  'load/soak': 'wrk (Debian package wrk; .ci/run installs it)',
  'keys/redis': 'redis-server (Debian package redis-server; .ci/run installs it)',
  'client/client': 'nginx (Debian package nginx-light; .ci/run installs it)',
  'publish/downloads': 'sqlite3 (Debian package sqlite3; .ci/run installs it)',
  'http/signals': 'ps (Debian package procps; .ci/run installs it)',
  'cli/progress': 'script (Debian package bsdutils; .ci/run installs it)',
};

/** A fontconfig configuration that lists no font. */
function fontconfigWithoutFonts(): string {
  const file = join(tempDir('gita-no-fonts-'), 'fonts.conf');
  writeFileSync(file, '<?xml version="1.0"?>\n<fontconfig/>\n');
  return file;
}

// All at once: each is a few seconds of mostly waiting on a child.
const FIXTURES = join('test', 'runner', 'fixtures');
const leaves = (end: string, during?: Parameters<typeof run>[3]) => run(FIXTURES, 'leaves\\.ts$', { FIXTURE_END: end }, during);
const runs = {
  // Every part a suite checks, gone: Chromium by its path, the others by their Debian packages.
  // A time limit of 60 s a test: a suite that waited on what is missing would be named by it (a limit, not a measure of speed).
  missing: run('test', `(${Object.keys(CHECKS).join('|')})\\.test\\.ts$`, { CHROMIUM_PATH: '/nonexistent/chromium', GITA_TEST_MISSING: 'wrk,fonts-noto-core,redis-server,nginx-light,sqlite3,procps,bsdutils', GITA_TEST_TIMEOUT: '60' }),
  // No fonts at all, as fontconfig sees them (Chromium finds its fonts through it): the check reads fc-list, not GITA_TEST_MISSING.
  noFonts: run('test', 'linker/font\\.test\\.ts$', { FONTCONFIG_FILE: fontconfigWithoutFonts() }),
  // Redis installed but not running: only the suite on Redis fails, and its file's other suites run.
  noRedis: run('test', 'keys/limits\\.test\\.ts$', { TEST_REDIS_URL: 'redis://127.0.0.1:1/0' }),
  failed: leaves('fail'),
  sigint: leaves('hang', (runner) => runner.kill('SIGINT')),
  sigterm: leaves('hang', (runner) => runner.kill('SIGTERM')),
  killed: leaves('hang', (_, ready) => process.kill(JSON.parse(ready.slice('READY '.length)).testProcess, 'SIGKILL')),
  light: run(join(FIXTURES, 'light'), '\\.ts$', { GITA_TEST_TIMEOUT: '2', GITA_TEST_TIMES: '1' }),
};

test('a missing system part: the suites that need it fail at once, each in one line naming the Debian package, and the run ends', async () => {
  const r = await runs.missing;
  assert.ok(r.code !== 0, 'the run fails');
  // At once: every suite fails in its before hook, so none waits on what is missing or builds (a wait would reach its time limit).
  assert.not.match(r.err, /did not finish within/, `no suite hung (${r.seconds} s)`);
  const said = r.err.split('\n').filter((l) => l.includes('missing system part'));
  assert.equal(said.sort(), Object.values(CHECKS).map((line) => `missing system part: ${line}`).sort());
  assert.not.match(r.err, /^\s+at /m, 'no stack trace');
  assert.not.match(r.err, /something a test started still runs/, 'nothing started before the check');
  assert.match(lastLine(r) ?? '', /^0 passed, [1-9]\d* failed$/);
});

test('no font of the family installed: the suite that measures it fails at once, in one line naming the Debian package', async () => {
  const r = await runs.noFonts;
  assert.ok(r.code !== 0, 'the run fails');
  assert.ok(r.seconds < 30, `it ends at once, without a browser or a build: ${r.seconds} s`);
  const said = r.err.split('\n').filter((l) => l.includes('missing system part'));
  // fc-list itself is fontconfig's: a machine without it is told that first.
  const line = findProgram('fc-list') ? CHECKS['linker/font'] : 'fc-list (Debian package fontconfig; .ci/run installs it)';
  assert.equal(said, [`missing system part: ${line}`]);
  assert.match(lastLine(r) ?? '', /^0 passed, [1-9]\d* failed$/);
});

test('no Redis answering: the suite on Redis fails at once in one line naming the Debian package, and the rest of its file runs', async () => {
  const r = await runs.noRedis;
  assert.ok(r.code !== 0, 'the run fails');
  assert.ok(r.seconds < 30, `it ends at once, without a timeout: ${r.seconds} s`);
  const said = r.err.split('\n').filter((l) => l.includes('missing system part'));
  assert.is(said.length, 1, r.err);
  assert.match(said[0], /^missing system part: a Redis answering at redis:\/\/127\.0\.0\.1:1\/0 \(connect E[A-Z]+ 127\.0\.0\.1:1\) \(Debian package redis-server; \.ci\/run installs and starts it; or set TEST_REDIS_URL\)$/);
  assert.not.match(r.err, /^\s+at /m, 'no stack trace');
  assert.match(lastLine(r) ?? '', /^[1-9]\d* passed, 1 failed$/);
});

test('a failed test that leaves its server running and its folder: the run still ends, and leaves neither', async () => {
  const r = await runs.failed;
  assert.ok(r.code !== 0, 'the run fails');
  assert.ok(r.seconds < 30, `it ends, though the server kept the test process alive: ${r.seconds} s`);
  assert.match(r.err, 's after its last suite: something a test started still runs', 'the leak is said');
  assert.is(lastLine(r), '0 passed, 1 failed');
  nothingLeft(r, 'failed');
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  test(`${signal} to test/run.mjs mid-run: passed on, the run ends within seconds and leaves nothing`, async () => {
    const r = await runs[signal === 'SIGINT' ? 'sigint' : 'sigterm'];
    assert.ok(r.code !== 0, 'the run fails');
    assert.match(r.err, `test process: ${signal}`, 'the test process itself cleaned up (the signal was passed on)');
    assert.is(lastLine(r), '0 passed, 1 failed');
    nothingLeft(r, signal);
  });
}

test('a test process killed outright (SIGKILL): the runner kills what it left and removes its folders', async () => {
  const r = await runs.killed;
  assert.ok(r.code !== 0, 'the run fails');
  assert.is(lastLine(r), '0 passed, 1 failed');
  nothingLeft(r, 'killed');
});

test('short files share a test process, bundled: every test runs, each under its file, as its source, and the totals and the failures are all told', async () => {
  const r = await runs.light;
  assert.ok(r.code !== 0, 'the run fails');
  const pids = [...r.out.matchAll(/^PID (\w+) (\d+)$/gm)].map((m) => [m[1], m[2]]);
  assert.equal(pids.map(([name]) => name).sort(), ['first', 'second', 'third'], 'every test ran, the one after the failure too');
  assert.is(new Set(pids.map(([, pid]) => pid)).size, 1, 'in one process');
  for (const name of ['first', 'second', 'third']) assert.match(r.out, new RegExp(`^${name}\\.ts$`, 'm'), `${name}.ts is named`);
  assert.match(r.out, /FIXTURE_FAILS_HERE/);
  // Run from a bundle, a file still sees itself where it is, a failure names its TypeScript line, and uvu is the time-limited one.
  assert.match(r.out, /^URL first file:\/\/\/.*\/test\/runner\/fixtures\/light\/first\.ts$/m);
  assert.match(r.out, /\/test\/runner\/fixtures\/light\/second\.ts:11:\d+\)/);
  assert.match(r.out + r.err, /test "third never ends" did not finish within 2 s/);
  assert.match(r.err, /failed: .*second\.ts.*\(files of one test process: which failed is said above\)/);
  assert.match(r.out, /^slowest \(of 3 files in 1 test process,/m);
  // GITA_TEST_TIMES: each test's wall and CPU time as it ends, the one that timed out too, under its own file.
  assert.match(r.err, /^time: first\.ts: test "first passes": \d+\.\d\d s, CPU \d+\.\d\d s$/m);
  assert.match(r.err, /^time: third\.ts: test "third never ends": [2-9]\.\d\d s, CPU \d+\.\d\d s$/m);
  assert.match(r.err, /^timeout: third\.ts: test "third never ends" did not finish within 2 s$/m);
  assert.is(lastLine(r), '3 passed, 2 failed');
});

test.run();
