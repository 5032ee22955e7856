// npm run bench:build : cold and warm build times and output sizes, printed
// against the targets. Figures, not a pass/fail test: machines are noisy.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from '../src/publish/build.ts';
import { importContent } from '../src/content/import.ts';
import { defaultSource } from '../src/content/source.ts';
import { formatBytes, formatSeconds } from '../src/cli/format.ts';
import { flags, PROJECT_ROOT, run } from '../src/cli/run.ts';
import { readAnalysis } from '../src/content/dcs/store.ts';
import { defaultDhatupathaDir, importRoots, readRoots } from '../src/content/roots/store.ts';
import { rootAnswers } from '../src/content/roots/served.ts';

const usage = `
Usage: npm run bench:build [-- --content DIR]

Times a cold build (an empty build cache, as \`npm run build\` meets on a fresh
checkout) and a warm rebuild (nothing changed) into a temporary folder, and
prints them and the sizes against the targets, with the machine's load.
`;

run(async () => {
  const { values } = flags(usage, { content: { type: 'string' } });
  const work = await mkdtemp(join(tmpdir(), 'gita-bench-build-'));
  try {
    let contentDir = resolve(values.content ?? join(PROJECT_ROOT, 'content'));
    if (!existsSync(join(contentDir, 'slok'))) {
      contentDir = join(work, 'content');
      await importContent({ from: defaultSource(PROJECT_ROOT), contentDir });
    }
    const options = { contentDir, outDir: join(work, 'dist'), cacheDir: join(work, 'cache'), seed: 'bench' };
    // The load average around the builds: on a shared machine the figures swing with it.
    const loadBefore = loadavg()[0];
    const cold = await build(options);
    const warm = await build(options);
    const row = (name: string, value: string, target: string, met: boolean) =>
      console.log(`${name.padEnd(28)} ${value.padStart(10)}   target ${target.padEnd(9)} ${met ? 'met' : 'missed'}`);
    console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}; load average ${loadBefore.toFixed(2)} before the cold build, ${loadavg()[0].toFixed(2)} after the warm one`);
    row('cold build (empty cache)', formatSeconds(cold.ms), '<= 20 s', cold.ms <= 20_000);
    row('warm rebuild (no change)', formatSeconds(warm.ms), '<= 2 s', warm.ms <= 2_000);
    row('records, brotli', formatBytes(cold.recordsBrotli), '<= 7.5 MB', cold.recordsBrotli <= 7_500_000);
    console.log(`all text files: ${formatBytes(cold.raw)} raw, ${formatBytes(cold.gzip)} gzip, ${formatBytes(cold.brotli)} brotli; ${cold.files} files`);
    console.log(`warm rebuild: ${warm.cache.hits} cache hits, ${warm.cache.misses} misses`);
    const words = Object.entries(cold.manifest.files).filter(([path]) => path.endsWith('/words.json'));
    console.log(`word lists: ${words.length} files, ${formatBytes(words.reduce((n, [, f]) => n + f.size, 0))} raw, ${formatBytes(words.reduce((n, [, f]) => n + (f.br ?? 0), 0))} brotli`);
    // The repairs run at import: the same import with and without them, the second after the first (Hunspell loaded once per process, as in npm run content).
    const from = defaultSource(PROJECT_ROOT);
    const timed = async (repairs: boolean) => {
      const t = performance.now();
      await importContent({ from, contentDir: join(work, `content-${repairs}`), repairs });
      return performance.now() - t;
    };
    const plain = await timed(false);
    const repaired = await timed(true);
    console.log(`import: ${formatSeconds(plain)} without repairs, ${formatSeconds(repaired)} with (repairs ${formatSeconds(repaired - plain)}, Hunspell's load included)`);
    // The roots' share: read at import (the dhātupāṭha parsed, every verb lemma split and matched), made into files by the build.
    const analysis = readAnalysis(contentDir);
    const dhatupatha = defaultDhatupathaDir(PROJECT_ROOT);
    if (analysis && dhatupatha) {
      let t = performance.now();
      importRoots(dhatupatha, analysis.verses);
      const imported = performance.now() - t;
      const roots = readRoots(contentDir);
      t = performance.now();
      const answers = roots ? rootAnswers(roots.lemmas, Object.entries(analysis.verses).map(([ref, words]) => ({ ref, words })), () => undefined) : [];
      const made = performance.now() - t;
      const rootFiles = Object.keys(cold.manifest.files).filter((path) => path.startsWith('/root/') || path.startsWith('/read/root/') || path === '/roots.json');
      console.log(`roots: ${formatSeconds(imported)} at import, ${formatSeconds(made)} to make ${answers.length} roots' answers in the build; ${rootFiles.length} files, ${formatBytes(rootFiles.reduce((n, path) => n + cold.manifest.files[path].size, 0))} raw`);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
