/** The brotli twin of `data` at `quality`, as the build publishes it (text mode, the size as a hint). */
export function brotliTwin(data: Uint8Array, quality: number): Buffer;
/** The gzip twin of `data` at `level`, as the build publishes it. */
export function gzipTwin(data: Uint8Array, level: number): Buffer;
