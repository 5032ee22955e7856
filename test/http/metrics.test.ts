// GET /metrics over real HTTP (docs/operations.md, Metrics): off without
// GITA_METRICS_TOKEN, the operator's token asked for with it, counts that
// move with the requests sent (by route template and status, a 304, a 404, a
// 429 after the anonymous limit, the codings, the bytes), today's usage, the
// body clean under `promtool check metrics`, a real Prometheus scraping it
// with the token; and with 2 workers on each engine, every worker's counts
// summed by the primary.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERRORS } from '../../src/contract/errors.ts';
import { nodeReusesPort } from '../../src/http/start.ts';
import { ownProcess } from '../helpers/cleanup.ts';
import { testDist } from '../helpers/dist.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { fetchRaw, type Reply } from '../helpers/http.ts';
import { freePort } from '../helpers/net.ts';
import { requireProgram } from '../helpers/programs.ts';
import { APP_RUNTIMES, RUNTIMES, startServer, type Running, type Runtime } from '../helpers/server.ts';

const TOKEN = 'operator-token-for-the-tests';
const BEARER = { authorization: `Bearer ${TOKEN}` };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a text exposition (version 0.0.4). */
function parse(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) return [];
    const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    return [{ name: m[1], labels, value: Number(m[3]) }];
  });
}

