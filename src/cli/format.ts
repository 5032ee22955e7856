/** Bytes in SI units (1 MB = 1,000,000 bytes), as the targets are written. */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`;
  if (n < 1e6) return `${(n / 1000).toFixed(1)} kB`;
  return `${(n / 1e6).toFixed(2)} MB`;
}

export const formatSeconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
