// npm run prepare:dist : import and build when content/ or dist/ is missing
// or stale (what `npm start` does before serving; `start:deno` runs it first).
import { ensureBuilt } from '../src/publish/ensure.ts';
import { flags, run } from '../src/cli/run.ts';
import { PATHS } from '../src/paths.ts';
import { reporter } from '../src/cli/progress.ts';

run(async () => {
  flags('Usage: npm run prepare:dist\n\nImports the content and builds dist/ when either is missing or stale.', {});
  await ensureBuilt({ contentDir: PATHS.content, distDir: PATHS.dist, cacheDir: PATHS.buildCache, stampFile: PATHS.stamp, say: (l) => console.log(l), progress: reporter() });
});
