// What a client that takes brotli, gzip or both gets from a server, checked
// over real HTTP: every answer over 1 kB compressed in the coding it prefers,
// decoding byte for byte to the answer a client without Accept-Encoding
// gets, with Vary and an ETag of its own; small answers as they are.
import * as assert from 'uvu/assert';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fetchRaw, type Reply } from './http.ts';

/** The Accept-Encoding values a client sends, and the coding each must get. */
export const ACCEPTS = [
  { header: 'br', coding: 'br' },
  { header: 'gzip', coding: 'gzip' },
  { header: 'br, gzip', coding: 'br' },
] as const;

/** Answers below this may go as they are (compressing them saves too little): src/http/on-demand.ts, MIN_COMPRESS_BYTES. */
export const SMALL = 1024;

export const decode = (r: Reply): Buffer => {
  const coding = r.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(r.body);
  if (coding === 'gzip') return gunzipSync(r.body);
  assert.is(coding, undefined, 'a coding the client asked for');
  return r.body;
};

export interface Coded {
  identity: Reply;
  /** By Accept-Encoding header. */
  coded: Record<string, Reply>;
}

/**
 * Ask `path` without Accept-Encoding, then with each of ACCEPTS, and check
 * each answer against the identity one: 200, the coding asked for when the
 * answer is over 1 kB (`small`: under it, as it is, for an answer compressed
 * on demand), the same bytes once decoded, Vary: Accept-Encoding, an ETag
 * per coding.
 */
export async function checkCodings(base: string, path: string, small: 'identity' | 'any' = 'identity'): Promise<Coded> {
  const identity = await fetchRaw(base, path);
  assert.is(identity.status, 200, `${path}: ${identity.text.slice(0, 200)}`);
  assert.is(identity.headers['content-encoding'], undefined, `${path}: no coding to a client that asks for none`);
  const coded: Record<string, Reply> = {};
  const etags = new Set<string>(identity.headers.etag ? [identity.headers.etag] : []);
  for (const { header, coding } of ACCEPTS) {
    const r = await fetchRaw(base, path, { headers: { 'accept-encoding': header } });
    coded[header] = r;
    assert.is(r.status, 200, `${path} [${header}]`);
    assert.ok(decode(r).equals(identity.body), `${path} [${header}]: decodes byte for byte to the identity answer (${r.body.length} bytes, ${r.headers['content-encoding']})`);
    if (identity.body.length > SMALL) {
      assert.is(r.headers['content-encoding'], coding, `${path} [${header}]: ${identity.body.length} bytes, not sent as they are`);
      assert.ok(r.body.length < identity.body.length, `${path} [${header}]: smaller`);
    } else if (small === 'identity') assert.is(r.headers['content-encoding'], undefined, `${path} [${header}]: ${identity.body.length} bytes go as they are`);
    if (r.headers['content-encoding']) {
      assert.match(r.headers.vary ?? '', /Accept-Encoding/i, `${path} [${header}]: Vary`);
      if (identity.headers.etag) {
        assert.ok(r.headers.etag && r.headers.etag !== identity.headers.etag, `${path} [${header}]: an ETag of its own (${r.headers.etag})`);
        etags.add(r.headers.etag);
      }
    }
  }
  // br and "br, gzip" get the same representation, gzip another: three ETags when all were compressed.
  if (identity.headers.etag && identity.body.length > SMALL) assert.is(etags.size, 3, `${path}: an ETag per coding: ${[...etags]}`);
  return { identity, coded };
}

/**
 * HEAD, Range and If-None-Match on a compressed answer, as a twin streamed
 * from disk answers them: HEAD the GET's headers without the body, a byte
 * range of the compressed bytes (206, Content-Range), 416 past the end, 304
 * for the coding's ETag.
 */
export async function checkHeadAndRange(base: string, path: string, header: string, compressed: Reply): Promise<void> {
  const ae = { 'accept-encoding': header };
  const head = await fetchRaw(base, path, { method: 'HEAD', headers: ae });
  assert.is(head.status, 200, `HEAD ${path}`);
  assert.is(head.body.length, 0, `HEAD ${path}: no body`);
  for (const name of ['content-encoding', 'content-length', 'etag', 'vary', 'content-type']) assert.is(head.headers[name], compressed.headers[name], `HEAD ${path}: ${name}`);
  assert.is(Number(compressed.headers['content-length']), compressed.body.length, `${path}: Content-Length`);
  const part = await fetchRaw(base, path, { headers: { ...ae, range: 'bytes=10-109' } });
  assert.is(part.status, 206, `${path}: a range`);
  assert.is(part.headers['content-range'], `bytes 10-109/${compressed.body.length}`, `${path}: Content-Range`);
  assert.is(part.headers['content-encoding'], compressed.headers['content-encoding'], `${path}: the range is of the compressed bytes`);
  assert.ok(part.body.equals(compressed.body.subarray(10, 110)), `${path}: the bytes of the range`);
  const past = await fetchRaw(base, path, { headers: { ...ae, range: `bytes=${compressed.body.length}-` } });
  assert.is(past.status, 416, `${path}: a range past the end`);
  assert.is(past.headers['content-range'], `bytes */${compressed.body.length}`);
  const again = await fetchRaw(base, path, { headers: { ...ae, 'if-none-match': compressed.headers.etag } });
  assert.is(again.status, 304, `${path}: 304 for the coding's ETag`);
}
