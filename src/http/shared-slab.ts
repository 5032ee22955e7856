// The records a worker holds (slab.ts: 43 MB of the full build),
// read once for all the worker threads of a process: a thread asks its
// primary, which reads the slab of that build into a SharedArrayBuffer and
// hands the same memory to every thread that asks. Worker processes cannot
// share memory this way; each reads its own. The primary keeps the slab of
// the newest build of each folder asked for; an older one is freed once no
// thread serves that build any more.
import cluster from 'node:cluster';
import { readManifest } from './assets.ts';
import { heldParts, readSlab, slabBytes, type SlabSource } from './slab.ts';

const CHANNEL = 'gita';

type SlabMessage =
  | { channel: typeof CHANNEL; type: 'slab-ask'; id: number; dir: string; sha256: string }
  | { channel: typeof CHANNEL; type: 'slab'; id: number; slab?: SharedArrayBuffer; error?: string };

const isSlabMessage = (m: unknown): m is SlabMessage => typeof m === 'object' && m !== null && (m as { channel?: unknown }).channel === CHANNEL && String((m as { type?: unknown }).type).startsWith('slab');

/** How long a thread waits for its primary's slab before it reads its own. */
const ASK_TIMEOUT_MS = 30_000;

/**
 * In a worker thread (threads.ts, once its channel is connected): the slab
 * from the primary; null (the thread reads its own) when the primary read
 * another build (a rebuild between the two reads), failed, or did not answer.
 */
export function slabFromPrimary(onError: (message: string) => void): SlabSource {
  let nextId = 1;
  const waiting = new Map<number, (m: Extract<SlabMessage, { type: 'slab' }>) => void>();
  process.on('message', (m: unknown) => {
    if (isSlabMessage(m) && m.type === 'slab') waiting.get(m.id)?.(m);
  });
  return (dir, sha256, bytes) =>
    new Promise<Buffer | null>((resolve) => {
      const id = nextId++;
      const done = (slab: Buffer | null) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(slab);
      };
      const timer = setTimeout(() => {
        onError(`the primary gave no slab of ${dir} in ${ASK_TIMEOUT_MS / 1000} s; reading it here`);
        done(null);
      }, ASK_TIMEOUT_MS);
      waiting.set(id, (m) => {
        if (m.slab && m.slab.byteLength === bytes) return done(Buffer.from(m.slab));
        onError(`the primary's slab of ${dir}: ${m.error ?? `${m.slab?.byteLength} bytes, this build holds ${bytes}`}; reading it here`);
        done(null);
      });
      process.send!({ channel: CHANNEL, type: 'slab-ask', id, dir, sha256 } satisfies SlabMessage);
    });
}

/**
 * In a primary of worker threads: read each slab asked for once, and give
 * every thread that asks for the same build the same memory. Keyed by the
 * folder and its manifest's hash: a thread that read a newer manifest than
 * the primary's gets an error and reads its own.
 */
export function serveSlabs(): void {
  const newest = new Map<string, { sha256: string; slab: Promise<SharedArrayBuffer> }>();
  const slabOf = async (dir: string, sha256: string): Promise<SharedArrayBuffer> => {
    const held = newest.get(dir);
    if (held?.sha256 === sha256) return held.slab;
    const manifest = await readManifest(dir);
    if (manifest.sha256 !== sha256) throw new Error(`the manifest of ${dir} changed meanwhile`);
    const again = newest.get(dir);
    if (again?.sha256 === sha256) return again.slab;
    const parts = heldParts(dir, manifest.files);
    const memory = new SharedArrayBuffer(slabBytes(parts));
    const slab = readSlab(parts, Buffer.from(memory)).then(() => memory);
    newest.set(dir, { sha256, slab });
    // A failed read is not kept: the next thread to ask reads again.
    slab.catch(() => newest.get(dir)?.slab === slab && newest.delete(dir));
    return slab;
  };
  cluster.on('message', (worker: { send(m: unknown): unknown; isConnected(): boolean }, m: unknown) => {
    if (!isSlabMessage(m) || m.type !== 'slab-ask') return;
    const reply = (r: { slab?: SharedArrayBuffer; error?: string }) => {
      if (worker.isConnected()) worker.send({ channel: CHANNEL, type: 'slab', id: m.id, ...r } satisfies SlabMessage);
    };
    slabOf(m.dir, m.sha256).then(
      (slab) => reply({ slab }),
      (err: Error) => reply({ error: err.message }),
    );
  });
}
