// npm run bench:offline : what the reading pages and the downloads cost a cold
// build, step by step, in CPU seconds on one core (the build spreads the
// compression over every core), with the sizes. Figures, not a test.
import { brotliTwin, gzipTwin } from '../src/publish/twin-bytes.mjs';
import { resolve } from 'node:path';
import { readContent } from '../src/content/read.ts';
import { DOWNLOAD_LEVELS, gitaJson, gitaNdjson, gitaSqlite } from '../src/publish/downloads.ts';
import { FAST } from '../src/publish/compress.ts';
import { readingFiles } from '../src/publish/read-pages.ts';
import { formatBytes } from '../src/cli/format.ts';
import { flags, run } from '../src/cli/run.ts';
import { PATHS } from '../src/paths.ts';

const usage = `
Usage: npm run bench:offline [-- --content DIR]

Times rendering the reading pages and making downloads/ (gita.json,
gita.ndjson, gita.sqlite) and their twins, from content/.
`;

run(async () => {
  const { values } = flags(usage, { content: { type: 'string' } });
  const content = await readContent(resolve(values.content ?? PATHS.content));
  const input = { chapters: content.chapters.map((c) => c.record), verses: content.verses.map((v) => v.record) };
  let total = 0;
  const timed = async <T>(label: string, make: () => T | Promise<T>, size: (r: T) => string): Promise<T> => {
    const before = process.cpuUsage();
    const out = await make();
    const used = process.cpuUsage(before);
    const s = (used.user + used.system) / 1e6;
    total += s;
    console.log(`${label.padEnd(40)} ${s.toFixed(2).padStart(6)} s  ${size(out)}`);
    return out;
  };
  const twins = (buffers: Buffer[], brotli: number, gzip: number) => () => {
    let br = 0;
    let gz = 0;
    for (const b of buffers) {
      br += brotliTwin(b, brotli).length;
      gz += gzipTwin(b, gzip).length;
    }
    return { br, gz };
  };
  const sizes = (t: { br: number; gz: number }) => `${formatBytes(t.br)} brotli, ${formatBytes(t.gz)} gzip`;
  const pages = await timed('reading pages: render', () => readingFiles({ ...input, base: '' }), (p) => `${p.length} pages, ${formatBytes(p.reduce((n, f) => n + f.body.length, 0))}`);
  await timed(`reading pages: twins (brotli ${FAST.brotli}, gzip ${FAST.gzip})`, twins(pages.map((p) => p.body), FAST.brotli, FAST.gzip), sizes);
  const json = await timed('downloads: gita.json', () => gitaJson(input), (b) => formatBytes(b.length));
  const ndjson = await timed('downloads: gita.ndjson', () => gitaNdjson(input), (b) => formatBytes(b.length));
  const sqlite = await timed('downloads: gita.sqlite', () => gitaSqlite(input), (b) => formatBytes(b.length));
  await timed(`downloads: twins (brotli ${DOWNLOAD_LEVELS.brotli}, gzip ${DOWNLOAD_LEVELS.gzip})`, twins([json, ndjson, sqlite], DOWNLOAD_LEVELS.brotli, DOWNLOAD_LEVELS.gzip), sizes);
  console.log(`${'in all (CPU; about half of it in a two-core build)'.padEnd(40)} ${total.toFixed(2).padStart(6)} s`);
});
