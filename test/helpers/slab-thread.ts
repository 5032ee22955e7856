// A worker thread for threads.test.ts, connected to its primary as the
// server's threads are (threads.ts): told to, it loads a dist/ with its slab
// from the primary (shared-slab.ts) and says what it holds; it changes or
// reads one byte of a record it holds, to show whose memory that is; it exits
// with a code, or at the primary's "stop"; it says what share of a
// process's bounds it keeps.
import { createHash } from 'node:crypto';
import { connectThread } from '../../src/http/threads.ts';
import { slabFromPrimary } from '../../src/http/shared-slab.ts';
import { loadDist, type Dist } from '../../src/http/assets.ts';
import { servedBytes } from '../../src/http/served-bytes.ts';
import { compressor } from '../../src/http/on-demand.ts';

type Ask =
  | { type: 'load'; dir: string; sha256?: string }
  | { type: 'flip' | 'peek'; path: string; previous?: boolean }
  | { type: 'exit'; code: number }
  | { type: 'share' }
  | { channel: 'gita'; type: string };

connectThread();
const errors: string[] = [];
const fromPrimary = slabFromPrimary((m) => errors.push(m));
// The build loaded last, and the one before it (kept, to tell their memories apart).
let dist: Dist | null = null;
let previous: Dist | null = null;
const reply = (m: object) => process.send!({ test: true, ...m });

process.on('message', async (m: Ask) => {
  // The primary's own messages: its slabs (answered to slabFromPrimary), and "stop".
  if ('channel' in m) {
    if (m.type === 'stop') process.exit(0);
    return;
  }
  if (m.type === 'exit') process.exit(m.code);
  if (m.type === 'share') return reply({ share: { cache: servedBytes().maxBytes, running: compressor.running, bytes: compressor.maxBytes } });
  if (m.type === 'load') {
    // A wrong hash stands for a primary that read another build.
    previous = dist;
    dist = await loadDist(m.dir, m.sha256 ? (dir, _sha, bytes) => fromPrimary(dir, m.sha256!, bytes) : fromPrimary);
    const held: Record<string, string> = {};
    let shared = 0;
    let own = 0;
    for (const [path, a] of dist.assets) {
      for (const [coding, v] of [['', a.identity], ['.br', a.br], ['.gz', a.gzip]] as const) {
        // Only what is held: the rest is read from disk when asked (a getter).
        if (!v || !Object.hasOwn(v, 'body')) continue;
        held[path + coding] = createHash('sha256').update(v.body).digest('hex');
        if (v.body.buffer instanceof SharedArrayBuffer) shared++;
        else own++;
      }
    }
    return reply({ held, shared, own, errors: errors.splice(0) });
  }
  const body = (m.previous ? previous : dist)!.assets.get(m.path)!.identity.body;
  if (m.type === 'flip') body[0] ^= 0xff;
  reply({ first: body[0] });
});
