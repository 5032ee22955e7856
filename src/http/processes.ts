// Serving on every core under Bun and Deno (GITA_WORKERS): neither passes a
// listening socket between processes as node:cluster does, so each worker
// opens the port itself with SO_REUSEPORT (Linux: the kernel spreads the
// connections over them) and the primary, which serves no request, forks the
// workers with an IPC channel (node:child_process, which both runtimes
// implement). The counts work as under node:cluster (src/keys/cluster.ts):
// the workers' limiters and usage talk to the primary over that channel; the
// primary hands each message to node:cluster's 'message' listeners, where
// rate-limiter-flexible's master and the usage store listen.
//
// Port 0 (any free port) means one port for all: the first worker listens,
// says which port it got, and every other worker is told to take that one.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { serveDraws } from './shared-draw.ts';
import { serveSearches } from './shared-search.ts';
import cluster from 'node:cluster';
import type { Config } from '../config.ts';
import { CLUSTER_FLUSH_MS, isClusterMessage, serveWorkers, type ClusterMessage } from '../keys/cluster.ts';
import { FileUsageStore } from '../keys/usage.ts';
import { claimDataDir } from '../keys/owner.ts';
import { createLog } from './log.ts';
import { displayUrl } from './serve.ts';
import { PORT_IN_USE_EXIT, PortInUseError, portFree, portInUseMessage } from './port-in-use.ts';

/** Set in a worker's environment by its primary. */
const WORKER_ENV = 'GITA_PROCESS_WORKER';
const PORT_ENV = 'GITA_WORKER_PORT';
/** A worker that dies sooner than this after it started is restarted after a growing pause (a crash loop must not spin). */
const QUICK_DEATH_MS = 5_000;
/** How long the workers get to finish their requests at shutdown before they are killed. */
const STOP_GRACE_MS = 15_000;

/** This process is a worker forked by startProcessPrimary. */
export const isProcessWorker = () => process.env[WORKER_ENV] === '1';

/** The port a worker listens on: its primary's choice, else the configured one. */
export const workerPort = (config: Config) => Number(process.env[PORT_ENV] ?? config.port);

/**
 * In a worker, once it listens: tell the primary on which port, and stop when
 * it asks, or when it is gone (its IPC channel closed).
 */
export function workerListening(port: number, stop: (reason: string) => void) {
  process.send?.({ channel: 'gita', type: 'listening', port } satisfies ClusterMessage);
  process.on('message', (m: unknown) => {
    if (isClusterMessage(m) && m.type === 'stop') stop('asked to stop');
  });
  process.once('disconnect', () => stop('the primary is gone'));
}

/** The side of a worker that node:cluster's listeners know: send, and whether it can be sent to. */
interface WorkerHandle {
  send(message: unknown): void;
  isConnected(): boolean;
}

export interface PrimaryOptions {
  /** Named in the start line: `bun 1.x`, `deno 2.x`. */
  runtime: string;
  /**
   * How to start a worker: the runtime and its arguments before the script's
   * (Deno: its permission flags, which its own fork would widen to -A).
   * Unset: node:child_process's fork of this script.
   */
  command?: [string, string[]];
}

