// The request bodies as the routes declare them (src/contract/bodies.ts):
// every route that describes a body reads it by a declared reader, which
// gives its handler the value or refuses the body in the route's words.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MCP_BODY, REFS_BODY } from '../../src/contract/bodies.ts';
import { MAX_REFS_BODY, MCP_MAX_BODY } from '../../src/contract/limits.ts';
import { ROUTES } from '../../src/contract/routes/index.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

/** Routes that describe a body but read it themselves, and why. */
const READ_BY_ITS_HANDLER: Record<string, string> = {
  register: "a form post's refusals are the pricing page with the form and its errors, and a closed registration answers 403 before the body is read (src/http/register.ts)",
};

test('every route that describes a body (OpenAPI requestBody) declares how it is read, but those that say why', () => {
  for (const r of ROUTES) assert.is(!!r.body, !!r.requestBody && !(r.id in READ_BY_ITS_HANDLER), r.id);
  for (const id of Object.keys(READ_BY_ITS_HANDLER)) assert.ok(ROUTES.some((r) => r.id === id && r.requestBody), `${id} describes a body`);
  assert.ok(ROUTES.filter((r) => r.body).length >= 2);
});

test('POST /refs: the text as JSON or plain text; the type, the size, the encoding and the field refused in its words', () => {
  assert.equal(REFS_BODY.read('application/json', bytes('{"text":"Gita 2.47"}')), { value: 'Gita 2.47' });
  assert.equal(REFS_BODY.read('text/plain; charset=utf-8', bytes('Gita 2.47')), { value: 'Gita 2.47' });
  assert.equal(REFS_BODY.read('text/html', bytes('x')), { status: 415, body: { error: 'Unsupported Media Type' } });
  assert.equal(REFS_BODY.read('text/plain', null), { status: 413, body: { error: 'Payload Too Large' }, close: true });
  assert.equal(REFS_BODY.read('text/plain', new Uint8Array([0xff, 0xfe])), { status: 400, body: { error: 'the body is not UTF-8 text; send {"text": "..."} as application/json, or the text as text/plain' } });
  assert.equal(REFS_BODY.read('application/json', bytes('{"text":1}')), { status: 400, body: { error: 'text: missing; send {"text": "..."}, a string' } });
  assert.is(REFS_BODY.max, MAX_REFS_BODY);
});

test('POST /mcp: JSON-RPC as JSON; refusals are JSON-RPC errors, a BOM is not JSON', () => {
  assert.equal(MCP_BODY.read('application/json', bytes('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')), { value: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
  const over = MCP_BODY.read('application/json', null);
  assert.ok('status' in over && over.status === 413 && over.close);
  const type = MCP_BODY.read('text/plain', bytes('{}'));
  assert.ok('status' in type && type.status === 415 && !type.close);
  const bom = MCP_BODY.read('application/json', bytes('\ufeff{}'));
  assert.ok('status' in bom && bom.status === 400, 'a body that begins with a BOM is not parsed as JSON');
  assert.is(MCP_BODY.max, MCP_MAX_BODY);
});

test.run();
