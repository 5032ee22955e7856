// The Node adapter: node:http in front of the app. Answers prepared in memory
// are written directly; files of dist/ that are not held in memory (pages,
// openapi.json) are streamed from one open file each (file.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FileHandle } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { byteRange, fileHeaders, openServed } from './file.ts';
import { COMMON_HEADERS } from '../contract/headers.ts';
import { MAX_HEADER_BYTES } from '../contract/limits.ts';
import { internalError } from './respond.ts';
import { ClientGone, type App, type AppRequest, type AppResponse } from './types.ts';
import type { RequestLog } from './log.ts';
import { keepTickShapes } from './tick-shapes.ts';
import { answerClientError } from './client-error.ts';

export interface NodeServerOptions {
  app: App;
  log: RequestLog;
  /** Take the client address from X-Forwarded-For (behind a proxy). */
  trustProxy?: boolean;
  /** Called with errors that became a 500, for the operator's log. */
  onError?: (err: unknown) => void;
}

/** Limits against slow and oversized requests. */
export const LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderBytes: MAX_HEADER_BYTES,
};

/**
 * A header from the raw list, without building req.headers: Node builds that
 * object lazily, and skipping it is a large part of the cost of a request.
 * Repeated headers are joined with ", " as Node does.
 */
export function rawHeader(raw: string[], name: string): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i];
    if (key.length === name.length && key.toLowerCase() === name) found = found === undefined ? raw[i + 1] : `${found}, ${raw[i + 1]}`;
  }
  return found;
}

/**
 * The app's view of a node:http request. A class, not an object literal with
 * a getter and closures: that shape costs a fifth of the throughput.
 */
class NodeRequest implements AppRequest {
  readonly method: string;
  readonly url: string;
  constructor(
    private req: IncomingMessage,
    private trustProxy: boolean,
  ) {
    this.method = req.method ?? 'GET';
    this.url = req.url ?? '/';
  }
  header(name: string): string | undefined {
    return rawHeader(this.req.rawHeaders, name);
  }
  get ip(): string {
    return clientAddress(this.req, this.trustProxy);
  }
  body(max: number): Promise<Uint8Array | null> {
    // Declared too large: refused before a byte is read, not after the client
    // has sent it all (or held the connection to the request timeout).
    if (Number(this.header('content-length')) > max) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > max) {
          this.req.off('data', onData);
          this.req.pause();
          resolve(null);
        } else chunks.push(chunk);
      };
      this.req.on('data', onData);
      this.req.once('end', () => resolve(size > max ? null : Buffer.concat(chunks)));
      // A client that goes away mid-body: aborted (an 'error'), or closed before the end.
      this.req.once('error', () => reject(new ClientGone()));
      this.req.once('close', () => {
        if (!this.req.complete) reject(new ClientGone());
      });
    });
  }
}

export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const first = rawHeader(req.rawHeaders, 'x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

export function createNodeServer({ app, log, trustProxy = false, onError = () => {} }: NodeServerOptions): Server {
  keepTickShapes();
  const writer: Writer = { app, log, onError };
  const server = createServer(
    {
      headersTimeout: LIMITS.headersTimeoutMs,
      requestTimeout: LIMITS.requestTimeoutMs,
      keepAliveTimeout: LIMITS.keepAliveTimeoutMs,
      maxHeaderSize: LIMITS.maxHeaderBytes,
      // How often Node checks the two timeouts above; its default (30 s) lets a slow client hold a connection for 40 s.
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => {
      const started = performance.now();
      const request = new NodeRequest(req, trustProxy);
      let out: AppResponse | Promise<AppResponse>;
      try {
        out = app.handle(request);
      } catch (err) {
        onError(err);
        out = internalError();
      }
      if (out instanceof Promise) {
        out.then(
          (r) => write(writer, req, res, r, started),
          (err) => {
            if (err instanceof ClientGone) {
              // Nobody to answer: logged as nginx logs it, no stack.
              log.request(req.method!, req.url!, 499, performance.now() - started);
              res.destroy();
              return;
            }
            onError(err);
            write(writer, req, res, internalError(), started);
          },
        );
      } else write(writer, req, res, out, started);
    },
  );
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => answerClientError(log, err, socket));
  return server;
}

/** What writing an answer needs: the app (its dist/, for files), the log, and the operator's report of errors. */
interface Writer {
  app: App;
  log: RequestLog;
  onError: (err: unknown) => void;
}

function write(writer: Writer, req: IncomingMessage, res: ServerResponse, r: AppResponse, started: number) {
  try {
    if (r.file) {
      void sendFile(writer, req, res, r, started);
      return;
    }
    if (r.close) res.shouldKeepAlive = false;
    res.writeHead(r.status, r.headers);
    end(res, r.body);
  } catch (err) {
    const { onError } = writer;
    onError(err);
    if (!res.headersSent) send(res, internalError());
    else res.destroy();
  }
  writer.log.request(req.method!, req.url!, res.statusCode, performance.now() - started);
}

/** A file of dist/, streamed from one open file (file.ts): its length that file's, a byte range when asked. */
async function sendFile({ app, log, onError }: Writer, req: IncomingMessage, res: ServerResponse, r: AppResponse, started: number) {
  res.once('finish', () => log.request(req.method!, req.url!, res.statusCode, performance.now() - started));
  // The client may go while the file is being opened: its handle is then closed here, not left to the garbage collector.
  let gone = false;
  let stream: ReturnType<FileHandle['createReadStream']> | null = null;
  res.once('close', () => {
    gone = true;
    stream?.destroy();
  });
  let opened: Awaited<ReturnType<typeof openServed>> = null;
  try {
    opened = await openServed(app.dist.dir + r.file);
  } catch (err) {
    onError(err);
  }
  // No file: dist/ is gone (a rebuild failed between its renames). Not the file's headers (ETag, public caching) on an error.
  if (!opened) return send(res, internalError());
  const { handle, size } = opened;
  if (gone) return void handle.close();
  const range = r.status === 200 ? byteRange(rawHeader(req.rawHeaders, 'range'), size) : null;
  if (range === 'unsatisfiable') {
    void handle.close();
    return send(res, { status: 416, headers: [...Object.entries(COMMON_HEADERS).flat(), 'Content-Range', `bytes */${size}`, 'Content-Length', '0'] });
  }
  res.writeHead(range ? 206 : r.status, r.headers.concat(fileHeaders(size, range)));
  if (req.method === 'HEAD' || r.status === 304) {
    void handle.close();
    res.end();
    return;
  }
  stream = handle.createReadStream(range ? { start: range[0], end: range[1] } : {});
  stream.on('error', (err) => {
    onError(err);
    res.destroy();
  });
  stream.pipe(res);
}

function send(res: ServerResponse, r: AppResponse) {
  res.writeHead(r.status, r.headers);
  end(res, r.body);
}

/** Send the body: bytes, or a list of parts written one after another (never joined). */
function end(res: ServerResponse, body: AppResponse['body']) {
  if (!Array.isArray(body)) return res.end(body as Uint8Array | string | undefined);
  res.cork();
  for (const part of body) res.write(part);
  res.end();
  res.uncork();
}

/**
 * Stop accepting, let in-flight requests finish, then resolve. Idle
 * keep-alive connections are closed at once; after `graceMs` the rest are cut.
 */
export function shutdown(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
