// PNG cards drawn once per machine: with several workers, a worker asks its
// primary to draw (over the IPC channel they already share for the counts),
// and the primary keeps what it drew. resvg's drawing leaves native memory
// behind in the process that draws while it draws (on libuv's pool it kept
// 60 to 90 MB over its first renders; on the drawing threads of
// card/draw-thread.ts some 10 MB less, returned when they end), which is then
// paid once, by the primary, rather than by every worker; and a card one
// worker drew is ready for the others. With one process, it draws itself.
import cluster from 'node:cluster';
import { drawCard } from '../card/draw-thread.ts';
import type { SharedLru } from '../cache/shared.ts';
import { servedBytes } from './served-bytes.ts';

const CHANNEL = 'gita';

/** Draw `svg` (a card already in its theme) as a PNG; `key` names that card in its build, for the primary's cache. */
export type Draw = (svg: string, theme: 'light' | 'dark', key: string) => Promise<Buffer>;

type DrawMessage =
  | { channel: typeof CHANNEL; type: 'png-draw'; id: number; key: string; svg: string; theme: 'light' | 'dark' }
  | { channel: typeof CHANNEL; type: 'png-drawn'; id: number; png?: string; error?: string };

const isDrawMessage = (m: unknown): m is DrawMessage => typeof m === 'object' && m !== null && (m as { channel?: unknown }).channel === CHANNEL && String((m as { type?: unknown }).type).startsWith('png-');

/** Drawing here, in this process (on its drawing thread: card/draw-thread.ts). */
export const drawHere: Draw = (svg, theme) => drawCard(svg, theme);

/** How long a worker waits for its primary's drawing before it draws itself. */
const ASK_TIMEOUT_MS = 30_000;

/** In a worker with an IPC channel to its primary: the primary draws; without one (or when it does not answer), this process. */
export function drawInPrimary(): Draw {
  if (!process.send) return drawHere;
  let nextId = 1;
  const waiting = new Map<number, (m: Extract<DrawMessage, { type: 'png-drawn' }>) => void>();
  process.on('message', (m: unknown) => {
    if (isDrawMessage(m) && m.type === 'png-drawn') waiting.get(m.id)?.(m);
  });
  return (svg, theme, key) =>
    new Promise<Buffer>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        drawHere(svg, theme, key).then(resolve, reject);
      }, ASK_TIMEOUT_MS);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (m.png !== undefined) resolve(Buffer.from(m.png, 'base64'));
        else reject(new Error(`the primary could not draw ${key}: ${m.error}`));
      });
      const message: DrawMessage = { channel: CHANNEL, type: 'png-draw', id, key, svg, theme };
      if (!process.connected) return void waiting.get(id)?.({ channel: CHANNEL, type: 'png-drawn', id, error: 'no IPC channel' });
      process.send!(message, undefined, {}, (err: Error | null) => {
        if (!err) return;
        clearTimeout(timer);
        waiting.delete(id);
        drawHere(svg, theme, key).then(resolve, reject);
      });
    });
}

/** In a primary: draw what the workers ask (node:cluster's workers, or those of processes.ts, which forwards their messages as cluster's), keeping the cards drawn. */
export function serveDraws(cache: SharedLru = servedBytes()): void {
  const drawn = cache.part<Buffer>('drawn', (png) => png.length);
  cluster.on('message', (worker: { send(m: unknown): unknown; isConnected(): boolean }, m: unknown) => {
    if (!isDrawMessage(m) || m.type !== 'png-draw') return;
    const reply = (r: Omit<Extract<DrawMessage, { type: 'png-drawn' }>, 'channel' | 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ channel: CHANNEL, type: 'png-drawn', id: m.id, ...r } satisfies DrawMessage);
    };
    drawn.get(m.key, () => drawHere(m.svg, m.theme, m.key)).then(
      (png) => reply({ png: png.toString('base64') }),
      (err: Error) => reply({ error: err.message }),
    );
  });
}
