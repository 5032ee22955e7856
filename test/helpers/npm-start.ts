// `npm start` as a user runs it: in a copy of the checkout (the code finds its
// root from where it really is), in a process group of its own as a shell's
// job is, with its output kept.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { fetchRaw } from './http.ts';
import { freePort } from './net.ts';
import { tempDir } from './fs.ts';

/**
 * What a checkout holds that `npm start` runs from, copied, with the installed
 * packages linked; `content`: an imported content/ to copy in; `shared`: the
 * folder beside it (default: the real ../shared, linked).
 */
export function projectCopy(o: { content?: string; shared?: string } = {}): string {
  const dir = join(tempDir('gita-project-'), 'project');
  mkdirSync(dir);
  for (const part of ['package.json', 'package-lock.json', 'tsconfig.json', 'README.md', 'LICENSE', 'bin', 'src', 'scripts', 'docs', 'packages']) cpSync(join(PROJECT_ROOT, part), join(dir, part), { recursive: true });
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'));
  symlinkSync(o.shared ?? join(PROJECT_ROOT, '..', 'shared'), join(dir, '..', 'shared'));
  if (o.content) cpSync(o.content, join(dir, 'content'), { recursive: true });
  return dir;
}

export interface Started {
  npm: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  ended: () => boolean;
}

/** `npm start` in `cwd`, in a process group of its own, with its output kept. */
export async function npmStart(cwd: string, args: string[], env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const npm = spawn('npm', ['start', ...(args.length ? ['--', ...args] : [])], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), GITA_DATA_DIR: tempDir(), GITA_ANON_LIMIT: '0', ...env },
  });
  let out = '';
  npm.stdout!.on('data', (d) => (out += d));
  npm.stderr!.on('data', (d) => (out += d));
  let ended = false;
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => ((ended = true), resolve(code))));
  return { npm, port, output: () => out, exited, ended: () => ended };
}

/** Wait until `ok`, at most `ms`; the error says what was awaited, and `why()`. */
export async function waitFor(what: string, ok: () => boolean | Promise<boolean>, ms: number, why: () => string, s?: Started): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end || s?.ended()) throw new Error(`${what} within ${ms} ms${s?.ended() ? ' (npm start exited)' : ''}:\n${why()}`);
    await sleep(100);
  }
}

/** The path answers 200. */
export const answers = async (port: number, path: string) => (await fetchRaw(`http://127.0.0.1:${port}`, path).catch(() => null))?.status === 200;

/** Stop the group (SIGTERM) and wait for npm to exit; SIGKILL if it lingers. */
export async function stopGroup(s: Started): Promise<void> {
  try {
    process.kill(-s.npm.pid!, 'SIGTERM');
  } catch {
    return;
  }
  const code = await Promise.race([s.exited, sleep(20_000, 'running', { ref: false })]);
  if (code === 'running') process.kill(-s.npm.pid!, 'SIGKILL');
}

/** The processes of a process group still alive, as `pid args` lines (ps; none once all are gone). */
export function groupAlive(pgid: number): string[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '-g', String(pgid)], { encoding: 'utf8' }).split('\n').filter((l) => l.trim() && !l.includes(' ps -o '));
  } catch {
    return [];
  }
}
