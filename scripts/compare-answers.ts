// npm run compare:answers -- --against REV : what a change did to the answers.
// Two fresh clones (REV and this checkout's last commit) each import the
// content and build dist/ with the same flags on the same day; then every
// file both builds list is compared byte for byte, and both servers are
// asked the same requests (every route's example and aliases, hostile forms
// of each, each example with a projection) over loopback with the same Host,
// comparing status, content type and body (a path whose answer changes from
// one request to the next, a random draw, is left out). Prints each
// difference; exits 1 when there is one not named with --expect (a path's
// prefix the change means to alter).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flags, run } from '../src/cli/run.ts';
import { PROJECT_ROOT } from '../src/paths.ts';
import { ROUTES } from '../src/contract/routes/index.ts';
import { hostileRoutePaths, routeExamples } from '../test/helpers/route-cases.ts';
import { freshClone } from './fresh-clone.ts';

const usage = `
Usage: npm run compare:answers -- --against REV [--expect PREFIX]...

Builds REV and this checkout's last commit from the same content, then
compares every file of the two dist/ folders and the two servers' answers to
the same requests. --expect PREFIX: a difference under this path is meant
(a new route, a changed page); it is listed, not counted.
`;

interface Side {
  name: string;
  clone: string;
  dist: string;
  server?: ChildProcess;
  port?: number;
}

/** A clone at `rev` with its content imported and dist/ built (quick compression: the bytes served are the same). */
function prepare(name: string, rev: string, work: string): Side {
  const clone = freshClone(PROJECT_ROOT, mkdtempSync(join(work, `${name}-`)));
  execFileSync('git', ['checkout', '--quiet', rev], { cwd: clone });
  const env = { ...process.env, CI: '1', NO_COLOR: '1' };
  execFileSync(process.execPath, ['bin/run.mjs', 'content', '--quiet'], { cwd: clone, env, stdio: 'inherit' });
  execFileSync(process.execPath, ['bin/run.mjs', 'build', '--quiet', '--out', 'dist'], { cwd: clone, env, stdio: 'inherit' });
  return { name, clone, dist: join(clone, 'dist') };
}

function start(side: Side, work: string): Promise<void> {
  const data = mkdtempSync(join(work, `${side.name}-data-`));
  const proc = spawn(process.execPath, ['bin/run.mjs', 'start', '--no-prepare', '--port', '0', '--host', '127.0.0.1', '--dist', side.dist, '--data-dir', data], {
    cwd: side.clone,
    env: { ...process.env, NO_COLOR: '1', GITA_ANON_LIMIT: '0', GITA_WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  side.server = proc;
  let out = '';
  return new Promise((resolve, reject) => {
    const seen = (d: Buffer) => {
      out += d;
      const m = /listening on http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (m && !side.port) {
        side.port = Number(m[1]);
        resolve();
      }
    };
    proc.stdout!.on('data', seen);
    proc.stderr!.on('data', seen);
    proc.on('exit', (code) => reject(new Error(`${side.name}: the server exited (${code}):\n${out}`)));
  });
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Files both builds list whose bytes differ, and files only one lists. */
function compareFiles(a: Side, b: Side): string[] {
  const listed = (s: Side) => Object.keys(JSON.parse(readFileSync(join(s.dist, 'manifest.json'), 'utf8')).files as Record<string, unknown>);
  const [left, right] = [new Set(listed(a)), new Set(listed(b))];
  const out: string[] = [];
  for (const f of left) {
    if (!right.has(f)) out.push(`${f}: only in ${a.name}`);
    else if (f !== '/manifest.json' && sha(join(a.dist, f)) !== sha(join(b.dist, f))) out.push(`${f}: its bytes differ`);
  }
  for (const f of right) if (!left.has(f)) out.push(`${f}: only in ${b.name}`);
  return out;
}

/** The requests: every route's example and aliases (both sides' routes are this checkout's), hostile forms, and a projection of each. */
function requests(): string[] {
  const random = new Set(ROUTES.filter((r) => 'random' in r && r.random).map((r) => r.example.split('?')[0]));
  const base = routeExamples().filter((p) => !random.has(p));
  return [...new Set([...base, ...base.map((p) => `${p}?lang=en&authors=siva`), ...base.map((p) => `${p}?lang=xx`), ...hostileRoutePaths()])];
}

/** One answer, summed up; the same Host for both servers (a page writes its own address from it). */
// node:http, not fetch: fetch sends its own Host whatever the headers say, and a page would write each server's port.
function answer(port: number, path: string): Promise<string> {
  // The path as fetch would send it (its spaces and letters percent-encoded).
  const url = new URL(`http://127.0.0.1${path}`);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: url.pathname + url.search, headers: { 'accept-encoding': 'identity', host: 'compare.test' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(`${res.statusCode} ${res.headers['content-type']} ${createHash('sha256').update(Buffer.concat(chunks)).digest('hex').slice(0, 16)}`));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function compareAnswers(a: Side, b: Side): Promise<string[]> {
  const out: string[] = [];
  for (const path of requests()) {
    let left: string;
    let right: string;
    try {
      [left, right] = await Promise.all([answer(a.port!, path), answer(b.port!, path)]);
    } catch (e) {
      out.push(`${path}: ${(e as Error).message}`);
      continue;
    }
    // A path that answers something new each time (a random verse, after its dot segments) is not compared.
    if (left !== right && left !== (await answer(a.port!, path))) continue;
    if (left !== right) out.push(`${path}: ${a.name} ${left}, ${b.name} ${right}`);
  }
  return out;
}

run(async () => {
  const { values } = flags(usage, { against: { type: 'string' }, expect: { type: 'string', multiple: true } });
  if (!values.against) throw new Error('--against REV: the revision to compare with');
  const expected = (values.expect ?? []) as string[];
  const work = mkdtempSync(join(tmpdir(), 'gita-compare-'));
  const sides = [prepare('before', String(values.against), work), prepare('after', 'HEAD', work)];
  try {
    await Promise.all(sides.map((s) => start(s, work)));
    const differences = [...compareFiles(sides[0], sides[1]), ...(await compareAnswers(sides[0], sides[1]))];
    const meant = differences.filter((d) => expected.some((p) => d.startsWith(p)));
    const unmeant = differences.filter((d) => !meant.includes(d));
    for (const d of meant) console.log(`meant: ${d}`);
    for (const d of unmeant) console.log(`DIFFERS: ${d}`);
    console.log(`${requests().length} requests and every listed file compared: ${unmeant.length} differences not meant, ${meant.length} meant`);
    if (unmeant.length) process.exitCode = 1;
  } finally {
    for (const s of sides) s.server?.kill('SIGTERM');
    if (existsSync(work)) rmSync(work, { recursive: true, force: true });
  }
});
