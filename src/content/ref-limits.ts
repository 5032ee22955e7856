// How much a reference may ask for: the bounds of the reader (citations.ts),
// alone in a module of no imports, so that what only words a parameter's
// bounds (contract/parameters.ts, which the search bundles) need not carry
// the reader itself.

/** At most this many verses per call (the /verses route, the client, MCP). */
export const MAX_VERSES_PER_CALL = 100;
/** Input beyond this many characters is refused before it is read (100 verses written one by one fit well within it). */
export const MAX_REF_LENGTH = 1000;
/** At most this many parts: more than MAX_VERSES_PER_CALL parts always name too many verses. */
export const MAX_REF_PARTS = MAX_VERSES_PER_CALL;
