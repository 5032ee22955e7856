// Serving a new build without a restart: `npm run build` swaps dist/ whole
// (rename), so watching the folder that holds it shows when to reload. The
// look every few seconds costs a stat while nothing changed: the manifest is
// read only when its file is another (a swap gives it a new inode), and then
// only its first bytes, for the build id.
import { watch } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { FILES } from '../layout.ts';
import { loadDist, readBuildId, type Dist } from './assets.ts';

/** What tells one manifest file from another without reading it. */
async function signature(distDir: string): Promise<string | null> {
  const s = await stat(join(distDir, FILES.manifest)).catch(() => null);
  return s ? `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}` : null;
}

/**
 * Call `onBuild` with each new build of `distDir` once it is fully loaded.
 * Until then the old build keeps serving; a broken new build is reported
 * and the old one kept. Returns a function that stops watching.
 * `everyMs`: how often it looks besides the folder's events; `load`: how a build is read.
 */
export function watchDist(distDir: string, current: () => string, onBuild: (dist: Dist) => void, onError: (err: Error) => void, everyMs = 5_000, load: (dir: string) => Promise<Dist> = loadDist): () => void {
  let timer: NodeJS.Timeout | null = null;
  let loading = false;
  /** The manifest file last read (its signature): while it is the same, nothing is read. */
  let checked: string | null = null;
  const check = async () => {
    timer = null;
    if (loading) return schedule();
    loading = true;
    try {
      const seen = await signature(distDir);
      if (seen === null || seen === checked) return;
      const build = await readBuildId(distDir).catch(() => null);
      if (build === null) return;
      if (build !== current()) onBuild(await load(distDir));
      // Remembered once served: a build that failed to load is tried again at the next look.
      checked = seen;
    } catch (err) {
      onError(err as Error);
    } finally {
      loading = false;
    }
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(check, 50);
    timer.unref();
  };
  const name = basename(distDir);
  const watcher = watch(dirname(distDir), (_event, file) => {
    if (!file || file === name) schedule();
  });
  watcher.unref();
  // Events can be missed (some file systems have none): look every few seconds too.
  const poll = setInterval(schedule, everyMs);
  poll.unref();
  return () => {
    watcher.close();
    clearInterval(poll);
    if (timer) clearTimeout(timer);
  };
}
