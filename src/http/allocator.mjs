// glibc's mmap threshold for the server's processes, in one place: read by
// bin/run.mjs (which starts `npm start`'s process again in place with it,
// before any TypeScript can load) and by the supervisor (each worker
// process's environment). Plain JavaScript for the first of the two.

/**
 * Blocks of 512 kB and more get a mapping of their own, given back to the
 * system when freed. By default glibc raises that threshold each time such a
 * block is freed (up to 32 MB), after which a projected chapter, a page or a
 * compressor's tables come from arenas that keep what they freed: 20-24 MB
 * more in one process after the mixed load on Node 24, 41-51 MB more with a
 * worker thread per core, for none of the hot routes' speed
 * (docs/benchmarks.md). glibc reads it only as a process starts; other C
 * libraries ignore it.
 */
export const MMAP_THRESHOLD = '524288';
