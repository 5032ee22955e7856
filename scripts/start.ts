// npm start : serve the API on Node. Imports and builds first when content/
// or dist/ is missing or stale.
import cluster from 'node:cluster';
import { flags, run } from '../src/cli/run.ts';
import { loadConfig, SETTINGS, settingFlags } from '../src/config.ts';
import { PATHS } from '../src/paths.ts';
import { startNode } from '../src/http/start.ts';
import { isProcessWorker } from '../src/http/processes.ts';
import { REBUILD_FAILED_ENV } from '../src/http/serve.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const usage = `
Usage: npm start [-- --port N --host H ...]

Serves the Gita API from dist/ (importing and building it first when needed).
Each setting is an environment variable or a flag:

${SETTINGS.map((s) => `  --${s.flag.padEnd(14)} ${s.env.padEnd(18)} ${s.help} Default: ${s.default || '(unset)'}.`).join('\n')}
  --no-prepare                       serve dist/ as it is, without checking it is current
`;

run(async () => {
  const { values } = flags(usage, { ...settingFlags, 'no-prepare': { type: 'boolean' } });
  const config = loadConfig(process.env, values as Record<string, string | undefined>);
  // Workers (node:cluster's, processes or threads) run this script too: only the primary prepares dist/.
  if (!values['no-prepare'] && config.distDir === PATHS.dist && !cluster.isWorker && !isProcessWorker()) {
    // Loaded only here: the staleness check (fast-glob, the audit) is no part of a worker's or a --no-prepare start-up.
    const { ensureBuilt } = await import('../src/publish/ensure.ts');
    // The port is held meanwhile, answering 503 with Retry-After (not with port 0: the server would get another).
    const whilePreparing = config.port ? async () => (await import('../src/http/preparing.ts')).answerWhilePreparing(config.host, config.port) : undefined;
    // The cards, downloads, reading pages and word analysis are built once the server answers (src/publish/background.ts).
    // The import and the first build run in a process of their own: this one, the server, keeps none of their memory.
    const dirs = { contentDir: PATHS.content, distDir: config.distDir, cacheDir: PATHS.buildCache, stampFile: PATHS.stamp };
    const later = await ensureBuilt({ ...dirs, say: (l) => console.log(l), whilePreparing, later: true, apart: true }).catch((err: Error) => {
      // A rebuild that fails leaves the last good build serving, said loudly here and by /healthz (degraded).
      if (!existsSync(join(config.distDir, 'manifest.json'))) throw err;
      console.error(`error: ${err.message}; serving the last good build of dist/ (mend the cause and start again)`);
      process.env[REBUILD_FAILED_ENV] = err.message;
      return false;
    });
    await startNode(config);
    if (later) (await import('../src/publish/background.ts')).buildInBackground(dirs, (l) => console.log(l));
    return;
  }
  await startNode(config);
});
