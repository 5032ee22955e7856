// Usage and limits across the worker processes of one server (GITA_WORKERS),
// with the embedded store: one place holds the counts, the primary process.
// Limits go through rate-limiter-flexible's cluster limiter (the workers ask
// the primary's in-memory limiters over IPC; leases, src/keys/limits.ts, keep
// that to one call per block of a busy key's requests). Usage counts are
// buffered in each worker and sent to the primary ten times a second; the
// primary writes usage.json as a single server does. With Redis, the workers
// use Redis directly and none of this is needed. The same messages serve Bun's
// and Deno's workers, whose primary forks them (src/http/processes.ts) and
// hands their messages to the listeners here as node:cluster would.
import cluster from 'node:cluster';
import { RateLimiterCluster, RateLimiterClusterMaster, RateLimiterMemory } from 'rate-limiter-flexible';
import { DayClock, LIMITERS, seedLimiters, type Factory } from './limits.ts';
import { add, rowsOf, type Counts, type FileUsageStore, type UsageRow, type UsageStore } from './usage.ts';

const CHANNEL = 'gita';

/** How often a worker sends its counts to the primary. */
export const SEND_EVERY_MS = 100;
/** How often the primary writes usage.json in a cluster: with the workers' 100 ms, a kill -9 of the group loses at most a second. */
export const CLUSTER_FLUSH_MS = 900;

export type ClusterMessage =
  | { channel: typeof CHANNEL; type: 'usage'; rows: UsageRow[] }
  | { channel: typeof CHANNEL; type: 'usage-read'; id: number; days: number; subject?: string }
  | { channel: typeof CHANNEL; type: 'usage-rows'; id: number; rows: UsageRow[] }
  // A worker about to exit asks, and the answer (no rows) says every count it sent before has arrived.
  | { channel: typeof CHANNEL; type: 'sync'; id: number }
  | { channel: typeof CHANNEL; type: 'workers'; count: number }
  // A Bun or Deno worker tells its primary the port it listens on (src/http/processes.ts).
  | { channel: typeof CHANNEL; type: 'listening'; port: number }
  // ...and is asked to stop by it (a signal would do, but Deno's kill() closes the IPC channel first, losing the last counts).
  | { channel: typeof CHANNEL; type: 'stop' };

export const isClusterMessage = (m: unknown): m is ClusterMessage => typeof m === 'object' && m !== null && (m as { channel?: unknown }).channel === CHANNEL;

/** A worker's limiters: the primary's, over IPC. */
export const clusterFactory: Factory = (keyPrefix, points, duration) => new RateLimiterCluster({ keyPrefix, points, duration, timeoutMs: 5_000 });

/** Send to the primary; resolves once the message is handed to the channel. */
function toPrimary(message: ClusterMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send || !process.connected) return reject(new Error('no IPC channel to the primary process'));
    process.send(message, undefined, {}, (err: Error | null) => (err ? reject(err) : resolve()));
  });
}

/** A worker's usage store: counts in memory, sent to the primary's store; reads ask the primary. */
export class ClusterUsageStore implements UsageStore {
  readonly kind = 'file';
  private buffer: Counts = new Map();
  private clock = new DayClock();
  private timer: NodeJS.Timeout;
  private nextId = 1;
  private waiting = new Map<number, (rows: UsageRow[]) => void>();
  private onMessage = (m: unknown) => {
    if (isClusterMessage(m) && m.type === 'usage-rows') {
      this.waiting.get(m.id)?.(m.rows);
      this.waiting.delete(m.id);
    }
  };

  constructor() {
    process.on('message', this.onMessage);
    this.timer = setInterval(() => void this.flush().catch(() => {}), SEND_EVERY_MS);
    this.timer.unref();
  }

  count(subject: string, route: string, n = 1): void {
    add(this.buffer, this.clock.at(), subject, route, n);
  }

  flush(): Promise<void> {
    if (!this.buffer.size) return Promise.resolve();
    const batch = this.buffer;
    this.buffer = new Map();
    const rows = rowsOf(batch, [...batch.keys()]);
    return toPrimary({ channel: CHANNEL, type: 'usage', rows }).catch((err) => {
      // Keep them for the next try.
      for (const r of rows) add(this.buffer, r.day, r.subject, r.route, r.count);
      throw err;
    });
  }

  async read(days: number, subject?: string): Promise<UsageRow[]> {
    // What this worker counted goes first, so the answer includes it (one IPC channel keeps the order).
    await this.flush();
    return this.ask({ channel: CHANNEL, type: 'usage-read', id: this.nextId++, days, ...(subject && { subject }) });
  }

  /** Send a question to the primary and wait for its rows. */
  private async ask(question: Extract<ClusterMessage, { type: 'usage-read' | 'sync' }>): Promise<UsageRow[]> {
    const { id } = question;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const rows = new Promise<UsageRow[]>((resolve, reject) => {
      timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error('no answer from the primary process about usage'));
      }, 5_000);
      this.waiting.set(id, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
    });
    try {
      await toPrimary(question);
    } catch (err) {
      // Not sent: nothing will answer, so nothing waits (and no rejection is left unheard).
      clearTimeout(timer);
      this.waiting.delete(id);
      rows.catch(() => {});
      throw err;
    }
    return rows;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush().catch(() => {});
    // Wait until the primary has taken the last counts: a send's callback only
    // says the message left this process's queue (Deno calls it before the
    // bytes are written, so an exit right after lost them).
    await this.ask({ channel: CHANNEL, type: 'sync', id: this.nextId++ }).catch(() => {});
    process.off('message', this.onMessage);
  }
}

/**
 * The primary's side: the limiters the workers' cluster limiters ask, and the
 * one usage store their counts go to.
 */
export function serveWorkers(usage: FileUsageStore): void {
  // The primary's limiters, made here before any worker asks (the master makes
  // one only where none exists) so that they start from today's persisted
  // counts: a restart gives nobody its quota again.
  const master = new RateLimiterClusterMaster() as unknown as { _rateLimiters: Record<string, RateLimiterMemory> };
  const made = Object.fromEntries(Object.entries(LIMITERS).map(([keyPrefix, shape]) => [keyPrefix, new RateLimiterMemory({ keyPrefix, ...shape })]));
  for (const [keyPrefix, limiter] of Object.entries(made)) master._rateLimiters[keyPrefix] ??= limiter;
  seedLimiters({ day: master._rateLimiters.day, register: master._rateLimiters.register }, usage.rows(1));
  cluster.on('message', (worker, m: unknown) => {
    if (!isClusterMessage(m)) return;
    if (m.type === 'usage') usage.merge(m.rows);
    else if (m.type === 'sync') {
      if (worker.isConnected()) worker.send({ channel: CHANNEL, type: 'usage-rows', id: m.id, rows: [] } satisfies ClusterMessage);
    } else if (m.type === 'usage-read') {
      void usage.read(m.days, m.subject).then((rows) => {
        if (worker.isConnected()) worker.send({ channel: CHANNEL, type: 'usage-rows', id: m.id, rows } satisfies ClusterMessage);
      });
    }
  });
}
