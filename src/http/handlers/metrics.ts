// GET /metrics: the operator's, in Prometheus's text format (metrics.ts, and
// shared-metrics.ts for every worker's summed). Off (404) without
// GITA_METRICS_TOKEN; with it, a 401 for any caller that does not send the
// token as Authorization: Bearer. An open route: never a key's, never counted.
import type { Handler } from '../context.ts';
import { metricsOff, metricsToken } from '../respond.ts';

export const metrics: Handler = (c) => {
  const m = c.app.options.metrics;
  if (!m) return metricsOff;
  if (!m.allows(c.req.header('authorization'))) return metricsToken;
  return m.text().then((text) => c.given(200, [['Content-Type', m.contentType]], text));
};
