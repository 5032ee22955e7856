// The one reader of a web-standard request's body up to a byte limit, used by
// the web adapter (Deno, Bun) and the MCP handler: the whole body under the
// limit, null past it (declared or sent), ClientGone when the client goes away.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readCappedBody } from '../../src/request/capped-body.ts';
import { ClientGone } from '../../src/http/types.ts';

/** A POST whose body arrives in `chunks`, with no Content-Length unless given. */
function post(chunks: Uint8Array[], headers: Record<string, string> = {}): { request: Request; pulled: () => number; cancelled: () => boolean } {
  let pulled = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks.length) return controller.close();
      controller.enqueue(chunks[pulled++]);
    },
    cancel() {
      cancelled = true;
    },
  });
  const request = new Request('http://localhost/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
  return { request, pulled: () => pulled, cancelled: () => cancelled };
}

const bytes = (n: number, fill = 97) => new Uint8Array(n).fill(fill);

test('a body within the limit comes back whole, its chunks joined in order', async () => {
  const { request } = post([bytes(3, 1), bytes(4, 2), bytes(3, 3)]);
  const body = await readCappedBody(request, 10);
  assert.equal([...body!], [1, 1, 1, 2, 2, 2, 2, 3, 3, 3]);
});

test('no body is an empty one', async () => {
  assert.is((await readCappedBody(new Request('http://localhost/x', { method: 'POST' }), 10))!.length, 0);
});

test('a body that passes the limit is null, and the rest is not read', async () => {
  const { request, pulled, cancelled } = post([bytes(6), bytes(6), bytes(6), bytes(6)]);
  assert.is(await readCappedBody(request, 10), null);
  assert.ok(pulled() < 4, `${pulled()} chunks read`);
  assert.ok(cancelled(), 'the stream is cancelled');
});

test('a body declared too large is null before a byte is read', async () => {
  const { request } = post([bytes(4)], { 'content-length': '11' });
  assert.is(await readCappedBody(request, 10), null);
  assert.not.ok(request.bodyUsed, 'the body is not touched');
});

test('a client that goes away mid-body is ClientGone', async () => {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes(2));
      controller.error(new Error('connection reset'));
    },
  });
  const request = new Request('http://localhost/x', { method: 'POST', body, duplex: 'half' } as RequestInit);
  await readCappedBody(request, 10).then(
    () => assert.unreachable('read a body that never ended'),
    (err) => assert.instance(err, ClientGone),
  );
});

test.run();
