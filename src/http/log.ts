// The request log: one line per request (time, method, path with the key
// redacted, status, milliseconds). Lines are buffered and written a few
// times a second: a write per request would cost more than serving it.

export interface RequestLog {
  request(method: string, url: string, status: number, ms: number): void;
  /** A line that is not about one request (start-up, errors). */
  line(text: string): void;
  flush(): void;
}

/** `api_key=...` in a logged URL becomes `api_key=[redacted]`. */
export function redact(url: string): string {
  let out = url.includes('api_key') ? url.replace(/([?&;]api_key=)[^&;#]*/gi, '$1[redacted]') : url;
  if (/[\u0000-\u001f\u007f]/.test(out)) out = out.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return out;
}

/** Longest URL written to the log; the rest is cut (a log line per request must stay small). */
const MAX_LOGGED_URL = 512;

export function createLog(write: (chunk: string) => void = (c) => process.stdout.write(c), flushMs = 100): RequestLog {
  let buffer = '';
  // The timestamp is formatted once per millisecond, not once per request.
  let stampMs = 0;
  let stamp = '';
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!buffer) return;
    const out = buffer;
    buffer = '';
    write(out);
  };
  const push = (line: string) => {
    buffer += line + '\n';
    if (buffer.length > 64 * 1024) flush();
    else if (!timer) {
      timer = setTimeout(flush, flushMs);
      timer.unref();
    }
  };
  return {
    request(method, url, status, ms) {
      const now = Date.now();
      if (now !== stampMs) {
        stampMs = now;
        stamp = new Date(now).toISOString();
      }
      const shown = url.length > MAX_LOGGED_URL ? `${url.slice(0, MAX_LOGGED_URL)}...` : url;
      push(`${stamp} ${method} ${redact(shown)} ${status} ${ms.toFixed(1)}ms`);
    },
    line(text) {
      push(text);
      flush();
    },
    flush,
  };
}
