// The docs show what they say: every curl example of the README and of the
// guides is sent to a built server and its answer must match the one shown
// under it (`...` stands for what is cut); the downloads' SQL, Python and
// JavaScript examples run on the built SQLite file; the docs page's samples
// are compared with what their example links answer; every link resolves;
// the generated parts are up to date; and the docs speak of this project
// only, with one count of commentaries.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fg from 'fast-glob';
import { fillGenerated, generatedBlocks } from '../../src/docs/reference.ts';
import { headingId } from '../../src/docs/guides.ts';
import { GUIDES } from '../../src/guides.ts';
import { FILES } from '../../src/layout.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import type { Manifest } from '../../src/contract/manifest.ts';
import { createKey } from '../helpers/cli.ts';
import { testDist } from '../helpers/dist.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { requireProgram } from '../helpers/programs.ts';
import { plainEnv, startServer, type Running } from '../helpers/server.ts';

const DOCS = ['README.md', ...GUIDES.map((g) => `docs/${g.name}.md`)];
const read = (file: string) => readFileSync(join(PROJECT_ROOT, file), 'utf8');

interface Block {
  lang: string;
  text: string;
  line: number;
}

/** The fenced code blocks of a Markdown file, in order. */
function blocks(markdown: string): Block[] {
  const out: Block[] = [];
  const re = /^```([a-z]*)\n([\s\S]*?)^```$/gm;
  for (let m; (m = re.exec(markdown)); ) out.push({ lang: m[1], text: m[2], line: markdown.slice(0, m.index).split('\n').length });
  return out;
}

/** Shell words as sh reads them: single quotes literal, double quotes with $NAME expanded, backslash-newline joined. */
function shellWords(line: string, env: Record<string, string>): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const text = line.replace(/\\\n/g, ' ');
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      word = (word ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      let s = '';
      for (; text[j] !== '"'; j++) s += text[j] === '\\' ? text[++j] : text[j];
      word = (word ?? '') + s.replace(/\$([A-Z_]+)/g, (_m, n: string) => env[n] ?? '');
      i = j;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === '#' && word === null) {
      break;
    } else word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  return words;
}

interface Example {
  file: string;
  line: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  head: boolean;
  shown: string;
}

/** A curl line as a request; a flag the test does not know fails, naming the example. */
function curlRequest(words: string[], where: string): Omit<Example, 'file' | 'line' | 'shown'> {
  const out = { method: 'GET', path: '', headers: {} as Record<string, string>, body: undefined as string | undefined, head: false };
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    if (w === '-s' || w === '--compressed') continue;
    if (w === '-i') out.head = true;
    else if (w === '-X') out.method = words[++i];
    else if (w === '-H') {
      const [name, ...value] = words[++i].split(':');
      out.headers[name.trim().toLowerCase()] = value.join(':').trim();
    } else if (w === '-d' || w === '--data') {
      out.body = words[++i];
      if (out.method === 'GET') out.method = 'POST';
    } else if (w.startsWith('http://localhost:8080')) out.path = w.slice('http://localhost:8080'.length) || '/';
    else throw new Error(`${where}: curl ${w} is not a flag or address the docs test knows (use http://localhost:8080/...)`);
  }
  if (!out.path) throw new Error(`${where}: the curl example names no http://localhost:8080 address`);
  return out;
}

/** Every curl example of a file, each with the answer shown under it. */
function examples(file: string, env: Record<string, string>): Example[] {
  const list = blocks(read(file));
  const found: Example[] = [];
  list.forEach((b, i) => {
    if (b.lang !== 'sh' || !/^curl /m.test(b.text)) return;
    const where = `${file}:${b.line}`;
    const commands = b.text.replace(/\\\n/g, ' ').split('\n').filter((l) => /^curl /.test(l));
    assert.is(commands.length, 1, `${where}: one curl example a block, so that its answer can be shown under it`);
    const answer = list[i + 1];
    assert.ok(answer && ['json', 'http', 'text'].includes(answer.lang), `${where}: the curl example has no answer shown under it (a json, http or text block)`);
    found.push({ file, line: b.line, ...curlRequest(shellWords(commands[0], env), where), shown: answer.text.trim() });
  });
  return found;
}

/** What a request answers, as curl prints it: the body, or with -i the status line and headers first. */
function ask(base: string, e: Pick<Example, 'method' | 'path' | 'headers' | 'body' | 'head'>): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    // A path written with its letters (/root/sthā) is sent as a browser sends it: its non-ASCII letters percent-encoded.
    const path = e.path.replace(/[^\x00-\x7F]+/g, (s) => encodeURIComponent(s));
    const req = request({ host: hostname, port, path, method: e.method, headers: e.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        if (!e.head) return done(body);
        const lines = [`HTTP/1.1 ${res.statusCode} ${res.statusMessage}`];
        for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        done(`${lines.join('\n')}\n\n${body}`);
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(e.body);
  });
}