export async function startProcessPrimary(config: Config, { runtime, command }: PrimaryOptions): Promise<void> {
  const log = createLog();
  // Elsewhere SO_REUSEPORT lets several processes bind, but one of them gets every connection.
  if (process.platform !== 'linux') throw new Error(`GITA_WORKERS=${config.workers} under ${runtime.split(' ')[0]} needs Linux (reusePort spreads connections only there); use 1 worker, or Node`);
  // The workers bind with SO_REUSEPORT, which would share a port another such server holds rather than fail.
  if (config.port !== 0 && !(await portFree(config.host, config.port))) throw new PortInUseError(config.port);
  await claimDataDir(config);
  let usage: FileUsageStore | null = null;
  if (!config.redisUrl) {
    usage = await FileUsageStore.open(config.dataDir, { flushEveryMs: CLUSTER_FLUSH_MS });
    if (usage.recovered) log.line(`error: ${usage.recovered.from} was corrupt (${usage.recovered.reason}); it was moved to ${usage.recovered.to} and counting starts again from zero`);
    serveWorkers(usage);
  }

  serveDraws();
  serveSearches(config.distDir);

  const started = new Map<ChildProcess, number>();
  const listening = new Set<ChildProcess>();
  let port: number | null = config.port === 0 ? null : config.port;
  let announced = false;
  let stopping = false;
  let quickDeaths = 0;
  const script = process.argv[1];
  const args = process.argv.slice(2);

  const tellCount = () => {
    const message: ClusterMessage = { channel: 'gita', type: 'workers', count: listening.size };
    for (const child of listening) if (child.connected) child.send(message);
  };

  const fork1 = () => {
    const env = { ...process.env, [WORKER_ENV]: '1', ...(port !== null && { [PORT_ENV]: String(port) }) };
    const child = command
      ? spawn(command[0], [...command[1], script, ...args], { env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] })
      : fork(script, args, { env, stdio: 'inherit' });
    started.set(child, Date.now());
    const handle: WorkerHandle = { send: (m) => void (child.connected && child.send(m as object)), isConnected: () => child.connected };
    child.on('message', (m: unknown) => {
      if (isClusterMessage(m) && m.type === 'listening') return onListening(child, m.port);
      // To rate-limiter-flexible's master and serveWorkers, as node:cluster would.
      cluster.emit('message', handle, m);
    });
    child.on('exit', (code, signal) => onExit(child, code, signal));
    return child;
  };

  const onListening = (child: ChildProcess, at: number) => {
    listening.add(child);
    tellCount();
    if (port === null) {
      // The first worker chose the port: the others take it.
      port = at;
      for (let i = 1; i < config.workers; i++) fork1();
    }
    if (announced || listening.size < config.workers) return;
    announced = true;
    log.line(`gita-api listening on ${displayUrl(config.host, port)} (${runtime}; ${config.workers} workers sharing the port, keys and usage in ${config.redisUrl ? 'redis' : 'file'}; primary ${process.pid})`);
  };

  const onExit = (child: ChildProcess, code: number | null, signal: string | null) => {
    const since = started.get(child) ?? 0;
    started.delete(child);
    listening.delete(child);
    if (stopping) return;
    // Another server holds the port: every worker would fail alike, so the group stops.
    if (code === PORT_IN_USE_EXIT) return void giveUp(portInUseMessage(port ?? config.port));
    if (port === null) {
      // The first worker died before it had a port: nothing to share yet.
      log.line(`worker ${child.pid} exited (${signal ?? `code ${code}`}) before listening`);
      log.flush();
      process.exit(1);
    }
    const quick = Date.now() - since < QUICK_DEATH_MS;
    quickDeaths = quick ? quickDeaths + 1 : 0;
    const pause = quick ? Math.min(100 * 2 ** quickDeaths, 10_000) : 0;
    log.line(`worker ${child.pid} exited (${signal ?? `code ${code}`}); starting another${pause ? ` in ${pause} ms` : ''}`);
    tellCount();
    setTimeout(fork1, pause).unref();
  };

  const giveUp = async (message: string) => {
    stopping = true;
    // None of them listens, so none has a request to finish.
    for (const c of started.keys()) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await usage?.close();
    log.flush();
    process.stderr.write(`error: ${message}\n`);
    process.exit(1);
  };

  if (port === null) fork1();
  else for (let i = 0; i < config.workers; i++) fork1();

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.line(`${signal}: the workers finish their in-flight requests`);
    const children = [...started.keys()];
    const exited = children.map((c) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => c.once('close', () => r()))));
    const stopMessage: ClusterMessage = { channel: 'gita', type: 'stop' };
    for (const c of children) {
      if (c.connected) c.send(stopMessage);
      else c.kill('SIGTERM');
    }
    const cut = setTimeout(() => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    }, STOP_GRACE_MS);
    await Promise.all(exited);
    clearTimeout(cut);
    await usage?.close();
    log.line('stopped');
    log.flush();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
