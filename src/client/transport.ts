// The client's requests: GET and POST with the key in a header, one wait on
// a 429 when asked (retry), answers kept and revalidated by ETag when asked
// (cache).
import { GitaError, MAX_RETRY_WAIT_S } from './error.ts';
import type { State } from './state.ts';

/** Kept answers at most: the oldest goes first. */
const MAX_KEPT = 1_000;

/** A path's URL under the base: relative, so a base with a path of its own (https://host/gita/) keeps it. */
export const urlOf = (s: State, path: string) => new URL(path.replace(/^\//, ''), s.base).href;

/** The caller's fetch, called unbound: a host's own fetch throws when called on another object. */
export function send(s: State, url: string, init?: RequestInit): Promise<Response> {
  const fetch = s.fetch;
  return fetch(url, init);
}

/** A POST of JSON to the server (POST /refs), with the key. */
export async function post<T>(s: State, path: string, body: unknown): Promise<T> {
  const url = urlOf(s, path);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (s.options.apiKey) headers['x-api-key'] = s.options.apiKey;
  const res = await send(s, url, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!res.ok) throw await errorOf(res, url);
  return (await res.json()) as T;
}

/** A GET with the key; with cache, the kept answer when the server says 304. */
export async function get<T>(s: State, path: string): Promise<T> {
  const url = urlOf(s, path);
  const headers: Record<string, string> = {};
  if (s.options.apiKey) headers['x-api-key'] = s.options.apiKey;
  const kept = s.options.cache ? s.remembered.get(url) : undefined;
  if (kept) headers['if-none-match'] = kept.etag;
  const res = await sendRetried(s, url, headers);
  if (res.status === 304 && kept) {
    await res.body?.cancel();
    // A copy each time: a caller who changes an answer does not change the next one.
    return structuredClone(kept.value) as T;
  }
  if (!res.ok) throw await errorOf(res, url);
  const value = (await res.json()) as T;
  keep(s, url, res.headers.get('etag'), value);
  return value;
}

/** With retry, a 429 asked once more after its Retry-After, when that is a minute or less. */
async function sendRetried(s: State, url: string, headers: Record<string, string>): Promise<Response> {
  const res = await send(s, url, { headers });
  if (res.status !== 429 || !s.options.retry) return res;
  const wait = Number(res.headers.get('retry-after'));
  if (!(Number.isFinite(wait) && wait <= MAX_RETRY_WAIT_S)) return res;
  await res.body?.cancel();
  await new Promise((r) => setTimeout(r, Math.max(0, wait) * 1000));
  return send(s, url, { headers });
}

function keep(s: State, url: string, etag: string | null, value: unknown): void {
  if (!s.options.cache || !etag) return;
  if (s.remembered.size >= MAX_KEPT) s.remembered.delete(s.remembered.keys().next().value!);
  s.remembered.set(url, { etag, value: structuredClone(value) });
}

/** The error of an answer: its JSON { error }, else its text, else its status; on 429 its Retry-After. */
export async function errorOf(res: Response, url: string): Promise<GitaError> {
  const text = await res.text().catch(() => '');
  let message = text.trim() || `HTTP ${res.status}`;
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string') message = body.error;
  } catch {
    // plain text (the 404 wordings)
  }
  const retry = Number(res.headers.get('retry-after'));
  return new GitaError(res.status, message, url, res.status === 429 && Number.isFinite(retry) ? retry : undefined);
}
