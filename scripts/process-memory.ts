// What a process holds and the CPU it used, read from /proc (Linux): for
// `npm run bench` and `npm run bench:memory`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The processes a process started (a cluster's workers). */
export function childPids(pid: number): number[] {
  const out = spawnSync('ps', ['--ppid', String(pid), '-o', 'pid='], { encoding: 'utf8' }).stdout;
  return out.split(/\s+/).filter(Boolean).map(Number);
}

/** A server's processes: itself (a single process, or the primary of its workers, threads included) and the processes it started. */
export const processTree = (pid: number): number[] => [pid, ...childPids(pid)];

/** RSS of a process, MB, with its anonymous and file-backed parts (the engine's code, mapped from its binary). */
export function rssOf(pid: number): { rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
  return { rss: mb('VmRSS'), anon: mb('RssAnon'), file: mb('RssFile') };
}

export const rssMb = (pid: number): number => rssOf(pid).rss;

/**
 * Proportional set size, MB: RSS with each page shared between processes
 * (the engine's own code, mapped by the primary and every worker) divided
 * among them. Printed beside RSS, which the targets are set on.
 */
export function pssMb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

/** A process and every process under it, at any depth (a wrapper's engine, a primary's workers). */
export function descendants(pid: number): number[] {
  return [pid, ...childPids(pid).flatMap(descendants)];
}

/** The kernel's clock ticks per second, in which /proc counts CPU time. */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/**
 * CPU time a process and every process under it have used so far (user and
 * system, all their threads), in seconds. A process that ended meanwhile
 * counts nothing: take it before and after a run of a server that stays up.
 */
export function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const p of descendants(pid)) {
    try {
      // The fields after the command's name, which is in brackets and may hold spaces: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks / TICKS;
}

/**
 * CPU time a process tree has used since it began, in seconds: every live
 * process's own (user and system, all threads) and that of the processes it
 * started that ended and were reaped (cutime, cstime), which cpuSeconds
 * loses. A live process whose command line `leaveOut` matches is left out
 * with everything under it.
 */
export function cpuSecondsSinceStart(pid: number, leaveOut?: (args: string) => boolean): number {
  let ticks = 0;
  const walk = (p: number) => {
    try {
      if (leaveOut?.(readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' '))) return;
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime: the 14th to the 17th fields.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      return; // gone
    }
    for (const c of childPids(p)) walk(c);
  };
  walk(pid);
  return ticks / TICKS;
}
