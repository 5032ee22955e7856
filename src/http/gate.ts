// The gate: what runs before every metered handler (and before the routes
// that need the caller's own key), and nowhere else. The key policy (a key
// required, optional or ignored; a wrong key refused), then the handler's
// decision (its errors go out at once, neither counted nor limited), then
// the daily quota (a key's or the client address's) and the usage counts,
// and the answer made with the rate-limit headers of the verdict.
import type { Verdict } from '../keys/limits.ts';
import type { KeyRecord } from '../keys/store.ts';
import { anonSubject, keySubject } from '../keys/usage.ts';
import { Context, type Caller, type Handler, type Reply } from './context.ts';
import { badRequest, keyInvalid, keyRequired, rateLimited } from './respond.ts';
import type { AppOptions, AppResponse } from './types.ts';

type Keyed = { key: KeyRecord; subject: string };
type KeyCheck = { refuse: AppResponse } | Caller;

export type Gate = (c: Context, handler: Handler) => AppResponse | Promise<AppResponse>;

export function createGate(options: Omit<AppOptions, 'dist'>): Gate {
  // The key policy's answers are the same objects every time: a request allocates none.
  const ANONYMOUS: KeyCheck = { key: null };
  const REFUSE_REQUIRED: KeyCheck = { refuse: keyRequired };
  const REFUSE_INVALID: KeyCheck = { refuse: keyInvalid };
  /** Per key record (a store's reload makes new records, and these go with the old). */
  const keyed = new WeakMap<KeyRecord, Keyed>();
  const settle = (record: KeyRecord | null): KeyCheck => {
    if (!record) return REFUSE_INVALID;
    let k = keyed.get(record);
    if (!k) keyed.set(record, (k = { key: record, subject: keySubject(record.id) }));
    return k;
  };
  // The subject of the last anonymous address, so that a busy client is not a new string per request.
  let lastIp = '';
  let lastAnon = anonSubject('');
  const anonOf = (ip: string) => {
    if (ip !== lastIp) {
      lastIp = ip;
      lastAnon = anonSubject(ip);
    }
    return lastAnon;
  };

  /**
   * Which key the request presents: the x-api-key header, else
   * Authorization: Bearer (what MCP clients send), else the api_key query
   * parameter, its name read percent-decoded (api%5Fkey is api_key), as
   * every parameter is; given twice, it is refused rather than one picked.
   */
  function presentedKey(c: Context): string | undefined | AppResponse {
    const header = c.req.header('x-api-key');
    if (header !== undefined) return header.trim();
    const auth = c.req.header('authorization');
    if (auth !== undefined && /^bearer\s/i.test(auth)) return auth.slice(7).trim();
    const qs = c.queryString;
    if (!qs.includes('api_key') && !qs.includes('%')) return undefined;
    const given = c.query!.getAll('api_key');
    if (given.length > 1) return TWICE;
    return given[0];
  }
  const TWICE = badRequest('api_key: given more than once; give the key once (or in the x-api-key header)');

  /** The key policy: the caller (a key's, or anonymous), or the 401 to answer. */
  function checkKey(c: Context): KeyCheck | Promise<KeyCheck> {
    const ownKey = c.at.route.access === 'key';
    if (options.auth === 'off' && !ownKey) return ANONYMOUS;
    const presented = presentedKey(c);
    if (typeof presented === 'object') return { refuse: presented };
    if (presented === undefined || presented === '') return options.auth === 'required' || ownKey ? REFUSE_REQUIRED : ANONYMOUS;
    const found = options.keys.verify(presented);
    return found instanceof Promise ? found.then(settle) : settle(found);
  }

  /** After the key policy: its refusal, or the handler's decision, counted when the route is metered. */
  function proceed(c: Context, handler: Handler, check: KeyCheck): AppResponse | Promise<AppResponse> {
    if ('refuse' in check) return check.refuse;
    c.caller = check;
    const reply = handler(c);
    if (c.at.route.access !== 'metered') return reply instanceof Promise ? reply.then(unmetered) : unmetered(reply);
    return reply instanceof Promise ? reply.then(metered) : metered(reply);
  }

  const unmetered = (reply: Reply) => (reply instanceof Context ? reply.respond() : reply);

  /**
   * Count the request against the caller's daily quota (a key's, or the
   * anonymous client address's), answer, and record it in the usage counts.
   * An unlimited caller costs no limiter call at all. Errors the handler
   * answered at once are neither counted nor limited.
   */
  function metered(reply: Reply): AppResponse | Promise<AppResponse> {
    if (!(reply instanceof Context)) return reply;
    const c = reply;
    const caller = c.caller;
    const key = caller.key;
    const subject = key ? (caller as Keyed).subject : anonOf(c.req.ip);
    const limit = key ? key.limit : options.anonLimit;
    if (limit === 0) {
      options.usage.count(subject, c.at.route.id, c.units);
      return c.respond();
    }
    const v = options.limiter.consume(subject, limit, !key, c.units);
    return v instanceof Promise ? v.then((verdict) => limited(c, subject, verdict)) : limited(c, subject, v);
  }

  /** The limiter's verdict on a request: the answer with the rate-limit headers, or the 429. */
  function limited(c: Context, subject: string, v: Verdict): AppResponse | Promise<AppResponse> {
    if (!v.allowed) {
      options.usage.count(subject, 'rate-limited', c.units);
      return rateLimited(v);
    }
    options.usage.count(subject, c.at.route.id, c.units);
    return c.respond(v);
  }

  return (c, handler) => {
    const check = checkKey(c);
    return check instanceof Promise ? check.then((k) => proceed(c, handler, k)) : proceed(c, handler, check);
  };
}
