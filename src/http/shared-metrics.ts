// Every worker's metrics in one answer: with several workers, the worker that
// takes GET /metrics asks its primary (over the channel they already share
// for the counts, the searches and the PNG cards), the primary asks every
// worker for its registry (getMetricsAsJSON) and sums them with its own
// process's (prom-client's AggregatorRegistry.aggregate), and the worker
// answers with the sum. With one process, its own registry answers.
import cluster from 'node:cluster';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';

/** One metric of a registry as getMetricsAsJSON gives it: plain data, sent over the channel. */
type metric = MetricObjectWithValues<MetricValue<string>>;

const CHANNEL = 'gita';

type MetricsMessage =
  // worker -> primary: the sum, please; primary -> worker: here it is (or why not).
  | { channel: typeof CHANNEL; type: 'metrics-ask'; id: number }
  | { channel: typeof CHANNEL; type: 'metrics-text'; id: number; text?: string; error?: string }
  // primary -> every worker: your registry, please; worker -> primary: here it is.
  | { channel: typeof CHANNEL; type: 'metrics-collect'; id: number }
  | { channel: typeof CHANNEL; type: 'metrics-json'; id: number; metrics: metric[] };

const isMetricsMessage = (m: unknown): m is MetricsMessage => typeof m === 'object' && m !== null && (m as { channel?: unknown }).channel === CHANNEL && String((m as { type?: unknown }).type).startsWith('metrics-');

/** How long a worker waits for the sum; the primary waits for the workers' registries for less, and sums those that came. */
const ASK_TIMEOUT_MS = 5_000;
const COLLECT_TIMEOUT_MS = 2_000;

/**
 * In a worker with a channel to its primary: answer the primary's requests
 * for this worker's registry, and return how to get every worker's metrics
 * summed (rejecting when the primary does not answer: a scrape that fails
 * says so, where a part of the sum would look whole).
 */
export function metricsInPrimary(registry: Registry): () => Promise<string> {
  let nextId = 1;
  const waiting = new Map<number, (m: Extract<MetricsMessage, { type: 'metrics-text' }>) => void>();
  process.on('message', (m: unknown) => {
    if (!isMetricsMessage(m)) return;
    if (m.type === 'metrics-text') waiting.get(m.id)?.(m);
    else if (m.type === 'metrics-collect')
      void registry.getMetricsAsJSON().then((metrics) => {
        if (process.connected) process.send!({ channel: CHANNEL, type: 'metrics-json', id: m.id, metrics } satisfies MetricsMessage);
      });
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the primary did not answer with the workers\' metrics in time'));
      }, ASK_TIMEOUT_MS);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (m.text !== undefined) resolve(m.text);
        else reject(new Error(`the primary could not sum the workers' metrics: ${m.error}`));
      });
      const failed = (err: Error) => {
        clearTimeout(timer);
        waiting.delete(id);
        reject(err);
      };
      if (!process.send || !process.connected) return failed(new Error('no channel to the primary'));
      process.send({ channel: CHANNEL, type: 'metrics-ask', id } satisfies MetricsMessage, undefined, {}, (err: Error | null) => err && failed(err));
    });
}

interface WorkerHandle {
  send(m: unknown): unknown;
  isConnected(): boolean;
}

/**
 * In a primary: sum the workers' registries when one of them asks (node:cluster's
 * workers, or those of processes.ts, which forwards their messages as cluster's).
 * `workers`: those to ask; `own`: the primary's registry (its process's metrics).
 */
export function serveMetrics(workers: () => Iterable<WorkerHandle>, own: Registry): void {
  let nextId = 1;
  const collecting = new Map<number, (metrics: metric[]) => void>();
  const gather = async (): Promise<string> => {
    const id = nextId++;
    const parts: metric[][] = [await own.getMetricsAsJSON()];
    const asked = [...workers()].filter((w) => w.isConnected());
    await new Promise<void>((done) => {
      let left = asked.length;
      const timer = setTimeout(done, COLLECT_TIMEOUT_MS);
      const finish = () => {
        clearTimeout(timer);
        collecting.delete(id);
        done();
      };
      collecting.set(id, (metrics) => {
        parts.push(metrics);
        if (--left === 0) finish();
      });
      if (!left) return finish();
      for (const w of asked) w.send({ channel: CHANNEL, type: 'metrics-collect', id } satisfies MetricsMessage);
    });
    collecting.delete(id);
    return AggregatorRegistry.aggregate(parts).metrics();
  };
  cluster.on('message', (worker: WorkerHandle, m: unknown) => {
    if (!isMetricsMessage(m)) return;
    if (m.type === 'metrics-json') return collecting.get(m.id)?.(m.metrics);
    if (m.type !== 'metrics-ask') return;
    const reply = (r: { text?: string; error?: string }) => {
      if (worker.isConnected()) worker.send({ channel: CHANNEL, type: 'metrics-text', id: m.id, ...r } satisfies MetricsMessage);
    };
    gather().then(
      (text) => reply({ text }),
      (err: Error) => reply({ error: err.message }),
    );
  });
}
