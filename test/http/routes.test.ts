import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchRoute } from '../../src/contract/match.ts';
import { cardQuery, verseFilter } from '../../src/contract/query.ts';
import { ROUTES } from '../../src/contract/routes/index.ts';
import { acceptedCodings, pickCoding } from '../../src/http/negotiate.ts';

const counts = [47, 72, 43, 42, 29, 47, 30, 28, 34, 42, 55, 20, 35, 27, 20, 24, 28, 78];
const id = (path: string) => {
  const m = matchRoute(path, counts);
  return m.route ? `${m.route.id}${'ch' in m && m.ch ? ` ${m.ch}` : ''}${'sl' in m && m.sl ? `.${m.sl}` : ''}` : `404 ${m.notFound}`;
};

test('routes match their paths, with and without a trailing slash', () => {
  assert.is(id('/'), 'docs');
  assert.is(id('/slok'), 'random-verse');
  assert.is(id('/slok/'), 'random-verse');
  assert.is(id('/slok/2/47'), 'verse 2.47');
  assert.is(id('/slok/2/73'), 'verse 2.73');
  assert.is(id('/slok/2/47/'), 'verse 2.47');
  assert.is(id('/slok/2/47/gita.svg'), 'verse-card 2.47');
  assert.is(id('/chapters'), 'chapters');
  assert.is(id('/chapter'), 'chapters');
  assert.is(id('/chapter/18'), 'chapter 18');
  assert.is(id('/gita.svg'), 'card');
  assert.is(id('/gita-dark.svg'), 'card');
  assert.is(id('/slok/2/47/gita-light.svg'), 'verse-card 2.47');
  assert.is(id('/slok/2/47/gita-blue.svg'), '404 verse');
  assert.is(id('/pricing'), 'pricing');
  assert.is(id('/openapi.json'), 'openapi');
  assert.is(id('/usage'), 'usage');
  assert.is(id('/healthz'), 'healthz');
  assert.is(id('/register'), 'register');
  assert.is(id('/%73lok/2/47'), 'verse 2.47', 'percent-encoded letters are the same path');
});

test('numbers must be plain decimal integers in range; the wording follows the family', () => {
  for (const p of ['/slok/2/74', '/slok/0/1', '/slok/19/1', '/slok/02/4', '/slok/2/4.0', '/slok/2/%2B4', '/slok/2', '/slok/2/4/x', '/slok/9999999/1', '/slok/2/%ZZ']) assert.is(id(p), '404 verse', p);
  for (const p of ['/chapter/0', '/chapter/19', '/chapter/1x', '/chapters/1', '/chapter/1/2', '/chapter/%']) assert.is(id(p), '404 chapter', p);
  for (const p of ['', 'slok', '/x', '//slok', '/index.html', '/healthz/1']) assert.is(id(p), '404 resource', p);
});

test('every route has a unique id and a documented example', () => {
  assert.is(new Set(ROUTES.map((r) => r.id)).size, ROUTES.length);
  for (const r of ROUTES) assert.ok(r.example.startsWith('/') && r.summary.length > 10, r.id);
});

const facts = { versesPerChapter: counts, speakers: [{ slug: 'krishna', name: 'श्रीभगवान्' }, { slug: 'arjuna', name: 'अर्जुन' }], commentaries: [{ key: 'siva' }] };
/** A refusal: its message starts with the parameter it names. */
const refusedFor = (r: object, name: string, what: string) => assert.match('error' in r ? String(r.error) : JSON.stringify(r), new RegExp(`^${name}: `), what);
const any = { ch: 0, speaker: -1 };

test('card queries: none, ch, ch and sl, speaker; anything else is refused, naming the parameter', () => {
  const q = (s: string) => cardQuery(new URLSearchParams(s), facts);
  assert.equal(q(''), any);
  assert.equal(q('api_key=x'), any);
  assert.equal(q('api_key=x&theme=dark'), { ...any, theme: 'dark' });
  assert.equal(q('ch=3&theme=light'), { ch: 3, speaker: -1, theme: 'light' });
  refusedFor(q('theme=blue'), 'theme', 'theme=blue');
  assert.match((q('theme=blue') as { error: string }).error, /expected one of auto, light, dark/);
  assert.equal(q('ch=2'), { ch: 2, speaker: -1 });
  assert.equal(q('ch=2&sl=73'), { ch: 2, speaker: -1, sl: 73 });
  assert.equal(q('speaker=Arjuna&ch=1'), { ch: 1, speaker: 1 });
  const bad: Array<[string, string]> = [['sl=3', 'sl'], ['ch=0', 'ch'], ['ch=19', 'ch'], ['ch=2&sl=74', 'sl'], ['ch=02', 'ch'], ['ch=2&sl=', 'sl'], ['ch=2&ch=3', 'ch'], ['ch=2&sl=1&sl=2', 'sl'], ['ch=', 'ch'], ['speaker=', 'speaker'], ['speaker=bhishma', 'speaker'], ['speaker=krishna&speaker=arjuna', 'speaker'], ['speaker=krishna&sl=3', 'sl']];
  for (const [query, name] of bad) refusedFor(q(query), name, query);
  assert.match((q('speaker=bhishma') as { error: string }).error, /expected one of krishna, arjuna \(any case\), or the Devanagari name/);
});

test('verse filters: ch and speaker by slug (any case) or Devanagari (any normalization)', () => {
  const f = (s: string) => verseFilter(new URLSearchParams(s), facts);
  assert.equal(f(''), any);
  assert.equal(f('speaker=KRISHNA'), { ch: 0, speaker: 0 });
  assert.equal(f(`speaker=${encodeURIComponent('श्रीभगवान्'.normalize('NFD'))}&ch=18`), { ch: 18, speaker: 0 });
  assert.equal(f('ch=4&api_key=x'), { ch: 4, speaker: -1 });
  for (const bad of ['ch=0', 'ch=19', 'ch=x', 'speaker=sanjaya', 'speaker=', 'ch=1&ch=2']) refusedFor(f(bad), bad.slice(0, bad.indexOf('=')), bad);
});

test('content coding: brotli first, q-values respected, identity when nothing fits', () => {
  assert.is(pickCoding(undefined), null);
  assert.is(pickCoding('gzip, deflate, br'), 'br');
  assert.is(pickCoding('gzip'), 'gzip');
  assert.is(pickCoding('br;q=0, gzip'), 'gzip');
  assert.is(pickCoding('gzip;q=1, br;q=0.5'), 'gzip');
  assert.is(pickCoding('*'), 'br');
  assert.is(pickCoding('*;q=0'), null);
  assert.is(pickCoding('identity'), null);
  assert.is(pickCoding('deflate'), null);
  // Every coding taken, best first: a file without a brotli twin (a card) goes out in the next.
  assert.equal(acceptedCodings('gzip, deflate, br'), ['br', 'gzip']);
  assert.equal(acceptedCodings('gzip;q=1, br;q=0.5'), ['gzip', 'br']);
  assert.equal(acceptedCodings('br'), ['br']);
  assert.equal(acceptedCodings('br;q=0, gzip'), ['gzip']);
  assert.equal(acceptedCodings(undefined), []);
});

test.run();
