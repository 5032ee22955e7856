// The service itself: the docs and guides, the license and its keys, the
// OpenAPI document, health and usage, and the downloads (MCP for assistants
// is mcp.ts: its summary lists the tools the other routes declare).
import { GUIDES } from '../../guides.ts';
import { FILES } from '../../layout.ts';
import { REGISTRATIONS_PER_DAY } from '../policy.ts';
import { MAX_REGISTRATION_BYTES, USAGE_DAYS } from '../limits.ts';
import { fixedHeaders, header, html, json, JSON_TYPE, notFound, notModified, ok, rateHeaders, response, schema } from '../responses.ts';
import { POST, READ, route } from '../route.ts';

const errorJson = json(schema('Error'));

export const SERVICE_ROUTES = [
  route({
    id: 'docs',
    path: '/',
    methods: READ,
    access: 'open',
    file: FILES.docs,
    summary: 'This documentation (HTML).',
    example: '/',
    notFound: 'resource',
    query: [],
    responses: { '200': ok('This documentation.', html, { ETag: header('ETag') }), '404': notFound('resource') },
  }),
  route({
    id: 'guide',
    path: '/docs/{guide}',
    methods: READ,
    access: 'open',
    page: true,
    file: FILES.guide('{guide}'),
    summary: `A guide by subject (HTML): ${GUIDES.map((g) => g.name).join(', ')}.`,
    example: '/docs/api',
    notFound: 'resource',
    query: [],
    responses: { '200': ok('The guide, as an HTML page of this site.', html), '404': response('NotFoundResourcePage') },
  }),
  route({
    id: 'pricing',
    path: '/pricing',
    methods: READ,
    access: 'open',
    file: FILES.pricing,
    summary: 'The free license: what a key gives and how to get one (HTML).',
    example: '/pricing',
    notFound: 'resource',
    query: [],
    responses: { '200': ok('The free license, and the form to register for a key.', html), '404': notFound('resource') },
  }),
  route({
    id: 'openapi',
    path: '/openapi.json',
    methods: READ,
    access: 'open',
    file: FILES.openapi,
    summary: 'The OpenAPI 3.1 description of the API.',
    example: '/openapi.json',
    notFound: 'resource',
    query: [],
    responses: { '200': ok('This document.', json({ type: 'object' }), { ETag: header('ETag') }), '404': notFound('resource') },
  }),
  route({
    id: 'usage',
    path: '/usage',
    methods: READ,
    access: 'key',
    summary: "Your key's own usage and limit (needs a key).",
    example: '/usage',
    notFound: 'resource',
    query: [],
    responses: { '200': ok(`The key's own usage: today and the ${USAGE_DAYS - 1} days before, its quota and what remains.`, json(schema('Usage')), rateHeaders) },
    components: () => import('../../content/service-schemas.ts').then((m) => m.usageSchemas()),
  }),
  route({
    id: 'healthz',
    path: '/healthz',
    methods: READ,
    access: 'open',
    summary: 'Health: what the server serves, whether its stores are reachable, and whether its build is whole (ready; pending: the parts a fresh start still makes). 200 once the server answers from its build; while a fresh start makes its first build, every path (this one too) answers 503 with Retry-After.',
    example: '/healthz',
    notFound: 'resource',
    query: [],
    responses: { '200': ok('The server is answering from its build (liveness); "degraded" while a backing store (Redis) is unreachable, an operator\'s version folder is left out, or a rebuild failed and the last good build serves; ready false, with the parts still pending, while a fresh start builds the rest (readiness).', json(schema('Health'))) },
    components: () => import('../../content/service-schemas.ts').then((m) => m.healthSchemas()),
  }),
  route({
    id: 'metrics',
    path: '/metrics',
    methods: READ,
    // Neither counted nor limited, whoever asks; the handler asks for the operator's token (GITA_METRICS_TOKEN).
    access: 'open',
    operator: true,
    summary: "The server's metrics in Prometheus's text format, every worker's summed (docs/operations.md, Metrics): with GITA_METRICS_TOKEN set, for a caller that sends it as Authorization: Bearer; unset, 404.",
    example: '/metrics',
    notFound: 'resource',
    query: [],
    responses: {
      '200': ok('The metrics (text/plain; version=0.0.4).', { 'text/plain': { schema: { type: 'string' } } }),
      '401': ok('No token, or not the operator\'s.', errorJson),
      '404': ok('Off: GITA_METRICS_TOKEN is not set.', errorJson),
    },
  }),
  route({
    id: 'register',
    path: '/register',
    methods: POST,
    access: 'open',
    summary: 'Register for a free key (form or JSON: name, email, intended use).',
    example: '/pricing',
    notFound: 'resource',
    query: [],
    requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: schema('Registration') }, [JSON_TYPE]: { schema: schema('Registration') } } },
    responses: {
      '201': ok('A new key on the free plan, shown once: JSON for a JSON request, a page for a form.', { ...json(schema('NewKey')), ...html }),
      '400': ok('Fields missing or malformed, or the honeypot filled in.', { ...errorJson, ...html }),
      '403': ok('Registration is closed on this server.', { ...errorJson, ...html }),
      '413': ok(`A body over ${MAX_REGISTRATION_BYTES} bytes.`, errorJson),
      '415': ok('A body that is neither a form nor JSON.', errorJson),
      '429': ok(`More than ${REGISTRATIONS_PER_DAY} registrations from one address in a day.`, { ...errorJson, ...html }, { 'Retry-After': header('RetryAfter') }),
    },
    components: () => import('../../content/service-schemas.ts').then((m) => m.registerSchemas()),
  }),
  route({
    id: 'download',
    path: '/downloads/{file}',
    methods: READ,
    access: 'metered',
    summary: 'The whole Gita in one file, for offline use: gita.json ({chapters, verses}), gita.ndjson (one record a line), gita.sqlite (tables and an FTS5 index; /docs/downloads). Their sizes and SHA-256 are in /manifest.json; brotli and gzip when asked.',
    example: '/downloads/gita.json',
    notFound: 'resource',
    needs: ['downloads'],
    query: [],
    responses: {
      '200': ok('The file (its size and SHA-256 are in /manifest.json under /downloads/...), brotli- or gzip-compressed by Accept-Encoding.', {
        ...json({ type: 'object', required: ['chapters', 'verses'], properties: { chapters: { type: 'array', items: schema('Chapter') }, verses: { type: 'array', items: schema('Verse') } } }),
        'application/x-ndjson': { schema: { type: 'string', description: 'One record a line: the chapters, then the verse records.' } },
        'application/vnd.sqlite3': { schema: { type: 'string', format: 'binary', description: 'A SQLite 3 database (its schema: /docs/downloads).' } },
      }, fixedHeaders),
      '304': notModified,
      '404': notFound('resource'),
    },
  }),
] as const;