/**
 * Does an answer match what the docs show? Each piece between `...` must be
 * in the answer, in order; an answer with its headers (-i) is compared
 * without case, as header names are.
 */
function matchesShown(shown: string, answer: string, head = false): string | null {
  const fold = (s: string) => (head ? s.toLowerCase() : s);
  const pieces = fold(shown).split('...').map((p) => p.trim()).filter(Boolean);
  let at = 0;
  const text = fold(answer).replace(/\r/g, '');
  for (const piece of pieces) {
    const found = text.indexOf(piece, at);
    if (found < 0) return `not in the answer${at ? ' after the piece before it' : ''}: ${JSON.stringify(piece.slice(0, 160))}\nthe answer: ${answer.slice(0, 600)}`;
    at = found + piece.length;
  }
  return null;
}

let server: Running;
let manifest: Manifest;
let distDir: string;
const env: Record<string, string> = {};

test.before(hook(async () => {
  // The programs the downloads' examples run in: without one the suite fails at once, before the build.
  requireProgram('sqlite3', 'sqlite3');
  requireProgram('python3', 'python3');
  ({ distDir } = await testDist());
  manifest = JSON.parse(readFileSync(join(distDir, FILES.manifest), 'utf8'));
  const dataDir = tempDir('gita-docs-data-');
  env.GITA_KEY = createKey({ GITA_DATA_DIR: dataDir }, 'docs examples', '1000/day').key;
  server = await startServer('node', { dist: distDir, dataDir });
}));
test.after(hook(async () => {
  await server?.stop();
}));

test('the matcher: pieces in order, ... for what is cut, and a wrong answer fails', () => {
  assert.is(matchesShown('{"a":1,...,"c":3}', '{"a":1,"b":2,"c":3}'), null);
  assert.ok(matchesShown('{"a":1,...,"c":4}', '{"a":1,"b":2,"c":3}'));
  assert.ok(matchesShown('"c":3...{"a":1', '{"a":1,"b":2,"c":3}'), 'order counts');
  assert.is(matchesShown('HTTP/1.1 404 Not Found\ncontent-type: text/plain...', 'HTTP/1.1 404 Not Found\nContent-Type: text/plain; charset=utf-8', true), null);
  assert.equal(shellWords(`curl -H "x-api-key: $GITA_KEY" 'http://x/a?b=1&c=2' # note`, { GITA_KEY: 'k' }), ['curl', '-H', 'x-api-key: k', 'http://x/a?b=1&c=2']);
});

test('every curl example of the README and the guides answers what it shows', async () => {
  let count = 0;
  for (const file of DOCS) {
    for (const e of examples(file, env)) {
      const answer = await ask(server.url, e);
      const problem = matchesShown(e.shown, answer, e.head);
      assert.is(problem, null, `${e.file}:${e.line} ${e.method} ${e.path}: ${problem}`);
      count++;
    }
  }
  assert.ok(count >= 20, `${count} examples checked`);
});

test('the SQL, Python and JavaScript examples of the downloads run on the built file and print what they show', () => {
  const dir = tempDir('gita-docs-sqlite-');
  symlinkSync(join(distDir, 'downloads', 'gita.sqlite'), join(dir, 'gita.sqlite'));
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'));
  const list = blocks(read('docs/downloads.md'));
  const runs: Record<string, (code: string) => string> = {
    sql: (code) => execFileSync('sqlite3', ['gita.sqlite'], { cwd: dir, input: code, encoding: 'utf8' }),
    python: (code) => execFileSync('python3', ['-c', code], { cwd: dir, encoding: 'utf8' }),
    js: (code) => execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: dir, encoding: 'utf8', env: plainEnv() }),
  };
  let count = 0;
  list.forEach((b, i) => {
    const answer = list[i + 1];
    if (!(b.lang in runs) || answer?.lang !== 'text') return;
    const problem = matchesShown(answer.text.trim(), runs[b.lang](b.text));
    assert.is(problem, null, `docs/downloads.md:${b.line} (${b.lang}): ${problem}`);
    count++;
  });
  assert.is(count, 3, 'the SQL, Python and JavaScript examples');
});

