// The route table is the one source: each route is one definition
// (src/contract/routes/) with one handler, one OpenAPI operation made from it
// (its parameters the definition's) and one entry on the docs page; the
// static hosts' rewrites lead from the routes to their files, the client's
// URLs to the routes they mean, and the bundles carry the paths alone.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '../../src/client/index.ts';
import { HANDLERS, handlerOf } from '../../src/http/handlers/index.ts';
import { createMatcher, matchRoute } from '../../src/contract/match.ts';
import { LISTED_ROUTES, ROUTES } from '../../src/contract/routes/index.ts';
import { ROUTE_PATHS } from '../../src/contract/routes/paths.ts';
import { parameterOf } from '../../src/contract/route.ts';
import { PATH_PARAMETERS } from '../../src/contract/path-parameters.ts';
import { fillPath, pathParameters } from '../../src/contract/paths.ts';
import { FILES } from '../../src/layout.ts';
import { redirectsFile } from '../../src/publish/hosts.ts';
import { testDist } from '../helpers/dist.ts';

const counts = [47, 72, 43, 42, 29, 47, 30, 28, 34, 42, 55, 20, 35, 27, 20, 24, 28, 78];
const routeOf = (path: string) => {
  const m = matchRoute(path.split('?')[0], counts);
  return m.route ? m.route.id : `404 ${m.notFound}`;
};
const ids = ROUTES.map((r) => r.id).sort();

test('one definition per route, one handler per route, nothing else; every path parameter typed', () => {
  assert.is(new Set(ids).size, ids.length, 'ids are unique');
  assert.is(new Set(ROUTES.map((r) => `${r.methods[0]} ${r.path}`)).size, ids.length, 'one route per method and path');
  assert.equal(Object.keys(ROUTE_PATHS).sort(), ids);
  for (const id of Object.keys(HANDLERS)) assert.ok((ids as string[]).includes(id), `a handler of no route: ${id}`);
  for (const r of ROUTES) {
    assert.is(r.path, ROUTE_PATHS[r.id], r.id);
    // Its own handler, or (a route that serves its built file as it is) none, and its file.
    assert.ok(HANDLERS[r.id] || r.file, `${r.id}: a handler, or a file to serve`);
    assert.type(handlerOf(r), 'function', r.id);
    for (const name of pathParameters(r.path)) assert.ok(PATH_PARAMETERS[name], `${r.id}: {${name}} is a path parameter`);
    const names = r.query.map((t) => parameterOf(t).name);
    assert.is(new Set(names).size, names.length, `${r.id}: a query parameter once`);
  }
});

test("each route's example leads to it (POST /register's is the form's page)", () => {
  for (const r of ROUTES) assert.is(routeOf(r.example), r.id === 'register' ? 'pricing' : r.id, r.example);
});

