// One signal stops everything: `npm start` started as a user starts it, then
// SIGTERM or SIGINT to the process npm started (or to the PID the start-up
// line names) stops the server, its workers and the background build; a
// request in flight is answered whole, nothing is left running and nothing
// listens on the port.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';
import { hook, linkedCopy } from '../helpers/fs.ts';
import { answers, groupAlive, npmStart, projectCopy, waitFor, type Started } from '../helpers/npm-start.ts';
import { requireProgram } from '../helpers/programs.ts';


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
  await waitFor('every process of the group gone', () => groupAlive(s.npm.pid!).length === 0, 10_000, () => `${groupAlive(s.npm.pid!).join('\n')}\n${s.output()}`);
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
  const s = await npmStart(projectCopy({ content: await linkedCopy(content) }), []);
  try {
    await waitFor('the first answer', () => answers(s.port, '/slok/2/47'), 120_000, s.output, s);
    const health = JSON.parse((await fetchRaw(`http://127.0.0.1:${s.port}`, '/healthz')).body.toString());
    assert.ok(health.pending.length > 0, `the background build is still running: ${JSON.stringify(health)}`);
    assert.ok(groupAlive(s.npm.pid!).some((l) => / build --quick /.test(l)), `the background build runs in the group:\n${groupAlive(s.npm.pid!).join('\n')}`);
    process.kill(s.npm.pid!, 'SIGTERM');
    await allStopped(s);
    assert.match(s.output(), /SIGTERM: finishing in-flight requests\nstopped/);
  } finally {
    if (groupAlive(s.npm.pid!).length) process.kill(-s.npm.pid!, 'SIGKILL');
  }
});

test('workers: SIGINT to the PID the start-up line names stops the primary and every worker; a request in flight is answered whole', async () => {
  const s = await npmStart(projectCopy(), ['--dist', dist, '--workers', '2'], { GITA_WORKER_KIND: 'processes' });
  try {
    await waitFor('the start-up line', () => /listening on .*; pid \d+\)/.test(s.output()), 60_000, s.output, s);
    const pid = Number(/listening on .*; pid (\d+)\)/.exec(s.output())![1]);
    assert.ok(groupAlive(s.npm.pid!).length >= 4, `npm, the primary and two workers:\n${groupAlive(s.npm.pid!).join('\n')}`);
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
    if (groupAlive(s.npm.pid!).length) process.kill(-s.npm.pid!, 'SIGKILL');
  }
});

test.run();
