// The whole app in process, over a built dist/, as the server makes it (keys
// in a fresh data folder, no anonymous quota, the search of that build): for
// the suites that ask it thousands of questions without HTTP in between.
import { createApp, type App } from '../../src/http/app.ts';
import { loadDist, type Dist } from '../../src/http/assets.ts';
import { loadSearch } from '../../src/http/search.ts';
import { FileKeyStore } from '../../src/keys/file-store.ts';
import { createLimiter, memoryFactory } from '../../src/keys/limits.ts';
import { FileUsageStore } from '../../src/keys/usage.ts';
import { tempDir } from './fs.ts';

export async function inProcessApp(distDir: string): Promise<{ dist: Dist; app: App }> {
  const dist = await loadDist(distDir);
  const data = tempDir();
  let searching: ReturnType<typeof loadSearch> | null = null;
  const app = createApp({
    dist,
    auth: 'optional',
    keys: await FileKeyStore.open(data),
    usage: await FileUsageStore.open(data, { flushEveryMs: 0 }),
    limiter: createLimiter(memoryFactory),
    anonLimit: 0,
    pricing: '<p>pricing</p>',
    search: () => (searching ??= loadSearch(distDir)),
  });
  return { dist, app };
}
