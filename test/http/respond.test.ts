// The responders a handler answers through when another module made the
// answer (a web-standard handler's Response): its headers kept, the
// contract's own (length, CORS, nosniff, rate limits) set by the server.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { given } from '../../src/http/respond.ts';
import type { AppResponse } from '../../src/http/types.ts';

const asRecord = (flat: string[]) => {
  const names = flat.filter((_, i) => i % 2 === 0);
  assert.is(new Set(names.map((n) => n.toLowerCase())).size, names.length, `no header twice: ${names.join(', ')}`);
  return Object.fromEntries(names.map((n, i) => [n.toLowerCase(), flat[2 * i + 1]]));
};

test('given: its own headers kept, its length and CORS replaced, no-store unless it says otherwise', () => {
  const res = new Response('{"jsonrpc":"2.0"}', { headers: { 'content-type': 'application/json', 'content-length': '999', 'access-control-allow-origin': 'https://evil.example', 'mcp-session-id': 'abc' } });
  const r = given(200, res.headers, new TextEncoder().encode('{"jsonrpc":"2.0"}'), undefined, 'br') as AppResponse;
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
  const r = given(202, [['Cache-Control', 'public, max-age=60'], ['Content-Type', 'text/plain']], 'ok', { allowed: true, limit: 10, remaining: 9, reset: 123, retryAfter: 0 }) as AppResponse;
  const h = asRecord(r.headers);
  assert.is(h['cache-control'], 'public, max-age=60');
  assert.is(h['x-ratelimit-remaining'], '9');
  assert.is(h['content-length'], '2');
});

test('given: a 200 of JSON over 1 kB goes compressed to a client that takes it, the same bytes once decoded; else as it is', async () => {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'karmaṇy evādhikāras te '.repeat(200) }] } });
  const json: Array<[string, string]> = [['Content-Type', 'application/json']];
  for (const [ae, coding, decode] of [['br', 'br', brotliDecompressSync], ['gzip', 'gzip', gunzipSync], ['gzip, br', 'br', brotliDecompressSync]] as const) {
    const r = await given(200, json, body, undefined, ae);
    const h = asRecord(r.headers);
    assert.is(h['content-encoding'], coding, ae);
    assert.is(h.vary, 'Accept-Encoding');
    assert.is(Number(h['content-length']), (r.body as Uint8Array).length);
    assert.is(decode(r.body as Uint8Array).toString(), body, ae);
  }
  const as = async (status: number, headers: Array<[string, string]>, text: string, ae?: string) => asRecord((await given(status, headers, text, undefined, ae)).headers)['content-encoding'];
  assert.is(await as(200, json, body), undefined, 'no Accept-Encoding');
  assert.is(await as(200, json, `{"a":"${'x'.repeat(1000)}"}`, 'br'), undefined, 'under 1 kB');
  assert.is(await as(202, json, body, 'br'), undefined, 'not a 200');
  assert.is(await as(200, [['Content-Type', 'text/event-stream']], body, 'br'), undefined, 'a stream of events');
  assert.is(await as(200, [['Content-Type', 'application/json'], ['Content-Encoding', 'gzip']], body, 'br'), 'gzip', 'coded already: as it is');
});

test.run();
