// One import of the shared content and one dist/ built from it for the tests,
// built with the project's build cache (quick after the first time), each
// kept under .cache/test-dist/ for every later run whose inputs are the same
// (test/helpers/dist-key.mjs). The test processes of a run, and of runs at
// the same time, share them: the first that needs one makes it, the others
// wait. Every user only reads them: a test that changes a dist/ or content/
// works on a linkedCopy() of it.
import { execFileSync } from 'node:child_process';
import { deserialize, serialize } from 'node:v8';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from '../../src/publish/build.ts';
import { utcDate } from '../../src/content/day.ts';
import { importContent } from '../../src/content/import.ts';
import { readContent, type Content } from '../../src/content/read.ts';
import { repairContent, type RepairReport } from '../../src/content/repairs.ts';
import { PATHS } from '../../src/paths.ts';
import { replaceDir, stagingDir } from '../../src/fs/atomic.ts';
import { SHARED_DATA, shallowInto, tempDir } from './fs.ts';
import { QUICK_SUFFIX, TEST_DIST_CACHE, distKey } from './dist-key.mjs';
import type { Effort } from '../../src/publish/compress.ts';
import { AUDIT_FILE, type AuditFile } from '../../src/content/audit.ts';

/** The tests' build: its content, its dist/, and whether it was made with an empty build cache (every file made afresh). */
export interface TestDist {
  contentDir: string;
  distDir: string;
  cold: boolean;
}

let built: Promise<TestDist> | null = null;

/**
 * How hard the tests' builds compress: as published ('full'), unless the
 * quick loop found no full build kept and asked for one at quick levels
 * (test/run.mjs): the same files, built in about two fifths of the CPU time.
 * Its builds, and the next builds made from their cache, keep to it.
 */
const EFFORT: Effort = process.env.GITA_TEST_DIST_EFFORT === 'quick' ? 'quick' : 'full';

/** The seed of the test build, so /gita.svg is known. */
export const TEST_SEED = 'contract-tests';

/**
 * The build cache of the test builds, kept across runs. Only the shared build
 * writes it: a test that builds again takes privateBuildCache(), since a build
 * prunes from its cache what it did not use itself, which would pull files
 * from under a build running at the same time in another test process.
 */
const TEST_BUILD_CACHE = join(PATHS.buildCache, '..', EFFORT === 'quick' ? 'build-tests-quick' : 'build-tests');

/**
 * A copy of the test builds' cache (hard links, made in a moment) for a build
 * of a test's own, taken once the tests' dist/ is built, so that it is warm
 * and no build is writing it.
 */
export async function privateBuildCache(): Promise<string> {
  await testDist();
  const dir = join(tempDir('gita-cache-'), 'cache');
  try {
    execFileSync('cp', ['-al', TEST_BUILD_CACHE, dir]);
  } catch {
    // No cache yet (or no cp): the build makes every file itself.
    rmSync(dir, { recursive: true, force: true });
  }
  return dir;
}

const BUILT = 'built.json';

async function buildInto(root: string): Promise<TestDist> {
  const { contentDir } = await testContent();
  const distDir = join(root, 'dist');
  // A fresh clone (CI, a new user) has no cache: its build makes every file,
  // which lets the build suite compare a warm build with a cold one without
  // making a second cold build of its own.
  const cold = !existsSync(TEST_BUILD_CACHE) || readdirSync(TEST_BUILD_CACHE).length === 0;
  await build({ contentDir, outDir: distDir, cacheDir: TEST_BUILD_CACHE, seed: TEST_SEED, effort: EFFORT });
  writeFileSync(join(root, BUILT), JSON.stringify({ cold }));
  return { contentDir, distDir, cold };
}

