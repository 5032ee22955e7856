// npm run bench:memory [-- --workers 1|auto] [--seconds N] [--settle N] [--parts] [--fresh] [--root DIR]
// Where a server's memory goes: the server started as `npm start` starts it
// (its Node flags from package.json; the environment this script was given,
// so `MALLOC_ARENA_MAX=2 npm run bench:memory` measures that setting), at
// rest and after the mixed load (scripts/mixed-load.ts), RSS of every
// process and their sum, with the req/s the load got. With --parts, each part
// of the load alone on a fresh server too: what each kind of request leaves
// behind. --settle N: RSS read again N seconds after the load, for what the
// server gives back once idle (its drawing threads end after 2 s). --root: the server of another checkout (installed and built), to
// measure a commit before a change. --fresh: first a server started as on a
// fresh clone (a clone of the checkout's last commit, without content/ or
// dist/, `npm start` importing and building them), measured once its
// background build is loaded: what a user who follows the README gets.
// Printed, not asserted; on the built dist/ (npm run build).
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Manifest } from '../src/contract/manifest.ts';
import { FILES } from '../src/layout.ts';
import { PROJECT_ROOT, serverNodeFlags } from '../src/paths.ts';
import { mixedParts, mixedScript } from './mixed-load.ts';
import { processTree, rssOf } from './process-memory.ts';
import { nodeReusesPort } from '../src/http/start.ts';
import { freshClone } from './fresh-clone.ts';
import { loadConfig } from '../src/config.ts';

const { values } = parseArgs({ options: { workers: { type: 'string', default: '1' }, seconds: { type: 'string', default: '20' }, settle: { type: 'string', default: '0' }, parts: { type: 'boolean', default: false }, fresh: { type: 'boolean', default: false }, root: { type: 'string' }, help: { type: 'boolean', default: false } } });
if (values.help) {
  console.log('Usage: npm run bench:memory [-- --workers 1|auto] [--seconds 20] [--settle 0] [--parts] [--fresh] [--root DIR]\nRSS of every process of the server at rest and after the mixed load (--settle N: again N seconds later; --parts: after each part alone, each on a fresh server; --fresh: first a server started as on a fresh clone, once its background build is loaded).');
  process.exit(0);
}
const root = resolve(values.root ?? PROJECT_ROOT);
const seconds = Number(values.seconds);
if (!(seconds > 0)) throw new Error(`--seconds: expected a positive number, got "${values.seconds}"`);
const settle = Number(values.settle);
if (!(settle >= 0)) throw new Error(`--settle: expected a number of seconds, 0 or more, got "${values.settle}"`);
if (spawnSync('sh', ['-c', 'command -v wrk']).status !== 0) throw new Error('wrk is missing: install the Debian package wrk (apt-get install wrk), or run npm run bench once, which installs it');

const manifest: Manifest = JSON.parse(readFileSync(join(root, 'dist', FILES.manifest), 'utf8'));
const flags = serverNodeFlags(root);
const work = mkdtempSync(join(tmpdir(), 'gita-memory-'));
const parts = mixedParts(manifest);


const show = (pids: number[]) => {
  const each = pids.map(rssOf);
  const total = each.reduce((n, r) => n + r.rss, 0);
  return `${each.map((r) => r.rss.toFixed(0)).join(' + ')} = **${total.toFixed(0)}** (anonymous ${each.map((r) => r.anon.toFixed(0)).join(', ')}; files ${each.map((r) => r.file.toFixed(0)).join(', ')})`;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const answers = (url: string, ok: (r: Response) => Promise<boolean> | boolean = (r) => r.ok) => fetch(url).then(ok, () => false);

/** One server under the mixed load; `fresh`: started in a fresh clone, which it prepares first, measured once its background build is loaded. */
async function measure(name: string, paths: readonly string[], port: number, fresh?: string): Promise<string> {
  const dataDir = mkdtempSync(join(work, 'data-'));
  const dir = fresh ?? root;
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // A fresh start's preparation says a great deal: into a file, named if the start fails.
  const output = fresh ? openSync(join(work, 'fresh-start.log'), 'w') : 'ignore';
  const proc = spawn(process.execPath, [...flags, join(dir, 'bin', 'run.mjs'), 'start', ...(fresh ? [] : ['--no-prepare']), '--port', String(port), '--host', '127.0.0.1'], { cwd: dir, env: { ...process.env, GITA_ANON_LIMIT: '0', GITA_WORKERS: values.workers, GITA_DATA_DIR: dataDir }, stdio: ['ignore', output, fresh ? output : 'inherit'] });
  const waitFor = async (what: string, done: () => Promise<boolean>) => {
    for (let i = 0; ; i++) {
      if (await done()) return ((performance.now() - started) / 1000).toFixed(1);
      if (i > (fresh ? 3000 : 300) || proc.exitCode !== null) throw new Error(`the server on port ${port}: ${what} never came${fresh ? `; its output: ${readFileSync(join(work, 'fresh-start.log'), 'utf8').slice(-2000)}` : ''}`);
      await sleep(100);
    }
  };
  try {
    let how = name;
    if (fresh) {
      const first = await waitFor('a first 200', () => answers(`${url}/slok/2/47`));
      const ready = await waitFor('ready', () => answers(`${url}/healthz`, async (r) => r.ok && (await r.json()).ready === true));
      how = `${name}: a fresh start (first 200 after ${first} s, ready after ${ready} s), then the load`;
    } else await waitFor('a first answer', () => answers(`${url}/healthz`));
    // Every worker listening and past its start-up.
    await sleep(2000);
    const rest = show(processTree(proc.pid!));
    const out = execFileSync('wrk', ['-t1', '-c16', `-d${seconds}s`, '-s', mixedScript(work, paths, name), `${url}/`], { encoding: 'utf8' });
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
    const after = show(processTree(proc.pid!));
    if (settle > 0) await sleep(settle * 1000);
    return `| ${how} | ${rps.toFixed(0)} | ${rest} | ${after} |${settle > 0 ? ` ${show(processTree(proc.pid!))} |` : ''}`;
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => (proc.exitCode !== null ? r(null) : proc.once('exit', r)));
  }
}

// How the workers are made (GITA_WORKER_KIND applies from Node 22.12; a checkout from before it had processes there).
const kind = values.workers === '1' ? 'one process' : nodeReusesPort() ? `${loadConfig(process.env).workerKind} (GITA_WORKER_KIND)` : 'node:cluster';
console.log(`${root}: node ${flags.join(' ')}, GITA_WORKERS=${values.workers}, workers as ${kind}, node ${process.version}, wrk -t1 -c16 -d${seconds}s; RSS in MB, each process (the primary first) and their sum`);
console.log(`| load | req/s | RSS at rest | RSS after the load |${settle > 0 ? ` ${settle} s later |` : ''}`);
console.log(`|---|---:|---|---|${settle > 0 ? '---|' : ''}`);
let port = 18_700;
if (values.fresh) console.log(await measure('all of the mixed load', Object.values(parts).flat(), port++, freshClone(root, work)));
console.log(await measure('all of the mixed load', Object.values(parts).flat(), port++));
if (values.parts) for (const [name, paths] of Object.entries(parts)) console.log(await measure(name, paths, port++));
rmSync(work, { recursive: true, force: true });
