// Content-coding negotiation (RFC 9110, 12.5.3) between brotli, gzip and
// identity. Clients send few distinct Accept-Encoding values, so answers are
// remembered per header value.
import type { Coding } from '../layout.ts';

const remembered = new Map<string, readonly Coding[]>();
const NONE: readonly Coding[] = [];

/** The codings the client accepts among brotli and gzip, best first (brotli wins a tie); empty for identity only. */
export function acceptedCodings(acceptEncoding: string | undefined): readonly Coding[] {
  if (!acceptEncoding) return NONE;
  let hit = remembered.get(acceptEncoding);
  if (hit !== undefined) return hit;
  hit = parse(acceptEncoding);
  if (remembered.size < 256) remembered.set(acceptEncoding, hit);
  return hit;
}

/** The best coding the client accepts among brotli and gzip, or null for identity. */
export const pickCoding = (acceptEncoding: string | undefined): Coding | null => acceptedCodings(acceptEncoding)[0] ?? null;

function parse(header: string): readonly Coding[] {
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Math.min(1, Number(m[1]) || 0);
    }
    q[name] = weight;
  }
  const weight = (name: string) => q[name] ?? q['*'] ?? 0;
  const br = weight('br');
  const gzip = Math.max(weight('gzip'), q['x-gzip'] ?? 0);
  const out: Coding[] = [];
  if (br > 0) out.push('br');
  if (gzip > 0) out.splice(br > 0 && gzip > br ? 0 : out.length, 0, 'gzip');
  return out;
}
