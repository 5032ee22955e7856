#!/usr/bin/env node
// Runs the uvu suites under test/ (TypeScript, bundled by esbuild), in test
// processes of their own, as many at once as the machine has cores, one more
// while a core idles (GITA_TEST_JOBS fixes the number), and fails when any
// test did not pass; its last line is `N passed, N failed`, the totals of
// every file. Short files share a test process, a few seconds of them to
// one, run one after another as uvu runs several files; a long one, and one
// that runs alone, has a process to itself.
// Files never interleave: the output of the file that started first among
// those running is printed as it comes, the others' is kept and printed
// whole once it is their turn.
//
// uvu itself exits 0 when a before() hook throws (its runner returns from a
// finally block), which would let a broken suite pass silently: each file's
// totals are read and checked here instead. A file whose process fails, whose
// totals are missing (it did not run, or did not end) or do not add up, or
// which leaves something running, counts as at least one failure.
//
// Nothing a run starts or writes outlives it. Every test process runs with
// TMPDIR set to a folder of the run's own, removed here when the run ends, and
// in a process group of its own, killed here when it ends: a server or a
// temporary folder a test left (a failed test, a Ctrl-C, a test process killed
// outright) goes with the run. SIGINT, SIGTERM and SIGHUP sent to this runner
// are passed on to the test processes, which stop their servers and remove
// their folders (test/helpers/cleanup.ts); what they have not done within a
// few seconds is done here.
//
// The built dist/ most suites serve is made once, by the first test process
// that asks for it, and kept for later runs with the same sources and content
// (test/helpers/dist.ts); while it is being built the other cores run the
// files that do not need it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir, userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { QUICK_SUFFIX, TEST_DIST_CACHE, distKey as computeDistKey } from './helpers/dist-key.mjs';
import { bundleTests } from './helpers/bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--quick`: only the files that start no server or other program, need no
// browser, Redis or nginx, and make no build or import of the whole content of
// their own (a next build to swap in is one): the unit suites and the
// in-process app (over the kept dist/ of test/helpers/dist.ts).
const quick = process.argv.includes('--quick');
// The parts of the whole suite, each a script of its own (package.json):
// `--part main` (npm test): every file but the browser suites, the servers on
// Node; `--part engines` (npm run test:engines): the suites of what each
// engine's adapter does, on Deno and Bun; `--part browsers` (npm run
// test:browsers): the suites that drive Chromium. Together, what one run
// with no part runs (every file, the servers on all three engines).
const PARTS = ['main', 'engines', 'browsers'];
const partAt = process.argv.indexOf('--part');
const part = partAt === -1 ? null : process.argv[partAt + 1];
if (part !== null && !PARTS.includes(part)) {
  console.error(`test/run.mjs: --part takes one of ${PARTS.join(', ')}`);
  process.exit(2);
}
const [dir = 'test', pattern = '\\.test\\.ts$'] = process.argv.slice(2).filter((a, i, all) => a !== '--quick' && a !== '--part' && all[i - 1] !== '--part');
/** The engines a part's servers run on, unless GITA_TEST_RUNTIMES names them (test/helpers/server.ts). */
const PART_RUNTIMES = { main: 'node', engines: 'deno,bun' };
if (part && PART_RUNTIMES[part] && !process.env.GITA_TEST_RUNTIMES) process.env.GITA_TEST_RUNTIMES = PART_RUNTIMES[part];
const SLOW_PARTS = /helpers\/(server|browser|redis|nginx|cli|npm-start)\.ts|\b(spawn|spawnSync|fork|execFile|execFileSync|execSync)\(|ioredis|[^.]\bbuild\(\{|ensureBuilt\(|buildAndStamp\(|nextBuild\(|buildInBackground\(|importContent\(/;
// uvu writes to a pipe (read here), where its colour library turns colour
// off; it is asked for colour when this runner's output is a terminal, and
// told NO_COLOR otherwise, or when NO_COLOR or CI is set (the rule of
// src/cli/progress.ts: colour only on a terminal, never under NO_COLOR or CI),
// and, run through tsx (uvu's command line), --no-color too: that command's
// default sets FORCE_COLOR, and Node warns of the two in every worker or
// child a test starts. Bundled files run under uvu's runner, which sets none.
const set = (v) => !!v && v !== '0' && v.toLowerCase() !== 'false';
const colour = !!process.stdout.isTTY && !set(process.env.CI) && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
const { FORCE_COLOR, NO_COLOR, ...env } = process.env;
const plain = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

// The files, found as uvu finds them: every path under `dir` (relative, with
// forward slashes) that the pattern matches, case-insensitively, in name order.
const base = resolve(root, dir);
const files = [];
(function collect(d, rel) {
  for (const name of readdirSync(d)) {
    const path = rel ? `${rel}/${name}` : name;
    if (/^\.git|node_modules/i.test(path)) continue;
    if (statSync(join(d, name)).isDirectory()) collect(join(d, name), path);
    else if (new RegExp(pattern, 'i').test(path)) files.push(path);
  }
})(base, '');
files.sort((a, b) => a.localeCompare(b));
const sources = new Map();
const source = (file) => sources.get(file) ?? sources.set(file, readFileSync(join(base, file), 'utf8')).get(file);
/** A file that starts no program, needs no service and makes no build or import of its own: what --quick runs. */
const light = (file) => !SLOW_PARTS.test(source(file));
if (quick) files.splice(0, files.length, ...files.filter(light));
/** A suite that drives Chromium (test/helpers/browser.ts). */
const browser = (file) => /helpers\/browser\.ts'/.test(source(file));
/** A suite of what each engine's adapter does: it runs on every engine of RUNTIMES, not only the first (APP_RUNTIMES). */
const perEngine = (file) => /(?<!APP_)\bRUNTIMES\b/.test(source(file));
const inPart = { main: (f) => !browser(f), engines: (f) => perEngine(f) && !browser(f), browsers: browser };
if (part) files.splice(0, files.length, ...files.filter(inPart[part]));

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
// The test files bundled (test/helpers/bundle.mjs), under the project so
// that their packages resolve from node_modules/; a folder whose runner is
// gone is removed as the temporary root is.
const BUNDLES = join(root, '.cache', 'test-bundles');
for (const name of existsSync(BUNDLES) ? readdirSync(BUNDLES) : []) {
  const m = /^run-(\d+)$/.exec(name);
  if (m && !alive(Number(m[1]))) rmSync(join(BUNDLES, name), { recursive: true, force: true });
}
const bundleDir = join(BUNDLES, `run-${process.pid}`);
const unbundled = await bundleTests(base, files, bundleDir);
if (unbundled) console.error(`test/run.mjs: the test files could not be bundled (${unbundled}): each runs through tsx`);
// tsx keeps its compiled files in TMPDIR/tsx-<uid>: a link to the usual one
// keeps that cache across runs (removing the root removes the link only).
const tsxCache = `tsx-${process.geteuid?.() ?? userInfo().username}`;
try {
  mkdirSync(join(tmpdir(), tsxCache), { recursive: true });
  symlinkSync(join(tmpdir(), tsxCache), join(runRoot, tsxCache));
} catch {
  // Only a cache: without it tsx compiles afresh.
}
// The key of the tests' built dist/, computed once for every test process.
// The quick loop takes the full run's build when one is kept; else it makes
// (or takes) one compressed at quick levels under a key of its own: the same
// files, built in about two fifths of the CPU time (test/helpers/dist.ts).
const fullKey = computeDistKey();
const quickDist = quick && !existsSync(join(TEST_DIST_CACHE, `${fullKey}.ready`));
const distKey = quickDist ? `${fullKey}${QUICK_SUFFIX}` : fullKey;

const JOBS = Math.max(1, Number(process.env.GITA_TEST_JOBS) || availableParallelism());
// Many files spend much of their time waiting (a server's 10 s header
// timeout, a browser drawing, a child process starting), and a core then
// idles. Unless GITA_TEST_JOBS fixes the number, one file more starts while
// the machine has had at least IDLE_CORES idle for the last IDLE_WINDOW_MS
// (read from /proc/stat, so other work on the machine counts too), at most
// one such start per IDLE_WINDOW_MS, so each shows its load before the next.
const EXTRA = process.env.GITA_TEST_JOBS ? 0 : 1;
const IDLE_CORES = 0.7;
const IDLE_WINDOW_MS = 2000;
const idle = { samples: [], lastExtra: 0 };
let extraStarts = 0;
/** The machine's idle and total CPU ticks so far (Linux; null elsewhere). */
function cpuTicks() {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: f[3] + (f[4] || 0), total: f.reduce((a, b) => a + b, 0), at: Date.now() };
  } catch {
    return null;
  }
}
/** How many cores sat idle over the last IDLE_WINDOW_MS, or 0 when not known yet. */
function idleCores() {
  const now = cpuTicks();
  if (!now) return 0;
  idle.samples.push(now);
  while (idle.samples.length > 1 && now.at - idle.samples[1].at >= IDLE_WINDOW_MS) idle.samples.shift();
  const then = idle.samples[0];
  if (now.at - then.at < IDLE_WINDOW_MS || now.total === then.total) return 0;
  return ((now.idle - then.idle) / (now.total - then.total)) * availableParallelism();
}
/** Whether one more file than JOBS may start now. */
function spareCore() {
  const cores = idleCores();
  if (!EXTRA || running.size >= JOBS + EXTRA || Date.now() - idle.lastExtra < IDLE_WINDOW_MS || cores < IDLE_CORES) return false;
  idle.lastExtra = Date.now();
  return true;
}
// uvu never calls process.exit: after its totals, a test process ends when
// nothing of it is left running. A server, browser or timer a test left keeps
// it alive for ever (the run would hang): 5 s after its totals (longer than
// an idle keep-alive connection lasts) it is stopped like an interrupted run,
// and the file fails, since a test leaked something.
const LINGER_MS = 5000;
/** Once it says it removes its temporary folders at exit (test/helpers/cleanup.ts): as long as that may take. */
const REMOVING_MS = 120_000;

/** Whether a file asks for the shared build (testDist, or a copy of its cache: test/helpers/dist.ts): it waits for it, so it is not started while another builds it. */
const needsDist = (file) => /\b(testDist|privateBuildCache)\(/.test(source(file));
const distReady = () => existsSync(join(TEST_DIST_CACHE, `${distKey}.ready`));
// A file that measures the machine under load (test/load/, or one that says
// `test/run.mjs: alone`) runs with no other file beside it: another file's
// work on the other core would be its timeouts. It runs last.
const alone = (file) => /^load\//.test(file) || /test\/run\.mjs: alone/.test(source(file));

// The longest files first, by the times of the last run on this checkout (kept
// in .cache/): the run ends sooner when no long file starts last.
const TIMES = join(root, '.cache', 'test-times.json');
let lastTimes = {};
try {
  lastTimes = JSON.parse(readFileSync(TIMES, 'utf8'));
} catch {
  // No earlier run: the guesses below.
}
// Without them (a fresh clone, as CI runs), the wall seconds of a fresh
// clone's run of the files that took over 2.5 s; the others about one. The
// longest go first: a long file started last would hold the run alone.
const FRESH = {
  // A fresh clone's run in CI's order here on 2026-11-29 (main, engines, browsers, then Node 24's server suites; a loaded machine, load 10 to 20).
  'http/operator-mistakes': 151, 'publish/build': 78, 'pages/meter-browser': 78, 'http/hostile': 73, 'content/import': 73, 'publish/ensure': 64,
  'linker/font': 64, 'card/browser': 44, 'content/import-errors': 42, 'http/lifecycle': 37, 'client/delivery': 33, 'publish/publish': 32,
  'http/abuse': 23, 'http/cluster': 92, 'pages/read-browser': 21, 'load/soak': 21, 'linker/browser': 20, 'http/signals': 20, 'keys/redis': 19,
  'http/faults': 16, 'pages/scripts-browser': 16, 'publish/downloads': 14, 'http/read': 14, 'http/metrics': 12, 'client/client': 11,
  'runner/runner': 11, 'pages/telugu-browser': 10, 'cli/progress': 10, 'http/property': 9, 'pages/review-browser': 9, 'content/versions': 9,
  'http/keys': 9, 'http/data-dir': 8, 'keys/embedded': 7, 'http/contract': 7, 'mcp/mcp': 7, 'content/repairs': 7, 'content/verse-text': 7,
  'http/citations': 6, 'http/listen': 6, 'docs/openapi': 6, 'pages/languages': 5, 'docs/examples': 5, 'http/files': 5, 'http/stop-counts': 5,
  'http/png': 5, 'content/dcs': 4, 'http/projections': 4, 'http/search': 4, 'keys/cli': 3, 'search/versions': 3, 'http/marks': 3, 'http/threads': 3,
  'load/process-memory': 3, 'http/meter': 3, 'http/roots': 3, 'content/links': 3,
};
/** A file's wall time in the last run (older runs kept a number; now its wall and CPU seconds). */
const lastWall = (file) => {
  const last = lastTimes[`${dir}/${file}`];
  return typeof last === 'number' ? last : last?.wall;
};
const guess = (file) => lastWall(file) ?? FRESH[file.replace(/\.test\.ts$/, '')] ?? 1;

// A test process costs about 0.3 s of CPU to start, and loads again the
// modules its files share: 39 light files took 26 s one to a process, 11 s
// in one. Files are packed, longest first, into processes of at most
// BATCH_SECONDS of their last times (those that need the shared build apart
// from the others, which need not wait for it): several short processes
// rather than one long one, so that both cores finish together. A file that
// runs alone, and one that takes longer, has a process of its own.
const BATCH_SECONDS = 8;
/** The queue's items: one file, or several short ones run in one process. */
function items() {
  const out = [];
  for (const file of files) {
    const item = { files: [file], dist: needsDist(file), alone: alone(file), last: guess(file) };
    if (item.alone) {
      out.push(item);
      continue;
    }
    const batch = out.find((b) => !b.alone && b.dist === item.dist && b.last + item.last <= BATCH_SECONDS);
    if (batch) {
      batch.files.push(file);
      batch.last += item.last;
    } else out.push(item);
  }
  return out.map((item) => ({ ...item, file: item.files.length > 1 ? `${item.files[0]} and ${item.files.length - 1} more` : item.files[0] }));
}
files.sort((a, b) => guess(b) - guess(a) || a.localeCompare(b));
const queue = items().sort((a, b) => Number(a.alone) - Number(b.alone) || b.last - a.last);

const running = new Set();
const results = [];
let interrupted = null;

/**
 * The next file to start: while the shared build is under way in a running
 * file, one that does not need it (so a core does not sit waiting); before it
 * has started, one that needs it (which makes it); otherwise the first in the
 * queue.
 */
function next() {
  if ([...running].some((r) => r.alone)) return null;
  const pending = !distReady();
  const building = pending && [...running].some((r) => r.dist);
  // The shared build is the longest wait of a fresh run: the first file to start is one that needs it.
  const i = building ? queue.findIndex((q) => !q.dist && !q.alone) : pending ? Math.max(0, queue.findIndex((q) => q.dist && !q.alone)) : 0;
  if (i < 0 || (queue[i].alone && running.size > 0)) return null;
  return queue.splice(i, 1)[0];
}

let waiting = null;
function fill() {
  while (!interrupted && queue.length && (running.size < JOBS || spareCore())) {
    const extra = running.size >= JOBS;
    const item = next();
    if (!item) {
      // A core waits for the build: it starts the next file as soon as the build is done, not when some file ends.
      waiting ??= setTimeout(() => {
        waiting = null;
        fill();
      }, 500);
      break;
    }
    if (extra) extraStarts++;
    start(item);
  }
  show();
  if (running.size === 0 && (queue.length === 0 || interrupted)) finish();
}
// The idle cores are looked at twice a second while files wait to start.
setInterval(() => queue.length && !interrupted && fill(), IDLE_WINDOW_MS / 4).unref();

function start(item) {
  const { file } = item;
  const args = unbundled
    ? ['--import', 'tsx', '--import', join(root, 'test', 'helpers', 'uvu-hooks.mjs'), join(root, 'node_modules', 'uvu', 'bin.js'), ...(colour ? [] : ['--no-color']), dir, `^(${item.files.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`]
    : ['--enable-source-maps', join(root, 'test', 'helpers', 'uvu-bundled.mjs'), bundleDir, ...item.files];
  const child = spawn(process.execPath, args, {
    cwd: root,
    // stdin is not the test process's: in a group of its own it is not the terminal's foreground.
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...(colour ? { ...env, FORCE_COLOR: '1' } : { ...env, NO_COLOR: '1' }), TMPDIR: runRoot, GITA_TEST_DIST_KEY: distKey, ...(quickDist && { GITA_TEST_DIST_EFFORT: 'quick' }), GITA_TEST_FILE: item.files.map((f) => `${dir}/${f}`).join(', ') },
    // A process group of its own (pgid = its pid): everything it starts, and
    // everything those start, can be killed at once, orphans included.
    detached: true,
  });
  const run = { ...item, child, out: '', kept: [], live: false, started: Date.now(), lingered: false, lingering: null, done: false, cpu: 0 };
  // The CPU time of the test process and of the children it has reaped (its
  // servers), read from /proc while it runs: a measure of a file that a busy
  // machine disturbs less than its wall time.
  run.sampler = setInterval(() => (run.cpu = cpuSeconds(child.pid) ?? run.cpu), 500).unref();
  running.add(run);
  shown.push(run);
  child.stdout.on('data', (d) => {
    run.out += d;
    say(run, 'stdout', d);
    if (!run.lingering && /^\s+Duration:/m.test(plain(run.out))) run.lingering = setTimeout(() => endLingering(run), LINGER_MS).unref();
    // It is ending: its exit removes its temporary folders, which may take a while.
    if (run.lingering && /^test process: removing \d+ temporary folders$/m.test(String(d))) {
      clearTimeout(run.lingering);
      run.lingering = setTimeout(() => endLingering(run), REMOVING_MS).unref();
    }
  });
  child.stderr.on('data', (d) => say(run, 'stderr', d));
  // When the test process ends, its group goes too (a process it left may hold
  // its output pipes open); its totals are read once its last output is in.
  child.on('exit', (code, signal) => {
    killGroup(child);
    let pending = 2;
    const timer = setTimeout(() => ended(run, code, signal), 2000);
    const one = () => {
      if (--pending === 0) {
        clearTimeout(timer);
        ended(run, code, signal);
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      if (stream.readableEnded) one();
      else stream.once('end', one);
    }
  });
}

// The runs not yet shown whole, in the order they started: the first is
// shown as it runs (so a single file is seen live), the others wait.
const shown = [];
function say(run, stream, data) {
  if (run.live) process[stream].write(data);
  else run.kept.push([stream, data]);
}
function show() {
  while (shown.length) {
    const head = shown[0];
    if (!head.live) {
      head.live = true;
      for (const [stream, data] of head.kept.splice(0)) process[stream].write(data);
    }
    if (!head.done) return;
    shown.shift();
  }
}

/** utime + stime + cutime + cstime of `pid`, in seconds (Linux; null elsewhere or once it is gone). */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return null;
  }
}

/** SIGKILL to a test process's group: whatever of it still runs. */
function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is empty.
  }
}

function endLingering(run) {
  const { child } = run;
  if (child.exitCode !== null || child.signalCode !== null) return;
  run.lingered = true;
  say(run, 'stderr', `\ntest/run.mjs: ${dir}/${run.file}: the test process did not end ${LINGER_MS / 1000} s after its last suite: something a test started still runs (a server not stopped, a timer); stopping it\n`);
  try {
    process.kill(child.pid, 'SIGTERM');
  } catch {
    // Ended meanwhile.
  }
  setTimeout(() => killGroup(child), 5000).unref();
}

function ended(run, code, signal) {
  if (run.done) return;
  run.done = true;
  clearTimeout(run.lingering);
  clearInterval(run.sampler);
  running.delete(run);
  const text = plain(run.out);
  const num = (label) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(text)?.[1] ?? NaN);
  const [total, passed, skipped] = [num('Total'), num('Passed'), num('Skipped')];
  const counted = Number.isFinite(total) && Number.isFinite(passed);
  const broken = code !== 0 || !!signal || run.lingered || !counted || !(total > 0) || passed + (skipped || 0) !== total;
  let failed = counted ? total - passed - (skipped || 0) : 1;
  if (broken && failed === 0) {
    failed = 1;
    if (!interrupted) say(run, 'stderr', `\ntest/run.mjs: ${dir}/${run.file}: ${counted ? `${passed} of ${total} tests passed (${skipped} skipped)` : 'no totals'}: a suite's before/after hook failed, a suite did not run, or the process failed (exit ${signal ?? code}).\n`);
  }
  const seconds = (Date.now() - run.started) / 1000;
  results.push({ file: run.file, files: run.files, last: run.last, passed: counted ? passed : 0, failed, broken, seconds, cpu: run.cpu, at: (run.started - t0) / 1000 });
  if (!run.out.endsWith('\n')) say(run, 'stdout', '\n');
  show();
  fill();
}

const removeRoot = () => {
  rmSync(runRoot, { recursive: true, force: true, maxRetries: 3 });
  rmSync(bundleDir, { recursive: true, force: true, maxRetries: 3 });
};
// If this runner itself fails, it still leaves nothing behind.
process.on('exit', () => {
  for (const run of running) killGroup(run.child);
  removeRoot();
});

// A terminal's Ctrl-C reaches this runner only (the test processes are in
// other groups): it is passed on, and no further file starts. A second
// signal, or a test process that has not ended 5 s after the first, ends the
// groups outright.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) {
      for (const run of running) killGroup(run.child);
      return;
    }
    interrupted = signal;
    console.error(`\ntest/run.mjs: ${signal}: stopping the tests`);
    for (const run of running) {
      try {
        process.kill(run.child.pid, signal);
      } catch {
        // Already ended.
      }
    }
    setTimeout(() => {
      for (const run of running) killGroup(run.child);
    }, 5000).unref();
    fill();
  });
}

