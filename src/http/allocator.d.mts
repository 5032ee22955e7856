/** glibc's mmap threshold for the server's processes (bytes, as the environment holds it). */
export const MMAP_THRESHOLD: string;
