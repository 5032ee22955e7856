// npm run check:dist : the static checks of a built dist/ before publishing it.
import { resolve } from 'node:path';
import { checkDist } from '../src/publish/check.ts';
import { fail, flags, run } from '../src/cli/run.ts';
import { PATHS } from '../src/paths.ts';

const usage = `
Usage: npm run check:dist [-- --dist DIR]

Checks a built dist/ (default: dist/) before it is published: every file the
manifest lists is there with its size and SHA-256, every brotli and gzip twin
decompresses to its file, JSON parses, every verse, chapter and language form
is present, the static hosts' files (_headers, _redirects, .nojekyll) are
there, and nothing unlisted is. Exits 1 naming every problem.
`;

run(async () => {
  const { values } = flags(usage, { dist: { type: 'string' } });
  const dir = resolve(values.dist ?? PATHS.dist);
  const started = Date.now();
  const problems = checkDist(dir);
  if (problems.length) fail(`${dir}: ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${problems.slice(0, 50).join('\n  ')}${problems.length > 50 ? `\n  ... and ${problems.length - 50} more` : ''}`);
  console.log(`${dir}: every check passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
