// The gate: what runs before every metered handler (and before the routes
// that need the caller's own key), and nowhere else. The key policy (a key
// required, optional or ignored; a wrong key refused), then the handler's
// decision (its errors go out at once, neither counted nor limited), then
// the daily quota (a key's or the client address's) and the usage counts
// (quota.ts), and the answer made with the rate-limit headers of the verdict.
import type { KeyRecord } from '../keys/store.ts';
import { keySubject } from '../keys/usage.ts';
import { Context, type Caller, type Handler, type Reply } from './context.ts';
import { Quota } from './quota.ts';
import { badRequest, keyInvalid, keyRequired } from './respond.ts';
import type { AppOptions, AppResponse } from './types.ts';

type Keyed = { key: KeyRecord; subject: string };
type KeyCheck = { refuse: AppResponse } | Caller;

export type Gate = (c: Context, handler: Handler) => AppResponse | Promise<AppResponse>;

// The key policy's answers are the same objects every time: a request allocates none.
const ANONYMOUS: KeyCheck = { key: null };
const REFUSE_REQUIRED: KeyCheck = { refuse: keyRequired };
const REFUSE_INVALID: KeyCheck = { refuse: keyInvalid };
const TWICE = badRequest('api_key: given more than once; give the key once (or in the x-api-key header)');

export function createGate(options: Omit<AppOptions, 'dist'>): Gate {
  const keys = new KeyPolicy(options);
  const quota = new Quota(options);
  // Made once: a promised reply goes on to these without a closure of its own.
  const metered = (reply: Reply) => quota.metered(reply);

  /** After the key policy: its refusal, or the handler's decision, counted when the route is metered. */
  function proceed(c: Context, handler: Handler, check: KeyCheck): AppResponse | Promise<AppResponse> {
    if ('refuse' in check) return check.refuse;
    c.caller = check;
    const reply = handler(c);
    if (c.at.route.access !== 'metered') return reply instanceof Promise ? reply.then(unmetered) : unmetered(reply);
    return reply instanceof Promise ? reply.then(metered) : metered(reply);
  }

  return (c, handler) => {
    const check = keys.check(c);
    return check instanceof Promise ? check.then((k) => proceed(c, handler, k)) : proceed(c, handler, check);
  };
}

function unmetered(reply: Reply): AppResponse | Promise<AppResponse> {
  return reply instanceof Context ? reply.respond() : reply;
}

/** The key policy: the caller (a key's, or anonymous), or the 401 to answer. */
class KeyPolicy {
  /** Per key record (a store's reload makes new records, and these go with the old). */
  private readonly keyed = new WeakMap<KeyRecord, Keyed>();
  /** What the store's verdict on a key becomes: made once, a promised verdict goes on to it. */
  private readonly settle = (record: KeyRecord | null): KeyCheck => {
    if (!record) return REFUSE_INVALID;
    let k = this.keyed.get(record);
    if (!k) this.keyed.set(record, (k = { key: record, subject: keySubject(record.id) }));
    return k;
  };

  constructor(private readonly options: Omit<AppOptions, 'dist'>) {}

  check(c: Context): KeyCheck | Promise<KeyCheck> {
    const ownKey = c.at.route.access === 'key';
    if (this.options.auth === 'off' && !ownKey) return ANONYMOUS;
    const presented = presentedKey(c);
    if (typeof presented === 'object') return { refuse: presented };
    if (presented === undefined || presented === '') return this.options.auth === 'required' || ownKey ? REFUSE_REQUIRED : ANONYMOUS;
    const found = this.options.keys.verify(presented);
    return found instanceof Promise ? found.then(this.settle) : this.settle(found);
  }
}

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
