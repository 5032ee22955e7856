// npm run bench:links : what the link graph costs: the time to mine it from
// the served texts (as the import does), the heap it takes held whole (as
// the import and the build hold it; the server never does: it streams the
// build's files), its file in content/ and its files in dist/. Figures, not a
// pass/fail test.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readContent } from '../src/content/read.ts';
import { LINKS_FILE, mineLinks } from '../src/content/links.ts';
import { formatBytes } from '../src/cli/format.ts';
import { PATHS } from '../src/paths.ts';

const RUNS = 5;
const content = await readContent(PATHS.content);
const records = content.verses.map((v) => v.record);
const counts = content.chapters.map((c) => c.record.verses_count);

// The heap the graph takes, held: measured after a full collection on each side.
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc: node --expose-gc --import tsx scripts/bench-links.ts');
gc();
const before = process.memoryUsage().heapUsed;
let graph = mineLinks(records, counts);
gc();
const held = process.memoryUsage().heapUsed - before;

const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  graph = mineLinks(records, counts);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);

const file = join(PATHS.content, LINKS_FILE);
console.log(`mined ${graph.counts.cites} citations, ${graph.counts.covers} groups, ${graph.counts.external.named + graph.counts.external.unnamed} citations of other works from ${records.length} records`);
console.log(`mining: median ${times[Math.floor(RUNS / 2)].toFixed(0)} ms, best ${times[0].toFixed(0)} ms of ${RUNS} runs`);
console.log(`heap held by the graph: ${formatBytes(held)}`);
try {
  console.log(`content/${LINKS_FILE}: ${formatBytes(statSync(file).size)}`);
} catch {
  console.log(`content/${LINKS_FILE}: none (import the content: npm run content)`);
}
try {
  const manifest = JSON.parse(readFileSync(join(PATHS.dist, 'manifest.json'), 'utf8')) as { files: Record<string, { size: number; br?: number; gzip: number }> };
  const ours = Object.entries(manifest.files).filter(([p]) => /\/links\.json$|^\/works(?:\.json|\/)/.test(p));
  const sum = (pick: (f: { size: number; br?: number; gzip: number }) => number) => ours.reduce((n, [, f]) => n + pick(f), 0);
  console.log(`dist/: ${ours.length} files, ${formatBytes(sum((f) => f.size))} raw, ${formatBytes(sum((f) => f.br ?? f.gzip))} brotli; the manifest's entries for them: ${formatBytes(ours.reduce((n, e) => n + JSON.stringify(e).length, 0))}`);
} catch {
  console.log('dist/: none (npm run build)');
}
