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
  const lines = new Lines(write, flushMs);
  const flush = () => lines.flush();
  return {
    request: requests ? (method, url, status, ms) => lines.request(method, url, status, ms) : () => {},
    line(text) {
      lines.append(`${scrubLine(text)}\n`);
      lines.flush();
    },
    flush,
  };
}

/**
 * The lines not written yet, as bytes. A request's line is copied into a byte
 * buffer a character at a time, and the buffer is written a few times a
 * second. Built as a string and encoded in batches, a line took about twice
 * as long in a served request (1.2-1.4 µs against 0.8 in a profile), its
 * young strings kept alive until their batch was encoded: three times the
 * collections in a loop of lines alone. Lines the quick copy cannot take (a
 * query, which may hold a key; a character that is not printable ASCII) are
 * formatted by requestLine.
 */
class Lines {
  private bytes = Buffer.allocUnsafeSlow(CHUNK);
  private used = 0;
  // The timestamp's date and time to the second is formatted once a second
  // (toISOString takes thousands of instructions); the milliseconds are added.
  private second = Number.NaN;
  private prefix = '';
  private timer: NodeJS.Timeout | null = null;
  /** The timer's callback, made once. */
  private readonly onTimer = () => this.flush();

  constructor(
    private readonly out: (chunk: string | Uint8Array) => void,
    private readonly flushMs: number,
  ) {}

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.writeBytes();
  }

  /** A line as UTF-8, after the lines before it. */
  append(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    if (this.used + text.length * 3 > CHUNK) this.writeBytes();
    if (text.length * 3 > CHUNK) this.written(text);
    else this.used += this.bytes.write(text, this.used);
  }

  request(method: string, url: string, status: number, ms: number): void {
    const now = Date.now();
    const milli = now % 1000;
    if (now - milli !== this.second) {
      this.second = now - milli;
      // 2026-11-26T18:20:05.123Z without 123Z
      this.prefix = new Date(this.second).toISOString().slice(0, -4);
    }
    const time = ms.toFixed(1);
    // The most a line takes on the quick path: ASCII, a byte a character.
    if (this.used + this.prefix.length + method.length + url.length + time.length + 20 > CHUNK) this.writeBytes();
    // The quick path: a path without a query, all printable ASCII, as almost every request has.
    if (url.length <= MAX_LOGGED_URL && status >= 100 && status <= 999 && status % 1 === 0 && plain(method) && plain(url)) {
      this.used = copyLine(this.bytes, this.used, this.prefix, milli, method, url, status, time);
    } else {
      const stamp = `${this.prefix}${String(milli).padStart(3, '0')}Z`;
      this.append(`${requestLine(stamp, method, url, status, ms)}\n`);
    }
    this.later();
  }

  private writeBytes(): void {
    if (this.used === 0) return;
    const out = this.bytes.subarray(0, this.used);
    // The write may keep the bytes queued (a pipe): later lines go to a new buffer.
    this.bytes = Buffer.allocUnsafeSlow(CHUNK);
    this.used = 0;
    this.written(out);
  }

  /** The caller's write, called as a plain function (not as a method of this buffer). */
  private written(chunk: string | Uint8Array): void {
    const write = this.out;
    write(chunk);
  }

  private later(): void {
    if (!this.timer) {
      this.timer = setTimeout(this.onTimer, this.flushMs);
      this.timer.unref();
    }
  }
}

/** Every character printable ASCII, none of `? # ; &` (where a query may start, and hold a key), and no key's `gita_`: a string `copy` can take. */
function plain(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x3f || c === 0x23 || c === 0x3b || c === 0x26) return false;
  }
  return !s.includes('gita_');
}

/** A request's line on the quick path, into `bytes` from `at` (the strings `plain`, the status three digits): where it ends. */
function copyLine(bytes: Buffer, at: number, prefix: string, milli: number, method: string, url: string, status: number, time: string): number {
  at = copy(bytes, at, prefix);
  bytes[at++] = 0x30 + Math.floor(milli / 100);
  bytes[at++] = 0x30 + (Math.floor(milli / 10) % 10);
  bytes[at++] = 0x30 + (milli % 10);
  bytes[at++] = 0x5a; // Z
  bytes[at++] = 0x20;
  at = copy(bytes, at, method);
  bytes[at++] = 0x20;
  at = copy(bytes, at, url);
  bytes[at++] = 0x20;
  bytes[at++] = 0x30 + Math.floor(status / 100);
  bytes[at++] = 0x30 + (Math.floor(status / 10) % 10);
  bytes[at++] = 0x30 + (status % 10);
  bytes[at++] = 0x20;
  at = copy(bytes, at, time);
  bytes[at++] = 0x6d; // m
  bytes[at++] = 0x73; // s
  bytes[at++] = 0x0a;
  return at;
}

/** A string of ASCII characters, a byte each: where it ends. */
function copy(bytes: Buffer, at: number, s: string): number {
  for (let i = 0; i < s.length; i++) bytes[at + i] = s.charCodeAt(i);
  return at + s.length;
}
