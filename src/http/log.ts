// The request log: one line per request (time, method, path with the key
// redacted, status, milliseconds). Lines are buffered and written a few
// times a second: a write per request would cost more than serving it.

export interface RequestLog {
  request(method: string, url: string, status: number, ms: number): void;
  /** A line that is not about one request (start-up, errors). */
  line(text: string): void;
  flush(): void;
}

/** Is this raw query parameter name `api_key` once percent-decoded (as the server reads it: api%5Fkey is api_key)? */
function isKeyName(raw: string): boolean {
  if (!raw.includes('%') && !raw.includes('+')) return raw.toLowerCase() === 'api_key';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase() === 'api_key';
  } catch {
    // Not decodable, so not a name the server reads; still, nothing that looks like one is logged.
    return /api(?:_|%5f)key/i.test(raw);
  }
}

/** The value of every query parameter named api_key, however its name is spelled (api%5Fkey...), becomes `[redacted]`. */
export function redact(url: string): string {
  const q = url.indexOf('?');
  let out = url;
  if (q !== -1 && (url.includes('%', q) || /api_key/i.test(url))) {
    out = url.slice(0, q + 1) + url.slice(q + 1).replace(/(^|[&;])([^=&;#]*)=([^&;#]*)/g, (m, sep: string, name: string) => (isKeyName(name) ? `${sep}${name}=[redacted]` : m));
  }
  if (/[\u0000-\u001f\u007f]/.test(out)) out = out.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return out;
}

/** Longest URL written to the log; the rest is cut (a log line per request must stay small). */
const MAX_LOGGED_URL = 512;

/** Bytes of log lines held before a write. */
const CHUNK = 64 * 1024;
/** Characters of lines kept as a string before they are encoded into the byte buffer. */
const PENDING = 4 * 1024;

/** `requests: false`: no line per request (GITA_REQUEST_LOG=off); the other lines as ever. */
export function createLog(write: (chunk: string | Uint8Array) => void = (c) => process.stdout.write(c), flushMs = 100, { requests = true } = {}): RequestLog {
  // Lines are appended to a short string and encoded into a byte buffer every
  // few kilobytes. A string holding all of a write's lines (64 KB) kept a
  // thousand young strings alive across each garbage collection, which made
  // every collection about twice as dear; encoding each line on its own
  // costs a call per request instead.
  let bytes = Buffer.allocUnsafeSlow(CHUNK);
  let used = 0;
  let pending = '';
  // The timestamp is formatted once per millisecond, not once per request.
  let stampMs = 0;
  let stamp = '';
  let timer: NodeJS.Timeout | null = null;
  const writeBytes = () => {
    if (used === 0) return;
    const out = bytes.subarray(0, used);
    // The write may keep the bytes queued (a pipe): later lines go to a new buffer.
    bytes = Buffer.allocUnsafeSlow(CHUNK);
    used = 0;
    write(out);
  };
  const encode = () => {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    if (used + pending.length * 3 > CHUNK) writeBytes();
    if (pending.length * 3 > CHUNK) write(pending);
    else used += bytes.write(pending, used);
    pending = '';
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending) encode();
    writeBytes();
  };
  const push = (line: string) => {
    pending += line + '\n';
    if (pending.length >= PENDING) encode();
    if (!timer) {
      timer = setTimeout(flush, flushMs);
      timer.unref();
    }
  };
  return {
    request: requests ? request : () => {},
    line(text) {
      push(text);
      flush();
    },
    flush,
  };

  function request(method: string, url: string, status: number, ms: number) {
    const now = Date.now();
    if (now !== stampMs) {
      stampMs = now;
      stamp = new Date(now).toISOString();
    }
    const shown = url.length > MAX_LOGGED_URL ? `${url.slice(0, MAX_LOGGED_URL)}...` : url;
    push(`${stamp} ${method} ${redact(shown)} ${status} ${ms.toFixed(1)}ms`);
  }
}
