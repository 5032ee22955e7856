// The staleness check (npm start rebuilds dist/ when it is stale) must cover
// every source file the build reads: a change to one it misses would leave
// dist/ out of date while the server runs the new code.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join, relative } from 'node:path';
import fg from 'fast-glob';
import { OUTPUT_SHAPING } from '../../src/publish/stamp.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';

test('every source module the build (and the search and client it bundles) imports is in the staleness fingerprint', async () => {
  const esbuild = await import('esbuild');
  const entries = ['src/publish/build.ts', 'src/search/browser.ts', 'src/client/index.ts'].map((f) => join(PROJECT_ROOT, f));
  const { metafile } = await esbuild.build({ entryPoints: entries, bundle: true, write: false, outdir: 'out', platform: 'node', format: 'esm', packages: 'external', metafile: true, logLevel: 'silent' });
  await esbuild.stop();
  const read = Object.keys(metafile.inputs).map((p) => relative(PROJECT_ROOT, join(PROJECT_ROOT, p))).filter((p) => p.startsWith('src/'));
  assert.ok(read.length > 30, `${read.length} modules`);
  const covered = new Set(fg.sync(OUTPUT_SHAPING, { cwd: PROJECT_ROOT }));
  assert.equal(read.filter((p) => !covered.has(p)), [], 'modules the fingerprint misses');
});

test.run();
