// The pieces a route's responses are written with (routes/): OpenAPI 3.1
// objects as plain data, naming the components (schemas, responses, headers)
// that the OpenAPI document defines (src/docs/openapi.ts). A route says what
// it answers beside its path; the document is assembled from the routes.
import type { NotFoundKind } from './errors.ts';

export const JSON_TYPE = 'application/json';
export type OpenApiObject = Record<string, unknown>;

export const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const response = (name: string) => ({ $ref: `#/components/responses/${name}` });
export const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

export const rateHeaders = { 'X-RateLimit-Limit': header('XRateLimitLimit'), 'X-RateLimit-Remaining': header('XRateLimitRemaining'), 'X-RateLimit-Reset': header('XRateLimitReset') };
/** A fixed resource's headers (ETag, Cache-Control) and a metered route's. */
export const fixedHeaders = { ETag: header('ETag'), 'Cache-Control': header('CacheControl'), ...rateHeaders };
/** A random answer's (no-store, no ETag). */
export const randomHeaders = { 'Cache-Control': header('CacheControl'), ...rateHeaders };
export const cardHeaders = { 'Content-Security-Policy': header('CardCsp') };

/** A response: its description, content by media type, headers. */
export const ok = (description: string, content: OpenApiObject, headers: OpenApiObject = {}) => ({ description, headers, content });
export const json = (s: OpenApiObject, example?: unknown) => ({ [JSON_TYPE]: { schema: s, ...(example !== undefined && { example }) } });
export const svg = { 'image/svg+xml': { schema: { type: 'string', description: 'An SVG document.' } } };
export const png = { 'image/png': { schema: { type: 'string', format: 'binary', description: 'A PNG image, 1200x630.' } } };
export const html = { 'text/html': { schema: { type: 'string' } } };
export const errorContent = (example: string) => json(schema('Error'), { error: example });

export const notModified = response('NotModified');
export const badRequest = response('BadRequest');
export const notFound = (kind: NotFoundKind) => response(`NotFound${kind[0].toUpperCase()}${kind.slice(1)}`);
/** A verse record, whole or (with lang, authors or fields) projected. */
export const verseOrProjection = { anyOf: [schema('Verse'), schema('VerseProjection')] };

export const PNG_NOTE = "Drawn from the SVG card on the first request, then kept; the same bytes on every call (ETag, 304). gita.png is the light picture (a PNG cannot follow the reader's preference); gita-dark.png (or ?theme=dark) the dark one.";
