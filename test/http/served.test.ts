// What a worker keeps per build beyond the files it holds is bounded: the
// slice indexes of the records projected most recently, and the prepared
// headers of the files streamed most recently. Over the bound the oldest is
// made again when asked, the same as before.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadDist } from '../../src/http/assets.ts';
import { prepare } from '../../src/http/served.ts';
import { SLICE_INDEXES_HELD, STREAMED_HEADERS_HELD } from '../../src/contract/limits.ts';
import { testDist } from '../helpers/dist.ts';
import { hook } from '../helpers/fs.ts';

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

t.run();
