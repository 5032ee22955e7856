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

test('the arrows run one way: content, then the contract, then publish and the server; nothing reaches into the server', () => {
  assert.ok(edges.length > 200, 'the imports are read');
  for (const e of importsOf('http')) assert.not.ok(['docs', 'publish'].includes(folderOf(e.to)), `${e.from} imports ${e.to}: the server reads a build, it does not make one`);
  for (const layer of ['content', 'card', 'search', 'pages']) {
    for (const e of importsOf(layer)) assert.not.ok(['http', 'docs', 'client', 'publish', 'mcp'].includes(folderOf(e.to)), `${e.from} imports ${e.to}`);
  }
  // The build, the docs, MCP, the keys and the client read the contract, never the server.
  for (const layer of ['publish', 'docs', 'mcp', 'keys', 'client', 'contract', 'content', 'card', 'search', 'pages']) {
    for (const e of importsOf(layer)) assert.is.not(folderOf(e.to), 'http', `${e.from} imports ${e.to}`);
  }
});

/**
 * The modules a file loads as it is loaded, and theirs, from its static
 * imports (relative paths resolved, packages by name): not a type-only
 * import, which is erased, nor an import() written in a function, which
 * loads its module when it is called.
 */
function loadedWith(entries: string[]): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/^(?:(?:import|export)(?!\s+type\b)[^'"]*\bfrom|import) '([^']+)'/gm)) {
      if (m[1].startsWith('.')) visit(join(dirname(file), m[1]));
      else if (!packages.has(m[1])) packages.set(m[1], relative(PROJECT_ROOT, file));
    }
  };
  for (const file of entries) visit(file);
  return { files, packages };
}

test('the server never loads zod: no module its start-up loads imports it; the routes load their zod components (`components`) only when the document is made', () => {
  const entries = [...['start', 'start-deno', 'start-bun'].map((s) => join(PROJECT_ROOT, 'scripts', `${s}.ts`)), ...walk(join(SRC, 'http')).filter((f) => /\.m?ts$|\.mjs$/.test(f))];
  const { files, packages } = loadedWith(entries);
  const loaded = [...files].map((f) => relative(SRC, f));
  assert.ok(loaded.includes('contract/routes/index.ts') && loaded.includes('contract/routes/speakers.ts'), 'the routes are read');
  assert.ok(packages.has('node:http') && packages.has('minisearch'), 'the packages are read');
  for (const name of packages.keys()) assert.ok(name !== 'zod' && !name.startsWith('zod/'), `${packages.get(name)} imports ${name}, and the server loads it`);
  for (const file of loaded) assert.not.ok(['docs', 'publish'].includes(folderOf(file)), `the server loads ${file}`);
});

test('the cache imports nothing of the project: every layer may use it', () => {
  for (const e of importsOf('cache')) assert.is(folderOf(e.to), 'cache', `${e.from} imports ${e.to}`);
});

/** A module a bundle for other people's pages carries as the paths and files of the routes alone, made from the table when bundled (src/publish/route-paths.ts; http/table.test.ts checks the bundles): what it imports itself is not bundled. */
const BUNDLED_AS_PATHS = 'contract/routes/paths.ts';
/** The same, by the client's method names: the client's alone. */
const BUNDLED_AS_CLIENT_PATHS = 'contract/routes/client-paths.ts';

test("the client imports only the content's types and rules (a lemma's spelling too), the error and parameter wordings and the routes' paths", () => {
  const allowed = new Set(['content/day.ts', 'content/schema.ts', 'content/projection.ts', 'content/citations.ts', 'content/find-refs.ts', 'content/ref-grammar.ts', 'content/ref-tokens.ts', 'content/ref-words.ts', 'content/number-words.ts', 'content/ref-limits.ts', 'content/dcs/lemma-name.ts', 'contract/errors.ts', 'contract/paths.ts', BUNDLED_AS_PATHS, BUNDLED_AS_CLIENT_PATHS, 'contract/parameters.ts', 'layout.ts']);
  // A type-only import of the content (the Word type of content/words.ts) is erased from client.js; its declarations are bundled (src/publish/client.ts).
  for (const e of importsOf('client')) assert.ok(folderOf(e.to) === 'client' || allowed.has(e.to) || (e.typeOnly && folderOf(e.to) === 'content'), `${e.from} imports ${e.to}`);
});

