// npm run content [-- --from SOURCE] : import the scripture into content/.
import { resolve } from 'node:path';
import { flags, PROJECT_ROOT, run } from '../src/cli/run.ts';
import { formatBytes } from '../src/cli/format.ts';
import { reporter } from '../src/cli/progress.ts';
import { importContent } from '../src/content/import.ts';
import { defaultSource } from '../src/content/source.ts';
import { PATHS } from '../src/paths.ts';

const usage = `
Usage: npm run content [-- --from SOURCE] [--content DIR]

Imports the Bhagavad Gita dataset into content/, validating every file first.
SOURCE is a folder in the upstream layout (chapter/, slok/) or a .tar.gz of it,
as a local path or an http(s) URL. Default: ../shared/gita-data when it exists,
else the upstream archive. On any error content/ is left exactly as it was.

  --from SOURCE    where to import from
  --content DIR    where to write (default: content/)
  --quiet          no progress lines
`;

run(async () => {
  const { values } = flags(usage, { from: { type: 'string' }, content: { type: 'string' }, quiet: { type: 'boolean' } });
  const from = values.from ?? defaultSource(PROJECT_ROOT);
  const contentDir = resolve(values.content ?? PATHS.content);
  const progress = reporter(process.stderr, values.quiet);
  const started = Date.now();
  const s = await importContent({ from, contentDir, progress });
  progress.end();
  console.log(
    `imported ${s.chapters} chapters, ${s.verses} verses, ${s.colophons} colophons, ${s.commentators} commentators, ` +
      `${formatBytes(s.bytes)} from ${from} into ${contentDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});
