// What a worker keeps per build beyond the files it holds is bounded: the
// slice indexes of the records projected most recently, and the prepared
// headers of the files streamed most recently. Over the bound the oldest is
// made again when asked, the same as before. And a reload keeps nothing of
// the build it replaced: the records it held (tens of MB) go with it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadDist } from '../../src/http/assets.ts';
import { createApp } from '../../src/http/app.ts';
import { FileKeyStore } from '../../src/keys/file-store.ts';
import { createLimiter, memoryFactory } from '../../src/keys/limits.ts';
import { FileUsageStore } from '../../src/keys/usage.ts';
import { prepare } from '../../src/http/served.ts';
import { SLICE_INDEXES_HELD, STREAMED_HEADERS_HELD } from '../../src/contract/limits.ts';
import { testDist } from '../helpers/dist.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { FILES } from '../../src/layout.ts';

const t = suite('what a worker keeps per build');
let served: ReturnType<typeof prepare>;

t.before(hook(async () => {
  served = prepare(await loadDist((await testDist()).distDir));
}));

t('slice indexes: the most recent are kept, the oldest made again alike', () => {
  const records = [...served.dist.assets.values()].filter((a) => /^\/slok\/\d+\/\d+\/index\.json$/.test(a.path));
  assert.ok(records.length > SLICE_INDEXES_HELD + 10);
  const first = served.sliceIndex(records[0]);
  assert.is(served.sliceIndex(records[0]), first, 'kept while recent');
  for (const r of records.slice(1, SLICE_INDEXES_HELD + 5)) served.sliceIndex(r);
  const again = served.sliceIndex(records[0]);
  assert.is.not(again, first, 'the oldest was let go');
  assert.equal(again, first, 'and made again the same');
  assert.is(served.sliceIndex(records[SLICE_INDEXES_HELD + 4]), served.sliceIndex(records[SLICE_INDEXES_HELD + 4]));
});

t('streamed files: the most recent headers are kept, the oldest made again alike', () => {
  const paths = Object.keys(served.dist.manifest.files).filter((p) => served.streamed(p));
  assert.ok(paths.length > STREAMED_HEADERS_HELD + 10, `${paths.length} files streamed`);
  const first = served.streamed(paths[0]);
  for (const p of paths.slice(1, STREAMED_HEADERS_HELD + 5)) served.streamed(p);
  const again = served.streamed(paths[0]);
  assert.is.not(again, first);
  assert.equal(again, first);
});

t('a reload lets go of the build served before, once its answers are gone: nothing of the app holds on to it', async () => {
  const { distDir } = await testDist();
  const data = tempDir();
  let first: Awaited<ReturnType<typeof loadDist>> | undefined = await loadDist(distDir);
  // The build, and the slab that holds its records (what a cache keeping a view of one record would keep alive too).
  const held = new WeakRef(first.assets);
  const slab = new WeakRef(first.assets.get(FILES.verse(2, 47))!.identity.body.buffer);
  assert.ok(slab.deref()!.byteLength > 10_000_000, 'the records are views of one slab');
  const app = createApp({ dist: first, auth: 'optional', keys: await FileKeyStore.open(data), usage: await FileUsageStore.open(data, { flushEveryMs: 0 }), limiter: createLimiter(memoryFactory), anonLimit: 0 });
  first = undefined;
  // Answers from the first build: held records, a projection, a language form, a streamed file, a page.
  for (const url of ['/slok/2/47', '/slok/2/47?fields=siva', '/slok/2/47?lang=en', '/chapter/2', '/chapter/2/slok', '/read/2/47', '/slok/2/99']) {
    for (const coding of [undefined, 'br', 'gzip']) {
      const r = await app.handle({ method: 'GET', url, header: (n) => (n === 'accept-encoding' ? coding : undefined), ip: '127.0.0.1', body: async () => null });
      assert.ok(r.status === 200 || r.status === 404, `${url}: ${r.status}`);
    }
  }
  app.reload(await loadDist(distDir));
  assert.is((await app.handle({ method: 'GET', url: '/slok/2/47', header: () => undefined, ip: '127.0.0.1', body: async () => null })).status, 200);
  // A WeakRef's target lives at least until the job that made it ends: collect after it.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  for (let i = 0; i < 5 && (held.deref() || slab.deref()); i++) {
    await new Promise((r) => setTimeout(r, 10));
    gc();
  }
  assert.is(held.deref(), undefined, 'the first build is collected');
  assert.is(slab.deref(), undefined, 'and its slab');
});

t.run();
