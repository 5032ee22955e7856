// The primary of several workers, whichever way they are made: node:cluster's
// (cluster.ts) or processes of their own that share the port (processes.ts,
// Bun and Deno). The primary serves no request. It holds what is worth
// holding once per machine (the embedded store's counts, the PNG cards drawn,
// the search index), replaces a worker that dies (after a growing pause when
// they keep dying young: a crash loop must not spin), gives up when a worker
// can never listen (another server holds the port), and at SIGTERM or SIGINT
// lets every worker finish its in-flight requests before it writes the counts
// and exits 0. What differs between the two ways (how a worker is made, asked
// to stop, and known to be dead) is the caller's `WorkerControl`.
import { allocatorEnv } from './allocator.mjs';
import type { Config } from '../config.ts';
import { CLUSTER_FLUSH_MS, serveWorkers } from '../keys/cluster.ts';
import { FileUsageStore } from '../keys/usage.ts';
import { claimDataDir } from '../keys/owner.ts';
import type { RequestLog } from './log.ts';
import { serveDraws } from './shared-draw.ts';
import { serveSearches } from './shared-search.ts';
import { serveMetrics } from './shared-metrics.ts';
import { primaryRegistry } from './metrics-registry.ts';
import { PORT_IN_USE_EXIT, portInUseMessage } from './port-in-use.ts';
import { stopOnce, type Stop } from './shutdown.ts';

/** A worker that dies sooner than this after it started is restarted after a growing pause (a crash loop must not spin). */
const QUICK_DEATH_MS = 5_000;
/** How long the workers get to finish their requests at shutdown before they are killed. */
const STOP_GRACE_MS = 15_000;

/** The pause before a dead worker is replaced: none, or 200 ms doubling to 10 s while they keep dying young. */
export function restartPause(quickDeaths: number): number {
  return quickDeaths ? Math.min(100 * 2 ** quickDeaths, 10_000) : 0;
}


/**
 * What a worker's environment adds to the primary's: glibc's allocator
 * settings (allocator.mjs: two arenas, the mmap threshold), read only as a
 * process starts. A value the operator set is kept.
 */
export function workerEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return allocatorEnv(env);
}

/** What the supervisor needs of one kind of worker. */
export interface WorkerControl<W> {
  /** Start one worker. */
  start(): W;
  pid(worker: W): number | undefined;
  isDead(worker: W): boolean;
  /** Ask it to finish its in-flight requests and exit. */
  askToStop(worker: W): void;
  /** Resolves once it has exited. */
  exited(worker: W): Promise<void>;
  /** Kill it outright (SIGKILL). */
  kill(worker: W): void;
}

/**
 * The primary's own state, made before any worker starts: the data folder
 * claimed, the counts held here (no REDIS_URL), the drawing of PNG cards and
 * the searches served to the workers, and with GITA_METRICS_TOKEN the sum of
 * the `workers`' metrics and its own.
 */
export async function openPrimary(config: Config, log: RequestLog, workers: () => Iterable<{ send(m: unknown): unknown; isConnected(): boolean }>): Promise<FileUsageStore | null> {
  await claimDataDir(config);
  let usage: FileUsageStore | null = null;
  if (!config.redisUrl) {
    usage = await FileUsageStore.open(config.dataDir, { flushEveryMs: CLUSTER_FLUSH_MS });
    if (usage.recovered) log.line(`error: ${usage.recovered.from} was corrupt (${usage.recovered.reason}); it was moved to ${usage.recovered.to} and counting starts again from zero`);
    serveWorkers(usage);
  }
  serveDraws();
  serveSearches(config.distDir);
  if (config.metricsToken) serveMetrics(workers, primaryRegistry());
  return usage;
}

export interface SupervisorOptions<W> {
  log: RequestLog;
  usage: FileUsageStore | null;
  control: WorkerControl<W>;
  /** The port named when a worker found it taken. */
  port(): number;
  /** The workers serving changed (one died): tell them how many serve. */
  changed(): void;
  /**
   * A worker died and is about to be replaced (how: its signal or `code N`).
   * Return false when it must not be: the caller has dealt with it.
   */
  replaceable?(worker: W, how: string): boolean;
}

export class Supervisor<W> {
  /** Each worker alive, and when it started. */
  private readonly started = new Map<W, number>();
  private stopping = false;
  private quickDeaths = 0;
  /** The workers finish their requests, the counts are written, exit 0 (the caller calls it at SIGTERM or SIGINT: stopOnSignals). */
  readonly stop: Stop;

  constructor(private readonly o: SupervisorOptions<W>) {
    const stop = stopOnce(o.log, 'the workers finish their in-flight requests', async () => {
      this.stopping = true;
      const workers = this.workers;
      const exited = workers.map((w) => (o.control.isDead(w) ? Promise.resolve() : o.control.exited(w)));
      for (const w of workers) if (!o.control.isDead(w)) o.control.askToStop(w);
      const cut = setTimeout(() => {
        for (const w of workers) if (!o.control.isDead(w)) o.control.kill(w);
      }, STOP_GRACE_MS);
      await Promise.all(exited);
      clearTimeout(cut);
      await o.usage?.close();
    });
    // Not while giving up: that ends the process already.
    this.stop = async (reason) => {
      if (!this.stopping) await stop(reason);
    };
  }

  /** The workers started and not yet exited. */
  get workers(): W[] {
    return [...this.started.keys()];
  }

  /** Start a worker. */
  fork = (): W => {
    const w = this.o.control.start();
    this.started.set(w, Date.now());
    return w;
  };

  /** A worker exited: replace it, or give up when none can listen; nothing while stopping. */
  exited(worker: W, code: number | null, signal: string | null): void {
    const since = this.started.get(worker) ?? 0;
    this.started.delete(worker);
    if (this.stopping) return;
    // Another server holds the port: every worker would fail alike, so the group stops.
    if (code === PORT_IN_USE_EXIT) return void this.giveUp(portInUseMessage(this.o.port()));
    const how = signal ?? `code ${code}`;
    if (this.o.replaceable && !this.o.replaceable(worker, how)) return;
    const quick = Date.now() - since < QUICK_DEATH_MS;
    this.quickDeaths = quick ? this.quickDeaths + 1 : 0;
    const pause = restartPause(this.quickDeaths);
    this.o.log.line(`worker ${this.o.control.pid(worker)} exited (${how}); starting another${pause ? ` in ${pause} ms` : ''}`);
    this.o.changed();
    setTimeout(this.fork, pause).unref();
  }

  /** No worker can serve: kill them all, write the counts, say why, exit 1. */
  private async giveUp(message: string): Promise<void> {
    this.stopping = true;
    // None of them listens, so none has a request to finish.
    for (const w of this.started.keys()) if (!this.o.control.isDead(w)) this.o.control.kill(w);
    await this.o.usage?.close();
    this.o.log.flush();
    process.stderr.write(`error: ${message}\n`);
    process.exit(1);
  }
}
