// A web-standard request's body, read up to a byte limit and no further: the
// app's adapter for Deno and Bun (src/http/web.ts) and the MCP handler for any
// runtime (src/mcp/http.ts) both take bodies from a Request, and both must refuse a
// body past their limit without holding the rest of it in memory.

/** The client went away before its request body was read whole: nobody to answer; logged as 499, no stack. */
export class ClientGone extends Error {
  constructor() {
    super('the client closed the connection before sending its whole body');
  }
}

/**
 * The body of `request`, or null when it is longer than `max` bytes. A body
 * declared too large (Content-Length) is refused before a byte is read, not
 * after the client has sent it all (or held the connection to the request
 * timeout); one that turns out too large is cancelled as soon as it passes
 * `max`. Rejects with ClientGone when the client goes away meanwhile.
 */
export async function readCappedBody(request: Request, max: number): Promise<Uint8Array | null> {
  if (Number(request.headers.get('content-length')) > max) return null;
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      throw new ClientGone();
    }
    const { done, value } = next;
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
