// The request log: one line per request (time, method, target with no key
// in it, status, milliseconds). Lines are buffered and written a few times a
// second: a write per request would cost more than serving it.
import { loggedTarget, scrubLine } from './redact.ts';

export interface RequestLog {
  request(method: string, url: string, status: number, ms: number): void;
  /** A line that is not about one request (start-up, errors). */
  line(text: string): void;
  flush(): void;
}

/** Longest URL written to the log; the rest is cut (a log line per request must stay small). */
const MAX_LOGGED_URL = 512;

/** Bytes of log lines held before a write. */
const CHUNK = 64 * 1024;

/** The line of one request, as written: time, method, target (src/http/redact.ts; cut at MAX_LOGGED_URL), status, milliseconds. */
export function requestLine(stamp: string, method: string, url: string, status: number, ms: number): string {
  const target = loggedTarget(url);
  const shown = target.length > MAX_LOGGED_URL ? `${target.slice(0, MAX_LOGGED_URL)}...` : target;
  return `${stamp} ${scrubLine(method)} ${shown} ${status} ${ms.toFixed(1)}ms`;
}

/** `requests: false`: no line per request (GITA_REQUEST_LOG=off); the other lines as ever. */
export function createLog(write: (chunk: string | Uint8Array) => void = (c) => process.stdout.write(c), flushMs = 100, { requests = true } = {}): RequestLog {
  // A request's line is copied into a byte buffer a character at a time, and
  // the buffer is written a few times a second. Built as a string and encoded
  // in batches, a line took about twice as long in a served request (1.2-1.4
  // µs against 0.8 in a profile), its young strings kept alive until their
  // batch was encoded: three times the collections in a loop of lines alone.
  // Lines the quick copy cannot take (a query, which may hold a key; a
  // character that is not printable ASCII) are formatted by requestLine.
  let bytes = Buffer.allocUnsafeSlow(CHUNK);
  let used = 0;
  // The timestamp's date and time to the second is formatted once a second
  // (toISOString takes thousands of instructions); the milliseconds are added.
  let second = Number.NaN;
  let prefix = '';
  let timer: NodeJS.Timeout | null = null;
  const writeBytes = () => {
    if (used === 0) return;
    const out = bytes.subarray(0, used);
    // The write may keep the bytes queued (a pipe): later lines go to a new buffer.
    bytes = Buffer.allocUnsafeSlow(CHUNK);
    used = 0;
    write(out);
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    writeBytes();
  };
  /** A line as UTF-8, after the lines before it. */
  const append = (text: string) => {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    if (used + text.length * 3 > CHUNK) writeBytes();
    if (text.length * 3 > CHUNK) write(text);
    else used += bytes.write(text, used);
  };
  /** Every character printable ASCII, none of `? # ; &` (where a query may start, and hold a key), and no key's `gita_`: a string `copy` can take. */
  const plain = (s: string): boolean => {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === 0x3f || c === 0x23 || c === 0x3b || c === 0x26) return false;
    }
    return !s.includes('gita_');
  };
  /** A string of ASCII characters, a byte each. */
  const copy = (s: string) => {
    for (let i = 0; i < s.length; i++) bytes[used + i] = s.charCodeAt(i);
    used += s.length;
  };
  const later = () => {
    if (!timer) {
      timer = setTimeout(flush, flushMs);
      timer.unref();
    }
  };
  return {
    request: requests ? request : () => {},
    line(text) {
      append(`${scrubLine(text)}\n`);
      flush();
    },
    flush,
  };

  function request(method: string, url: string, status: number, ms: number) {
    const now = Date.now();
    const milli = now % 1000;
    if (now - milli !== second) {
      second = now - milli;
      // 2026-11-26T18:20:05.123Z without 123Z
      prefix = new Date(second).toISOString().slice(0, -4);
    }
    const time = ms.toFixed(1);
    // The most a line takes on the quick path: ASCII, a byte a character.
    if (used + prefix.length + method.length + url.length + time.length + 20 > CHUNK) writeBytes();
    // The quick path: a path without a query, all printable ASCII, as almost every request has.
    if (url.length <= MAX_LOGGED_URL && status >= 100 && status <= 999 && status % 1 === 0 && plain(method) && plain(url)) {
      copy(prefix);
      bytes[used++] = 0x30 + Math.floor(milli / 100);
      bytes[used++] = 0x30 + (Math.floor(milli / 10) % 10);
      bytes[used++] = 0x30 + (milli % 10);
      bytes[used++] = 0x5a; // Z
      bytes[used++] = 0x20;
      copy(method);
      bytes[used++] = 0x20;
      copy(url);
      bytes[used++] = 0x20;
      bytes[used++] = 0x30 + Math.floor(status / 100);
      bytes[used++] = 0x30 + (Math.floor(status / 10) % 10);
      bytes[used++] = 0x30 + (status % 10);
      bytes[used++] = 0x20;
      copy(time);
      bytes[used++] = 0x6d; // m
      bytes[used++] = 0x73; // s
      bytes[used++] = 0x0a;
    } else {
      const stamp = `${prefix}${String(milli).padStart(3, '0')}Z`;
      append(`${requestLine(stamp, method, url, status, ms)}\n`);
    }
    later();
  }
}
