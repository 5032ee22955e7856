// What a test process made (child processes, temporary folders) goes when the
// process ends, however it ends: at a normal exit, after a failed test or hook,
// and on Ctrl-C or a kill (SIGINT, SIGTERM, SIGHUP). Node runs no 'exit'
// listener when a signal ends it, so without the signal handlers an
// interrupted run would leave its servers running and its folders behind.
// (test/run.mjs is the backstop for a test process killed outright: it kills
// the process group and removes the run's temporary root.)
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';

const processes = new Set<ChildProcess>();
const dirs: string[] = [];

/** Kill `proc` and its descendants (SIGKILL) when this process ends, unless it has exited by then. */
export function ownProcess<P extends ChildProcess>(proc: P): P {
  install();
  processes.add(proc);
  proc.once('exit', () => processes.delete(proc));
  return proc;
}

/** Remove `dir` (recursively) when this process ends. */
export function ownDir(dir: string): string {
  install();
  dirs.push(dir);
  return dir;
}

/**
 * The pids under `pid` (children, their children...), read from /proc. A
 * server's workers and nginx's worker outlive a SIGKILLed parent, so they are
 * killed by pid too. (Without /proc, none: test/run.mjs's group kill remains.)
 */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  for (const entry of entries) {
    try {
      // The command name, in parentheses, may hold spaces: the fields after its last ')' are "state ppid ...".
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // It exited while being read.
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

const kill = (pid: number) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
};

/** Processes first, so that none is still writing into a folder being removed. */
function cleanUp(): void {
  for (const proc of processes) {
    if (proc.pid === undefined) continue;
    const below = descendants(proc.pid);
    // The parent first, so that it cannot start a worker in place of one killed.
    kill(proc.pid);
    below.forEach(kill);
  }
  processes.clear();
  // Said first (test/run.mjs waits longer once it reads it): tens of thousands of files take seconds to remove on a slow disk.
  if (dirs.length) writeSync(1, `test process: removing ${dirs.length} temporary folders\n`);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', cleanUp);
  for (const [signal, number] of Object.entries(SIGNALS)) {
    process.once(signal, () => {
      console.error(`\ntest process: ${signal}, stopping its servers and removing its temporary folders`);
      // process.exit runs the 'exit' listeners: this cleanUp, and Playwright's, which kills Chromium.
      process.exit(128 + number);
    });
  }
}
