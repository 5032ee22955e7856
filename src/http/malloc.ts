// How a worker's C heap is set up. glibc raises its mmap threshold each time a
// large block is freed, so after a burst of big transient buffers (zlib and
// brotli state, PNG drawing, answers being compressed) later ones come from the
// main arena and stay in it when freed: measured, a worker kept 40 to 80 MB of
// such freed memory after twenty seconds of mixed load. A fixed threshold
// keeps blocks of 64 kB and more in their own mappings, returned on free, and
// a trim threshold gives the top of the arena back sooner. Read by glibc when
// a process starts, so the primary sets them for the workers it starts; an
// operator's own values win. (Elsewhere than glibc they are ignored.)
export const WORKER_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: String(64 * 1024),
  MALLOC_TRIM_THRESHOLD_: String(128 * 1024),
};

/** The variables for a worker's environment that the operator's does not set already. */
export const workerMallocEnv = (env: NodeJS.ProcessEnv) => Object.fromEntries(Object.entries(WORKER_MALLOC_ENV).filter(([k]) => env[k] === undefined));
