// npm run prepare:dist : import and build when content/ or dist/ is missing
// or stale (what `npm start` does before serving; `start:deno` runs it first).
// `npm start` runs it too, in a process of its own (src/publish/ensure.ts).
import { resolve } from 'node:path';
import { ensureBuilt } from '../src/publish/ensure.ts';
import { fail, flags, run } from '../src/cli/run.ts';
import { PATHS } from '../src/paths.ts';
import { reporter } from '../src/cli/progress.ts';
import { EFFORTS, type Effort } from '../src/publish/compress.ts';

const usage = `
Usage: npm run prepare:dist [-- --content DIR --out DIR --cache DIR --stamp FILE]

Imports the content and builds dist/ when either is missing or stale.

  --content DIR  content folder (default: content/)
  --out DIR      output folder (default: dist/)
  --cache DIR    build cache (default: .cache/build/); --no-cache: none
  --stamp FILE   what dist/ was built from (default: .cache/dist-stamp.json)
  --effort E     quick (the default: quick compression) or full (as published)
  --later        leave the cards, downloads, reading pages, word analysis and
                 the derived files' twins for a later build (as \`npm start\` does)
`;

run(async () => {
  const { values } = flags(usage, {
    content: { type: 'string' },
    out: { type: 'string' },
    cache: { type: 'string' },
    'no-cache': { type: 'boolean' },
    stamp: { type: 'string' },
    effort: { type: 'string' },
    later: { type: 'boolean' },
  });
  const effort = (values.effort ?? 'quick') as Effort;
  if (!EFFORTS.includes(effort)) fail(`--effort: "${values.effort}" is not one of ${EFFORTS.join(', ')}`, 2);
  await ensureBuilt({
    contentDir: resolve(values.content ?? PATHS.content),
    distDir: resolve(values.out ?? PATHS.dist),
    cacheDir: values['no-cache'] ? null : resolve(values.cache ?? PATHS.buildCache),
    stampFile: resolve(values.stamp ?? PATHS.stamp),
    say: (l) => console.log(l),
    progress: reporter(),
    effort,
    later: values.later,
  });
});