test('the OpenAPI paths are the table: same paths, same methods, open routes tagged Service', async () => {
  const { distDir } = await testDist();
  const doc = JSON.parse(readFileSync(join(distDir, FILES.openapi), 'utf8')) as { paths: Record<string, Record<string, { tags: string[]; operationId: string }>> };
  const described = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`)).sort();
  // All but the operator's (GET /metrics, docs/operations.md).
  const table = LISTED_ROUTES.map((r) => `${r.methods.includes('POST') ? 'POST' : 'GET'} ${r.path}`).sort();
  assert.equal(described, table);
  assert.equal(ROUTES.filter((r) => !LISTED_ROUTES.includes(r)).map((r) => r.id), ['metrics']);
  for (const r of LISTED_ROUTES) {
    const op = doc.paths[r.path][r.methods.includes('POST') ? 'post' : 'get'] as unknown as { tags: string[]; parameters?: Array<{ name: string; in: string }> };
    assert.equal(op.tags, [r.access === 'metered' ? 'Scripture' : 'Service'], r.id);
    // Its parameters are the definition's: the path's, then the query's, in order.
    const documented = (op.parameters ?? []).map((p) => `${p.in} ${p.name}`);
    assert.equal(documented, [...pathParameters(r.path).map((n) => `path ${n}`), ...r.query.map((t) => `query ${parameterOf(t).name}`)], r.id);
  }
});

test('the docs page has one entry per route, in the order of the table', async () => {
  const { distDir } = await testDist();
  const page = readFileSync(join(distDir, FILES.docs), 'utf8');
  const entries = [...page.matchAll(/<h3 id="([\w-]+)"><code>(GET|POST) ([^<]+)<\/code><\/h3>/g)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
  assert.equal(entries, LISTED_ROUTES.map((r) => `${r.id} ${r.methods.includes('POST') ? 'POST' : 'GET'} ${r.path}`));
});

test("the static hosts' rewrites lead each route's path to its file, a file the build has", async () => {
  const { distDir } = await testDist();
  const files = (JSON.parse(readFileSync(join(distDir, FILES.manifest), 'utf8')) as { files: Record<string, unknown> }).files;
  const rows = redirectsFile().split('\n').filter((l) => l.startsWith('/'));
  assert.ok(rows.length >= 20, `${rows.length} rows`);
  const sample = { ch: 3, sl: 5, key: 'siva', lemma: 'karman', root: 'sthā', work: 'chandogya-upanisad', version: 'besant' };
  for (const row of rows) {
    const [from, to] = row.split(' ');
    const fill = (s: string) => fillPath(s.replace(/:(\w+)/g, '{$1}'), sample);
    assert.not.ok(routeOf(fill(from)).startsWith('404'), row);
    // The manifest names files as they are on disk; a host reads the path decoded (sthā, not sth%C4%81).
    assert.ok(files[decodeURI(fill(to))], `${row}: ${fill(to)} is a file of the build`);
  }
  // Every route with a file a host would not find by its path has a row.
  for (const r of ROUTES) if ('file' in r && r.file?.endsWith('.json') && r.path !== r.file) assert.ok(rows.some((row) => row.startsWith(`${r.path.replace(/\{(\w+)\}/g, ':$1')} `)), `${r.id} is rewritten`);
});

test('the client and the tagger bundle the routes\' paths and files, not the table', async () => {
  const { distDir } = await testDist();
  for (const file of [FILES.client, FILES.linker]) {
    const js = readFileSync(join(distDir, file), 'utf8');
    assert.ok(js.includes(ROUTE_PATHS['read-verse']), `${file} has the paths`);
    for (const r of ROUTES) assert.not.ok(js.includes(r.summary.slice(0, 60)), `${file} carries no summary (${r.id})`);
  }
});

// Each method a route declares is tried against its route in test/client/routes.test.ts; cardUrl, which no route declares, here.
test("cardUrl's URLs lead to the card routes they mean", () => {
  const gita = createClient({ baseUrl: 'https://gita.example/api/' });
  const card = (o: Parameters<typeof gita.cardUrl>[0]) => routeOf(new URL(gita.cardUrl(o)).pathname.replace(/^\/api/, ''));
  assert.is(card({}), 'card');
  assert.is(card({ chapter: 2, theme: 'dark' }), 'card');
  assert.is(card({ chapter: 2, verse: 47, theme: 'light' }), 'verse-card');
  assert.is(card({ today: true }), 'today-card');
  assert.is(gita.cardUrl({ chapter: 2, verse: 47, theme: 'dark' }), 'https://gita.example/api/slok/2/47/gita-dark.svg');
});

test('the later routes are one entry each: words, ranges, references, MCP, PNG cards, reading pages, downloads', () => {
  const match = createMatcher(ROUTES);
  const at = (path: string) => {
    const m = match(path, counts);
    if (!m.route) return `404 ${m.notFound}`;
    const { route, ...params } = m;
    return `${route.id} ${JSON.stringify(params)}`;
  };
  assert.is(at('/slok/2/47/words'), 'verse-words {"ch":2,"sl":47}', 'a real route now');
  assert.is(at('/slok/2/47'), 'verse {"ch":2,"sl":47}', 'the routes before stay as they were');
  assert.is(at('/slok/2/47/en.json'), 'verse {"ch":2,"sl":47,"lang":"en"}');
  assert.is(at('/slok/2/1-10'), 'verse-range {"ch":2,"from":1,"to":10}');
  assert.is(at('/slok/2/1-73'), 'verse-range {"ch":2,"from":1,"to":73}');
  assert.is(at('/slok/2/10-1'), 'verse-range {"ch":2,"from":10,"to":1}', 'backwards: matched, and the handler answers 400');
  assert.is(at('/slok/2/1-74'), '404 verse', 'a range ends within the chapter');
  assert.is(at('/slok/2/01-3'), '404 verse');
  assert.is(at('/verses'), 'verses {}');
  assert.is(at('/mcp'), 'mcp {}');
  assert.is(at('/slok/2/47/links'), 'verse-links {"ch":2,"sl":47}');
  assert.is(at('/slok/2/47/links.json'), 'verse-links {"ch":2,"sl":47}');
  assert.is(at('/slok/2/74/links'), '404 verse');
  assert.is(at('/works'), 'works {}');
  assert.is(at('/works.json'), 'works {}');
  assert.is(at('/works/chandogya-upanisad'), 'work {"work":"chandogya-upanisad"}');
  assert.is(at('/works/chandogya-upanisad.json'), 'work {"work":"chandogya-upanisad"}');
  assert.is(at('/works/Chandogya'), '404 resource', 'a work is named by its slug only');
  assert.is(at('/gita.png'), 'card-png {"theme":"auto"}');
  assert.is(at('/gita-dark.png'), 'card-png {"theme":"dark"}');
  assert.match(at('/slok/2/47/gita-light.png'), /^verse-card-png \{"ch":2,"sl":47,"theme":"light"/);
  assert.is(at('/slok/today/gita-dark.png'), 'today-card-png {"theme":"dark"}');
  assert.is(at('/slok/today/gita-dark.svg'), 'today-card {"theme":"dark"}');
  assert.is(at('/read/18'), 'read-chapter {"ch":18}');
  assert.is(at('/read/19'), '404 verse', 'the reading pages\' family answers the verse 404');
  assert.is(at('/read/2/74'), '404 verse');
  assert.equal(match('/read/2/74', counts), { route: null, notFound: 'verse', page: true }, 'as a page');
  assert.equal(match('/slok/2/74', counts), { route: null, notFound: 'verse' }, 'the API\'s stays text');
  assert.is(at('/read/2/47'), 'read-verse {"ch":2,"sl":47}');
  assert.is(at('/downloads/gita.epub'), 'download {"file":"gita.epub"}');
  assert.is(at('/downloads/gita%20text.zip'), 'download {"file":"gita text.zip"}');
  for (const bad of ['/downloads/..', '/downloads/a%2Fb', '/downloads/%00', '/downloads/a/b', '/downloads']) assert.is(at(bad), '404 resource', bad);
});

test.run();
