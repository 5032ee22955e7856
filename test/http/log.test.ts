// The request log (src/http/log.ts): a line per request with api_key
// redacted, or none when the operator turns it off; the other lines either way.
// A request's line is copied a character at a time when it can be: whatever
// comes in, the line must read as the format says (checked here against the
// format written out, on random requests; TEST_SEED=<n> replays a run).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLog, redact } from '../../src/http/log.ts';
import { mulberry32 } from '../../scripts/mulberry32.mjs';

const seed = Number(process.env.TEST_SEED ?? Date.now() % 2 ** 31);
const random = mulberry32(seed);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

test('the request log: a line per request, none with requests off, and the other lines either way', () => {
  for (const requests of [true, false]) {
    const out: string[] = [];
    const log = createLog((c) => out.push(Buffer.from(c).toString()), 100, { requests });
    log.request('GET', '/chapter/4?api_key=secret&x=1', 200, 1.25);
    log.line('serving build abc');
    const text = out.join('');
    assert.is(/GET \/chapter\/4\?api_key=\[redacted\]&x=1 200 1\.\dms\n/.test(text), requests, text);
    assert.ok(text.endsWith('serving build abc\n'), text);
    assert.not.ok(text.includes('secret'));
  }
});

const PIECES = ['slok', '2', '47', 'chapter', '?', '&', '=', 'api_key', 'API_KEY', 'api%5Fkey', 'lang=en', '%', '%zz', 'secret', '\u0000', '\n', '\u001b[31m', '\u007f', 'é', 'ā', 'आत्मन्', '\u00ff', '\ud83d\ude00', ' ', '#', ';', '+'];
const KEY_BEFORE = ['?', '??', '&', '?x=1&', ';', '?a=%zz&'];
const KEY_NAMES = ['api_key', 'API_KEY', 'Api_Key', 'api%5Fkey', 'api%5fKEY', 'api_k%65y', '%61pi_key'];
const METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS', '-', 'M-SEARCH', 'GÉT', 'A'.repeat(300)];
const STATUSES = [200, 204, 304, 400, 404, 413, 431, 499, 500, 503, 99, 1000, 2.5];
const TIMES = [0, 0.04, 0.05, 0.15, 1.25, 9.95, 12.3456, 999.99, 123456.7, -1, Number.NaN, Infinity, 1e21];

/** The line as the log's format reads: time, method, path (api_key redacted, cut at 512), status, milliseconds to one decimal. */
function expected(method: string, url: string, status: number, ms: number): string {
  const shown = url.length > 512 ? `${url.slice(0, 512)}...` : url;
  return `${method} ${redact(shown)} ${status} ${ms.toFixed(1)}ms`;
}

test(`every request's line reads as its format says, and no key is ever written (TEST_SEED=${seed})`, () => {
  const chunks: Uint8Array[] = [];
  const log = createLog((c) => chunks.push(typeof c === 'string' ? Buffer.from(c) : Buffer.from(c)), 100);
  const asked: string[] = [];
  /** Line number -> the token of a key the server would read from that request. */
  const keys = new Map<number, string>();
  const before = Date.now();
  for (let i = 0; i < 20_000; i++) {
    let url = '/';
    const parts = Math.floor(random() * 12);
    for (let p = 0; p < parts; p++) url += pick(PIECES) + (random() < 0.3 ? '/' : '');
    // A key, spelled as a client may spell it, where a client may put it: its value holds a token found nowhere else.
    const token = `K${i}Z`;
    if (random() < 0.3) url += `${pick(KEY_BEFORE)}${pick(KEY_NAMES)}=${token}`;
    for (let p = 0; p < parts / 2; p++) url += pick(PIECES);
    if (random() < 0.01) url += 'x'.repeat(400 + Math.floor(random() * 300));
    const q = url.indexOf('?');
    // What the server reads as the key: the query after the first `?`, as URLSearchParams parses it.
    if (q !== -1 && url.length <= 512 && new URLSearchParams(url.slice(q + 1)).getAll('api_key').some((v) => v.includes(token))) keys.set(asked.length, token);
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
  assert.ok(keys.size > 1000, `${keys.size} keys asked`);
  for (const [i, token] of keys) assert.not.ok(lines[i].includes(token), `line ${i} holds the key: ${lines[i]}`);
});

test.run();
