// Serving on every core under Bun and Deno (GITA_WORKERS), and under Node from
// 22.12 (start.ts): Bun and Deno cannot pass a listening socket between
// processes as node:cluster does, and Node need not (no primary between the
// connections and the workers), so each worker opens the port itself with
// SO_REUSEPORT (Linux: the kernel spreads the connections over them) and the
// primary, which serves no request, starts the workers with a channel to
// them: processes with an IPC channel (node:child_process, which both
// runtimes implement), or on Node threads of this process (threads.ts),
// whose channel takes the same shape. The counts work as
// under node:cluster (src/keys/cluster.ts): the workers' limiters and usage
// talk to the primary over that channel; the primary hands each message to
// node:cluster's 'message' listeners, where rate-limiter-flexible's master and
// the usage store listen.
//
// Port 0 (any free port) means one port for all: the first worker listens,
// says which port it got, and every other worker is told to take that one.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import cluster from 'node:cluster';
import type { Config } from '../config.ts';
import { leftOutLines, leftOutOfBuild } from '../content/versions/left-out.ts';
import { isClusterMessage, type ClusterMessage } from '../keys/cluster.ts';
import { createLog } from './log.ts';
import { displayUrl } from './serve.ts';
import { PortInUseError, portFree } from './port-in-use.ts';
import { openPrimary, Supervisor, workerEnv, type WorkerControl } from './supervisor.ts';
import { stopOnSignals } from './shutdown.ts';

/** Set in a worker's environment by its primary. */
const WORKER_ENV = 'GITA_PROCESS_WORKER';
const PORT_ENV = 'GITA_WORKER_PORT';

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

/**
 * A kind of worker that opens the port itself: how one is started (with the
 * environment that makes it a worker, told of its messages and of its exit),
 * sent a message, and known to be reachable; and the supervisor's controls.
 */
export interface WorkerKind<W> extends Omit<WorkerControl<W>, 'start'> {
  start(env: NodeJS.ProcessEnv, on: { message(m: unknown): void; exit(code: number | null, signal: string | null): void }): W;
  send(worker: W, message: unknown): void;
  connected(worker: W): boolean;
}

const isDead = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;

/**
 * Worker processes: forked with an IPC channel (`command`: the runtime and
 * its arguments before the script's, as Deno's permission flags, which its
 * own fork would widen to -A; unset, node:child_process's fork of this
 * script); asked to stop over IPC (Deno's kill() closed the channel first and
 * lost the last counts), by SIGTERM when the channel is gone; done once their
 * output is flushed ('close', after 'exit').
 */
export function childProcesses(command?: [string, string[]]): WorkerKind<ChildProcess> {
  const script = process.argv[1];
  const args = process.argv.slice(2);
  return {
    start: (env, on) => {
      const child = command
        ? spawn(command[0], [...command[1], script, ...args], { env: { ...env, ...workerEnv() }, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] })
        : fork(script, args, { env: { ...env, ...workerEnv() }, stdio: 'inherit' });
      child.on('message', on.message);
      child.on('exit', on.exit);
      return child;
    },
    send: (c, m) => void (c.connected && c.send(m as object)),
    connected: (c) => c.connected,
    pid: (c) => c.pid,
    isDead,
    askToStop: (c) => {
      if (c.connected) c.send({ channel: 'gita', type: 'stop' } satisfies ClusterMessage);
      else c.kill('SIGTERM');
    },
    exited: (c) => new Promise<void>((r) => c.once('close', () => r())),
    kill: (c) => void c.kill('SIGKILL'),
  };
}

export interface PrimaryOptions<W> {
  /** Named in the start line: `bun 1.x`, `deno 2.x`, `node v24.x`. */
  runtime: string;
  /** How the workers are made: processes (childProcesses) or threads (threads.ts). */
  kind: WorkerKind<W>;
  /** Named in the start line after the count: `workers sharing the port`. */
  noun?: string;
}

export async function startProcessPrimary<W>(config: Config, { runtime, kind, noun = 'workers sharing the port' }: PrimaryOptions<W>): Promise<void> {
  const log = createLog();
  // Elsewhere SO_REUSEPORT lets several processes bind, but one of them gets every connection.
  if (process.platform !== 'linux') throw new Error(`GITA_WORKERS=${config.workers} under ${runtime.split(' ')[0]} needs Linux (reusePort spreads connections only there); use 1 worker, or Node`);
  // The workers bind with SO_REUSEPORT, which would share a port another such server holds rather than fail.
  if (config.port !== 0 && !(await portFree(config.host, config.port))) throw new PortInUseError(config.port);
  const listening = new Set<W>();
  /** Each worker's side as node:cluster's listeners know it, to send to. */
  const handles = new Map<W, WorkerHandle>();
  const usage = await openPrimary(config, log, () => [...listening].flatMap((w) => handles.get(w) ?? []));

  let port: number | null = config.port === 0 ? null : config.port;
  let announced = false;

  const tellCount = () => {
    const message: ClusterMessage = { channel: 'gita', type: 'workers', count: listening.size };
    for (const w of listening) kind.send(w, message);
  };

  const start = () => {
    const env = { ...process.env, [WORKER_ENV]: '1', ...(port !== null && { [PORT_ENV]: String(port) }) };
    // Its messages come later (never during start), once `w` and `handle` are set.
    const w: W = kind.start(env, {
      message: (m) => {
        if (isClusterMessage(m) && m.type === 'listening') return onListening(w, m.port);
        // To rate-limiter-flexible's master and serveWorkers, as node:cluster would.
        cluster.emit('message', handle, m);
      },
      exit: (code, signal) => {
        listening.delete(w);
        handles.delete(w);
        supervisor.exited(w, code, signal);
      },
    });
    const handle: WorkerHandle = { send: (m) => kind.send(w, m), isConnected: () => kind.connected(w) };
    handles.set(w, handle);
    return w;
  };

  const supervisor = new Supervisor<W>({
    log,
    usage,
    control: { ...kind, start },
    port: () => port ?? config.port,
    changed: tellCount,
    replaceable: (w, how) => {
      if (port !== null) return true;
      // The first worker died before it had a port: nothing to share yet.
      log.line(`worker ${kind.pid(w)} exited (${how}) before listening`);
      log.flush();
      process.exit(1);
    },
  });

  const onListening = (w: W, at: number) => {
    listening.add(w);
    tellCount();
    if (port === null) {
      // The first worker chose the port: the others take it.
      port = at;
      for (let i = 1; i < config.workers; i++) supervisor.fork();
    }
    if (announced || listening.size < config.workers) return;
    announced = true;
    log.line(`gita-api listening on ${displayUrl(config.host, port)} (${runtime}; ${config.workers} ${noun}, keys and usage in ${config.redisUrl ? 'redis' : 'file'}, request log ${config.requestLog}; pid ${process.pid})`);
    for (const line of leftOutLines(leftOutOfBuild(config.distDir))) log.line(line);
  };

  if (port === null) supervisor.fork();
  else for (let i = 0; i < config.workers; i++) supervisor.fork();
  stopOnSignals(supervisor.stop);
}
