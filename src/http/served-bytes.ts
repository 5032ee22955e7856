// The bytes a server serves without holding them from the start, in one
// cache per process (a thread's share of it when threads share the process):
// the files read from disk (read-through.ts), the projected answers and their
// compressed forms (projected.ts), the answers compressed on demand
// (on-demand.ts), the PNG cards (png-cards.ts) and, in a primary that draws
// for its workers, the cards it drew (shared-draw.ts). One bound and one rule,
// least recently used out first whatever the kind; each part keeps keys of
// its own (one per build: a new build never answers with an old one's bytes).
// The records and cards held from the start are the slab's (slab.ts), not a
// cache: nothing is evicted from them.
import { SharedLru } from '../cache/shared.ts';
import { perThread, SERVED_CACHE_BYTES } from '../contract/limits.ts';

let made: SharedLru | undefined;

/** This process's one cache of served bytes (made on first use, once a thread knows its share). */
export const servedBytes = (): SharedLru => (made ??= new SharedLru(perThread(SERVED_CACHE_BYTES)));
