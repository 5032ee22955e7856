// Serving a new build without a restart: `npm run build` swaps dist/ whole
// (rename), so watching the folder that holds it shows when to reload.
import { watch } from 'node:fs';
import { basename, dirname } from 'node:path';
import { loadDist, readManifest, type Dist } from './assets.ts';

/**
 * Call `onBuild` with each new build of `distDir` once it is fully loaded.
 * Until then the old build keeps serving; a broken new build is reported
 * and the old one kept. Returns a function that stops watching.
 */
export function watchDist(distDir: string, current: () => string, onBuild: (dist: Dist) => void, onError: (err: Error) => void): () => void {
  let timer: NodeJS.Timeout | null = null;
  let loading = false;
  const check = async () => {
    timer = null;
    if (loading) return schedule();
    loading = true;
    try {
      const manifest = await readManifest(distDir).catch(() => null);
      if (manifest && manifest.build !== current()) onBuild(await loadDist(distDir));
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
  const poll = setInterval(schedule, 5_000);
  poll.unref();
  return () => {
    watcher.close();
    clearInterval(poll);
    if (timer) clearTimeout(timer);
  };
}
