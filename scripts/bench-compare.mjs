#!/usr/bin/env node
// npm run bench:compare -- DIR_A DIR_B: one worker of the server of each of
// two checkouts (each serving its own built dist/), measured alternately on
// the same machine in one run: the hot routes, plain and as browsers ask, wrk
// -t1 -c64, A then B then A..., ROUNDS rounds of SECONDS each, the median of
// each kept and B's req/s over A's printed. For a change that should cost
// nothing (a refactor): run it with the commit before and after, and read the
// ratios against the spread of the rounds. Printed, not asserted.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [a, b] = process.argv.slice(2).filter((x) => !x.startsWith('--')).map((d) => resolve(d));
const option = (name, fallback) => Number(process.argv.find((x) => x.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SECONDS = option('seconds', 5);
const ROUNDS = option('rounds', 3);
if (!a || !b) {
  console.error('Usage: npm run bench:compare -- DIR_A DIR_B [--seconds=5] [--rounds=3]\n(each a checkout with npm ci, npm run content and npm run build done)');
  process.exit(2);
}
try {
  execFileSync('wrk', ['--version'], { stdio: 'ignore' });
} catch (err) {
  // wrk --version exits 1 after printing its version; only a missing program throws ENOENT.
  if (err.code === 'ENOENT') throw new Error('wrk is missing: install the Debian package wrk (apt-get install wrk), or run npm run bench once, which installs it');
}
for (const dir of [a, b]) if (!existsSync(join(dir, 'dist', 'manifest.json'))) throw new Error(`${dir}: no dist/manifest.json (npm run content && npm run build there first)`);

const work = mkdtempSync(join(tmpdir(), 'gita-compare-'));
const manifest = JSON.parse(readFileSync(join(b, 'dist', 'manifest.json'), 'utf8'));
const verses = manifest.content.versesPerChapter.flatMap((n, i) => Array.from({ length: n }, (_, v) => `"/slok/${i + 1}/${v + 1}"`));
const randomSlok = join(work, 'slok.lua');
writeFileSync(randomSlok, `math.randomseed(os.time())\nlocal paths = {${verses.join(',')}}\nrequest = function()\n  return wrk.format(nil, paths[math.random(#paths)])\nend\n`);
const ROUTES = [
  ['/chapters', '/chapters'],
  ['/chapter/2', '/chapter/2'],
  ['/slok/2/47', '/slok/2/47'],
  ['random /slok', '/', randomSlok],
];
const CODINGS = [[], ['Accept-Encoding: br, gzip']];

/** Node's flags as that checkout's `npm start` gives them. */
const startFlags = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts.start.split(/\s+/).filter((a) => a.startsWith('--'));

function start(dir, port) {
  const proc = spawn(process.execPath, [...startFlags(dir), join(dir, 'bin', 'run.mjs'), 'start', '--no-prepare', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: dir,
    env: { ...process.env, GITA_ANON_LIMIT: '0', GITA_WORKERS: '1', GITA_DATA_DIR: mkdtempSync(join(work, 'data-')) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { proc, port };
}

async function up(port) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the server on ${port} did not start`);
}

function wrk(port, path, script, headers, seconds) {
  const out = execFileSync('wrk', ['-t1', '-c64', `-d${seconds}s`, ...headers.flatMap((h) => ['-H', h]), ...(script ? ['-s', script] : []), `http://127.0.0.1:${port}${path}`], { encoding: 'utf8' });
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const servers = [start(a, 18_300), start(b, 18_301)];
try {
  await Promise.all(servers.map((s) => up(s.port)));
  const rev = (dir) => {
    try {
      return execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    } catch {
      return '?';
    }
  };
  console.log(`A: ${a} (${rev(a)}), B: ${b} (${rev(b)}); node ${process.version}; wrk -t1 -c64, ${ROUNDS} rounds of ${SECONDS} s alternating, after 2 s of warm-up each`);
  console.log('');
  console.log('| route | A req/s (median) | B req/s (median) | B / A | B / A per round |');
  console.log('|---|---:|---:|---:|---|');
  for (const [name, path, script] of ROUTES) {
    for (const headers of CODINGS) {
      for (const s of servers) wrk(s.port, path, script, headers, 2);
      const runs = [[], []];
      for (let round = 0; round < ROUNDS; round++) {
        // A first in even rounds, B first in odd ones: neither always runs on a warmer machine.
        const order = round % 2 ? [1, 0] : [0, 1];
        for (const i of order) runs[i].push(wrk(servers[i].port, path, script, headers, SECONDS));
      }
      const [ma, mb] = runs.map(median);
      const per = runs[0].map((x, i) => (runs[1][i] / x).toFixed(2)).join(', ');
      console.log(`| ${name}${headers.length ? ' (br, gzip)' : ''} | ${Math.round(ma)} | ${Math.round(mb)} | ${(mb / ma).toFixed(2)} | ${per} |`);
    }
  }
} finally {
  for (const s of servers) s.proc.kill('SIGTERM');
}
