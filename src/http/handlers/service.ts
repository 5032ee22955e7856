// The service's routes: the pages and the OpenAPI document (open), health
// (open), registration (open, reads a body), and a key's own usage.
import { nextMidnight } from '../../content/day.ts';
import { keySubject, lastDays, type DayUsage, type UsageAnswer } from '../../keys/usage.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isOrigin } from '../../config.ts';
import { FILES, ORIGIN_PLACEHOLDER } from '../../layout.ts';
import type { Handler } from '../context.ts';
import { USAGE_DAYS } from '../../contract/limits.ts';
import { readiness, type Health } from '../../contract/health.ts';
import { HTML_TYPE, json, negotiated, notFound } from '../respond.ts';

/**
 * The docs page, its examples naming this server: GITA_PUBLIC_URL, else the
 * host the request came to (http, or https behind a proxy that says so). A
 * Host that is not a plain host name gets the page as built (its placeholder).
 * One page per origin, kept with the projections (bounded by bytes).
 */
export const docs: Handler = (c) => {
  const host = c.req.header('host') ?? '';
  const origin = c.app.options.publicUrl || `${c.req.header('x-forwarded-proto') === 'https' ? 'https' : 'http'}://${host}`;
  // GITA_PUBLIC_URL was checked at start-up (it may carry a path prefix); a Host header is checked here.
  if (!(c.app.options.publicUrl || isOrigin(origin)) || !c.served.streamed(FILES.docs)) return c.file(FILES.docs, false, undefined, notFound.resource);
  const make = () => Buffer.from(readFileSync(join(c.served.dist.dir, FILES.docs), 'utf8').split(ORIGIN_PLACEHOLDER).join(origin));
  return c.derived(`docs\0${origin}`, make, HTML_TYPE);
};

/** /pricing: the page of this server's settings, made at start-up; revalidated on every use (no-cache), as it changes with them. */
export const pricing: Handler = (c) => (c.app.pricing ? c.prepared(c.app.pricing, false, 'no-cache') : c.file(FILES.pricing, false, undefined, notFound.resource));


/** /healthz: always 200 while the process answers (liveness); `ready` and `pending` say whether the build is whole yet (readiness); `degraded` names what is left out. */
export const healthz: Handler = (c) => {
  const m = c.served.dist.manifest;
  const h = c.app.options.health?.() ?? { degraded: false, stores: {} };
  // Degraded: a store is unreachable, or an operator's version folder was left out of the build served.
  const body: Health = {
    status: h.degraded || m.versionsLeftOut ? 'degraded' : 'ok',
    build: m.build,
    chapters: m.content.chapters,
    verses: m.content.verses,
    colophons: m.content.colophons,
    errata: m.errata.filter((e) => e.status === 'applied').map((e) => e.id),
    audit: { findings: m.audit.findings, notes: m.audit.notes },
    auth: c.app.options.auth,
    ...readiness(c.served.pending),
    ...h.stores,
    ...(m.versionsLeftOut && { versionsLeftOut: m.versionsLeftOut }),
  };
  return json(200, body);
};

export const register: Handler = (c) => (c.app.options.register ? c.app.options.register(c.req).then((r) => negotiated(c.req, r)) : notFound.resource);

/** GET /usage: the key's own counts (today and the last days) and its quota. Neither counted nor limited. */
export const usage: Handler = async (c) => {
  const key = c.caller.key!;
  const { usage, limiter } = c.app.options;
  const subject = keySubject(key.id);
  const days = lastDays(USAGE_DAYS);
  const rows = await usage.read(USAGE_DAYS, subject);
  const byDay = days.map((date): DayUsage => {
    const routes: Record<string, number> = {};
    for (const r of rows) if (r.day === date) routes[r.route] = (routes[r.route] ?? 0) + r.count;
    return { date, requests: Object.values(routes).reduce((a, b) => a + b, 0), routes };
  });
  const v = key.limit ? await limiter.peek(subject, key.limit) : null;
  const body: UsageAnswer = {
    key: { id: key.id, name: key.name, plan: key.plan, created: key.created },
    limit: { perDay: key.limit, unlimited: key.limit === 0 },
    today: { ...byDay[0], remaining: v ? v.remaining : null, resets: new Date(nextMidnight() * 1000).toISOString() },
    days: byDay,
  };
  return json(200, body, {}, v ?? undefined);
};
