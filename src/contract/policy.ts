// The numbers of the key and quota policy, apart from the rate limiter that
// enforces them: the docs, the pricing page, OpenAPI and MCP read them
// without loading a limiter.

/** Anonymous clients may also not exceed this many requests in this many seconds. */
export const ANON_BURST = { points: 30, seconds: 10 } as const;
/** Free keys a client address may register in a day. */
export const REGISTRATIONS_PER_DAY = 5;
/** A lease: how many requests a server takes from a key's quota at once, and when. */
export const LEASE = {
  /** The first block; a key that spends its block within a quarter of `ms` gets twice as many next time. */
  size: 100,
  /** The largest block, and never more than a twentieth of what is left of the quota. */
  max: 1_000,
  /** Only while more than this is left of the day's quota; below, every request is counted in the store. */
  above: 2_000,
  /** Unspent requests of a lease go back to the store after this long. */
  ms: 2_000,
};
