#!/usr/bin/env node
// Runs every uvu suite under test/ (TypeScript through tsx) and fails when
// any test did not pass; its last line is `N passed, N failed`. uvu itself
// exits 0 when a before() hook throws (its runner returns from a finally
// block), which would let a broken suite pass silently; the totals it prints
// are checked here instead.
//
// Nothing a run starts or writes outlives it. Its test process runs with
// TMPDIR set to a folder of the run's own, removed here when the run ends, and
// in a process group of its own, killed here when it ends: a server or a
// temporary folder a test left (a failed test, a Ctrl-C, a test process killed
// outright) goes with the run. SIGINT, SIGTERM and SIGHUP sent to this runner
// are passed on to the test process, which stops its servers and removes its
// folders (test/helpers/cleanup.ts); what it has not done within a few seconds
// is done here.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [dir = 'test', pattern = '\\.test\\.ts$'] = process.argv.slice(2);
// uvu writes to a pipe (read here), where its colour library turns colour
// off; it is asked for colour when this runner's output is a terminal, and
// told NO_COLOR otherwise, or when NO_COLOR or CI is set (the rule of
// src/cli/progress.ts: colour only on a terminal, never under NO_COLOR or CI).
const set = (v) => !!v && v !== '0' && v.toLowerCase() !== 'false';
const colour = !!process.stdout.isTTY && !set(process.env.CI) && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
const { FORCE_COLOR, NO_COLOR, ...env } = process.env;

// The run's temporary root, named by this runner's pid. A root whose runner is
// gone (killed outright, so it could not remove it) is removed by the next run.
const RUN_ROOT = /^gita-test-run-(\d+)-/;
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};
for (const name of readdirSync(tmpdir())) {
  const m = RUN_ROOT.exec(name);
  if (m && !alive(Number(m[1]))) rmSync(join(tmpdir(), name), { recursive: true, force: true });
}
const runRoot = mkdtempSync(join(tmpdir(), `gita-test-run-${process.pid}-`));
// tsx keeps its compiled files in TMPDIR/tsx-<uid>: a link to the usual one
// keeps that cache across runs (removing the root removes the link only).
const tsxCache = `tsx-${process.geteuid?.() ?? userInfo().username}`;
try {
  mkdirSync(join(tmpdir(), tsxCache), { recursive: true });
  symlinkSync(join(tmpdir(), tsxCache), join(runRoot, tsxCache));
} catch {
  // Only a cache: without it tsx compiles afresh.
}

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'node_modules', 'uvu', 'bin.js'), dir, pattern], {
  cwd: root,
  // stdin is not the test process's: in a group of its own it is not the terminal's foreground.
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...(colour ? { ...env, FORCE_COLOR: '1' } : { ...env, NO_COLOR: '1' }), TMPDIR: runRoot },
  // A process group of its own (pgid = its pid): everything it starts, and
  // everything those start, can be killed at once, orphans included.
  detached: true,
});

/** SIGKILL to the test process's group: whatever of the run still runs. */
const killGroup = () => {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is empty.
  }
};
const removeRoot = () => rmSync(runRoot, { recursive: true, force: true, maxRetries: 3 });
// If this runner itself fails, it still leaves nothing behind.
process.on('exit', () => {
  killGroup();
  removeRoot();
});

// A terminal's Ctrl-C reaches this runner only (the test process is in another
// group): it is passed on. A second signal, or a test process that has not
// ended 5 s after the first, ends the group outright.
let interrupted = null;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) return killGroup();
    interrupted = signal;
    console.error(`\ntest/run.mjs: ${signal}: stopping the tests`);
    try {
      process.kill(child.pid, signal);
    } catch {
      // Already ended.
    }
    setTimeout(killGroup, 5000).unref();
  });
}
let out = '';
// uvu prints a file's name just before its suites run: the time between two
// names is that file's share of the run, summed up at the end so that a suite
// that grows slow is seen (npm test must stay under 10 minutes).
const started = [];
child.stdout.on('data', (d) => {
  out += d;
  process.stdout.write(d);
  for (const m of String(d).replace(/\x1b\[[0-9;]*m/g, '').matchAll(/^(\S+\.test\.ts)$/gm)) started.push([m[1], Date.now()]);
  if (!lastSuiteDone && /^\s+Duration:/m.test(out.replace(/\x1b\[[0-9;]*m/g, ''))) {
    lastSuiteDone = true;
    lingering = setTimeout(endLingering, LINGER_MS).unref();
  }
  // It is ending: its exit removes its temporary folders, which may take a while.
  if (lastSuiteDone && /^test process: removing \d+ temporary folders$/m.test(String(d))) {
    clearTimeout(lingering);
    lingering = setTimeout(endLingering, REMOVING_MS).unref();
  }
});

// uvu never calls process.exit: after its totals, the test process ends when
// nothing of it is left running. A server, browser or timer a test left keeps
// it alive for ever (the run would hang): 5 s after the totals (longer than
// an idle keep-alive connection lasts) it is stopped like an interrupted run,
// and the run fails, since a test leaked something.
const LINGER_MS = 5000;
/** Once it says it removes its temporary folders at exit (test/helpers/cleanup.ts): as long as that may take. */
const REMOVING_MS = 120_000;
let lingering;
let lastSuiteDone = false;
let lingered = false;
function endLingering() {
  if (child.exitCode !== null || child.signalCode !== null) return;
  lingered = true;
  console.error(`\ntest/run.mjs: the test process did not end ${LINGER_MS / 1000} s after its last suite: something a test started still runs (a server not stopped, a timer); stopping it`);
  try {
    process.kill(child.pid, 'SIGTERM');
  } catch {
    // Ended meanwhile.
  }
  setTimeout(killGroup, 5000).unref();
}
const slowest = () => {
  const spans = started.map(([file, t], i) => [file, ((started[i + 1]?.[1] ?? Date.now()) - t) / 1000]);
  return spans.sort((a, b) => b[1] - a[1]).slice(0, 6).map(([f, s]) => `${f} ${s.toFixed(0)} s`).join(', ');
};
// When the test process ends, its group goes too (a process it left may hold
// its output pipe open); the totals are read once its last output is in.
child.on('exit', (code, signal) => {
  killGroup();
  removeRoot();
  const timer = setTimeout(() => report(code, signal), 2000);
  const done = () => {
    clearTimeout(timer);
    report(code, signal);
  };
  if (child.stdout.readableEnded) done();
  else child.stdout.once('end', done);
});
let reported = false;
function report(code, signal) {
  if (reported) return;
  reported = true;
  const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
  const num = (label) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(plain)?.[1] ?? NaN);
  const [total, passed, skipped] = [num('Total'), num('Passed'), num('Skipped')];
  const failed = Number.isFinite(total) ? total - (passed || 0) - (skipped || 0) : 1;
  const broken = code !== 0 || signal || interrupted || lingered || !(total > 0) || passed + skipped !== total;
  if (interrupted) console.error(`\ntest/run.mjs: interrupted (${interrupted}): the run's servers were stopped and its temporary folders removed.`);
  else if (broken && failed === 0) console.error(`\ntest/run.mjs: ${passed} of ${total} tests passed (${skipped} skipped): a suite's before/after hook failed or a suite did not run.`);
  if (started.length > 1) console.log(`\nslowest: ${slowest()}`);
  // The last line, for people and CI alike: the totals of every suite.
  console.log(`${Number.isFinite(passed) ? passed : 0} passed, ${Math.max(failed, broken ? 1 : 0)} failed`);
  if (broken) process.exit(code || 1);
}
