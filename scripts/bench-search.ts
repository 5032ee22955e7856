// npm run bench:search : what the versions add to the search: the index
// built from content/ without them and with them, in one process: its size
// (raw, brotli 9 as the build writes it, gzip 9), the heap it takes once
// loaded, and the CPU per query of the test queries (test/search/queries.json)
// in alternating passes, and of the Telugu draw. Figures, not a test: on a
// shared machine read the ratios.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readContent } from '../src/content/read.ts';
import { readAnalysis } from '../src/content/dcs/store.ts';
import { lemmaName } from '../src/content/dcs/lemma-name.ts';
import { readVersionFiles } from '../src/content/versions/read.ts';
import { buildBundle } from '../src/search/bundle.ts';
import { loadSearcher, search, type SearchParams, type Searcher } from '../src/search/query.ts';
import { formatBytes } from '../src/cli/format.ts';
import { flags, run } from '../src/cli/run.ts';
import { PATHS, PROJECT_ROOT } from '../src/paths.ts';
import { teluguQueries } from '../test/search/drawn.ts';

const usage = `
Usage: npm run bench:search [-- --content DIR] [--passes N]

Builds the search index from content/ (or DIR) without the versions and with
them, and prints for each its size, the heap it takes loaded, and the CPU
time per query of the test queries over N alternating passes (default 8,
the median pass), then the same for the Telugu draw of the tests. Run with
node --expose-gc (npm run bench:search does) for the heap figures.
`;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const heap = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};

/** CPU milliseconds per query of one pass over `queries`. */
function pass(s: Searcher, queries: SearchParams[]): number {
  const before = cpuMs();
  for (const q of queries) search(s, q);
  return (cpuMs() - before) / queries.length;
}

run(async () => {
  const { values } = flags(usage, { content: { type: 'string' }, passes: { type: 'string' } });
  const dir = resolve(values.content ?? PATHS.content);
  const passes = Number(values.passes ?? 8);
  const content = await readContent(dir);
  const dcs = readAnalysis(dir);
  const counts = new Map(content.chapters.map((c) => [c.record.chapter_number, c.record.verses_count]));
  const verses = content.verses.map((v) => v.record).filter((v) => v.verse <= counts.get(v.chapter)!);
  const lemmas = (v: (typeof verses)[number]) => (dcs?.verses[`BG${v.chapter}.${v.verse}`] ?? []).map((w) => lemmaName(w.lemma));
  const versions = readVersionFiles(dir);
  const kinds = [
    { name: 'without the versions', text: await buildBundle(verses, undefined, lemmas, []) },
    { name: `with ${versions.map((v) => v.id).join(', ') || 'no version'}`, text: await buildBundle(verses, undefined, lemmas, versions) },
  ];
  const searchers: Searcher[] = [];
  for (const k of kinds) {
    const bytes = Buffer.from(k.text);
    const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length;
    const before = heap();
    searchers.push(await loadSearcher(k.text, undefined, { cacheSize: 0 }));
    console.log(`${k.name}: the index ${formatBytes(bytes.length)}, ${formatBytes(br)} brotli 9, ${formatBytes(gzipSync(bytes, { level: 9 }).length)} gzip 9; loaded, ${formatBytes(heap() - before)} of heap`);
  }
  const queries = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'test', 'search', 'queries.json'), 'utf8')) as Array<{ q: string; params?: object }>).map((c) => ({ q: c.q, ...c.params }));
  // One pass each to fill the per-verse caches, then alternating passes.
  for (const s of searchers) pass(s, queries);
  const times: number[][] = searchers.map(() => []);
  // Each pair of passes in both orders: neither comes first every time.
  for (let i = 0; i < passes; i++) for (const k of i % 2 ? [1, 0] : [0, 1]) times[k].push(pass(searchers[k], queries));
  const per = times.map(median);
  kinds.forEach((k, i) => console.log(`${k.name}: ${queries.length} test queries, ${per[i].toFixed(3)} ms of CPU a query (median of ${passes} passes)`));
  console.log(`ratio, with / without: ${(per[1] / per[0]).toFixed(2)}`);
  const at = searchers[1].fields.findIndex((f) => f.lang === 'te');
  if (at < 0) return;
  const telugu = teluguQueries(new Map(searchers[1].head.verses.flatMap((v) => (v.texts[at] ? [[`BG${v.chapter}.${v.verse}`, v.texts[at]] as const] : []))));
  const te = telugu.map((d) => ({ q: d.q, lang: 'te' }));
  pass(searchers[1], te);
  console.log(`the Telugu draw (${te.length} queries, lang=te): ${median(Array.from({ length: passes }, () => pass(searchers[1], te))).toFixed(3)} ms of CPU a query`);
});
