// npm run build : content/ → dist/, the static API.
import { resolve } from 'node:path';
import { fail, flags, run } from '../src/cli/run.ts';
import { leftOutLines, readLeftOut } from '../src/content/versions/left-out.ts';
import { formatBytes, formatSeconds } from '../src/cli/format.ts';
import { reporter } from '../src/cli/progress.ts';
import { buildAndStamp } from '../src/publish/ensure.ts';
import { PATHS } from '../src/paths.ts';
import { parsePublicUrl } from '../src/config.ts';

const usage = `
Usage: npm run build [-- --seed SEED] [--content DIR] [--out DIR] [--no-cache] [--png]

Builds dist/, the static API, from content/ (run \`npm run content\` first).
The previous dist/ stays in place until the new one is complete.

  --seed SEED    picks the verse of /gita.svg (default: today's UTC date)
  --content DIR  content folder (default: content/)
  --out DIR      output folder (default: dist/)
  --cache DIR    build cache (default: .cache/build/)
  --no-cache     compress and optimize everything afresh
  --quick        compress quickly (brotli 1, gzip 1), as \`npm start\` does for
                 a dist/ it serves itself; not for publishing
  --public-url URL  the address the reading pages (read/) link and preview from,
                 such as https://gita.example (default: GITA_PUBLIC_URL; unset:
                 root-relative links, and link previews without an absolute image)
  --png          every verse's PNG card too (slok/C/V/gita.png, -light, -dark;
                 a minute or more); without it only today's (slok/today/gita.png)
  --stamp FILE   where to record what dist/ was built from, for \`npm start\`'s
                 staleness check (default: .cache/stamp.json when building the
                 checkout's dist/ from its content/; elsewhere none)
  --quiet        no progress lines
  --allow-left-out  build even when the import that made content/ left an
                 operator's version folder out (a server's own import does;
                 the manifest names it and /healthz says degraded); without
                 it such a build fails, listing every problem of the folder
`;

run(async () => {
  const { values } = flags(usage, {
    seed: { type: 'string' },
    content: { type: 'string' },
    out: { type: 'string' },
    cache: { type: 'string' },
    'no-cache': { type: 'boolean' },
    quick: { type: 'boolean' },
    'public-url': { type: 'string' },
    quiet: { type: 'boolean' },
    png: { type: 'boolean' },
    stamp: { type: 'string' },
    'allow-left-out': { type: 'boolean' },
  });
  const progress = reporter(process.stderr, values.quiet);
  const contentDir = resolve(values.content ?? PATHS.content);
  const distDir = resolve(values.out ?? PATHS.dist);
  // A pipeline's build fails on an operator's mistake; a server's own build serves the rest.
  const leftOut = readLeftOut(contentDir);
  if (leftOut.length && !values['allow-left-out']) fail(`content/ was imported with version folders left out; mend them and import again (npm run content), or build without them with --allow-left-out:\n${leftOutLines(leftOut, Infinity).join('\n')}`);
  const s = await buildAndStamp({
    contentDir,
    distDir,
    cacheDir: values['no-cache'] ? null : resolve(values.cache ?? PATHS.buildCache),
    // The stamp is the checkout's dist/'s: a build elsewhere (--out, --content) leaves it alone.
    stampFile: values.stamp ? resolve(values.stamp) : distDir === PATHS.dist && contentDir === PATHS.content ? PATHS.stamp : null,
    seed: values.seed,
    publicUrl: parsePublicUrl(values['public-url'] ?? process.env.GITA_PUBLIC_URL ?? '', values['public-url'] !== undefined ? '--public-url' : 'GITA_PUBLIC_URL'),
    png: values.png,
    progress,
    effort: values.quick ? 'quick' : 'full',
  });
  progress.end();
  console.log(
    `built ${s.files} files: ${formatBytes(s.raw)} raw, ${formatBytes(s.gzip)} gzip, ${formatBytes(s.brotli)} brotli ` +
      `(records ${formatBytes(s.recordsBrotli)}) in ${formatSeconds(s.ms)}; cache ${s.cache.hits} hits, ${s.cache.misses} misses; build ${s.manifest.build}`,
  );
  if (s.joins.entries) console.log(`word-by-word lists joined to the word analysis: ${s.joins.joined} of ${s.joins.entries} entries (${s.joins.rate} %); the rest in dist/analysis-report.json`);
});
