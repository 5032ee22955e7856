// One built dist/ for the whole run: imported from the shared content and
// built once (with the project's build cache, so it is quick after the first
// time). Under test/run.mjs the test processes of a run share it: the first
// that asks builds it under the run's root (GITA_TEST_SHARED), the others
// wait for it. A file run on its own builds its own, as before. Every user
// only reads it: a test that changes a dist/ or content/ works on a
// linkedCopy() of it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from '../../src/publish/build.ts';
import { importContent } from '../../src/content/import.ts';
import { PATHS } from '../../src/paths.ts';
import { SHARED_DATA, tempDir } from './fs.ts';

let built: Promise<{ contentDir: string; distDir: string }> | null = null;

/** The seed of the test build, so /gita.svg is known. */
export const TEST_SEED = 'contract-tests';

/**
 * The build cache of the test builds, kept across runs. Only the shared build
 * writes it: a test that builds again takes privateBuildCache(), since a build
 * prunes from its cache what it did not use itself, which would pull files
 * from under a build running at the same time in another test process.
 */
const TEST_BUILD_CACHE = join(PATHS.buildCache, '..', 'build-tests');

/**
 * A copy of the test builds' cache (hard links, made in a moment) for a build
 * of a test's own. Under test/run.mjs it is taken once the run's shared build
 * is done, so that it is warm and no build is writing it.
 */
export async function privateBuildCache(): Promise<string> {
  if (process.env.GITA_TEST_SHARED) await testDist();
  const dir = join(tempDir('gita-cache-'), 'cache');
  try {
    execFileSync('cp', ['-al', TEST_BUILD_CACHE, dir]);
  } catch {
    // No cache yet (or no cp): the build makes every file itself.
    rmSync(dir, { recursive: true, force: true });
  }
  return dir;
}

async function buildInto(root: string) {
  const contentDir = join(root, 'content');
  const distDir = join(root, 'dist');
  await importContent({ from: SHARED_DATA, contentDir });
  await build({ contentDir, outDir: distDir, cacheDir: TEST_BUILD_CACHE, seed: TEST_SEED });
  return { contentDir, distDir };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The run's shared build under `shared`: made here if no other test process
 * is making it (a lock folder, made atomically, holds the builder's pid),
 * else waited for. A builder that died leaves its lock to the next that looks;
 * a build that failed fails here too, and the next file tries again.
 */
async function sharedBuild(shared: string) {
  const root = join(shared, 'dist-fixture');
  const lock = `${root}.lock`;
  const ready = `${root}.ready`;
  for (;;) {
    if (existsSync(ready)) return { contentDir: join(root, 'content'), distDir: join(root, 'dist') };
    try {
      mkdirSync(lock);
    } catch {
      let owner = NaN;
      try {
        owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        // Just made, its pid not yet written.
      }
      if (Number.isFinite(owner) && owner > 0 && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      await sleep(200);
      continue;
    }
    writeFileSync(join(lock, 'pid'), String(process.pid));
    try {
      rmSync(root, { recursive: true, force: true });
      const out = await buildInto(root);
      writeFileSync(ready, '');
      return out;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

export function testDist() {
  built ??= process.env.GITA_TEST_SHARED ? sharedBuild(process.env.GITA_TEST_SHARED) : buildInto(tempDir('gita-dist-'));
  return built;
}
