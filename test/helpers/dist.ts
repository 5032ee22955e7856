// One built dist/ for the test process: imported from the shared content and
// built once (with the project's build cache, so it is quick after the first time).
import { join } from 'node:path';
import { build } from '../../src/publish/build.ts';
import { importContent } from '../../src/content/import.ts';
import { PATHS } from '../../src/paths.ts';
import { SHARED_DATA, tempDir } from './fs.ts';

let built: Promise<{ contentDir: string; distDir: string }> | null = null;

/** The seed of the test build, so /gita.svg is known. */
export const TEST_SEED = 'contract-tests';

export function testDist() {
  built ??= (async () => {
    const root = tempDir('gita-dist-');
    const contentDir = join(root, 'content');
    const distDir = join(root, 'dist');
    await importContent({ from: SHARED_DATA, contentDir });
    await build({ contentDir, outDir: distDir, cacheDir: join(PATHS.buildCache, '..', 'build-tests'), seed: TEST_SEED });
    return { contentDir, distDir };
  })();
  return built;
}
