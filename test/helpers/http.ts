// Plain HTTP requests for the tests, over a fresh connection each, sending
// the path exactly as given (no URL normalization by a client library).
import { request } from 'node:http';

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  text: string;
}

/** One request over a fresh connection; the raw path is sent as is (no URL normalization). */
export function fetchRaw(base: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Reply> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : String(v);
        resolve({ status: res.statusCode!, headers, body, text: body.toString() });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}


/**
 * Waits until `done()` holds, looking every 20 ms: a test waits for what it
 * needs (so many answers, a worker replaced) rather than for a fixed time,
 * which a busy machine makes too short and an idle one too long. Past
 * `limitMs` it throws, naming what it waited for.
 */
export async function until(done: () => boolean, what: string, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`waited ${limitMs / 1000} s for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
