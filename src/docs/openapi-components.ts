// The document's shared parts the operations point at: how a key is sent,
// the headers, and the responses every route may give (the errors, with
// their wordings as the server writes them).
import { LATER_PARTS } from '../layout.ts';
import { ROUTES } from '../contract/routes/index.ts';
import { ERRORS, METHOD_NOT_ALLOWED, NOT_FOUND } from '../contract/errors.ts';
import { CACHE_FIXED, CARD_CSP } from '../contract/headers.ts';
import { PNG_POOL, SEARCH_POOL } from '../contract/limits.ts';
import { header, JSON_TYPE, rateHeaders, schema } from '../contract/responses.ts';

/** The three ways of sending a key. */
export function securitySchemes() {
  return {
    ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'An API key (free at /pricing).' },
    ApiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key', description: 'The same key as a query parameter; the header wins when both are sent.' },
    ApiKeyBearer: { type: 'http', scheme: 'bearer', description: 'The same key as Authorization: Bearer <key> (what MCP clients send); x-api-key wins when both are sent.' },
  };
}

/** The headers the responses name. */
export function headers() {
  return {
    XRateLimitLimit: { description: 'Requests a day allowed to this caller (absent when unlimited).', schema: { type: 'integer' } },
    XRateLimitRemaining: { description: 'Requests left today.', schema: { type: 'integer' } },
    XRateLimitReset: { description: 'Unix time (seconds) of the next midnight UTC, when the quota starts again.', schema: { type: 'integer' } },
    RetryAfter: { description: 'Seconds to wait.', schema: { type: 'integer' } },
    ETag: { description: 'Strong validator from the content hash, one per coding.', schema: { type: 'string' } },
    CacheControl: { description: `${CACHE_FIXED} for fixed resources; no-store for random ones.`, schema: { type: 'string' } },
    CardCsp: { description: 'The card\'s Content-Security-Policy.', schema: { type: 'string', const: CARD_CSP } },
  };
}

const errorBody = (example: string) => ({ [JSON_TYPE]: { schema: schema('Error'), example: { error: example } } });
const text = (wording: string) => ({ 'text/plain': { schema: { type: 'string', const: wording }, example: wording } });

/** The responses shared by the routes: not modified, the wrong method, not found, and the errors of keys, quotas and load. */
export function responses() {
  return {
    NotModified: { description: 'If-None-Match named the current ETag.', headers: { ETag: header('ETag') } },
    MethodNotAllowed: { description: 'Another method than GET, HEAD or OPTIONS.', headers: { Allow: { schema: { type: 'string', const: 'GET, HEAD' } } }, content: text(METHOD_NOT_ALLOWED) },
    MethodNotAllowedPost: { description: 'Another method than POST or OPTIONS.', headers: { Allow: { schema: { type: 'string', const: 'POST' } } }, content: text(METHOD_NOT_ALLOWED) },
    NotFoundChapter: { description: 'No such chapter.', content: text(NOT_FOUND.chapter) },
    NotFoundVerse: { description: 'No such verse.', content: text(NOT_FOUND.verse) },
    NotFoundResource: { description: 'No such resource.', content: text(NOT_FOUND.resource) },
    NotFoundResourcePage: { description: `No such guide: a page saying "${NOT_FOUND.resource}"`, content: { 'text/html': { schema: { type: 'string' } } } },
    NotFoundVersePage: { description: `No such verse (or chapter): a page saying "${NOT_FOUND.verse}"`, content: { 'text/html': { schema: { type: 'string' } } } },
    Unauthorized: { description: `${ERRORS.keyRequired.body.error} (no key where one is needed) or ${ERRORS.keyInvalid.body.error} (unknown or revoked).`, content: errorBody(ERRORS.keyInvalid.body.error) },
    TooManyRequests: { description: 'Over the daily quota (or, anonymous, the burst window).', headers: { 'Retry-After': header('RetryAfter'), ...rateHeaders }, content: errorBody(ERRORS.rateLimited.body.error) },
    InternalError: { description: 'An unexpected failure; never a stack.', content: errorBody(ERRORS.internal.body.error) },
    // Only when some route has a pool and nothing to wait for: the others say busy within StillBuildingOrBusy.
    ...(ROUTES.some((r) => r.pool && !r.needs) && { Busy: { description: `Too many ${'renders or searches'} in hand on this worker (a bounded pool: PNG renders ${PNG_POOL.running} at a time and ${PNG_POOL.waiting} waiting, searches ${SEARCH_POOL.running} and ${SEARCH_POOL.waiting}): try again after Retry-After seconds. Not counted against the quota.`, headers: { 'Retry-After': header('RetryAfter') }, content: errorBody(ERRORS.busy.body.error) } }),
    StillBuildingOrBusy: { description: `Its part of the build is still being made on a fresh start (the starting error), or too many PNG renders or searches are in hand on this worker (the busy error; PNG renders ${PNG_POOL.running} at a time and ${PNG_POOL.waiting} waiting, searches ${SEARCH_POOL.running} and ${SEARCH_POOL.waiting}): try again after Retry-After seconds. Neither is counted.`, headers: { 'Retry-After': header('RetryAfter') }, content: { [JSON_TYPE]: { schema: schema('Error'), examples: { starting: { value: ERRORS.starting.body }, busy: { value: ERRORS.busy.body } } } } },
    StillBuilding: { description: `A self-hosted server started on a fresh checkout is still building this part of dist/ (${LATER_PARTS.join(', ')}; the records and chapters answer already): try again after Retry-After seconds. Never from a published build.`, headers: { 'Retry-After': header('RetryAfter') }, content: errorBody(ERRORS.starting.body.error) },
  };
}
