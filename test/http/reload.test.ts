// A serving process looks for a new build every few seconds. While the
// manifest is the same file, a look reads nothing of it (parsing its
// megabytes stalled every worker for tens of milliseconds each time); a new
// manifest is read for its build id, from its first bytes, and a new build is
// loaded and handed over.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBuildId, type Dist } from '../../src/http/assets.ts';
import { watchDist } from '../../src/http/reload.ts';
import { FILES } from '../../src/layout.ts';
import { testDist } from '../helpers/dist.ts';
import { hook, ownFolder, rewrite, shallowCopy } from '../helpers/fs.ts';

const t = suite('reload');
let distDir: string;
t.before(hook(async () => {
  ({ distDir } = await testDist());
}));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Another build id of the same length, so the manifest keeps its size. */
const other = (id: string) => id.replace(/^./, (c) => (c === '0' ? '1' : '0'));

t('the build id is read from the manifest, as its whole JSON says', async () => {
  const manifest = JSON.parse(readFileSync(join(distDir, FILES.manifest), 'utf8'));
  assert.is(await readBuildId(distDir), manifest.build);
  // A manifest that does not open with its version and build is read whole, and gives the same id.
  // (These tests change a copy's manifest, a file of its own in a shallowCopy, and at most one folder made its own.)
  const dist = shallowCopy(distDir);
  const { version, build, ...rest } = manifest;
  const file = join(dist, FILES.manifest);
  renameSync(file, `${file}.old`);
  writeFileSync(file, JSON.stringify({ ...rest, version, build: other(build) }));
  assert.is(await readBuildId(dist), other(build));
});

t('a look while the manifest is the same file reads nothing; a swapped one is read and its build loaded', async () => {
  const dist = shallowCopy(distDir);
  const file = join(dist, FILES.manifest);
  const text = readFileSync(file, 'utf8');
  const build = JSON.parse(text).build as string;
  let current = build;
  /** Looks that read a build id: each asks which build is served. */
  let reads = 0;
  const loaded: Dist[] = [];
  const errors: Error[] = [];
  const stop = watchDist(dist, () => (reads++, current), (d) => loaded.push(d), (e) => errors.push(e), 100);
  try {
    for (let i = 0; i < 750 && reads === 0; i++) await sleep(20);
    assert.is(reads, 1, 'the first look reads the build id');
    assert.is(loaded.length, 0, 'the same build is not loaded again');
    await sleep(1000);
    assert.is(reads, 1, 'ten looks at the same manifest file read nothing more');
    assert.is(loaded.length, 0);
    // A new manifest swapped in (another inode): read, and its build loaded.
    writeFileSync(`${file}.next`, text.replace(build, other(build)));
    renameSync(`${file}.next`, file);
    for (let i = 0; i < 750 && loaded.length === 0; i++) await sleep(20);
    assert.equal(errors, []);
    assert.is(loaded.length, 1);
    assert.is(loaded[0].manifest.build, other(build));
    current = other(build);
    await sleep(400);
    assert.is(loaded.length, 1, 'loaded once');
    assert.equal(errors, []);
  } finally {
    stop();
  }
});

t('a new build that fails to load is reported, and tried again at the next look', async () => {
  const dist = shallowCopy(distDir);
  const file = join(dist, FILES.manifest);
  const text = readFileSync(file, 'utf8');
  const build = JSON.parse(text).build as string;
  // A file the server holds, shorter than the manifest says: the load fails.
  const held = join(ownFolder(dist, 'chapters'), 'index.json');
  const bytes = readFileSync(held);
  rewrite(held, bytes.subarray(1));
  const loaded: Dist[] = [];
  const errors: Error[] = [];
  const stop = watchDist(dist, () => build, (d) => loaded.push(d), (e) => errors.push(e), 100);
  try {
    writeFileSync(`${file}.next`, text.replace(build, other(build)));
    renameSync(`${file}.next`, file);
    for (let i = 0; i < 750 && errors.length === 0; i++) await sleep(20);
    assert.match(String(errors[0]?.message), /chapters\/index\.json/);
    assert.is(loaded.length, 0);
    // Mended in place, the manifest untouched: a later look loads it.
    rewrite(held, bytes);
    for (let i = 0; i < 750 && loaded.length === 0; i++) await sleep(20);
    assert.is(loaded.length, 1);
    assert.is(loaded[0].manifest.build, other(build));
  } finally {
    stop();
  }
});

t.run();
