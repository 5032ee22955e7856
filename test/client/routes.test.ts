// The client's methods against the routes that declare them (each route's
// `client`): every declaring route's method is called with the values of the
// route's own example, through a fetch that only records, and must ask for
// the route's path and query on a server, and for the route's file on a
// static host. A new route with a method is tried here with no list to edit
// beyond how its method takes the example's values, which the compiler asks
// for (none for a method that answers its route's file: it takes the path's
// values); a new route without one must say why below. And the methods
// written from the routes (src/client/file-methods.ts) are as npm run docs
// writes them now.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type Client } from '../../src/client/index.ts';
import { CLIENT_ONLY, type FileMethod, type MethodName, type RoutedMethod } from '../../src/client/methods.ts';
import { matchRoute } from '../../src/contract/match.ts';
import { PATH_PARAMETERS } from '../../src/contract/path-parameters.ts';
import { fillPath, pathParameters } from '../../src/contract/paths.ts';
import { FILE_METHODS } from '../../src/contract/routes/client-paths.ts';
import { ROUTES, type RouteId } from '../../src/contract/routes/index.ts';
import { READ, route, type RouteSpec } from '../../src/contract/route.ts';
import { FILE_METHODS_FILE, fileMethodsSource } from '../../src/docs/client-methods.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { exampleValues } from '../helpers/route-cases.ts';

const counts = [47, 72, 43, 42, 29, 47, 30, 28, 34, 42, 55, 20, 35, 27, 20, 24, 28, 78];

/** What a route's example says: its path parameters' values, its query, its JSON body. */
interface Example {
  path: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

/** The query parameters the client takes as lists (authors: ['siva']), and as numbers. */
const LISTS = new Set(['authors', 'fields', 'meter', 'version']);
const NUMBERS = new Set(['ch', 'limit', 'offset']);

/** The example's query as a method's options (ch as chapter), only the names given when given. */
function optionsOf(e: Example, names?: readonly string[]): Record<string, never> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of e.query) {
    if (names && !names.includes(name)) continue;
    out[name === 'ch' ? 'chapter' : name] = LISTS.has(name) ? value.split(',') : NUMBERS.has(name) ? Number(value) : value;
  }
  return out as Record<string, never>;
}

const FILTER = ['ch', 'speaker', 'meter'];
const PROJECTION = ['lang', 'authors', 'fields', 'marks'];
const place = (e: Example) => [Number(e.path.ch), Number(e.path.sl)] as const;
const asked = (e: Example, name: string) => e.query.get(name) ?? '';

/** How each method a route declares takes its route's example, but those that answer their route's file: the compiler asks for one per declared name. */
const ARGUMENTS: { [M in Exclude<RoutedMethod, FileMethod>]: (e: Example) => Parameters<Client[M]> } = {
  verse: (e) => [...place(e), optionsOf(e)],
  random: (e) => [optionsOf(e, FILTER), optionsOf(e, PROJECTION)],
  today: (e) => [optionsOf(e, ['date']), optionsOf(e, PROJECTION)],
  verses: (e) => [asked(e, 'ref'), optionsOf(e, [...PROJECTION, 'meter'])],
  findRefs: (e) => [String(e.body.text)],
  verseVersions: (e) => [...place(e), optionsOf(e, ['version'])],
  work: (e) => [e.path.work],
  version: (e) => [e.path.version],
  author: (e) => [e.path.key],
  chapterVerses: (e) => [Number(e.path.ch), optionsOf(e)],
  search: (e) => [asked(e, 'q'), optionsOf(e, ['lang', 'ch', 'speaker', 'limit', 'offset'])],
};

/** The routes that declare no method (no `client`): the compiler asks for each, with why. */
type Methodless = (typeof ROUTES)[number] extends infer R ? (R extends RouteSpec<infer Id, string, infer M> ? ([M] extends [never] ? Id : never) : never) : never;

