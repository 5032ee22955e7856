// Workers as threads (src/http/threads.ts) and the slab they share
// (src/http/shared-slab.ts), with real threads over a real dist/: every
// thread holds the bytes of the files on disk, in one memory the primary read
// once; a thread whose build is not the primary's reads its own; a new build
// gets a new slab; each thread keeps its share of a process's caches; and the
// supervisor's controls (stop, kill, an exit) work on threads. The whole server on threads runs in cluster.test.ts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerThreads } from '../../src/http/threads.ts';
import { serveSlabs } from '../../src/http/shared-slab.ts';
import { readManifest } from '../../src/http/assets.ts';
import { heldParts } from '../../src/http/slab.ts';
import { ON_DEMAND, perThread, SERVED_CACHE_BYTES } from '../../src/contract/limits.ts';
import { compressor } from '../../src/http/on-demand.ts';
import { hook, shallowCopy } from '../helpers/fs.ts';
import { nextBuild, testDist } from '../helpers/dist.ts';

const t = suite('worker threads and their shared slab');
const script = fileURLToPath(new URL('../helpers/slab-thread.mjs', import.meta.url));

type Reply = { test: true; held?: Record<string, string>; shared?: number; own?: number; errors?: string[]; first?: number; share?: { cache: number; running: number; bytes: number } };
type Thread = ReturnType<ReturnType<typeof workerThreads>['start']>;

const failures: string[] = [];
const kind = workerThreads({ threads: 2, onError: (id, err) => failures.push(`${id}: ${err.message}`), script, args: [] });
const exits = new Map<Thread, number | null>();
const waiting = new Map<Thread, { resolve: (r: Reply) => void; reject: (err: Error) => void }>();

/** A thread as the primary starts one: its messages other than the test's go to node:cluster's listeners (serveSlabs). */
function start(): Thread {
  const handle = { send: (m: unknown) => kind.send(thread, m), isConnected: () => kind.connected(thread) };
  const thread: Thread = kind.start(
    { ...process.env, GITA_PROCESS_WORKER: '1' },
    {
      message: (m) => ((m as Reply).test ? waiting.get(thread)?.resolve(m as Reply) : cluster.emit('message', handle, m)),
      exit: (code) => {
        exits.set(thread, code);
        waiting.get(thread)?.reject(new Error(`the thread exited (code ${code}) before it answered: ${failures.join('; ')}`));
      },
    },
  );
  return thread;
}
const ask = (thread: Thread, m: object) =>
  new Promise<Reply>((resolve, reject) => {
    waiting.set(thread, { resolve, reject });
    kind.send(thread, m);
  });

/** What the files on disk hold: the expected hash of each representation a worker holds. */
function onDisk(dir: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const out: Record<string, string> = {};
  for (const { file } of heldParts(dir, manifest.files)) out[file.slice(dir.length)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  return out;
}

let dist: string;
let a: Thread;
let b: Thread;

t.before(hook(async () => {
  // A private copy: a new build is swapped in.
  dist = shallowCopy((await testDist()).distDir);
  serveSlabs();
  a = start();
  b = start();
}));
t.after(hook(async () => {
  for (const th of [a, b]) if (th && !kind.isDead(th)) kind.kill(th);
}));

t('each thread holds the bytes of the files on disk, in memory shared with the other', async () => {
  const expected = onDisk(dist);
  assert.ok(Object.keys(expected).length > 100, 'the records, the chapters and the authors');
  for (const th of [a, b]) {
    const r = await ask(th, { type: 'load', dir: dist });
    assert.equal(r.errors, []);
    assert.equal(r.held, expected);
    assert.is(r.own, 0, 'nothing read by the thread itself');
    assert.is(r.shared, Object.keys(expected).length);
  }
  // One memory: a byte one thread changes is changed for the other.
  const path = '/slok/2/47/index.json';
  const before = (await ask(b, { type: 'peek', path })).first!;
  assert.is((await ask(a, { type: 'flip', path })).first, before ^ 0xff);
  assert.is((await ask(b, { type: 'peek', path })).first, before ^ 0xff);
  await ask(a, { type: 'flip', path });
  assert.is((await ask(b, { type: 'peek', path })).first, before);
});

t('a thread whose manifest is not the one the primary reads gets no slab, says why, and reads its own', async () => {
  const r = await ask(a, { type: 'load', dir: dist, sha256: '0'.repeat(64) });
  assert.is(r.errors!.length, 1);
  assert.match(r.errors![0], /manifest .* changed meanwhile; reading it here/);
  assert.is(r.shared, 0);
  assert.equal(r.held, onDisk(dist));
});

t('a new build gets a slab of its own, with its bytes', async () => {
  const old = (await readManifest(dist)).sha256;
  await (await nextBuild()).swapInto(dist);
  assert.is.not((await readManifest(dist)).sha256, old);
  const expected = onDisk(dist);
  for (const th of [a, b]) {
    const r = await ask(th, { type: 'load', dir: dist });
    assert.equal(r.errors, []);
    assert.is(r.shared, Object.keys(expected).length);
    assert.equal(r.held, expected);
  }
  // Shared again, in memory of its own: b still keeps the first build's slab (a's last load before was its own), which a byte flipped in the new one leaves as it was.
  const path = '/slok/2/47/index.json';
  const before = (await ask(b, { type: 'peek', path })).first!;
  const old1 = (await ask(b, { type: 'peek', path, previous: true })).first!;
  await ask(a, { type: 'flip', path });
  assert.is((await ask(b, { type: 'peek', path })).first, before ^ 0xff);
  assert.is((await ask(b, { type: 'peek', path, previous: true })).first, old1, "the first build's slab is untouched");
  await ask(a, { type: 'flip', path });
});

t("each of 2 threads keeps half of a process's caches and compressions on demand; a process of its own, all", async () => {
  assert.equal((await ask(a, { type: 'share' })).share, { cache: SERVED_CACHE_BYTES / 2, running: ON_DEMAND.running / 2, bytes: ON_DEMAND.bytes / 2 });
  assert.is(perThread(SERVED_CACHE_BYTES), SERVED_CACHE_BYTES);
  assert.is(compressor.running, ON_DEMAND.running);
});

t('the supervisor controls threads: asked to stop, killed, or exiting on their own', async () => {
  const done = async (th: Thread) => {
    await kind.exited(th);
    assert.ok(kind.isDead(th));
    assert.not.ok(kind.connected(th));
    return exits.get(th);
  };
  kind.askToStop(a);
  assert.is(await done(a), 0, 'a stop is an exit 0');
  kind.kill(b);
  assert.is(await done(b), 1, 'terminated');
  const c = start();
  assert.is(typeof kind.pid(c), 'number');
  kind.send(c, { type: 'exit', code: 3 });
  assert.is(await done(c), 3);
  // Messages to a thread that has exited go nowhere, and stopping it again is harmless.
  kind.send(c, { type: 'peek', path: '/' });
  kind.askToStop(c);
  assert.equal(failures, []);
});

t.run();