function keptAt(root: string): TestDist {
  let cold = false;
  try {
    cold = JSON.parse(readFileSync(join(root, BUILT), 'utf8')).cold === true;
  } catch {
    // Kept by an older runner: not known to be cold.
  }
  return { contentDir: join(TEST_DIST_CACHE, contentName(), 'content'), distDir: join(root, 'dist'), cold };
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
 * What is kept under `name` in TEST_DIST_CACHE: made here by `make` if no
 * other test process is making it (a lock folder, made atomically, holds the
 * maker's pid), else waited for. A maker that died leaves its lock to the
 * next that looks; a build that failed fails here too, and the next test
 * file tries again.
 */
async function kept<T>(name: string, make: (root: string) => Promise<T>, read: (root: string) => T): Promise<T> {
  const root = join(TEST_DIST_CACHE, name);
  const lock = `${root}.lock`;
  const ready = `${root}.ready`;
  mkdirSync(TEST_DIST_CACHE, { recursive: true });
  for (;;) {
    if (existsSync(ready)) return read(root);
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
      const out = await make(root);
      writeFileSync(ready, '');
      return out;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** The kept build of `key`; once it is made, the builds of other keys go. */
async function keptBuild(key: string): Promise<TestDist> {
  const out = await kept(key, buildInto, keptAt);
  pruneOthers(key);
  return out;
}

/** Builds of other keys (older sources or content) go, unless one is being made right now; the next builds of this key, and its build at the other effort, stay. */
function pruneOthers(key: string) {
  const sources = key.slice(0, key.length - (key.endsWith(QUICK_SUFFIX) ? QUICK_SUFFIX.length : 0));
  for (const name of readdirSync(TEST_DIST_CACHE)) {
    const other = name.replace(/\.(lock|ready)$/, '');
    if (other.startsWith(sources) || existsSync(join(TEST_DIST_CACHE, `${other}.lock`))) continue;
    rmSync(join(TEST_DIST_CACHE, name), { recursive: true, force: true });
  }
}

/**
 * The time spent in keptBuild, read by the tests' time limit
 * (test/helpers/uvu-timeout.mjs), which leaves it out: a cold build on a busy
 * machine may take longer than a test may.
 */
const clock: { total: number; since: number | null } = ((globalThis as { gitaTestDistBuild?: { total: number; since: number | null } }).gitaTestDistBuild = { total: 0, since: null });

/** `make()`, its time counted on the clock above (the outermost wait only, when one waits inside another). */
async function timed<T>(make: () => Promise<T>): Promise<T> {
  if (clock.since !== null) return make();
  clock.since = Date.now();
  try {
    return await make();
  } finally {
    clock.total += Date.now() - clock.since;
    clock.since = null;
  }
}

/** The key of this run's build (test/run.mjs passes the one it computed once). */
const runKey = () => process.env.GITA_TEST_DIST_KEY || distKey();

/** The tests' built dist/ and the content it was built from. */
export function testDist() {
  built ??= timed(() => keptBuild(runKey()));
  return built;
}

/** The shared import: what `npm run content` writes from the shared folder, every option at its default. */
export interface TestContent {
  contentDir: string;
  /** The import's audit as content/audit.json holds it (the summary's audit, written whole). */
  audit: AuditFile;
}

let imported: Promise<TestContent> | null = null;

/** What the shared import is kept under: one for both efforts of a build, since the import does not compress. */
const contentName = () => `${runKey().replace(new RegExp(`${QUICK_SUFFIX}$`), '')}.content`;

/**
 * The import of the shared folder with every default, made once and kept like
 * the dist/ built from it: the suites that read what a default import wrote
 * (its records, its audit) share it instead of each importing again. A suite
 * that tests the import itself (what it returns, its options) makes its own.
 */
export function testContent(): Promise<TestContent> {
  imported ??= timed(async () => {
    const importInto = async (root: string) => {
      await importContent({ from: SHARED_DATA, contentDir: join(root, 'content') });
      return root;
    };
    const contentDir = join(await kept(contentName(), importInto, (root) => root), 'content');
    return { contentDir, audit: JSON.parse(readFileSync(join(contentDir, AUDIT_FILE), 'utf8')) };
  });
  return imported;
}

/** Upstream's content as the shared folder holds it, and the same with the repairs applied (repairContent: its content and report). */
export interface RepairedUpstream {
  upstream: Content;
  repaired: Content;
  report: RepairReport;
}

let repairedKept: Promise<RepairedUpstream> | null = null;

/**
 * readContent(SHARED_DATA), and repairContent() of it: made by the first test
 * process that asks and kept like the shared import (a V8 serialization of
 * 137 MB, read back in under a second of the 3.4 s of CPU the reading and the
 * repairs take), for the suites of the repairs and of what is read in the
 * repaired texts. The files of one test process share one copy: they only
 * read it (applyErrata and repairContent return new content, never change
 * what they are given).
 */
export function repairedUpstream(): Promise<RepairedUpstream> {
  repairedKept ??= timed(async () => {
    let made: RepairedUpstream | undefined;
    const make = async (root: string) => {
      const upstream = await readContent(SHARED_DATA);
      const { content: repaired, report } = await repairContent(upstream);
      made = { upstream, repaired, report };
      mkdirSync(root, { recursive: true });
      writeFileSync(join(root, 'repaired.v8'), serialize(made));
      return root;
    };
    const root = await kept(`${contentName()}.repaired`, make, (r) => r);
    return made ?? (deserialize(readFileSync(join(root, 'repaired.v8'))) as RepairedUpstream);
  });
  return repairedKept;
}

export interface NextBuild {
  /** The build id of its manifest. */
  build: string;
  /** Where it is kept: only to read. */
  distDir: string;
  /** Put it in place of `dist` the way a build puts its output in place (staged beside, then swapped in whole). */
  swapInto(dist: string): Promise<void>;
}

/** What a next build's folder is named by, after its key: `<key>.next-<seed>`. */
const NEXT = '.next-';

/**
 * Another build of the tests' content, with `seed`: by default the build of
 * the day (seeded with today's UTC date), as a daily pipeline makes it and
 * swaps it in while a server serves. Made once (from a copy of the warm build
 * cache) and kept beside the tests' dist/ like it, for every file and run that
 * asks for the same seed: the workers and lifecycle suites swap it in on three
 * engines, and the projections suite reads the day's verse from it. Each swap
 * is the build's own last step on a shallowCopy() of it.
 */
export async function nextBuild(seed = utcDate()): Promise<NextBuild> {
  const { contentDir } = await testDist();
  const key = runKey();
  const name = `${key}${NEXT}${seed.replace(/[^a-z0-9]+/gi, '-')}`;
  const make = async (root: string) => {
    const summary = await build({ contentDir, outDir: join(root, 'dist'), cacheDir: await privateBuildCache(), seed, effort: EFFORT });
    writeFileSync(join(root, BUILT), JSON.stringify({ build: summary.manifest.build }));
    return root;
  };
  const root = await kept(name, make, (r) => r);
  const id = JSON.parse(readFileSync(join(root, BUILT), 'utf8')).build as string;
  return {
    build: id,
    distDir: join(root, 'dist'),
    async swapInto(dist) {
      const staged = await stagingDir(dist);
      shallowInto(join(root, 'dist'), staged);
      await replaceDir(dist, staged);
    },
  };
}
