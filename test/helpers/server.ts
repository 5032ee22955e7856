// Real servers for the tests: a process started the way an operator starts
// it (Node through bin/run.mjs, Deno through `deno run` and Bun through `bun`
// with the flags of package.json's scripts), on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT, serverCommand, type Engine } from '../../src/paths.ts';
import { ownProcess } from './cleanup.ts';

export type Runtime = Engine;

/**
 * The engines the contract suites run on: all three, or those GITA_TEST_RUNTIMES
 * names (`node`: .ci/run's second pass on Node 24 tests Node alone).
 */
export const RUNTIMES: readonly Runtime[] = (process.env.GITA_TEST_RUNTIMES?.split(',').map((r) => r.trim()) ?? ['node', 'deno', 'bun']).map((r) => {
  if (r !== 'node' && r !== 'deno' && r !== 'bun') throw new Error(`GITA_TEST_RUNTIMES: "${r}" is not node, deno or bun`);
  return r;
});

/**
 * The engines of a suite of what the app decides alike on every engine (keys
 * and quotas, search, the bounds under abuse): the first of RUNTIMES (Node,
 * unless GITA_TEST_RUNTIMES names others). The three engines share the app
 * and differ in their adapters, so what the adapters do (HTTP parsing, files
 * and ranges, bodies, client addresses, listening, workers, the lifecycle)
 * and the contract run on all of RUNTIMES. GITA_TEST_EVERY_ENGINE=1 runs
 * every suite on all of them.
 */
export const APP_RUNTIMES: readonly Runtime[] = process.env.GITA_TEST_EVERY_ENGINE === '1' ? RUNTIMES : RUNTIMES.slice(0, 1);

/**
 * This process's environment for a server that prints plain lines: NO_COLOR,
 * and no FORCE_COLOR (something in the test process sets it; Node 24 warns
 * on stderr when both are set, and the servers' stderr is read word for word).
 */
export function plainEnv(): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _force, ...env } = process.env;
  return { ...env, NO_COLOR: '1' };
}

export interface Running {
  url: string;
  port: number;
  proc: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** SIGTERM, and the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startServer(runtime: Runtime, options: { dist: string; dataDir: string; env?: Record<string, string> }): Promise<Running> {
  const [cmd, args] = serverCommand(runtime, ['--port', '0', '--host', '127.0.0.1', '--dist', options.dist, '--data-dir', options.dataDir]);
  // Owned: killed when the test process ends, even if the test failed before stop() (or never called it).
  const proc = ownProcess(
    spawn(cmd, args, {
      cwd: PROJECT_ROOT,
      env: { ...plainEnv(), GITA_ANON_LIMIT: '0', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
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