const CARD = 'an image: cardUrl() makes its address for an <img>, and the browser fetches it';
const PAGE = 'an HTML page for people';
const NO_METHOD: Record<Methodless, string> = {
  'verse-range': "verses(ref) asks for the same verses by reference ('2.47-50')",
  'verses-ref': 'verses(ref) asks /verses?ref= for the same answer',
  'today-card': CARD,
  card: CARD,
  'verse-card': CARD,
  'today-card-png': 'a card as a PNG, for link previews: fetched by the sites that show them',
  'card-png': 'a card as a PNG, for link previews: fetched by the sites that show them',
  'verse-card-png': 'a card as a PNG, for link previews: fetched by the sites that show them',
  docs: PAGE,
  guide: PAGE,
  pricing: PAGE,
  'read-verse': PAGE,
  'read-chapter': PAGE,
  'read-lemma': PAGE,
  'read-root': PAGE,
  openapi: 'the description of the API, for tools that read OpenAPI',
  usage: "a key's own count, for its holder (curl, the docs' pages)",
  healthz: "the operator's health check",
  metrics: "the operator's (Prometheus)",
  register: 'a form people send for a key',
  download: 'a whole file of the content, for use offline',
  mcp: "MCP's protocol, spoken by MCP clients",
};

/** Methods whose static mode asks for no file of their route, and why. */
const STATIC_HERE: Partial<Record<RoutedMethod, string>> = {
  random: "the draw is made here, over the host's content.json and verse files; the route's file is the day's verse",
};

type Routed = RouteSpec<RouteId, string, RoutedMethod>;
const routed = (ROUTES as readonly RouteSpec<RouteId, string, string>[]).filter((r): r is Routed => r.client !== undefined);

function exampleOf(r: RouteSpec): Example {
  const body = Object.values((r.requestBody as { content?: Record<string, { example?: Record<string, unknown> }> } | undefined)?.content ?? {})[0]?.example ?? {};
  return { path: exampleValues(r), query: new URL(r.example, 'http://x').searchParams, body };
}

/** A method that answers its route's file takes the example's path values in the path's order, numbers where the parameter is one. */
const pathArguments = (r: RouteSpec, e: Example) => pathParameters(r.path).map((p) => (PATH_PARAMETERS[p].schema({ versesPerChapter: [], speakers: [] }).type === 'integer' ? Number(e.path[p]) : e.path[p]));

const argumentsOf = (r: Routed, e: Example): unknown[] => (r.client! in FILE_METHODS ? pathArguments(r, e) : ARGUMENTS[r.client as Exclude<RoutedMethod, FileMethod>](e));

/** A call of the route's method with its example, on a client whose fetch records what is asked and answers {}. */
async function requestsOf(r: Routed, mode: 'server' | 'static'): Promise<Array<{ url: URL; init?: RequestInit }>> {
  const seen: Array<{ url: URL; init?: RequestInit }> = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => (seen.push({ url: new URL(String(url)), init }), Response.json({}));
  const client = createClient({ baseUrl: 'https://gita.example/api/', fetch, mode });
  const call = client[r.client!] as (...args: unknown[]) => Promise<unknown>;
  // Only the request is tried: an answer of {} is not what every method reads.
  await call(...argumentsOf(r, exampleOf(r))).catch(() => {});
  return seen;
}

const decoded = (path: string) => decodeURIComponent(path.replace(/^\/api/, ''));
const pairs = (q: URLSearchParams) => [...q].map(([k, v]) => `${k}=${v}`).sort();

test('every route that declares a method is a route of its own: one method, one route', () => {
  assert.ok(routed.length >= 20, 'the declarations are read');
  const names = routed.map((r) => r.client);
  assert.is(new Set(names).size, names.length, `each method is declared once: ${names}`);
});

test("every method of the Client is a route's or client-only with a reason; every route without a method says why", () => {
  const methods = new Set<MethodName>([...routed.map((r) => r.client!), ...(Object.keys(CLIENT_ONLY) as MethodName[])]);
  const client = createClient({ baseUrl: 'https://gita.example/' });
  const functions = Object.keys(client).filter((k) => typeof client[k as keyof Client] === 'function');
  assert.equal(functions.sort(), [...methods].sort());
  for (const reason of [...Object.values(CLIENT_ONLY), ...Object.values(NO_METHOD)]) assert.ok(reason.length > 10, reason);
  const methodless = ROUTES.filter((r) => !('client' in r && r.client)).map((r) => r.id);
  assert.equal(methodless.sort(), Object.keys(NO_METHOD).sort());
});