/** The value of the sample of `name` with exactly these labels; 0 when there is none (a counter not yet moved). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.keys(s.labels).length === Object.keys(labels).length && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  assert.ok(found.length <= 1, `${name} ${JSON.stringify(labels)}: one sample`);
  return found[0]?.value ?? 0;
}

const scrape = async (server: Running, headers: Record<string, string> = BEARER): Promise<Reply> => fetchRaw(server.url, '/metrics', { headers });

/** Operator-facing suite on one engine, one process. */
function oneProcess(runtime: Runtime) {
  const t = suite(`GET /metrics (${runtime}, one process)`);
  let off: Running;
  let on: Running;
  let prometheus: ChildProcess | null = null;
  let prometheusUrl = '';
  let dist: string;

  t.before(hook(async () => {
    requireProgram('promtool', 'prometheus');
    requireProgram('prometheus', 'prometheus');
    ({ distDir: dist } = await testDist());
    off = await startServer(runtime, { dist, dataDir: tempDir('gita-data-') });
    // An anonymous address gets 5 requests today: the 6th is a 429.
    on = await startServer(runtime, { dist, dataDir: tempDir('gita-data-'), env: { GITA_METRICS_TOKEN: TOKEN, GITA_ANON_LIMIT: '5/day' } });
  }));
  t.after(hook(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((r) => prometheus!.once('exit', r));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await off?.stop();
    await on?.stop();
  }));

  t('without GITA_METRICS_TOKEN, /metrics is off: a 404 saying how to turn it on, token or not', async () => {
    for (const headers of [{}, BEARER]) {
      const r = await scrape(off, headers);
      assert.is(r.status, 404);
      assert.is(r.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(JSON.parse(r.text), ERRORS.metricsOff.body);
      assert.match(r.text, /GITA_METRICS_TOKEN/);
    }
  });

  t('with it, a 401 without the token or with another; a 200 in the text format with it', async () => {
    const tries: Record<string, string>[] = [{}, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${TOKEN}x` }, { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` }, { 'x-api-key': TOKEN }];
    for (const headers of tries) {
      const r = await scrape(on, headers);
      assert.is(r.status, 401, JSON.stringify(headers));
      assert.equal(JSON.parse(r.text), ERRORS.metricsToken.body);
      assert.is(r.headers['www-authenticate'], 'Bearer realm="metrics"');
    }
    const r = await scrape(on);
    assert.is(r.status, 200);
    assert.ok(r.headers['content-type'].startsWith('text/plain; version=0.0.4'), r.headers['content-type']);
    assert.is(r.headers['cache-control'], 'no-store');
    assert.match(r.text, /^# HELP gita_http_requests_total /m);
    assert.match(r.text, /^process_cpu_seconds_total /m, "the process's own metrics");
    assert.is(valueOf(parse(r.text), 'gita_metrics_workers'), 1);
    assert.is(valueOf(parse(r.text), 'gita_build_ready'), 1);
  });

  t('the counts move with the requests sent: by route template and status, a 304, a 404, a 429 past the anonymous limit', async () => {
    const before = parse((await scrape(on)).text);
    const bytes = { plain: 0 };
    const a = await fetchRaw(on.url, '/slok/2/47');
    const b = await fetchRaw(on.url, '/slok/3/5');
    const br = await fetchRaw(on.url, '/slok/2/47', { headers: { 'accept-encoding': 'br' } });
    assert.is(br.headers['content-encoding'], 'br');
    const cached = await fetchRaw(on.url, '/slok/2/47', { headers: { 'if-none-match': a.headers.etag } });
    assert.is(cached.status, 304);
    const chapter = await fetchRaw(on.url, '/chapter/2');
    for (const r of [a, b, br, chapter]) assert.is(r.status, 200);
    bytes.plain = a.body.length + b.body.length + br.body.length;
    // The anonymous quota (5) is spent: refused, and counted as refused.
    assert.is((await fetchRaw(on.url, '/slok/2/47')).status, 429);
    assert.is((await fetchRaw(on.url, '/no/such/thing')).status, 404);
    // /metrics is never counted against a quota: it answers past it.
    const r = await scrape(on);
    assert.is(r.status, 200);
    const after = parse(r.text);
    const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    const verse = '/slok/{ch}/{sl}';
    assert.is(moved('gita_http_requests_total', { route: verse, status: '200' }), 3);
    assert.is(moved('gita_http_requests_total', { route: verse, status: '304' }), 1);
    assert.is(moved('gita_http_requests_total', { route: verse, status: '429' }), 1);
    assert.is(moved('gita_http_requests_total', { route: '/chapter/{ch}', status: '200' }), 1);
    assert.is(moved('gita_http_requests_total', { route: 'none', status: '404' }), 1);
    assert.is(moved('gita_http_requests_total', { route: '/metrics', status: '200' }), 1, 'the scrape before this one');
    assert.not.ok(after.some((s) => s.labels.route?.includes('47')), 'never a path asked, only its template');
    assert.is(moved('gita_http_not_modified_total', { route: verse }), 1);
    assert.is(moved('gita_http_refused_total', { reason: 'rate_limited' }), 1);
    assert.is(moved('gita_http_refused_total', { reason: 'not_found' }), 1);
    assert.is(moved('gita_http_responses_by_encoding_total', { encoding: 'br' }), 1);
    assert.is(moved('gita_http_responses_by_encoding_total', { encoding: 'identity' }), 3 + 1, 'the three plain answers and the scrape before');
    assert.is(moved('gita_http_response_bytes_total', { route: verse }), bytes.plain, 'the bytes sent');
    assert.is(moved('gita_http_request_duration_seconds_count', { route: verse }), 5);
    assert.is(moved('gita_http_request_duration_seconds_bucket', { route: verse, le: '+Inf' }), 5);
    assert.ok(moved('gita_http_request_duration_seconds_sum', { route: verse }) > 0);
    // Today's usage: the answers counted, the refusal as rate-limited; none of /metrics.
    assert.is(valueOf(after, 'gita_usage_requests_today', { route: 'verse' }), 4);
    assert.is(valueOf(after, 'gita_usage_requests_today', { route: 'rate-limited' }), 1);
    assert.is(valueOf(after, 'gita_usage_callers_today'), 1);
    assert.not.ok(after.some((s) => s.name === 'gita_usage_requests_today' && s.labels.route === 'metrics'));
  });

  t('promtool check metrics finds nothing to say of the body', async () => {
    const body = (await scrape(on)).text;
    const r = spawnSync(requireProgram('promtool', 'prometheus'), ['check', 'metrics'], { input: body, encoding: 'utf8' });
    assert.is(`${r.stdout}${r.stderr}`.trim(), '');
    assert.is(r.status, 0);
  });

  t('a real Prometheus scrapes it with the token, and its count of requests is the number sent', async () => {
    const dir = tempDir('gita-prometheus-');
    const port = await freePort();
    const target = new URL(on.url).host;
    writeFileSync(
      join(dir, 'prometheus.yml'),
      `global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n  - job_name: gita\n    metrics_path: /metrics\n    authorization:\n      credentials: ${TOKEN}\n    static_configs:\n      - targets: ['${target}']\n`,
    );
    prometheus = ownProcess(spawn(requireProgram('prometheus', 'prometheus'), [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] }));
    let log = '';
    prometheus.stderr!.on('data', (d) => (log += d));
    prometheusUrl = `http://127.0.0.1:${port}`;
    // Ten answers of a route nothing else asked for: 401s, since on any route but /metrics a bearer is read as an API key.
    for (let i = 0; i < 10; i++) assert.is((await fetchRaw(on.url, '/authors', { headers: BEARER })).status, 401);
    const query = encodeURIComponent('gita_http_requests_total{job="gita",route="/authors",status="401"}');
    const deadline = Date.now() + 60_000;
    let seen: string | null = null;
    while (Date.now() < deadline) {
      const r = await fetchRaw(prometheusUrl, `/api/v1/query?query=${query}`).catch(() => null);
      if (r?.status === 200) {
        const result = JSON.parse(r.text).data.result as { value: [number, string] }[];
        seen = result[0]?.value[1] ?? null;
        if (seen === '10') break;
      }
      assert.ok(prometheus.exitCode === null, `prometheus exited: ${log}`);
      await new Promise((done) => setTimeout(done, 250));
    }
    assert.is(seen, '10', `Prometheus's value (its log: ${log})`);
    const up = JSON.parse((await fetchRaw(prometheusUrl, `/api/v1/query?query=${encodeURIComponent('up{job="gita"}')}`)).text).data.result;
    assert.is(up[0].value[1], '1', 'the target is up');
  });

  return t;
}

