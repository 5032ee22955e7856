// What the client throws when an answer is not a success. Its own module:
// the declarations (client.d.ts) carry it as the client exports it.

/** An answer that is not a success: the HTTP status, the server's message, and on 429 the seconds to wait. */
export class GitaError extends Error {
  override name = 'GitaError';
  constructor(
    readonly status: number,
    message: string,
    readonly url: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** The longest Retry-After the client waits out itself (a daily quota's is hours: that is for the caller to decide). */
export const MAX_RETRY_WAIT_S = 60;