test('the page tagger (src/linker, bundled into linker.js for any page) imports only pure, dependency-free modules: the reference reader and finder and what a verse shows', () => {
  const allowed = new Set(['content/citations.ts', 'content/find-refs.ts', 'content/ref-shapes.ts', 'content/ref-grammar.ts', 'content/ref-tokens.ts', 'content/ref-words.ts', 'content/number-words.ts', 'content/ref-limits.ts', 'content/display.ts', 'content/placeholders.ts', 'content/references.ts', 'content/book-name.ts', 'card/translations.ts', 'contract/paths.ts', BUNDLED_AS_PATHS, 'layout.ts']);
  const linker = importsOf('linker');
  assert.ok(linker.length >= 8, 'its imports are read');
  // A type-only import (the reading languages' list, checked against the tagger's own) is erased from the bundle.
  for (const e of linker) assert.ok(folderOf(e.to) === 'linker' || allowed.has(e.to) || e.typeOnly, `${e.from} imports ${e.to}`);
  for (const file of allowed) {
    if (file === BUNDLED_AS_PATHS) continue;
    for (const e of edges.filter((x) => x.from === file)) assert.ok(allowed.has(e.to), `${file} imports ${e.to}: linker.js would carry it`);
  }
  // Nothing else uses the tagger's browser code: the server only names its file, the build bundles it and writes in the facts of options.ts.
  for (const e of edges) if (folderOf(e.to) === 'linker') assert.ok(folderOf(e.from) === 'linker' || (e.from === 'publish/linker.ts' && e.to === 'linker/options.ts'), `${e.from} imports ${e.to}`);
});

test('the contract (src/contract) imports only itself, the content, the layout of dist/ and the guides', () => {
  const contract = importsOf('contract');
  assert.ok(contract.length >= 10, 'its imports are read');
  // The search's route names what is searched (search/fields.ts, a list of data).
  for (const e of contract) assert.ok(['contract', 'content'].includes(folderOf(e.to)) || ['layout.ts', 'guides.ts', 'search/fields.ts'].includes(e.to), `${e.from} imports ${e.to}`);
});

test("a route's lazy parts, imported when they are needed: its builder (publish/, content/) when the build runs it, its tool's runner (mcp/) on the tool's first call", () => {
  const lazy = sources
    .filter((f) => relative(SRC, f).startsWith('contract/'))
    .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/import\('(\.[^']+)'\)/g)].map((m) => ({ from: relative(SRC, file), to: relative(SRC, join(dirname(file), m[1])) })));
  assert.ok(lazy.length >= 17, `the lazy imports are read: ${lazy.length}`);
  for (const e of lazy) {
    assert.ok(e.from.startsWith('contract/routes/'), `${e.from} imports ${e.to} lazily: only a route declares its lazy parts`);
    assert.ok(['publish', 'content', 'mcp'].includes(folderOf(e.to)) && existsSync(join(SRC, e.to)), `${e.from} imports ${e.to}`);
  }
});

test('no import circle: no two files import each other, directly or round a loop (type-only imports count too)', () => {
  const graph = new Map<string, string[]>();
  for (const e of edges) graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
  // Tarjan's strongly connected components: a component of more than one file is a circle.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do part.push((w = stack.pop()!));
    while (w !== v);
    if (part.length > 1) circles.push(part.sort());
  };
  for (const f of sources.map((f) => relative(SRC, f))) if (!index.has(f)) visit(f);
  assert.equal(circles, [], circles.map((c) => c.join(' <-> ')).join('; '));
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
