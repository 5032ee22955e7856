// The files a route builds itself are written where its `file` says, in its
// part's pass; a builder that leaves a parameter out or names a file twice
// stops the build rather than writing a file named 0 or losing one.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BuildInput } from '../../src/contract/build-input.ts';
import { route, READ, type RouteSpec } from '../../src/contract/route.ts';
import { ROUTES } from '../../src/contract/routes/index.ts';
import { routeBuiltFiles } from '../../src/publish/route-built.ts';
import { checkRoutePasses } from '../../src/publish/build.ts';

const input = {} as BuildInput;
const built = (file: string, files: object[], madeBy?: 'meter'): RouteSpec =>
  route({ id: 'x', path: '/x', methods: READ, access: 'open', summary: '', example: '/x', notFound: 'resource', query: [], responses: {}, file, madeBy, build: async () => files as never });

test('a built file is placed by its route, its parameters filled as dist/ names files (not percent-encoded)', async () => {
  const files = await routeBuiltFiles(input, null, [built('/root/{root}.json', [{ at: { root: 'sthā' }, json: { a: 1 } }, { at: { root: 'gam' }, json: [] }])]);
  assert.equal(files.map((f) => [f.path, f.body.toString()]), [['/root/sthā.json', '{"a":1}'], ['/root/gam.json', '[]']]);
  const page = await routeBuiltFiles(input, null, [built('/read/root/{root}/index.html', [{ at: { root: 'kṛ' }, body: '<p>√kṛ</p>' }])]);
  assert.equal(page[0].path, '/read/root/kṛ/index.html');
  assert.equal(page[0].body.toString(), '<p>√kṛ</p>');
});

test('only the routes of the part asked build', async () => {
  const routes = [built('/a.json', [{ json: 1 }]), built('/b.json', [{ json: 2 }], 'meter')];
  assert.equal((await routeBuiltFiles(input, null, routes)).map((f) => f.path), ['/a.json']);
  assert.equal((await routeBuiltFiles(input, 'meter', routes)).map((f) => f.path), ['/b.json']);
});

test('a file without its parameter, or the same file twice, stops the build', async () => {
  try {
    await routeBuiltFiles(input, null, [built('/root/{root}.json', [{ json: {} }])]);
    assert.unreachable('a file without {root}');
  } catch (err) {
    assert.match(String(err), "the route x's builder made a file without its {root}");
  }
  try {
    await routeBuiltFiles(input, null, [built('/roots.json', [{ json: 1 }, { json: 2 }])]);
    assert.unreachable('twice');
  } catch (err) {
    assert.match(String(err), '/roots.json is built twice');
  }
});

test('every part the routes build in has a pass that writes their files; a part without one stops the build', () => {
  const builders = (ROUTES as readonly RouteSpec[]).filter((r) => r.build).map((r) => [r.id, r.madeBy ?? null] as const);
  assert.ok(builders.some(([id, part]) => id === 'speakers' && part === null), JSON.stringify(builders));
  checkRoutePasses();
  assert.throws(() => checkRoutePasses(new Set(['meter']), [{ part: 'meter' }, { part: null, routes: true }]), /routes build files in the meter's part, but no pass of it writes them/);
  checkRoutePasses(new Set(['meter', null]), [{ part: 'meter', routes: true }, { part: null, routes: true }]);
});

test.run();
