// The request log (src/http/log.ts): a line per request with no key in it,
// or none when the operator turns it off; the other lines either way, with no
// key in them either (src/http/redact.ts). A request's line is copied a
// character at a time when it can be: whatever comes in, the line must read
// as the format says (checked here against the format written out, on random
// requests). The random runs use the seeds that once found a leak, then a new
// one; TEST_SEED=<n> runs that seed alone.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLog } from '../../src/http/log.ts';
import { loggedTarget, scrubLine } from '../../src/http/redact.ts';
import { mulberry32 } from '../../scripts/mulberry32.mjs';

/** Seeds that found a leak: `OPTIONS /??api_key=X#+??api%5Fkey=K…` wrote K (a key after a `#` inside a key's value). */
const FOUND_LEAKS = [470667599];
const SEEDS = process.env.TEST_SEED ? [Number(process.env.TEST_SEED)] : [...FOUND_LEAKS, Date.now() % 2 ** 31];

test('the request log: a line per request, none with requests off, and the other lines either way', () => {
  for (const requests of [true, false]) {
    const out: string[] = [];
    const log = createLog((c) => out.push(Buffer.from(c).toString()), 100, { requests });
    log.request('GET', '/chapter/4?api_key=secret&x=1', 200, 1.25);
    log.line('serving build abc');
    const text = out.join('');
    assert.is(/GET \/chapter\/4\?api_key=\[redacted\]&x=\[redacted\] 200 1\.\dms\n/.test(text), requests, text);
    assert.ok(text.endsWith('serving build abc\n'), text);
    assert.not.ok(text.includes('secret'));
  }
});

test('a known parameter is logged with its value, any other by its name, a key never', () => {
  const cases: Array<[string, string]> = [
    ['/search?q=karma&lang=en&api_key=gita_abcdefghijklmnop', '/search?q=karma&lang=en&api_key=[redacted]'],
    ['/slok/2/47?foo=bar&lang=hi', '/slok/2/47?foo=[redacted]&lang=hi'],
    ['/slok;api_key=K1', '/slok;api_key=[redacted]'],
    ['/slok&&&api%5Fkey=K2&&lang=en', '/slok&&&api%5Fkey=[redacted]&&lang=en'],
    ['/slok??API_KEY=K3', '/slok??API_KEY=[redacted]'],
    ['/slok#api_key=K4', '/slok#api_key=[redacted]'],
    ['/slok?lang=en#+api_key=K5', '/slok?lang=en#+api_key=[redacted]'],
    ['/slok?%20api_key%20=K6', '/slok?%20api_key%20=[redacted]'],
    ['/slok?q=api_key=K7', '/slok?q=[redacted]'],
    ['/slok?q=api%5Fkey%3DK8', '/slok?q=[redacted]'],
    ['/gita_abcdefghijklmnopqrs/x', '/gita_[redacted]/x'],
    ['/slok?lang', '/slok?lang'],
    ['/a\nb?x=1', '/a\\x0ab?x=[redacted]'],
  ];
  for (const [given, logged] of cases) assert.is(loggedTarget(given), logged, given);
});

test('every other line loses what looks like a key', () => {
  const cases: Array<[string, string]> = [
    ['error: GET /slok?api_key=K9 failed', 'error: GET /slok?api_key=[redacted] failed'],
    ['headers: {"x-api-key": "gita_abcdefghijklmnopqrstuvwx"}', 'headers: {"x-api-key": "gita_[redacted]"}'],
    ['x-api-key: K10', 'x-api-key: [redacted]'],
    ['Authorization: Bearer K11', 'Authorization: Bearer [redacted]'],
    ['REDIS_URL redis://user:hunter2@127.0.0.1:6379 down', 'REDIS_URL redis://user:[redacted]@127.0.0.1:6379 down'],
    ['serving build abc', 'serving build abc'],
  ];
  for (const [given, logged] of cases) assert.is(scrubLine(given), logged, given);
  const out: string[] = [];
  const log = createLog((c) => out.push(Buffer.from(c).toString()), 100);
  log.line('error: Error: bad ?api_key=K12\n    at handler (app.ts:1:1)');
  assert.is(out.join(''), 'error: Error: bad ?api_key=[redacted]\n    at handler (app.ts:1:1)\n');
});

