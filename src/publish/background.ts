// The rest of a fresh start's build, made while the server already serves:
// `npm run build -- --quick` in a process of its own (the server's event
// loop stays free for requests). It swaps in the whole dist/, which the
// server then loads (src/http/reload.ts); until then the routes of the parts
// still pending answer 503 with Retry-After, and the derived files the
// server streams without their twins are compressed on demand.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths.ts';
import { LATER_PARTS } from '../layout.ts';

export interface BackgroundBuild {
  contentDir: string;
  distDir: string;
  cacheDir: string;
  stampFile: string;
}

/** Start the whole quick build of `distDir`; `say` gets its summary line, or why it failed. */
export function buildInBackground(dirs: BackgroundBuild, say: (line: string) => void): ChildProcess {
  const started = performance.now();
  const args = ['build', '--quick', '--quiet', '--allow-left-out', '--content', dirs.contentDir, '--out', dirs.distDir, '--cache', dirs.cacheDir, '--stamp', dirs.stampFile];
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin', 'run.mjs'), ...args], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream }).on('line', (line) => lines.push(line));
  // The build dies with the server: a stop (Ctrl-C, SIGTERM) leaves the unfinished dist/, which the next start finishes.
  const stop = () => child.kill();
  process.once('exit', stop);
  child.once('error', (err) => say(`error: the background build could not start: ${err.message}`));
  child.once('close', (code, signal) => {
    process.off('exit', stop);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (code === 0) say(`the rest of the build (${LATER_PARTS.join(', ')}) is done after ${seconds} s: ${lines.at(-1) ?? ''}`);
    else if (!signal) say(`error: the background build failed (exit ${code}): ${lines.slice(-5).join(' / ')}; their routes answer 503 until \`npm run build\` or the next start`);
  });
  return child;
}