let finished = false;
function finish() {
  if (finished) return;
  finished = true;
  removeRoot();
  const notRun = queue.flatMap((q) => q.files);
  const passed = results.reduce((n, r) => n + r.passed, 0);
  // A file that did not run counts as one failure.
  const failed = results.reduce((n, r) => n + r.failed, 0) + notRun.length;
  const broken = results.filter((r) => r.broken);
  if (interrupted) console.error(`\ntest/run.mjs: interrupted (${interrupted}): the run's servers were stopped and its temporary folders removed.`);
  if (notRun.length) console.error(`test/run.mjs: ${notRun.length} files did not run: ${notRun.join(', ')}`);
  if (results.length === 0 && !notRun.length) console.error(`test/run.mjs: no file under ${dir} matches ${pattern}`);
  const failing = broken.length ? broken : results.filter((r) => r.failed);
  if (failing.length) {
    const shared = failing.some((r) => r.files.length > 1) ? ' (files of one test process: which failed is said above)' : '';
    console.error(`test/run.mjs: failed: ${failing.flatMap((r) => r.files.map((f) => `${dir}/${f}`)).join(', ')}${shared}`);
  }
  const count = results.reduce((n, r) => n + r.files.length, 0);
  if (count > 1) {
    const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
    const cpu = results.reduce((n, r) => n + r.cpu, 0);
    console.log(`\nslowest (of ${count} files in ${results.length} test process${results.length === 1 ? '' : 'es'}, ${JOBS} at once${extraStarts ? `, ${JOBS + EXTRA} for ${extraStarts} processes while a core idled` : ''}, ${((Date.now() - t0) / 1000).toFixed(0)} s in all, about ${cpu.toFixed(0)} s of CPU): ${slowest.map((r) => `${r.file} ${r.seconds.toFixed(0)} s (CPU ${r.cpu.toFixed(0)} s)`).join(', ')}`);
    // Kept for the next run's order (longest first; a failed run's times are as good a guess), and
    // to read where the time goes: .cache/test-times.json, each file's wall and CPU seconds and when it started (seconds into the run).
    try {
      mkdirSync(dirname(TIMES), { recursive: true });
      // The files of one process share its times in the proportion of their guesses.
      const round = (n) => Math.round(n * 10) / 10;
      const share = (r, f) => (r.last > 0 ? guess(f) / r.last : 1 / r.files.length);
      const times = results.flatMap((r) => r.files.map((f) => [`${dir}/${f}`, { wall: round(r.seconds * share(r, f)), cpu: round(r.cpu * share(r, f)), at: round(r.at) }]));
      writeFileSync(TIMES, JSON.stringify({ ...lastTimes, ...Object.fromEntries(times) }, null, 1));
    } catch {
      // Only an order.
    }
  }
  // The last line, for people and CI alike: the totals of every file.
  const fail = failed > 0 || !!interrupted || results.length === 0;
  console.log(`${passed} passed, ${Math.max(failed, fail ? 1 : 0)} failed`);
  process.exitCode = fail ? 1 : 0;
}

const t0 = Date.now();
fill();
