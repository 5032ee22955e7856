#!/usr/bin/env node
// Runs an entry script, scripts/<name>.ts, from a bundle that esbuild makes
// in .cache/bin/ and remakes whenever a source file is newer. Plain JavaScript
// starts several times faster than TypeScript through a loader, which is what
// keeps `npm start` and the `gita` CLI quick.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { allocatorEnv } from '../src/http/allocator.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export async function runScript(name, args) {
  const entry = join(root, 'scripts', `${name}.ts`);
  if (!existsSync(entry)) throw new Error(`no such script: scripts/${name}.ts`);
  const dir = join(root, '.cache', 'bin', name);
  const out = join(dir, `${name}.js`);
  const sources = Math.max(newest(join(root, 'src')), newest(join(root, 'scripts')), statSync(join(root, 'package-lock.json')).mtimeMs);
  if (!existsSync(out) || statSync(out).mtimeMs < sources) {
    const esbuild = await import('esbuild');
    // Code splitting keeps what a script imports lazily (the build, for `start`) out of its start-up.
    const tmp = `${dir}.tmp-${process.pid}`;
    await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outdir: tmp,
      outExtension: { '.js': '.js' },
      logLevel: 'warning',
    });
    // esbuild keeps a helper process for later builds; the server will not need it.
    await esbuild.stop();
    writeFileSync(join(tmp, 'package.json'), '{"type":"module"}\n');
    // Swap in whole; another process may have just done the same, which is fine.
    const old = `${dir}.old-${process.pid}`;
    if (existsSync(dir)) renameSync(dir, old);
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, { recursive: true, force: true });
    }
    rmSync(old, { recursive: true, force: true });
  }
  process.argv = [process.argv[0], out, ...args];
  await import(pathToFileURL(out).href);
}

/**
 * glibc's allocator settings (src/http/allocator.mjs: the mmap threshold and
 * two arenas) are read only as a process starts, so `start` starts itself
 * again in place (execve: the same process, Node 22.15 and later) with them
 * set. A value the operator set is kept; with both set there is no second
 * start. Worker processes get them from the primary (src/http/supervisor.ts,
 * workerEnv).
 */
export function startsAgainWithAllocator(env = process.env) {
  return process.platform === 'linux' && typeof process.execve === 'function' && (env.MALLOC_MMAP_THRESHOLD_ === undefined || env.MALLOC_ARENA_MAX === undefined);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv[2] === 'start' && isMainThread && startsAgainWithAllocator()) {
    process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, ...allocatorEnv(process.env) });
  }
  await runScript(process.argv[2], process.argv.slice(3));
}
