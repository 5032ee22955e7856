// Every error the API answers, worded once.

export const NOT_FOUND = {
  chapter: 'No chapter matching the query could be found.',
  verse: 'No verse matching the query could be found.',
  resource: 'No resource matching the query could be found.',
} as const;
export type NotFoundKind = keyof typeof NOT_FOUND;

export const ERRORS = {
  internal: { status: 500, body: { error: 'Internal Server Error' } },
  keyRequired: { status: 401, body: { error: 'API key required' } },
  keyInvalid: { status: 401, body: { error: 'Invalid API key' } },
  rateLimited: { status: 429, body: { error: 'Rate limit exceeded' } },
  uriTooLong: { status: 414, body: { error: 'URI Too Long' } },
  headersTooLarge: { status: 431, body: { error: 'Request Header Fields Too Large' } },
  payloadTooLarge: { status: 413, body: { error: 'Payload Too Large' } },
  badRequest: { status: 400, body: { error: 'Bad Request' } },
  /** While `npm start` prepares dist/ (src/http/preparing.ts), with Retry-After. */
  starting: { status: 503, body: { error: 'Service Unavailable: starting, try again shortly' } },
  /** Too much heavy work (PNG renders, searches) in flight on this worker, with Retry-After: not counted. */
  busy: { status: 503, body: { error: 'Service Unavailable: busy, try again shortly' } },
  /** GET /metrics while GITA_METRICS_TOKEN is unset: the operator's route is off (docs/operations.md, Metrics). */
  metricsOff: { status: 404, body: { error: 'Not Found: /metrics is off on this server; its operator turns it on with GITA_METRICS_TOKEN (or --metrics-token) and scrapes it with Authorization: Bearer <token>' } },
  /** GET /metrics without the operator's token, or with another. */
  metricsToken: { status: 401, body: { error: 'Metrics token required: send Authorization: Bearer <token>, the token of GITA_METRICS_TOKEN' } },
} as const;

export const METHOD_NOT_ALLOWED = 'Method Not Allowed';
