// Response headers of the HTTP contract, defined once for
// the server and for the static hosts' `_headers` file.

export const CACHE_FIXED = 'public, max-age=3600';
export const CACHE_RANDOM = 'no-store';
export const CARD_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'] as const;

/** On every response, errors included. */
export const COMMON_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': [...RATE_LIMIT_HEADERS, 'ETag'].join(', '),
  'X-Content-Type-Options': 'nosniff',
};

/** The answer to an OPTIONS preflight. */
export const PREFLIGHT_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'x-api-key, authorization, if-none-match, content-type, accept, mcp-protocol-version',
  'Access-Control-Max-Age': '86400',
};

/** Headers a file of this media type carries, beyond the common ones. */
export function typeHeaders(type: string): Record<string, string> {
  return type === 'image/svg+xml' ? { 'Content-Type': type, 'Content-Security-Policy': CARD_CSP } : { 'Content-Type': type };
}

/** Strong ETag of one representation: the content hash, plus the coding when compressed. */
export const etagOf = (sha256: string, coding?: string) => `"${sha256.slice(0, 32)}${coding ? `-${coding}` : ''}"`;
