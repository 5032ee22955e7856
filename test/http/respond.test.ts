// The responders a handler answers through when another module made the
// answer (a web-standard handler's Response): its headers kept, the
// contract's own (length, CORS, nosniff, rate limits) set by the server.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../src/http/respond.ts';

const asRecord = (flat: string[]) => {
  const names = flat.filter((_, i) => i % 2 === 0);
  assert.is(new Set(names.map((n) => n.toLowerCase())).size, names.length, `no header twice: ${names.join(', ')}`);
  return Object.fromEntries(names.map((n, i) => [n.toLowerCase(), flat[2 * i + 1]]));
};

test('given: its own headers kept, its length and CORS replaced, no-store unless it says otherwise', () => {
  const res = new Response('{"jsonrpc":"2.0"}', { headers: { 'content-type': 'application/json', 'content-length': '999', 'access-control-allow-origin': 'https://evil.example', 'mcp-session-id': 'abc' } });
  const r = given(200, res.headers, new TextEncoder().encode('{"jsonrpc":"2.0"}'));
  const h = asRecord(r.headers);
  assert.is(h['content-type'], 'application/json');
  assert.is(h['content-length'], '17');
  assert.is(h['access-control-allow-origin'], '*');
  assert.is(h['x-content-type-options'], 'nosniff');
  assert.is(h['mcp-session-id'], 'abc');
  assert.is(h['cache-control'], 'no-store');
  assert.is(r.status, 200);
});

test('given: a Cache-Control of its own stays; the verdict adds the rate-limit headers', () => {
  const r = given(202, [['Cache-Control', 'public, max-age=60'], ['Content-Type', 'text/plain']], 'ok', { allowed: true, limit: 10, remaining: 9, reset: 123, retryAfter: 0 });
  const h = asRecord(r.headers);
  assert.is(h['cache-control'], 'public, max-age=60');
  assert.is(h['x-ratelimit-remaining'], '9');
  assert.is(h['content-length'], '2');
});

test.run();
