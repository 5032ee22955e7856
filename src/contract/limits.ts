// Bounds on requests, defined once for the server and the docs.

/** Longest request target answered; longer gets 414. */
export const MAX_URL_LENGTH = 2048;
/** Largest header block; larger gets 431 (Node's parser enforces it; the web adapter checks it). */
export const MAX_HEADER_BYTES = 16 * 1024;
/** Largest registration body accepted; a form of three short fields is far below it. */
export const MAX_REGISTRATION_BYTES = 4 * 1024;
/** Days of history /usage shows, today included. */
export const USAGE_DAYS = 7;
/**
 * A rebuild swaps dist/ with two renames, so for a moment there is no dist/.
 * A file read that finds nothing then is retried this often, this far apart,
 * before the answer is a 500.
 */
export const SWAP_WAIT = { tries: 50, ms: 10 } as const;
/**
 * The worker threads that share this process (GITA_THREADS_SHARING, which
 * src/http/threads.ts gives each thread; 1 in a process of its own). The
 * caches and the compressions on demand below are bounds per process: each
 * thread keeps its share of them (perThread), so a process serving on N
 * threads holds what one process would, as it does the records (one slab).
 */
const THREADS_SHARING = Math.max(1, Math.floor(Number((globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.GITA_THREADS_SHARING)) || 1);
/** A thread's share of a bound per process (at least 1). */
export const perThread = (bound: number) => Math.max(1, Math.floor(bound / THREADS_SHARING));

/**
 * Bytes of served answers a server process keeps once made or read, in one
 * cache (src/http/served-bytes.ts), least recently used out first whatever
 * their kind: projected answers and their compressed forms, the route files
 * read from disk rather than held (the plain cards, the records' gzip twins),
 * answers compressed on demand, PNG cards (in a primary whose workers ask it
 * to draw: the cards drawn). Each kind kept apart was 8 MB (32 MB of PNGs):
 * one bound lets whichever the traffic asks for use the room.
 */
export const SERVED_CACHE_BYTES = 32 * 1024 * 1024;
/**
 * Compression on demand (src/http/on-demand.ts), for answers over 1 kB that
 * have no precompressed twin: a quick build's derived files (a chapter's
 * list, a verse's words, a lemma), a list of records sent as its parts, a
 * projection. At most `running` at a time per process (each on libuv's thread
 * pool, which has 4 threads and serves the file reads too), and at most
 * `bytes` of input running or waiting, `waiting` jobs in line; past those an
 * answer goes out as it is (identity is always a correct answer) rather than
 * queue without bound.
 */
export const ON_DEMAND = { running: 2, waiting: 64, bytes: 16 * 1024 * 1024 } as const;
/** Records whose slice index (where each key's value lies, for projections) a server keeps: the most recently projected. */
export const SLICE_INDEXES_HELD = 256;
/** Files streamed from disk whose prepared headers a server keeps: the most recently asked. */
export const STREAMED_HEADERS_HELD = 1024;
/** How long an answer for a given ?date= may be cached: it does not change until the content does. */
export const DATED_MAX_AGE = 86_400;
/** After a search index failed to load, how long searches fail at once before it is read again. */
export const SEARCH_RETRY_MS = 10_000;
/** Largest MCP request body (POST /mcp); larger gets 413. A tools/call is a few hundred bytes. */
export const MCP_MAX_BODY = 64 * 1024;
/** Messages in one JSON-RPC batch (POST /mcp); more is a 400. Each message counts as a request against the quota. */
export const MCP_MAX_BATCH = 100;

/**
 * The most bytes of records one request may ask for: a /verses list or a
 * range, or every call of an MCP request (a batch shares one budget). The
 * sizes are known before anything is made, so a request over it is refused
 * (400, or a JSON-RPC error per call) before the work is done. The largest
 * chapter's records are 4.5 MB; lang, authors or fields make them smaller.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
/**
 * A list of records larger than this is sent as the slices of the records the
 * server holds (no copy, not kept as it is): a few such answers in flight
 * cost no memory of their own. To a client that takes brotli or gzip it is
 * compressed on demand (ON_DEMAND) and kept so (SERVED_CACHE_BYTES).
 */
export const STREAMED_ANSWER_BYTES = 1024 * 1024;

/** PNG renders in flight per worker (each on a drawing thread of its own: card/draw-thread.ts), and how many more may wait; beyond, 503 with Retry-After. */
export const PNG_POOL = { running: 2, waiting: 8 } as const;
/** Searches run one after another per worker (each a few milliseconds of the event loop), and how many may wait; beyond, 503. */
export const SEARCH_POOL = { running: 1, waiting: 16 } as const;
/** Seconds a client refused by a full pool is asked to wait. */
export const BUSY_RETRY_AFTER_S = 1;

/** Seconds a client is asked to wait while the server prepares (a fresh clone's import and build, or the cards still being built): about how long the rest takes. */
export const STARTING_RETRY_AFTER_S = 5;

/** The longest snippet of a search result (UTF-16 code units), cut around its highlights. */
export const SNIPPET_MAX = 200;

/** The largest body POST /refs reads: its most characters (find-refs.ts, 100,000) at up to 3 bytes each in UTF-8, and the JSON around them. */
export const MAX_REFS_BODY = 320 * 1024;

/** Occurrences the MCP tools get_lemma and get_root list by default (per group, for a root), and at most: the whole concordance is the route's. */
export const LEMMA_SHOWN = 100;
export const LEMMA_SHOWN_MAX = 500;
