// One signal stops everything: `npm start` started as a user starts it, then
// SIGTERM or SIGINT to the process npm started (or to the PID the start-up
// line names) stops the server, its workers and the background build; a
// request in flight is answered whole, nothing is left running and nothing
// listens on the port.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';
import { freePort } from '../helpers/net.ts';
import { hook, linkedCopy, tempDir } from '../helpers/fs.ts';
import { requireProgram } from '../helpers/programs.ts';

/** What a checkout holds that `npm start` runs from (copied: the code finds its root from where it really is), with the installed packages linked. */
function projectCopy(content?: string): string {
  const dir = join(tempDir('gita-project-'), 'project');
  mkdirSync(dir);
  for (const part of ['package.json', 'package-lock.json', 'tsconfig.json', 'README.md', 'LICENSE', 'bin', 'src', 'scripts', 'docs', 'packages']) cpSync(join(PROJECT_ROOT, part), join(dir, part), { recursive: true });
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'));
  symlinkSync(join(PROJECT_ROOT, '..', 'shared'), join(dir, '..', 'shared'));
  if (content) cpSync(content, join(dir, 'content'), { recursive: true });
  return dir;
}

interface Started {
  npm: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  ended: () => boolean;
}

/** `npm start` in `cwd`, in a process group of its own (as a shell's job is), with its output kept. */
async function npmStart(cwd: string, args: string[], env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const npm = spawn('npm', ['start', ...(args.length ? ['--', ...args] : [])], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), GITA_DATA_DIR: tempDir(), GITA_ANON_LIMIT: '0', ...env },
  });
  let out = '';
  npm.stdout!.on('data', (d) => (out += d));
  npm.stderr!.on('data', (d) => (out += d));
  let ended = false;
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => ((ended = true), resolve(code))));
  return { npm, port, output: () => out, exited, ended: () => ended };
}

/** The processes of a process group still alive (ps; an empty list once all are gone). */
function group(pgid: number): string[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '-g', String(pgid)], { encoding: 'utf8' }).split('\n').filter((l) => l.trim() && !l.includes(' ps -o '));
  } catch {
    return [];
  }
}

async function waitFor(what: string, ok: () => boolean | Promise<boolean>, ms: number, why: () => string, s?: Started): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end || s?.ended()) throw new Error(`${what} within ${ms} ms${s?.ended() ? ' (npm start exited)' : ''}:\n${why()}`);
    await sleep(100);
  }
}

const answers = async (port: number, path: string) => (await fetchRaw(`http://127.0.0.1:${port}`, path).catch(() => null))?.status === 200;
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', () => resolve(true));
  });

/** After the signal: npm has exited, no process of its group is left, and the port refuses connections. */
async function allStopped(s: Started): Promise<void> {
  const code = await Promise.race([s.exited, sleep(20_000, 'still running', { ref: false })]);
  assert.is.not(code, 'still running', `npm start still runs 20 s after the signal:\n${s.output()}`);
  await waitFor('every process of the group gone', () => group(s.npm.pid!).length === 0, 10_000, () => `${group(s.npm.pid!).join('\n')}\n${s.output()}`);
  assert.ok(await refused(s.port), 'nothing listens on the port');
}

let dist = '';
let content = '';
test.before(hook(async () => {
  // ps lists what is left of a process group: without it the suite fails at once, before the build.
  requireProgram('ps', 'procps');
  ({ distDir: dist, contentDir: content } = await testDist());
}));

test('a fresh start (its build still running in the background): SIGTERM to the process npm started stops the server and the build', async () => {
  // The content imported already, dist/ missing: the start builds first, serves, and builds the rest in the background.
  const s = await npmStart(projectCopy(await linkedCopy(content)), []);
  try {
    await waitFor('the first answer', () => answers(s.port, '/slok/2/47'), 120_000, s.output, s);
    const health = JSON.parse((await fetchRaw(`http://127.0.0.1:${s.port}`, '/healthz')).body.toString());
    assert.ok(health.pending.length > 0, `the background build is still running: ${JSON.stringify(health)}`);
    assert.ok(group(s.npm.pid!).some((l) => / build --quick /.test(l)), `the background build runs in the group:\n${group(s.npm.pid!).join('\n')}`);
    process.kill(s.npm.pid!, 'SIGTERM');
    await allStopped(s);
    assert.match(s.output(), /SIGTERM: finishing in-flight requests\nstopped/);
  } finally {
    if (group(s.npm.pid!).length) process.kill(-s.npm.pid!, 'SIGKILL');
  }
});

test('workers: SIGINT to the PID the start-up line names stops the primary and every worker; a request in flight is answered whole', async () => {
  const s = await npmStart(projectCopy(), ['--dist', dist, '--workers', '2'], { GITA_WORKER_KIND: 'processes' });
  try {
    await waitFor('the start-up line', () => /listening on .*; pid \d+\)/.test(s.output()), 60_000, s.output, s);
    const pid = Number(/listening on .*; pid (\d+)\)/.exec(s.output())![1]);
    assert.ok(group(s.npm.pid!).length >= 4, `npm, the primary and two workers:\n${group(s.npm.pid!).join('\n')}`);
    // A large answer in flight: its first bytes read, then the reader waits while the signal comes.
    const socket = connect(s.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    const closed = new Promise((r) => socket.once('close', r));
    socket.write('GET /chapter/2/slok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await waitFor('the answer begun', () => chunks.length > 0, 10_000, s.output);
    socket.pause();
    process.kill(pid, 'SIGINT');
    await sleep(300);
    socket.resume();
    await closed;
    const all = Buffer.concat(chunks);
    const head = all.subarray(0, all.indexOf('\r\n\r\n')).toString();
    assert.match(head, /^HTTP\/1\.1 200 /);
    assert.is(all.length - head.length - 4, Number(/content-length: (\d+)/i.exec(head)![1]), 'the whole answer');
    await allStopped(s);
  } finally {
    if (group(s.npm.pid!).length) process.kill(-s.npm.pid!, 'SIGKILL');
  }
});

test.run();
