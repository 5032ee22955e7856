// npm run bench:app : the HTTP layer alone, without sockets. Each hot route is
// asked 100,000 times of app.handle() in this process; printed: nanoseconds
// per request and young-generation collections (scavenges) per 100,000, the
// measure of what a request allocates. With --against DIR (another checkout
// of the project, with its own node_modules or a link to these), the two are
// run alternately in child processes, so that their figures share the
// machine's mood of the moment.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { flags, PROJECT_ROOT, run } from '../src/cli/run.ts';
import { serverNodeFlags } from '../src/paths.ts';

const usage = `
Usage: npm run bench:app [-- --dist DIR --against DIR --rounds N --anon-limit N --metrics]

Times app.handle() on the hot routes, in process, against a built dist/
(default ./dist). --against: another checkout, run alternately with this one
(--rounds times, default 3). --anon-limit: the anonymous quota (default 0,
unlimited: no limiter call; a large number measures the limiter and the
rate-limit headers). --metrics: every answer recorded for GET /metrics, as
a server with GITA_METRICS_TOKEN records them (a checkout without metrics
runs without).
`;

const ROUTES = ['/chapters', '/chapter/2', '/slok/2/47', '/slok', '/gita.svg', '/slok/2/47?lang=en', '/slok/today', '/slok/2/47/analysis', '/lemma/karman', '/lemma/atman', '/slok/2/47/links', '/works'];
const N = 100_000;

/** One measurement of the checkout at `root`, in this process: a line per route. */
async function measure(root: string, dist: string, anonLimit: number, withMetrics: boolean): Promise<string[]> {
  const load = (path: string) => import(pathToFileURL(join(root, path)).href);
  const [{ createApp }, { loadDist }, { FileKeyStore }, { FileUsageStore }, { createLimiter, memoryFactory }] = await Promise.all(
    ['src/http/app.ts', 'src/http/assets.ts', 'src/keys/file-store.ts', 'src/keys/usage.ts', 'src/keys/limits.ts'].map(load),
  );
  const data = mkdtempSync(join(tmpdir(), 'gita-bench-app-'));
  // The checkout's recorder of GET /metrics, when asked for and when it has one.
  const metrics = withMetrics ? await load('src/http/metrics.ts').then((m) => m.createMetrics('bench', new m.Recorder(), async () => '', 'text/plain'), () => undefined) : undefined;
  try {
    const app = createApp({ metrics, dist: await loadDist(dist), auth: 'optional', keys: await FileKeyStore.open(data), usage: await FileUsageStore.open(data, { flushEveryMs: 0 }), limiter: createLimiter(memoryFactory), anonLimit, pricing: '<p>pricing</p>' });
    let scavenges = 0;
    const observer = new PerformanceObserver((list) => void (scavenges += list.getEntries().length));
    observer.observe({ entryTypes: ['gc'] });
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
    const lines: string[] = [];
    for (const url of ROUTES) {
      const req = { method: 'GET', url, header: (name: string) => headers[name], ip: '127.0.0.1', body: async () => null };
      const ask = async (times: number) => {
        for (let i = 0; i < times; i++) {
          const r = app.handle(req);
          if (r instanceof Promise) await r;
        }
      };
      await ask(5_000);
      await new Promise((r) => setTimeout(r, 50));
      scavenges = 0;
      const started = process.hrtime.bigint();
      await ask(N);
      const ns = Number(process.hrtime.bigint() - started) / N;
      await new Promise((r) => setTimeout(r, 50));
      lines.push(`${url.padEnd(22)} ${ns.toFixed(0).padStart(7)} ns/request ${String(scavenges).padStart(5)} scavenges/100k`);
    }
    observer.disconnect();
    return lines;
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

run(async () => {
  const { values } = flags(usage, { dist: { type: 'string' }, against: { type: 'string' }, rounds: { type: 'string' }, 'anon-limit': { type: 'string' }, root: { type: 'string' }, metrics: { type: 'boolean' } });
  const dist = resolve(values.dist ?? join(PROJECT_ROOT, 'dist'));
  const anonLimit = Number(values['anon-limit'] ?? 0);
  // A child process of the comparison: measure the checkout it was given, print, and go.
  if (values.root) {
    console.log((await measure(resolve(values.root), dist, anonLimit, !!values.metrics)).join('\n'));
    process.exit(0);
  }
  const checkouts = values.against ? [['this', PROJECT_ROOT], ['against', resolve(values.against)]] : [['this', PROJECT_ROOT]];
  const rounds = Number(values.rounds ?? (values.against ? 3 : 1));
  for (let round = 1; round <= rounds; round++) {
    for (const [name, root] of checkouts) {
      // Node's own flags as `npm start` gives them, and tsx for the TypeScript of either checkout.
      const child = spawnSync(process.execPath, [...serverNodeFlags(), '--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'bench-app.ts'), '--root', root, '--dist', dist, '--anon-limit', String(anonLimit), ...(values.metrics ? ['--metrics'] : [])], { cwd: PROJECT_ROOT, encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`${name} (${root}): ${child.stderr}`);
      for (const line of child.stdout.trim().split('\n')) console.log(`round ${round} ${name.padEnd(7)} ${line}`);
    }
  }
});
