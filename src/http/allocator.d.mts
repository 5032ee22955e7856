/** glibc's mmap threshold for the server's processes (bytes, as the environment holds it). */
export const MMAP_THRESHOLD: string;
/** glibc's arenas for the server's processes (as the environment holds it). */
export const ARENA_MAX: string;
/** The allocator's environment for a server process: the operator's value where one is set, ours for the rest. */
export function allocatorEnv(env: Record<string, string | undefined>): { MALLOC_ARENA_MAX: string; MALLOC_MMAP_THRESHOLD_: string };