/** Every worker's counts summed, with 2 workers (`kind`: GITA_WORKER_KIND, on a Node that has both). */
function workers(runtime: Runtime, kind?: 'threads' | 'processes') {
  const t = suite(`GET /metrics with 2 workers (${runtime}${kind ? `, ${kind}` : ''})`);
  let server: Running;
  t.before(hook(async () => {
    const { distDir } = await testDist();
    server = await startServer(runtime, { dist: distDir, dataDir: tempDir('gita-data-'), env: { GITA_WORKERS: '2', GITA_METRICS_TOKEN: TOKEN, ...(kind && { GITA_WORKER_KIND: kind }) } });
  }));
  t.after(hook(async () => {
    await server?.stop();
  }));

  t('the total is what was sent to both workers, whichever answers the scrape', async () => {
    const sent = 40;
    // Each on its own connection: they spread over the workers.
    const answers = await Promise.all(Array.from({ length: sent }, () => fetchRaw(server.url, '/slok/2/47')));
    for (const r of answers) assert.is(r.status, 200);
    for (let i = 0; i < 4; i++) {
      const r = await scrape(server);
      assert.is(r.status, 200);
      const samples = parse(r.text);
      assert.is(valueOf(samples, 'gita_metrics_workers'), 2, 'both registries summed');
      assert.is(valueOf(samples, 'gita_http_requests_total', { route: '/slok/{ch}/{sl}', status: '200' }), sent);
      assert.is(valueOf(samples, 'gita_http_request_duration_seconds_count', { route: '/slok/{ch}/{sl}' }), sent);
      assert.is(valueOf(samples, 'gita_usage_requests_today', { route: 'verse' }), sent);
      assert.is(valueOf(samples, 'gita_build_ready'), 1);
      assert.ok(valueOf(samples, 'process_resident_memory_bytes') > 0, "the processes' own");
    }
  });

  return t;
}

for (const runtime of APP_RUNTIMES) oneProcess(runtime).run();
for (const runtime of RUNTIMES) {
  if (runtime === 'node' && nodeReusesPort()) for (const kind of ['threads', 'processes'] as const) workers(runtime, kind).run();
  else workers(runtime).run();
}