test('the JavaScript examples of the guides (the client, search.js) print what they show', () => {
  const origin = server.url.replace(/\/$/, '');
  const file = (name: string) => pathToFileURL(join(distDir, name)).href;
  let count = 0;
  for (const doc of DOCS.filter((d) => d !== 'docs/downloads.md')) {
    const list = blocks(read(doc));
    list.forEach((b, i) => {
      const answer = list[i + 1];
      if (b.lang !== 'js' || answer?.lang !== 'text') return;
      // The module a reader imports from the host or from npm is the built file; the host is the test's server.
      const code = b.text
        .replace(/'@gita-api\/client'/g, `'${file(FILES.client)}'`)
        .replace(/'http:\/\/localhost:8080\/(client|search)\.js'/g, (_m, name: string) => `'${file(`/${name}.js`)}'`)
        .replaceAll('http://localhost:8080', origin);
      const printed = execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', env: plainEnv() });
      const problem = matchesShown(answer.text.trim().replaceAll('http://localhost:8080', origin), printed);
      assert.is(problem, null, `${doc}:${b.line}: ${problem}`);
      count++;
    });
  }
  assert.is(count, 2, 'the client and search.js examples');
});

/** Does a JSON answer hold what a sample shows? `…` ends a cut string; `… N more` stands for the rest of a list; a key `…` for the other keys. */
function holds(sample: unknown, answer: unknown, at = '$'): string | null {
  if (typeof sample === 'string' && sample.endsWith('…') && typeof answer === 'string') return answer.startsWith(sample.slice(0, -1)) ? null : `${at}: ${JSON.stringify(answer).slice(0, 80)} does not start as shown`;
  if (Array.isArray(sample)) {
    if (!Array.isArray(answer)) return `${at}: not a list`;
    const rest = typeof sample.at(-1) === 'string' ? /^… (\d+) more$/.exec(sample.at(-1) as string) : null;
    const shown = rest ? sample.slice(0, -1) : sample;
    if (answer.length !== shown.length + (rest ? Number(rest[1]) : 0)) return `${at}: ${answer.length} items, the sample says ${shown.length + (rest ? Number(rest[1]) : 0)}`;
    for (let i = 0; i < shown.length; i++) {
      const p = holds(shown[i], answer[i], `${at}[${i}]`);
      if (p) return p;
    }
    return null;
  }
  if (sample && typeof sample === 'object') {
    if (!answer || typeof answer !== 'object') return `${at}: not an object`;
    for (const [k, v] of Object.entries(sample)) {
      if (k === '…') continue;
      if (!(k in answer)) return `${at}.${k}: not in the answer`;
      const p = holds(v, (answer as Record<string, unknown>)[k], `${at}.${k}`);
      if (p) return p;
    }
    return null;
  }
  return JSON.stringify(sample) === JSON.stringify(answer) ? null : `${at}: ${JSON.stringify(answer)}, the sample says ${JSON.stringify(sample)}`;
}

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

test("the docs page's samples are what their example links answer", async () => {
  const page = readFileSync(join(distDir, FILES.docs), 'utf8');
  const sections = page.split(/<h3 id="/).slice(1);
  let checked = 0;
  for (const section of sections) {
    const id = section.slice(0, section.indexOf('"'));
    const link = /<a class="try" href="([^"]+)" data-expect-status="(\d+)" data-expect-type="([^"]+)">/.exec(section);
    const sample = /<pre class="sample" data-check="(same|like)"(?: data-same="([^"]+)")?>([\s\S]*?)<\/pre>/.exec(section);
    if (!link) continue;
    const path = decode(link[1]);
    const plain = await ask(server.url, { method: 'GET', path, headers: {}, head: true });
    const status = Number(/^HTTP\/1\.1 (\d+)/.exec(plain)![1]);
    assert.is(status, Number(link[2]), `${id}: ${path} answers ${status}`);
    assert.match(plain.toLowerCase(), `content-type: ${link[3]}`, `${id}: ${path} is ${link[3]}`);
    if (!sample) continue;
    // A sample of a route that needs a key shows what it answers with one.
    const answer = JSON.parse(await ask(server.url, { method: 'GET', path, headers: status === 401 ? { 'x-api-key': env.GITA_KEY } : {}, head: false }));
    const shown = JSON.parse(decode(sample[3]));
    if (sample[1] === 'same') assert.is(holds(shown, answer), null, `${id}: ${path}`);
    else {
      const one = (v: unknown) => (Array.isArray(v) ? v[0] : v) as Record<string, unknown>;
      const keys = (v: unknown) => Object.keys(one(v)).filter((k) => k !== '…');
      for (const k of keys(shown)) assert.ok(k in one(answer), `${id}: ${path} answers a ${k}, as its sample shows`);
      for (const k of sample[2]?.split(',') ?? []) assert.equal(one(answer)[k], one(shown)[k], `${id}: ${path} answers the ${k} its sample shows`);
    }
    checked++;
  }
  assert.ok(checked >= 10, `${checked} samples checked`);
});

