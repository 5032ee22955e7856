// The search index once per machine: a worker's searches are made by its
// primary, over the real IPC channel of a forked process, and answer what
// the worker's own index would; the primary loads a build again when a
// worker asks for another one, and a worker without a primary searches itself.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import cluster from 'node:cluster';
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSearch, type RunSearch } from '../../src/http/search.ts';
import { searchInPrimary, serveSearches } from '../../src/http/shared-search.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { readManifest } from '../../src/http/assets.ts';
import type { SearchParams } from '../../src/search/query.ts';
import { testDist } from '../helpers/dist.ts';
import { hook, tempDir } from '../helpers/fs.ts';

const t = suite('search made by the primary');
let dist: string;
let build: string;
let here: RunSearch;

const QUERIES: SearchParams[] = [{ q: 'karmanye vadhikaraste' }, { q: 'यदा यदा हि धर्मस्य', limit: 3 }, { q: 'yoga', ch: 6, offset: 2, limit: 5 }, { q: 'zzzqqq' }];

t.before(hook(async () => {
  dist = (await testDist()).distDir;
  build = (await readManifest(dist)).build;
  here = await loadSearch(dist);
  serveSearches(dist);
}));

/** A worker as node:cluster (or processes.ts) presents it to the primary's listeners. */
function fakeWorker() {
  const sent: unknown[] = [];
  return { sent, handle: { send: (m: unknown) => void sent.push(m), isConnected: () => true } };
}
const until = async (ok: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
  assert.ok(ok(), what);
};

t('the primary answers each ask with what the index of that build finds', async () => {
  const { sent, handle } = fakeWorker();
  QUERIES.forEach((params, id) => cluster.emit('message', handle, { channel: 'gita', type: 'search-ask', id, dir: dist, build, params }));
  await until(() => sent.length === QUERIES.length, 'every ask answered');
  for (const m of sent as Array<{ id: number; result: unknown; type: string }>) {
    assert.is(m.type, 'search-answer');
    assert.equal(m.result, await here(QUERIES[m.id]), JSON.stringify(QUERIES[m.id]));
  }
});

t('an ask for a build other than the one loaded (a worker before or after a swap) is answered with the index loaded', async () => {
  const { sent, handle } = fakeWorker();
  cluster.emit('message', handle, { channel: 'gita', type: 'search-ask', id: 7, dir: dist, build: 'a-build-not-on-disk', params: QUERIES[0] });
  await until(() => sent.length === 1, 'answered');
  assert.equal((sent[0] as { result: unknown }).result, await here(QUERIES[0]));
});

t('asks for another dist/ are left to its own primary; bad parameters are an error answer, not a crash', async () => {
  const { sent, handle } = fakeWorker();
  cluster.emit('message', handle, { channel: 'gita', type: 'search-ask', id: 1, dir: '/elsewhere', build, params: { q: 'yoga' } });
  cluster.emit('message', handle, { channel: 'gita', type: 'search-ask', id: 2, dir: dist, build, params: null });
  await until(() => sent.length === 1, 'the bad ask answered');
  const [m] = sent as Array<{ id: number; error?: string }>;
  assert.is(m.id, 2);
  assert.type(m.error, 'string');
});

t('a worker process asks over its IPC channel and never loads the index itself', async () => {
  const dir = tempDir('gita-shared-search-');
  const script = join(dir, 'worker.mts');
  const module = (p: string) => JSON.stringify(pathToFileURL(join(PROJECT_ROOT, p)).href);
  writeFileSync(
    script,
    `import { searchInPrimary } from ${module('src/http/shared-search.ts')};\n` +
      `let here = 0;\n` +
      `const search = searchInPrimary(${JSON.stringify(dist)}, () => ${JSON.stringify(build)}, async () => { here++; throw new Error('searched here'); });\n` +
      `const run = await search();\n` +
      `const results = [];\n` +
      `for (const params of ${JSON.stringify(QUERIES)}) results.push(await run(params));\n` +
      `process.send({ type: 'done', results, here }, () => process.exit(0));\n`,
  );
  const child = fork(script, [], { execArgv: ['--import', 'tsx'], cwd: PROJECT_ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const handle = { send: (m: unknown) => void (child.connected && child.send(m as object)), isConnected: () => child.connected };
  const done = new Promise<{ results: unknown[]; here: number }>((resolve, reject) => {
    child.on('message', (m: { type?: string; results: unknown[]; here: number }) => {
      if (m.type === 'done') resolve(m);
      // As processes.ts hands a worker's messages to the primary's listeners.
      else cluster.emit('message', handle, m);
    });
    child.on('exit', (code) => reject(new Error(`the worker exited (${code}) before it answered`)));
  });
  const { results, here: searchedHere } = await done;
  assert.is(searchedHere, 0, 'no search made in the worker');
  for (let i = 0; i < QUERIES.length; i++) assert.equal(results[i], await here(QUERIES[i]));
});

t('without a primary (one process), a worker searches itself', async () => {
  let loads = 0;
  const search = searchInPrimary(dist, () => build, () => (loads++, Promise.resolve(here)));
  assert.equal(await (await search())(QUERIES[0]), await here(QUERIES[0]));
  assert.is(loads, 1);
});

t.run();
