// The daily quota and the usage counts: what a metered answer goes through
// once the key policy let it in and its handler decided (gate.ts). The quota
// is a key's, or the anonymous client address's; every answer counted is
// counted under its route, a refused one as `rate-limited`.
import type { Verdict } from '../keys/limits.ts';
import { anonSubject } from '../keys/usage.ts';
import { Context, type Reply } from './context.ts';
import { rateLimited } from './respond.ts';
import type { AppOptions, AppResponse } from './types.ts';

type QuotaOptions = Pick<AppOptions, 'anonLimit' | 'limiter' | 'usage'>;

export class Quota {
  // The subject of the last anonymous address, so that a busy client is not a new string per request.
  private lastIp = '';
  private lastAnon = anonSubject('');

  constructor(private readonly options: QuotaOptions) {}

  /**
   * Count the request against the caller's daily quota (a key's, or the
   * anonymous client address's), answer, and record it in the usage counts.
   * An unlimited caller costs no limiter call at all. Errors the handler
   * answered at once are neither counted nor limited.
   */
  metered(reply: Reply): AppResponse | Promise<AppResponse> {
    if (!(reply instanceof Context)) return reply;
    const c = reply;
    const caller = c.caller;
    const key = caller.key;
    const subject = key ? (caller as { subject: string }).subject : this.anonOf(c.req.ip);
    const limit = key ? key.limit : this.options.anonLimit;
    if (limit === 0) {
      this.options.usage.count(subject, c.at.route.id, c.units);
      return c.respond();
    }
    const v = this.options.limiter.consume(subject, limit, !key, c.units);
    return v instanceof Promise ? v.then((verdict) => this.limited(c, subject, verdict)) : this.limited(c, subject, v);
  }

  /** The limiter's verdict on a request: the answer with the rate-limit headers, or the 429. */
  private limited(c: Context, subject: string, v: Verdict): AppResponse | Promise<AppResponse> {
    if (!v.allowed) {
      this.options.usage.count(subject, 'rate-limited', c.units);
      return rateLimited(v);
    }
    this.options.usage.count(subject, c.at.route.id, c.units);
    return c.respond(v);
  }

  private anonOf(ip: string): string {
    if (ip !== this.lastIp) {
      this.lastIp = ip;
      this.lastAnon = anonSubject(ip);
    }
    return this.lastAnon;
  }
}
