// What the server writes of a request and of its own errors, with no key in
// it, however a client spelled or placed one. A request's target is logged
// by an allowlist: its path, then each query parameter the API knows with its
// value, and every other parameter by its name alone. A value a client meant
// as a key can then never be written, wherever it stands (after `;`, runs of
// `&`, a doubled `?`, a `#`) and however its name is spelled (api%5Fkey,
// API_KEY, " api_key"). Any other line (start-up, errors) loses whatever
// looks like a key: a `gita_` token, an api_key value, an x-api-key or
// Authorization header, a password in a URL.
import { QUERY_RULES } from '../contract/query-rules.ts';

/** The names of the query parameters some route takes: their values are logged. api_key is none of them. */
const KNOWN: ReadonlySet<string> = new Set(Object.values(QUERY_RULES).flatMap((r) => [...r.taken.keys()]));

/** What stands in for a value that is not logged. */
export const REDACTED = '[redacted]';

/** Where a target's query begins, as any reader might take it: the first `?`, `#`, `;` or `&`. */
const QUERY_START = /[?#;&]/;
/** The separators between parameters, as any reader might take them. */
const SEPARATORS = /([?#;&]+)/;

/**
 * Percent-escapes read one byte at a time, the malformed ones left as they
 * are: a name or value that decodeURIComponent refuses whole (a stray %zz
 * beside api%5Fkey) is still read for what it spells.
 */
const lenient = (s: string) => (s.includes('%') ? s.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))) : s);

/** A raw parameter name as a reader of it would take it: `+` a space, percent-decoded, trimmed, lower case. */
const nameOf = (raw: string) => lenient(raw.replace(/\+/g, ' ')).trim().toLowerCase();

/** A value that reads as a key's name or a key: not logged, even as a known parameter's value. */
const KEYISH = /api[\s_%5f]*key|gita_[A-Za-z0-9_-]{8}/i;

/** One parameter as logged: a known one whole, another by its name only. */
function parameter(raw: string): string {
  const eq = raw.indexOf('=');
  const name = eq === -1 ? raw : raw.slice(0, eq);
  if (eq === -1) return raw;
  const value = raw.slice(eq + 1);
  if (KNOWN.has(nameOf(name)) && !KEYISH.test(lenient(value.replace(/\+/g, ' ')))) return raw;
  return `${name}=${REDACTED}`;
}

/**
 * A request target as the log writes it: the path as sent, then the query
 * with every value of a parameter the API does not know replaced, and no
 * key-shaped token anywhere; control characters written as \xNN.
 */
export function loggedTarget(target: string): string {
  const q = target.search(QUERY_START);
  let out = q === -1 ? target : target.slice(0, q) + target.slice(q).split(SEPARATORS).map((part, i) => (i % 2 === 1 || part === '' ? part : parameter(part))).join('');
  if (out.includes('gita_')) out = scrubKeys(out);
  return escapeControls(out);
}

/** A key as the server makes them (src/keys/keys.ts: gita_ and base64url). */
const KEY_TOKEN = /gita_[A-Za-z0-9_-]{8,}/g;

const scrubKeys = (s: string) => s.replace(KEY_TOKEN, `gita_${REDACTED}`);

const escapeControls = (s: string) => (/[\u0000-\u001f\u007f]/.test(s) ? s.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`) : s);

/**
 * Any other line the server writes (start-up, reloads, errors and their
 * stacks, a store's warnings): keys, api_key values, key headers and URL
 * passwords become [redacted]. Newlines stay (a stack is several lines).
 */
export function scrubLine(text: string): string {
  return text
    .replace(KEY_TOKEN, `gita_${REDACTED}`)
    .replace(/(api(?:[\s_]|%5f)*key\s*(?:=|%3d|:)\s*)[^\s&;#"'<>,)]+/gi, `$1${REDACTED}`)
    .replace(/(x-api-key\s*[:=]\s*)\S+/gi, `$1${REDACTED}`)
    .replace(/(authorization\s*[:=]\s*(?:bearer\s+)?)\S+/gi, `$1${REDACTED}`)
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:)[^@\s/]+@/gi, `$1${REDACTED}@`);
}