test("server mode: each method asks for its route's path with the example's query (and body)", async () => {
  for (const r of routed) {
    const e = exampleOf(r);
    const [sent, ...more] = await requestsOf(r, 'server');
    assert.ok(sent && !more.length, `${r.client}: one request`);
    assert.is(matchRoute(sent.url.pathname.replace(/^\/api/, ''), counts).route?.id, r.id, `${r.client}: ${sent.url}`);
    assert.is(decoded(sent.url.pathname), decoded(fillPath(r.path, e.path)), `${r.client}: the path`);
    assert.equal(pairs(sent.url.searchParams), pairs(e.query), `${r.client}: the query`);
    assert.is(sent.init?.method ?? 'GET', r.methods[0], `${r.client}: the method`);
    if (r.methods[0] === 'POST') assert.equal(JSON.parse(String(sent.init?.body)), e.body, `${r.client}: the body`);
  }
});

test("static mode: each method whose route has a file asks for that file (in the example's language)", async () => {
  for (const r of routed) {
    if (!r.file) continue;
    if (STATIC_HERE[r.client!]) continue;
    const e = exampleOf(r);
    const lang = r.files === 'lang' ? e.query.get('lang') : null;
    const file = fillPath(r.file, e.path).replace(/index\.json$/, (name) => (lang ? `${lang}.json` : name));
    const seen = (await requestsOf(r, 'static')).map((s) => decoded(s.url.pathname));
    assert.ok(seen.includes(decoded(file)), `${r.client}: ${decoded(file)} among ${seen}`);
  }
  for (const [method, why] of Object.entries(STATIC_HERE)) assert.ok(routed.some((r) => r.client === method && r.file), `${method} has a file it does not ask for: ${why}`);
});

test("file-methods.ts is what npm run docs writes from the routes that declare answers, and the bundle's list is theirs", () => {
  assert.ok(readFileSync(join(PROJECT_ROOT, FILE_METHODS_FILE), 'utf8') === fileMethodsSource(), `${FILE_METHODS_FILE} is stale: run npm run docs`);
  const declaring = routed.filter((r) => r.answers);
  assert.ok(declaring.length >= 13, 'the declarations are read');
  assert.equal(Object.keys(FILE_METHODS), declaring.map((r) => r.client));
  for (const r of declaring) assert.equal(FILE_METHODS[r.client!], pathParameters(r.path), r.client);
});

test('a route declares answers only where one function can be its method: its file by GET, its path parameters alone (a spelling alone)', () => {
  const plain = { id: 'x', client: 'x', path: '/x/{ch}', methods: READ, access: 'metered', summary: 'X.', example: '/x/1', notFound: 'resource', query: [], responses: {}, file: '/x/{ch}.json', answers: { type: 'X', from: 'content/schema' } } as const;
  assert.match(fileMethodsSource([route(plain)]), /\n  x\(chapter: number\): Promise<X>;\n/);
  // A lemma or a root by its spelling: the spelling alone, as the method's name.
  assert.match(fileMethodsSource([route({ ...plain, path: '/x/{lemma}', spelled: 'lemma', example: '/x/karman', file: '/x/{lemma}.json' })]), /\n  x\(name: string\): Promise<X>;\n/);
  const refused: Array<[string, Partial<RouteSpec>]> = [
    ['no file', { file: undefined }],
    ['a query', { query: [PATH_PARAMETERS.ch as never] }],
    ['a language', { files: 'lang' }],
    ['a spelling beside another parameter', { spelled: 'lemma', path: '/x/{lemma}/{ch}' }],
    ['POST', { methods: ['POST'] }],
    ['a module outside the content', { answers: { type: 'X', from: 'client/types' } }],
  ];
  for (const [what, change] of refused) assert.throws(() => fileMethodsSource([{ ...plain, ...change } as RouteSpec]), /declares answers, but/, what);
});

test.run();
