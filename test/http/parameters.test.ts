// One way to say no: the parameters of every route, read from the route's
// definition (src/contract/routes/, each parameter's in parameters.ts),
// against the app in process. A name a route
// takes, given twice, and a near miss of one are a 400 in the route family's
// form (JSON for the API, a page for /read) naming the parameter; any other
// name is ignored (a cache buster); a bad value names the parameter and the
// values it takes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { App, AppResponse } from '../../src/http/app.ts';
import type { Dist } from '../../src/http/assets.ts';
import { QUERY_RULES, readQuery } from '../../src/contract/query-rules.ts';
import { createApp } from '../../src/http/app.ts';
import { FileKeyStore } from '../../src/keys/file-store.ts';
import { createLimiter, memoryFactory } from '../../src/keys/limits.ts';
import { FileUsageStore } from '../../src/keys/usage.ts';
import { tempDir } from '../helpers/fs.ts';
import { isRefused, PARAMETERS } from '../../src/contract/parameters.ts';
import { ROUTES } from '../../src/contract/routes/index.ts';
import { hook } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { inProcessApp } from '../helpers/app.ts';

let dist: Dist;
let app: App;
test.before(hook(async () => {
  ({ dist, app } = await inProcessApp((await testDist()).distDir));
}));

const get = async (url: string) => {
  const r: AppResponse = await app.handle({ method: 'GET', url, header: () => undefined, ip: '10.0.0.1', body: async () => null });
  const body = typeof r.body === 'string' ? r.body : r.body && !Array.isArray(r.body) ? Buffer.from(r.body as Uint8Array).toString() : '';
  const type = r.headers[r.headers.findIndex((h) => h.toLowerCase() === 'content-type') + 1] ?? '';
  return { status: r.status, body, type };
};

