// The web-standard adapter: (Request) => Response, for Deno.serve and any
// runtime with the Fetch API. Files of dist/ not held in memory are read
// from disk here, each from one open file (file.ts).
import { byteRange, fileHeaders, openServed } from './file.ts';
import { internalError, json } from './respond.ts';
import { ClientGone, type App, type AppRequest, type AppResponse } from './types.ts';
import { readCappedBody } from '../request/capped-body.ts';
import { ERRORS } from '../contract/errors.ts';
import { MAX_HEADER_BYTES } from '../contract/limits.ts';
import type { RequestLog } from './log.ts';

export interface WebHandlerOptions {
  app: App;
  log: RequestLog;
  trustProxy?: boolean;
  onError?: (err: unknown) => void;
}

/** Connection details the runtime knows and the Request does not (Deno passes them as `info`). */
export interface ConnInfo {
  remoteAddr?: { hostname?: string };
}

class WebRequest implements AppRequest {
  readonly method: string;
  readonly url: string;
  constructor(
    private request: Request,
    private info: ConnInfo | undefined,
    private trustProxy: boolean,
  ) {
    this.method = request.method;
    const u = request.url;
    // The path and query as sent: the full URL minus scheme and authority.
    this.url = u.slice(u.indexOf('/', u.indexOf('//') + 2));
  }
  header(name: string): string | undefined {
    return this.request.headers.get(name) ?? undefined;
  }
  body(max: number): Promise<Uint8Array | null> {
    return readCappedBody(this.request, max);
  }
  get ip(): string {
    if (this.trustProxy) {
      const first = this.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
      if (first) return first;
    }
    return this.info?.remoteAddr?.hostname ?? 'unknown';
  }
}

/**
 * The Headers of a prepared header list, made once per list: the lists of
 * the files held in memory live as long as their build, and a Response copies
 * the Headers it is given. On Bun, building them per request (a native call
 * per header) was a tenth of a /chapter/2 answer's time in a CPU profile; a
 * Response from ready Headers costs what one with two headers does.
 */
const madeHeaders = new WeakMap<string[], Headers>();
function toHeaders(flat: string[]): Headers {
  let h = madeHeaders.get(flat);
  if (h) return h;
  h = new Headers();
  for (let i = 0; i < flat.length; i += 2) h.append(flat[i], flat[i + 1]);
  madeHeaders.set(flat, h);
  return h;
}

const NO_BODY = new Set([204, 304]);

/** A file of dist/, read whole from one open file (file.ts): its length that file's; a byte range when asked. */
async function readServed(file: string, range: string | null): Promise<{ status?: number; bytes: Uint8Array; headers: string[] }> {
  const opened = await openServed(file);
  if (!opened) throw new Error(`${file}: missing from dist/`);
  const { handle, size } = opened;
  try {
    const part = byteRange(range ?? undefined, size);
    if (part === 'unsatisfiable') return { status: 416, bytes: new Uint8Array(), headers: ['Content-Range', `bytes */${size}`, 'Content-Length', '0'] };
    const bytes = new Uint8Array(part ? part[1] - part[0] + 1 : size);
    let at = 0;
    while (at < bytes.length) {
      const { bytesRead } = await handle.read(bytes, at, bytes.length - at, (part ? part[0] : 0) + at);
      if (!bytesRead) break;
      at += bytesRead;
    }
    return { status: part ? 206 : undefined, bytes, headers: fileHeaders(size, part) };
  } finally {
    await handle.close();
  }
}

async function toResponse(r: AppResponse, method: string, root: string, range: string | null = null): Promise<Response> {
  let headers = toHeaders(r.headers);
  let body: ConstructorParameters<typeof Response>[0] = null;
  let status = r.status;
  // The shared Headers are never changed: an answer that adds to them gets a copy.
  if (r.file || r.close) headers = new Headers(headers);
  if (r.file) {
    const file = await readServed(root + r.file, r.status === 200 ? range : null);
    for (let i = 0; i < file.headers.length; i += 2) headers.set(file.headers[i], file.headers[i + 1]);
    status = file.status ?? status;
    body = file.bytes as Uint8Array<ArrayBuffer>;
  } else if (Array.isArray(r.body)) body = new Blob(r.body as Uint8Array<ArrayBuffer>[]);
  else if (r.body !== undefined) body = r.body as ConstructorParameters<typeof Response>[0];
  if (method === 'HEAD' || NO_BODY.has(status)) body = null;
  if (r.close) headers.set('Connection', 'close');
  return new Response(body, { status, headers });
}

function headerBytes(request: Request): number {
  let n = request.url.length;
  request.headers.forEach((value, name) => (n += name.length + value.length + 4));
  return n;
}

export function webHandler({ app, log, trustProxy = false, onError = () => {} }: WebHandlerOptions) {
  return async (request: Request, info?: ConnInfo): Promise<Response> => {
    const started = performance.now();
    const req = new WebRequest(request, info, trustProxy);
    let res: Response;
    try {
      const tooLarge = headerBytes(request) > MAX_HEADER_BYTES;
      res = await toResponse(tooLarge ? json(ERRORS.headersTooLarge.status, ERRORS.headersTooLarge.body) : await app.handle(req), req.method, app.dist.dir, request.headers.get('range'));
    } catch (err) {
      if (err instanceof ClientGone) {
        // Nobody to answer: logged as nginx logs it, no stack.
        log.request(req.method, req.url, 499, performance.now() - started);
        return new Response(null, { status: 499 });
      }
      onError(err);
      res = await toResponse(internalError(), req.method, '');
    }
    log.request(req.method, req.url, res.status, performance.now() - started);
    return res;
  };
}
