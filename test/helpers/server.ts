// Real servers for the tests: a process started the way an operator starts
// it (Node through bin/run.mjs, Deno through `deno run`), on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, serverNodeFlags } from '../../src/paths.ts';

export type Runtime = 'node' | 'deno';

export interface Running {
  url: string;
  port: number;
  proc: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** SIGTERM, and the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const DENO = join(PROJECT_ROOT, 'node_modules', '.bin', 'deno');

export function runtimeCommand(runtime: Runtime, args: string[]): [string, string[]] {
  if (runtime === 'deno') {
    if (!existsSync(DENO)) throw new Error(`Deno is missing: ${DENO} (npm ci installs it from the deno package)`);
    return [DENO, ['run', '--allow-net', '--allow-read', '--allow-env', '--allow-write', '--allow-sys', '--allow-ffi', join(PROJECT_ROOT, 'scripts', 'start-deno.ts'), ...args]];
  }
  return [process.execPath, [...serverNodeFlags(), join(PROJECT_ROOT, 'bin', 'run.mjs'), 'start', '--no-prepare', ...args]];
}

export async function startServer(runtime: Runtime, options: { dist: string; dataDir: string; env?: Record<string, string> }): Promise<Running> {
  const [cmd, args] = runtimeCommand(runtime, ['--port', '0', '--host', '127.0.0.1', '--dist', options.dist, '--data-dir', options.dataDir]);
  const proc = spawn(cmd, args, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, GITA_ANON_LIMIT: '0', NO_COLOR: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${runtime} server did not start within 30 s:\n${out}`)), 30_000);
    const check = () => {
      const m = /listening on http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    proc.stdout!.on('data', check);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${runtime} server exited (${code}) before listening:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    proc,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null) proc.kill(signal);
      return exited;
    },
  };
}