/** The 400 of a route family: a JSON error for the API, an HTML page for the reading pages; the message either way. */
async function refused(url: string, page: boolean): Promise<string> {
  const r = await get(url);
  assert.is(r.status, 400, url);
  if (page) {
    assert.match(r.type, /^text\/html/, `${url}: a page`);
    return /<p>([^<]*)<\/p>/.exec(r.body.slice(r.body.indexOf('<h1>')))![1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  }
  assert.match(r.type, /^application\/json/, `${url}: JSON`);
  return JSON.parse(r.body).error;
}

/** A value each parameter takes (so that given twice, only the repeat is wrong). */
const GOOD: Record<string, string> = { ch: '2', sl: '47', speaker: 'krishna', theme: 'dark', date: '2026-01-01', lang: 'en', authors: 'siva', fields: 'slok', ref: '2.47', q: 'lotus', limit: '3', offset: '0', format: 'json', author: 'siva', marks: 'iast' };

const withQuery = (example: string, query: string) => `${example.split('?')[0]}?${query}`;
const GET_ROUTES = ROUTES.filter((r) => r.methods.includes('GET'));

test('every name a route takes, given twice, is a 400 in its family form naming it', async () => {
  let checked = 0;
  for (const route of GET_ROUTES) {
    for (const name of QUERY_RULES[route.id].taken.keys()) {
      const message = await refused(withQuery(route.example, `${name}=${GOOD[name]}&${name}=${GOOD[name]}`), !!route.page);
      assert.is(message, `${name}: given 2 times; give it once`, `${route.id} ${name}`);
      checked++;
    }
  }
  assert.ok(checked > 30, `${checked} checked`);
});

test('a near miss of a name a route takes is a 400 naming the right one and its values; other names are ignored', async () => {
  let checked = 0;
  for (const route of GET_ROUTES) {
    const { taken, near } = QUERY_RULES[route.id];
    for (const [miss, meant] of near) {
      const message = await refused(withQuery(route.example, `${miss}=${GOOD[meant]}`), !!route.page);
      assert.ok(message.startsWith(`${miss}: not a parameter of this route; did you mean ${meant}? (${meant}: `), `${route.id} ${miss}: ${message}`);
      checked++;
    }
    // A name the route takes, in capitals, is a near miss of it too.
    for (const name of taken.keys()) {
      if (name.toUpperCase() === name) continue;
      assert.match(await refused(withQuery(route.example, `${name.toUpperCase()}=${GOOD[name]}`), !!route.page), new RegExp(`did you mean ${name}\\?`), `${route.id} ${name}`);
    }
    // Cache busters and names nobody confuses: ignored. (GET /metrics is off here: a 404.)
    if (route.access === 'key' || route.operator) continue;
    const busted = await get(withQuery(route.example, `${route.example.split('?')[1] ?? ''}&_=1700000000&v=3&utm_source=x`));
    assert.ok(busted.status < 400, `${route.id}: ${busted.status}`);
  }
  assert.ok(checked > 30, `${checked} checked`);
  // The cases people meet: the singular /read takes on the API, the plural on /read, language, chapter.
  assert.match(await refused('/slok/2/47?author=siva', false), /^author: not a parameter of this route; did you mean authors\? \(authors: commentary keys, comma-separated: /);
  assert.match(await refused('/read/2/47?authors=siva', true), /^authors: not a parameter of this route; did you mean author\? \(author: one commentary key: /);
  assert.match(await refused('/slok/2/47?language=en', false), /did you mean lang\?/);
  assert.match(await refused('/gita.svg?chapter=2', false), /did you mean ch\?/);
  assert.match(await refused('/search?q=karma&page=2', false), /^page: not a parameter of this route; did you mean offset\?/);
  assert.is(await refused('/slok/2/47?transliteration=iast', false), 'transliteration: not a parameter of this route; did you mean marks? (marks: source (the default) or iast)');
});

test('the near misses are never a name the route takes, and every route has rules', () => {
  for (const route of ROUTES) {
    const rules = QUERY_RULES[route.id];
    assert.ok(rules, route.id);
    for (const [miss, meant] of rules.near) {
      assert.not.ok(rules.taken.has(miss), `${route.id}: ${miss}`);
      assert.ok(rules.taken.has(meant) && rules.taken.get(meant)!.nearMisses.includes(miss), `${route.id}: ${miss} → ${meant}`);
    }
    for (const p of rules.taken.values()) assert.ok(Object.values(PARAMETERS).includes(p as never), `${route.id}: ${p.name} is a parameter of the one list`);
  }
});

test("every parameter a route documents, given with its example value, is one the server takes: no 400", async () => {
  let checked = 0;
  for (const route of GET_ROUTES) {
    if (route.access === 'key' || route.needs?.includes('cards')) continue;
    for (const p of QUERY_RULES[route.id].taken.values()) {
      if (p.name === 'ref' && route.id === 'verses-ref') continue; // the reference is in the path: refused by design
      const value = GOOD[p.name] ?? (p.example === undefined ? undefined : String(p.example));
      assert.ok(value !== undefined, `${p.name}: a value to try`);
      const base = route.example.split('?');
      const query = new URLSearchParams(base[1] ?? '');
      query.set(p.name, value!);
      const r = await get(`${base[0]}?${query}`);
      assert.ok(r.status < 400, `${route.id} ?${p.name}=${value}: ${r.status} ${r.body.slice(0, 200)}`);
      checked++;
    }
  }
  assert.ok(checked > 30, `${checked} checked`);
});

test('bad values: a 400 naming the parameter and the values it takes, in the family form', async () => {
  const cases: Array<[string, RegExp, boolean?]> = [
    ['/gita.svg?ch=2&sl=47&theme=blue', /^theme: "blue" is not a theme; expected one of auto, light, dark$/],
    ['/slok/2/47/gita.svg?theme=sepia', /^theme: "sepia" is not a theme/],
    ['/slok/today/gita.svg?date=2026-02-30', /^date: "2026-02-30" is not a day of the calendar; expected a day, YYYY-MM-DD/],
    ['/slok?speaker=sanjay', /^speaker: "sanjay" is not a speaker here; expected one of krishna, arjuna, sanjaya, dhritarashtra \(any case\), or the Devanagari name$/],
    ['/gita.svg?speaker=sanjay', /^speaker: "sanjay" is not a speaker here/],
    ['/search?q=karma&speaker=sanjay', /^speaker: "sanjay" is not a speaker here; expected one of krishna/],
    ['/slok?ch=19', /^ch: "19" is not a chapter; expected a chapter, 1 to 18$/],
    ['/gita.svg?ch=2&sl=99', /^sl: "99" is not a verse of chapter 2; expected 1 to 73/],
    ['/read/2/47?author=xyz', /^author: "xyz" is not a commentary here; expected one commentary key: /, true],
    ['/read/2?lang=sa', /^lang: "sa" is not a language of the reading pages; expected one of en, hi/, true],
    ['/slok/2/47?marks=itrans', /^marks: "itrans" is not a way of writing the marks; expected source \(the default\) or iast$/],
    ['/chapter/2/slok?marks=IAST', /^marks: "IAST" is not a way of writing the marks; expected source \(the default\) or iast$/],
    ['/verses?ref=2.47&marks=', /^marks: empty; expected source \(the default\) or iast$/],
  ];
  for (const [url, pattern, page] of cases) assert.match(await refused(url, !!page), pattern, url);
});

test('readQuery: one pass over the names, bounded; no query costs nothing (it is not called)', () => {
  const facts = dist.manifest.content;
  assert.not.ok('refused' in readQuery('verse', new URLSearchParams('lang=en&_=1'), facts));
  // The work counted, not timed: one pass over the names, and no look-up by name.
  class Counted extends URLSearchParams {
    passes = 0;
    lookups = 0;
    override keys() {
      this.passes++;
      return super.keys();
    }
    override get(name: string) {
      this.lookups++;
      return super.get(name);
    }
    override getAll(name: string) {
      this.lookups++;
      return super.getAll(name);
    }
    override has(name: string) {
      this.lookups++;
      return super.has(name);
    }
  }
  const many = new Counted(Array.from({ length: 5000 }, (_, i) => `x${i}=1`).join('&'));
  assert.not.ok('refused' in readQuery('search', many, facts));
  assert.equal([many.passes, many.lookups], [1, 0], 'a long query is read once, name by name');
  assert.not.ok('refused' in readQuery('verse', new URLSearchParams(`${'A'.repeat(5000)}=1`), facts), 'a long name is not lower-cased');
});

/** Values a reader may refuse: empty, blank, a word, numbers out of any range, an empty item, a date that is none, one too long for any. */
const REFUSABLE = ['', ' ', 'zzz', '0', '-1', '1e3', '99999999', 'a,,b', '2026-02-30', 'x'.repeat(300)];

test("a value a route's parameter refuses is its 400 before the key is checked or the handler runs: every route, every parameter it declares", async () => {
  const facts = dist.manifest.content;
  // A key required and none given: a request that got as far as the gate would be a 401; a search begun would call this.
  let searched = 0;
  const data = tempDir();
  const keyed = createApp({ dist, auth: 'required', keys: await FileKeyStore.open(data), usage: await FileUsageStore.open(data, { flushEveryMs: 0 }), limiter: createLimiter(memoryFactory), anonLimit: 0, search: () => (searched++, Promise.reject(new Error('no search here'))) });
  let checked = 0;
  const acceptsAll: string[] = [];
  for (const route of GET_ROUTES) {
    for (const p of QUERY_RULES[route.id].order) {
      const [path, example] = route.example.split('?');
      const query = (value: string) => {
        const q = new URLSearchParams(example ?? '');
        q.set(p.name, value);
        return q;
      };
      // The first value this parameter refuses on this route (with the example's other values: sl is read with its ch).
      const value = REFUSABLE.find((v) => {
        const read = readQuery(route.id, query(v), facts);
        return 'refused' in read && read.refused.startsWith(`${p.name}: `);
      });
      if (value === undefined) {
        assert.ok(REFUSABLE.every((v) => !isRefused(p.read(v, facts))), `${route.id} ${p.name}: its reader refuses a value, never on this route`);
        acceptsAll.push(p.name);
        continue;
      }
      const url = `${path}?${query(value)}`;
      const r = await keyed.handle({ method: 'GET', url, header: () => undefined, ip: '10.0.0.2', body: async () => null });
      assert.is(r.status, 400, `${url}: ${r.status}`);
      const body = typeof r.body === 'string' ? r.body : Buffer.from(r.body as Uint8Array).toString();
      const expected = (readQuery(route.id, query(value), facts) as { refused: string }).refused;
      const said = route.page ? body.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&') : JSON.parse(body).error;
      assert.ok(said.includes(expected), `${url}: ${said.slice(0, 200)}`);
      checked++;
    }
  }
  assert.is(searched, 0, 'no search was begun');
  // ref takes any text: the handler reads it as a reference (content/citations.ts), in the path or the query alike.
  assert.equal([...new Set(acceptsAll)], ['ref']);
  assert.ok(checked > 50, `${checked} checked`);
});

test('readQuery: the values typed, read once; a query of none of the route\'s parameters reads nothing', () => {
  const facts = dist.manifest.content;
  assert.equal(readQuery('card', new URLSearchParams('ch=2&sl=47&theme=dark&_=1'), facts), { valid: { ch: 2, sl: 47, theme: 'dark' } });
  assert.equal(readQuery('verse', new URLSearchParams('authors=tej,siva,tej'), facts), { valid: { authors: ['siva', 'tej'] } });
  // The first refusal in the route's order wins; the values after it are read still (a search's format says the 400's form).
  assert.equal(readQuery('search', new URLSearchParams('format=html&q=%20'), facts), { refused: 'q: empty; the words to search for, in English, Hindi or Sanskrit (Devanagari, IAST or plain ASCII)', valid: { format: 'html' } });
  class Counted extends URLSearchParams {
    lookups = 0;
    override getAll(name: string) {
      this.lookups++;
      return super.getAll(name);
    }
  }
  const busters = new Counted('_=1&v=2');
  assert.equal(readQuery('search', busters, facts), { valid: {} });
  assert.is(busters.lookups, 0);
  const one = new Counted('q=lotus&_=1');
  readQuery('search', one, facts);
  assert.is(one.lookups, 1, 'only the parameters given are looked up');
});

test('a search asked for as a page answers a refused value as a page; a refused format, as JSON', async () => {
  const page = await get('/search?q=karma&limit=500&format=html');
  assert.is(page.status, 400);
  assert.match(page.type, /^text\/html/);
  assert.ok(page.body.includes('limit: &quot;500&quot; is not a number of results') || page.body.includes('limit: "500" is not a number of results'), page.body.slice(0, 300));
  assert.match(await refused('/search?q=karma&format=xml', false), /^format: "xml" is not a format/);
});

test.run();
