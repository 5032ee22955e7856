// Every fingerprint of source files (src/fs/fingerprint.ts) must cover every
// source file the code it stands for reads: the staleness check (npm start
// rebuilds dist/ when it is stale), the import's record of its code (content/
// is imported again when that changed), and the build cache's keys for the
// client, the tagger and the search bundle. A change to a file one of them misses would
// leave dist/ or content/ out of date while the new code runs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { hashSources, sourceFiles } from '../../src/fs/fingerprint.ts';
import { OUTPUT_SHAPING } from '../../src/publish/stamp.ts';
import { IMPORT_SHAPING } from '../../src/content/importer.ts';
import { CLIENT_SHAPING, LINKER_SHAPING, SEARCH_SHAPING } from '../../src/publish/build.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { tempDir } from '../helpers/fs.ts';

/**
 * What a route imports when it is used (its `build`, `components`, a tool's
 * `run`): the build runs the builders and makes the components, so their
 * modules shape dist/; a bundle takes the routes' paths alone (route-paths.ts)
 * and runs none of them; nothing the build makes runs a tool.
 */
type Lazy = 'built' | 'none';

/** Leaves out the lazy imports of the routes that the code a fingerprint stands for never runs. */
const lazyParts = (lazy: Lazy) => ({
  name: 'lazy-parts',
  setup(build: { onResolve: (o: { filter: RegExp }, f: (a: { kind: string; importer: string; path: string }) => { external: true } | undefined) => void }) {
    build.onResolve({ filter: /./ }, (a) => {
      if (a.kind !== 'dynamic-import' || !relative(PROJECT_ROOT, a.importer).startsWith('src/contract/routes/')) return undefined;
      return lazy === 'none' || a.path.includes('/mcp/') ? { external: true } : undefined;
    });
  },
});

/** The source modules (under src/) that `entries` import, statically or dynamically, as esbuild's bundler follows them. */
async function modulesOf(entries: string[], lazy: Lazy): Promise<string[]> {
  const esbuild = await import('esbuild');
  const { metafile } = await esbuild.build({ entryPoints: entries.map((f) => join(PROJECT_ROOT, f)), bundle: true, write: false, outdir: 'out', platform: 'node', format: 'esm', packages: 'external', metafile: true, logLevel: 'silent', plugins: [lazyParts(lazy)] });
  return Object.keys(metafile.inputs).map((p) => relative(PROJECT_ROOT, join(PROJECT_ROOT, p))).filter((p) => p.startsWith('src/'));
}

const FINGERPRINTS: Array<[name: string, globs: readonly string[], entries: string[], lazy: Lazy]> = [
  // The build, and the search, client and tagger it bundles.
  ['the build (staleness stamp)', OUTPUT_SHAPING, ['src/publish/build.ts', 'src/search/browser.ts', 'src/client/index.ts', 'src/linker/index.ts'], 'built'],
  ['the import (content/manifest.json importer)', IMPORT_SHAPING, ['src/content/import.ts'], 'none'],
  ['the client bundle (build cache)', CLIENT_SHAPING, ['src/client/index.ts', 'src/publish/client.ts'], 'none'],
  ['the tagger bundle (build cache)', LINKER_SHAPING, ['src/linker/index.ts', 'src/publish/linker.ts'], 'none'],
  ['the search bundle (build cache)', SEARCH_SHAPING, ['src/search/browser.ts', 'src/search/bundle.ts'], 'none'],
];

for (const [name, globs, entries, lazy] of FINGERPRINTS) {
  test(`every source module ${name} imports is in its fingerprint`, async () => {
    const read = await modulesOf(entries, lazy);
    assert.ok(read.length >= entries.length, `${read.length} modules`);
    const covered = new Set(sourceFiles(globs));
    assert.equal(read.filter((p) => !covered.has(p)), [], `modules the fingerprint of ${name} misses`);
  });
}

test('a fingerprint is each file, path and bytes, in the order of the paths; any change to either changes it', () => {
  const root = tempDir();
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'b.ts'), 'b');
  writeFileSync(join(root, 'src', 'a.ts'), 'a');
  writeFileSync(join(root, 'other.ts'), 'x');
  const of = (globs: string[]) => hashSources(createHash('sha256'), globs, root).digest('hex');
  assert.equal(sourceFiles(['src/**/*'], root), ['src/a.ts', 'src/b.ts']);
  const before = of(['src/**/*']);
  assert.is(before, createHash('sha256').update('src/a.ts').update('a').update('src/b.ts').update('b').digest('hex'));
  assert.is(of(['src/b.ts', 'src/a.ts']), before, 'the order of the globs does not matter');
  writeFileSync(join(root, 'other.ts'), 'y');
  assert.is(of(['src/**/*']), before, 'a file no glob names does not count');
  writeFileSync(join(root, 'src', 'b.ts'), 'B');
  assert.is.not(of(['src/**/*']), before);
});

test.after(async () => (await import('esbuild')).stop());

test.run();