test('every link of the README and the guides resolves: files, headings and site pages', async () => {
  const ids = (file: string) => new Set([...read(file).matchAll(/^#{1,6} (.+)$/gm)].map((m) => headingId(m[1])));
  for (const file of DOCS) {
    const text = read(file).replace(/^```[\s\S]*?^```$/gm, '');
    for (const [, href] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^https?:/.test(href)) continue;
      const [target, anchor] = href.split('#');
      const path = target ? resolve(PROJECT_ROOT, dirname(file), target) : join(PROJECT_ROOT, file);
      assert.ok(existsSync(path), `${file}: the link ${href} names ${target}, which the repository does not hold`);
      if (anchor) assert.ok(ids(path.slice(PROJECT_ROOT.length + 1)).has(anchor), `${file}: the link ${href} names a heading that is not there`);
    }
  }
  // The guides as the site serves them, and the docs page: every address on this site answers.
  const pages = ['/', ...GUIDES.map((g) => `/docs/${g.name}`)];
  const seen = new Set<string>();
  for (const p of pages) {
    const html = await ask(server.url, { method: 'GET', path: p, headers: {}, head: false });
    for (const [, raw] of html.matchAll(/href="(\/[^"#]*)/g)) {
      const href = decode(raw);
      if (seen.has(href)) continue;
      seen.add(href);
      const answer = await ask(server.url, { method: 'GET', path: href, headers: {}, head: true });
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(answer)![1]);
      assert.ok(status < 400 || (href === '/usage' && status === 401), `${p} links ${href}, which answers ${status}`);
    }
  }
  assert.ok(seen.has('/docs/search') && seen.has('/docs/downloads'), 'the guides link each other as site pages');
  // A guide that is not there is a page too, as the reading pages' 404 is.
  const missing = await ask(server.url, { method: 'GET', path: '/docs/nothing', headers: {}, head: true });
  assert.match(missing, /^HTTP\/1\.1 404 [\s\S]*content-type: text\/html[\s\S]*No resource matching the query could be found\./i);
});

test("the link graph's counts in docs/content.md are the import's", async () => {
  const { contentDir } = await testDist();
  const l = JSON.parse(readFileSync(join(contentDir, 'audit.json'), 'utf8')).links;
  const n = (x: number) => x.toLocaleString('en-US');
  const said = `the import finds ${n(l.cites)} citations of another verse (${n(l.citedVerses)}\nverses are cited), ${n(l.covers)} texts written on a group, ${n(l.external.named)} citations of ${l.external.works} named\nworks, ${n(l.external.unnamed)} of ${l.external.abbreviations} abbreviations it cannot name, and ${l.external.unlabelled} places cited with no`;
  assert.ok(read('docs/content.md').includes(said), `docs/content.md should say: ${said}`);
});

test('the generated parts of the guides are up to date (npm run docs)', () => {
  const made = generatedBlocks(manifest.content);
  for (const g of GUIDES) {
    const file = `docs/${g.name}.md`;
    const text = read(file);
    assert.is(fillGenerated(text, made, file) === text, true, `${file}: a generated part is stale; run npm run docs`);
  }
  assert.match(read('docs/api.md'), '| `GET /verses/{ref}` |', 'the route table is in the API reference');
  assert.match(read('docs/operations.md'), '| `GITA_WORKERS` | `--workers` |', 'the settings are in the operations guide');
});

test('the docs speak of this project only, and count the commentaries as the content does', async () => {
  const files = [...DOCS, ...fg.sync(['src/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts', 'bin/*', '.ci/*', 'packages/client/README.md', 'src/**/README.md'], { cwd: PROJECT_ROOT, dot: true, ignore: ['test/docs/examples.test.ts'] })];
  const foreign = /\bissues? \d+|\bissue-\d+|\bDESIGN\.md|\bSPEC\.md|\bthe spec\b|\bthe issue\b/i;
  for (const file of files) {
    read(file)
      .split('\n')
      .forEach((line, i) => assert.not.match(line, foreign, `${file}:${i + 1} speaks of what the repository does not hold: ${line.trim().slice(0, 120)}`));
  }
  assert.ok(read('README.md').split('\n').length <= 250, 'the README is read in five minutes: 250 lines at most');
  const count = manifest.content.commentaries.length;
  const said = (text: string) => [...text.matchAll(/(\d+)\+? (?:classical )?commentaries/g)].map((m) => Number(m[1]));
  const pkg = JSON.parse(read('package.json')) as { description: string };
  const docsPage = readFileSync(join(distDir, FILES.docs), 'utf8');
  const openapi = JSON.parse(readFileSync(join(distDir, FILES.openapi), 'utf8')) as { info: { summary: string } };
  for (const [where, text] of [['README.md', read('README.md')], ['package.json', pkg.description], ['the docs page', docsPage.slice(0, docsPage.indexOf('<h2'))], ['the OpenAPI summary', openapi.info.summary]] as const) {
    const numbers = said(text);
    assert.ok(numbers.length > 0, `${where} says how many commentaries there are`);
    for (const n of numbers) assert.is(n, count, `${where} counts ${n} commentaries; the content has ${count}`);
  }
});

test.run();