const PIECES = ['slok', '2', '47', 'chapter', '?', '&', '=', 'api_key', 'API_KEY', 'api%5Fkey', 'lang=en', 'q=', 'lang', '%', '%zz', 'secret', '\u0000', '\n', '\u001b[31m', '\u007f', 'é', 'ā', 'आत्मन्', '\u00ff', '\ud83d\ude00', ' ', '#', ';', '+', '%20', 'gita_'];
/** Where a client may put a key: after any separator, in any run of them, after a known parameter's value, after a #, in a path after ; or &. */
const KEY_BEFORE = ['?', '??', '&', '&&&', '?x=1&', ';', '/;', '&', '#', '#?', '#+??', '?lang=en#', '?q=', '?q=x&', '?a=%zz&', '?;', '?&?'];
/** How a client may spell the key's name: any case, percent-encoded, with spaces or a leading ?. */
const KEY_NAMES = ['api_key', 'API_KEY', 'Api_Key', 'api%5Fkey', 'api%5fKEY', 'api_k%65y', '%61pi_key', ' api_key', '+api_key', '%20api_key', 'api_key%20', '?api_key', 'api%5F%4Bey'];
const METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS', '-', 'M-SEARCH', 'GÉT', 'A'.repeat(300)];
const STATUSES = [200, 204, 304, 400, 404, 413, 431, 499, 500, 503, 99, 1000, 2.5];
const TIMES = [0, 0.04, 0.05, 0.15, 1.25, 9.95, 12.3456, 999.99, 123456.7, -1, Number.NaN, Infinity, 1e21];

/** The line as the log's format reads: time, method, target (as redact.ts writes it, cut at 512), status, milliseconds to one decimal. */
function expected(method: string, url: string, status: number, ms: number): string {
  const target = loggedTarget(url);
  const shown = target.length > 512 ? `${target.slice(0, 512)}...` : target;
  return `${method} ${shown} ${status} ${ms.toFixed(1)}ms`;
}

for (const seed of SEEDS) {
  test(`every request's line reads as its format says, and no key is ever written (TEST_SEED=${seed})`, () => {
    const random = mulberry32(seed);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    const chunks: Uint8Array[] = [];
    const log = createLog((c) => chunks.push(typeof c === 'string' ? Buffer.from(c) : Buffer.from(c)), 100);
    const asked: string[] = [];
    /** Line number -> the token of a key a client put in that request. */
    const keys = new Map<number, string>();
    const before = Date.now();
    for (let i = 0; i < 20_000; i++) {
      let url = '/';
      const parts = Math.floor(random() * 12);
      for (let p = 0; p < parts; p++) url += pick(PIECES) + (random() < 0.3 ? '/' : '');
      // A key, spelled as a client may spell it, where a client may put it: its value holds a token found nowhere else.
      const token = `K${i}Z`;
      if (random() < 0.3) {
        url += `${pick(KEY_BEFORE)}${pick(KEY_NAMES)}=${token}`;
        keys.set(asked.length, token);
      }
      for (let p = 0; p < parts / 2; p++) url += pick(PIECES);
      if (random() < 0.01) url += 'x'.repeat(400 + Math.floor(random() * 300));
      const method = random() < 0.8 ? 'GET' : pick(METHODS);
      const status = random() < 0.7 ? 200 : pick(STATUSES);
      const ms = random() < 0.8 ? random() * 50 : pick(TIMES);
      log.request(method, url, status, ms);
      asked.push(expected(method, url, status, ms));
      // Now and then another line between requests' lines.
      if (random() < 0.001) {
        log.line(`serving build ${i}`);
        asked.push(`serving build ${i}`);
      }
    }
    log.flush();
    const after = Date.now();
    const lines = Buffer.concat(chunks).toString().split('\n');
    assert.is(lines.pop(), '', 'the last line ends with a newline');
    assert.is(lines.length, asked.length);
    for (let i = 0; i < lines.length; i++) {
      if (asked[i].startsWith('serving build ')) {
        assert.is(lines[i], asked[i]);
        continue;
      }
      const space = lines[i].indexOf(' ');
      const stamp = lines[i].slice(0, space);
      const t = Date.parse(stamp);
      assert.ok(new Date(t).toISOString() === stamp && t >= before && t <= after, `line ${i}: ${stamp} is not the time of the request`);
      assert.is(lines[i].slice(space + 1), asked[i], `line ${i}`);
    }
    assert.ok(keys.size > 5000, `${keys.size} keys asked`);
    for (const [i, token] of keys) assert.not.ok(lines[i].includes(token), `line ${i} holds the key: ${lines[i]}`);
  });
}

test.run();
