// The layers of the code (README, Architecture): which folder may import
// which, read from the sources themselves; every folder says its job in one
// line; no file of the HTTP layer grows past 250 lines.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { PROJECT_ROOT } from '../src/paths.ts';

const SRC = join(PROJECT_ROOT, 'src');
const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
const sources = walk(SRC).filter((f) => f.endsWith('.ts'));

/** Each source file's imports of other source files: [importer, imported, type-only], paths relative to src/. */
const edges = sources.flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)( type)?[^'"]*from '(\.[^']+)'/gm)].map((m) => ({
    from: relative(SRC, file),
    to: relative(SRC, join(dirname(file), m[2])),
    typeOnly: !!m[1],
  })),
);
const importsOf = (folder: string) => edges.filter((e) => e.from.startsWith(`${folder}/`));
const folderOf = (path: string) => (path.includes('/') ? path.split('/')[0] : '');

test('the arrows run one way: content, then publish, then http; http never reaches into docs or the build', () => {
  assert.ok(edges.length > 200, 'the imports are read');
  for (const e of importsOf('http')) {
    assert.is.not(folderOf(e.to), 'docs', `${e.from} imports ${e.to}`);
    if (folderOf(e.to) === 'publish') assert.is(e.to, 'publish/manifest.ts', `${e.from} imports ${e.to}: the server reads a build, it does not make one`);
  }
  for (const layer of ['content', 'card', 'search', 'pages']) {
    for (const e of importsOf(layer)) {
      const to = folderOf(e.to);
      assert.not.ok(['http', 'docs', 'client', 'publish'].includes(to) && !(e.typeOnly && e.to === 'publish/manifest.ts'), `${e.from} imports ${e.to}`);
    }
  }
});

test('the cache imports nothing of the project: every layer may use it', () => {
  for (const e of importsOf('cache')) assert.is(folderOf(e.to), 'cache', `${e.from} imports ${e.to}`);
});

test("the client imports only the content's types and rules (a lemma's spelling too), the error and parameter wordings and the routes' paths", () => {
  const allowed = new Set(['content/day.ts', 'content/schema.ts', 'content/projection.ts', 'content/citations.ts', 'content/dcs/lemma-name.ts', 'http/errors.ts', 'http/route-paths.ts', 'parameters.ts', 'layout.ts']);
  // A type-only import of the content (the Word type of content/words.ts) is erased from client.js; its declarations are bundled (src/publish/client.ts).
  for (const e of importsOf('client')) assert.ok(folderOf(e.to) === 'client' || allowed.has(e.to) || (e.typeOnly && folderOf(e.to) === 'content'), `${e.from} imports ${e.to}`);
});

test("the contract's definitions in src/http import nothing of the server", () => {
  const contract = ['http/routes.ts', 'http/route-paths.ts', 'http/match.ts', 'http/errors.ts', 'http/headers.ts', 'http/limits.ts', 'http/slices.ts'];
  for (const e of edges.filter((x) => contract.includes(x.from))) {
    assert.ok(contract.includes(e.to) || !e.to.startsWith('http/'), `${e.from} imports ${e.to}`);
    assert.not.ok(['keys', 'publish', 'docs', 'pages'].includes(folderOf(e.to)), `${e.from} imports ${e.to}`);
  }
});

test('each folder under src/ opens with a README.md of one line: its job', () => {
  const folders = walk(SRC).map((f) => dirname(f)).filter((d, i, all) => d !== SRC && all.indexOf(d) === i);
  assert.ok(folders.length >= 12);
  for (const dir of folders) {
    const file = join(dir, 'README.md');
    assert.ok(existsSync(file), `${relative(PROJECT_ROOT, dir)} has a README.md`);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    assert.is(lines.length, 1, relative(PROJECT_ROOT, file));
    assert.ok(lines[0].length > 20 && lines[0].endsWith('.'), relative(PROJECT_ROOT, file));
  }
});

test('no file of src/http is over 250 lines', () => {
  for (const file of sources.filter((f) => relative(SRC, f).startsWith('http/'))) {
    const lines = readFileSync(file, 'utf8').split('\n').length;
    assert.ok(lines <= 251, `${relative(PROJECT_ROOT, file)}: ${lines} lines`);
  }
});

test.run();
