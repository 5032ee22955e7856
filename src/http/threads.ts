// Workers as threads of one process (Node 22.12 and later, on Linux), the
// default kind there (GITA_WORKER_KIND): each thread runs the whole server
// and opens the port itself with SO_REUSEPORT, as worker processes do
// (processes.ts), but Node's own code and the engine are in memory once, not
// once a process, and the records a worker holds are one copy for all the
// threads (shared-slab.ts). What a process would give and a thread does not:
// a crash of native code (a drawing, a compression) ends every thread at
// once, not one worker; GITA_WORKER_KIND=processes keeps them apart.
//
// A thread talks to its primary (the main thread) as a forked process does:
// `process.send`, `process.on('message')` and 'disconnect' are made over its
// MessagePort, so the counts (src/keys/cluster.ts, rate-limiter-flexible's
// cluster limiter), the shared searches and the shared drawings work as they
// do in a worker process.
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import type { WorkerKind } from './processes.ts';
import type { ClusterMessage } from '../keys/cluster.ts';

/** This is a worker thread of a primary (not the main thread, and started as a worker). */
export const isWorkerThread = () => !isMainThread && parentPort !== null && process.env.GITA_PROCESS_WORKER === '1';

type Callback = (err: Error | null) => void;

/**
 * In a worker thread, before anything talks to the primary: the channel a
 * forked process has, over this thread's MessagePort. Messages are cloned
 * (structured clone) rather than serialized as JSON; every message the
 * server sends is plain data either way.
 */
export function connectThread(): void {
  const port = parentPort;
  if (!port) throw new Error('connectThread: not a worker thread');
  const send = (message: unknown, ...rest: unknown[]): boolean => {
    const done = rest.find((r): r is Callback => typeof r === 'function');
    try {
      port.postMessage(message);
    } catch (err) {
      if (done) done(err as Error);
      else throw err;
      return false;
    }
    done?.(null);
    return true;
  };
  Object.assign(process, { send, connected: true });
  // process.emit's types list only the events Node itself emits with their own arguments.
  const emit = process.emit.bind(process) as (event: string, ...args: unknown[]) => boolean;
  port.on('message', (m: unknown) => emit('message', m));
  port.once('close', () => {
    Object.assign(process, { connected: false });
    emit('disconnect');
  });
}

/** A thread and what became of it: node:worker_threads' Worker knows no exit code once it has exited. */
interface Thread {
  worker: Worker;
  id: number;
  dead: boolean;
  done: Promise<void>;
}

export interface ThreadOptions {
  /** How many threads the primary keeps: each keeps its share of the process's caches (perThread in contract/limits.ts). */
  threads: number;
  /** An error a thread did not catch, which ends it. */
  onError(id: number, err: Error): void;
  /** The script each thread runs, and its flags: this process's. */
  script?: string;
  args?: string[];
}

/**
 * Worker threads, each running the script with its flags, the heap flags of
 * the process applying to each. Asked to stop over their port; terminated
 * outright when they do not.
 */
export function workerThreads({ threads, onError, script = process.argv[1], args = process.argv.slice(2) }: ThreadOptions): WorkerKind<Thread> {
  return {
    start: (env, on) => {
      const worker = new Worker(script, { argv: args, env: { ...env, GITA_THREADS_SHARING: String(threads) } });
      let exited!: () => void;
      const t: Thread = { worker, id: worker.threadId, dead: false, done: new Promise<void>((r) => (exited = r)) };
      worker.on('message', on.message);
      // An error the thread did not catch: it ends the thread ('exit' follows, with code 1).
      worker.on('error', (err) => onError(t.id, err));
      worker.on('exit', (code) => {
        t.dead = true;
        exited();
        on.exit(code, null);
      });
      return t;
    },
    send: (t, m) => {
      if (!t.dead) t.worker.postMessage(m);
    },
    connected: (t) => !t.dead,
    pid: (t) => t.id,
    isDead: (t) => t.dead,
    askToStop: (t) => {
      if (!t.dead) t.worker.postMessage({ channel: 'gita', type: 'stop' } satisfies ClusterMessage);
    },
    exited: (t) => t.done,
    kill: (t) => void t.worker.terminate(),
  };
}
