// glibc's allocator settings for the server's processes, in one place: read
// by bin/run.mjs (which starts `npm start`'s process again in place with
// them, before any TypeScript can load) and by the supervisor (each worker
// process's environment). Plain JavaScript for the first of the two. glibc
// reads them only as a process starts; other C libraries ignore them.

/**
 * Blocks of 512 kB and more get a mapping of their own, given back to the
 * system when freed. By default glibc raises that threshold each time such a
 * block is freed (up to 32 MB), after which a projected chapter, a page or a
 * compressor's tables come from arenas that keep what they freed: 20-24 MB
 * more in one process after the mixed load on Node 24, 41-51 MB more with a
 * worker thread per core, for none of the hot routes' speed
 * (the history of docs/benchmarks.md).
 */
export const MMAP_THRESHOLD = '524288';

/**
 * Two arenas. glibc gives each thread that allocates under contention an
 * arena of its own (up to 8 a core) and keeps what it freed there; the
 * server compresses and reads on libuv's four threads. With two, a worker
 * process held 12-15 MB less after the mixed load's projections, and one
 * process on Node 24 about 18 MB less after the whole load, at the same
 * requests a second (the history of docs/benchmarks.md).
 */
export const ARENA_MAX = '2';

/** The allocator's environment for a server process: the operator's value where one is set, ours for the rest. */
export function allocatorEnv(env) {
  return { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? ARENA_MAX, MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? MMAP_THRESHOLD };
}
