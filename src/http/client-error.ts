// Requests Node's parser refuses (a header too large, a request too slow,
// bytes that are not HTTP) never reach the handler: they are answered here,
// in the contract's shape, and the connection is closed.
import type { Socket } from 'node:net';
import { ERRORS } from '../contract/errors.ts';
import { COMMON_HEADERS } from '../contract/headers.ts';
import type { RequestLog } from './log.ts';

/** A node:http server's 'clientError': the 431, 408 or 400 written on the socket itself, and its line in the log. */
export function answerClientError(log: RequestLog, err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || (err as { code?: string }).code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const code = err.code ?? '';
  const e =
    code === 'HPE_HEADER_OVERFLOW' ? ERRORS.headersTooLarge :
    code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT' ? { status: 408, body: { error: 'Request Timeout' } } :
    ERRORS.badRequest;
  const body = JSON.stringify(e.body);
  const reason = e.status === 431 ? 'Request Header Fields Too Large' : e.status === 408 ? 'Request Timeout' : 'Bad Request';
  const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)), ...COMMON_HEADERS, Connection: 'close' };
  socket.end(`HTTP/1.1 ${e.status} ${reason}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`);
  log.request('-', '-', e.status, 0);
}
