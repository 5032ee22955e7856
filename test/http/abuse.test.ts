// The server as an attacker or a careless client tries it, over real HTTP (on
// one engine: the bounds are the app's, alike on all three): requests whose
// answers would be huge (a /verses list of the largest record a hundred times,
// an MCP batch of whole chapters), floods of PNG renders and searches, batches
// against a small quota, a quota across a restart, required keys on every
// static path, a key parameter spelled with escapes. The bounds asserted here
// are the ones that cannot be noisy: sizes, counts, status codes. The latency
// and memory a flood costs another client are printed (and measured against
// targets by `npm run bench`).
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_VERSES_PER_CALL } from '../../src/content/citations.ts';
import { MAX_ANSWER_BYTES, MCP_MAX_BATCH, PNG_POOL } from '../../src/contract/limits.ts';
import { FILES } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import { OVER_BUDGET } from '../../src/mcp/budget.ts';
import { REGISTRATIONS_PER_DAY } from '../../src/keys/limits.ts';
import { createKey, gita } from '../helpers/cli.ts';
import { hook, readJson, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw, type Reply } from '../helpers/http.ts';
import { dropPrefix, sharedRedis, testPrefix } from '../helpers/redis.ts';
import { APP_RUNTIMES, startServer, type Running, type Runtime } from '../helpers/server.ts';

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const call = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const postMcp = (url: string, body: unknown, headers: Record<string, string> = {}) => fetchRaw(url, '/mcp', { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body: JSON.stringify(body) });

/** Resident memory of a process (Linux), in MB. */
function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** `n` requests of `paths` (cycled) with `concurrency` in flight; every answer. */
async function flood(url: string, paths: string[], n: number, concurrency: number): Promise<Reply[]> {
  const out: Reply[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const path = paths[next++ % paths.length];
        out.push(await fetchRaw(url, path));
      }
    }),
  );
  return out;
}

/** The slowest of `n` requests of `path`, one after another, while something else runs. */
async function slowest(url: string, path: string, until: Promise<unknown>): Promise<{ count: number; worst: number }> {
  let done = false;
  void until.finally(() => (done = true));
  let worst = 0;
  let count = 0;
  while (!done) {
    const t = performance.now();
    const r = await fetchRaw(url, path);
    assert.is(r.status, 200, `${path} while under load`);
    worst = Math.max(worst, performance.now() - t);
    count++;
  }
  return { count, worst };
}

function abuseSuite(runtime: Runtime) {
  const t = suite(`abuse (${runtime})`);
  let server: Running;
  let keyed: Running;
  let required: Running;
  let dist: string;
  let dataDir: string;
  let requiredDir: string;
  const env = () => ({ GITA_DATA_DIR: dataDir });

  t.before(hook(async () => {
    dist = (await testDist()).distDir;
    dataDir = tempDir();
    requiredDir = tempDir();
    [server, keyed, required] = await Promise.all([
      startServer(runtime, { dist, dataDir: tempDir() }),
      startServer(runtime, { dist, dataDir }),
      // Its request log on: the redaction of the key is read from it.
      startServer(runtime, { dist, dataDir: requiredDir, env: { GITA_AUTH: 'required', GITA_REQUEST_LOG: 'on' } }),
    ]);
  }));
  t.after(hook(async () => {
    await Promise.all([server, keyed, required].map((s) => s?.stop()));
  }));

  t('/verses: the largest record a hundred times is refused before it is made, naming the limit', async () => {
    const r = await fetchRaw(server.url, `/verses?ref=${Array(100).fill('18.66').join(',')}`);
    assert.is(r.status, 400);
    const { error } = JSON.parse(r.text);
    assert.match(error, /^answer: these 100 verses make \d+\.\d MB; one answer may be at most 8\.0 MB/);
    assert.ok(r.body.length < 1000, 'a short refusal');
  });

  t('/verses: a whole chapter within the budget is sent whole, as the records held, with an ETag that answers 304', async () => {
    const r = await fetchRaw(server.url, '/verses?ref=18');
    assert.is(r.status, 200);
    const counts = readJson(`${dist}${FILES.manifest}`).content.versesPerChapter as number[];
    const expected = Buffer.concat([
      Buffer.from('{"refs":["BG18"],"verses":['),
      ...Array.from({ length: counts[17] }, (_, i) => [...(i ? [Buffer.from(',')] : []), readFileSync(`${dist}${FILES.verse(18, i + 1)}`)]).flat(),
      Buffer.from(']}'),
    ]);
    assert.ok(expected.length > 1024 * 1024 && expected.length < MAX_ANSWER_BYTES, `chapter 18 is ${expected.length} bytes: between the streamed size and the budget`);
    assert.is(Number(r.headers['content-length']), expected.length);
    assert.ok(r.body.equals(expected), 'the records byte for byte');
    assert.ok(r.headers.etag, 'an ETag');
    const again = await fetchRaw(server.url, '/verses?ref=18', { headers: { 'if-none-match': r.headers.etag } });
    assert.is(again.status, 304);
    assert.is(again.body.length, 0);
    // Its HEAD has the length and no body.
    const head = await fetchRaw(server.url, '/verses?ref=18', { method: 'HEAD' });
    assert.is(head.status, 200);
    assert.is(head.headers['content-length'], String(expected.length));
    assert.is(head.body.length, 0);
    // To a client that takes brotli or gzip, compressed on demand (then kept), the same bytes once decoded, an ETag per coding.
    for (const [coding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const c = await fetchRaw(server.url, '/verses?ref=18', { headers: { 'accept-encoding': coding } });
      assert.is(c.headers['content-encoding'], coding);
      assert.ok(decode(c.body).equals(expected), `${coding}: the records byte for byte`);
      assert.is(c.headers.etag, r.headers.etag.replace(/"$/, `-${coding}"`));
      assert.is((await fetchRaw(server.url, '/verses?ref=18', { headers: { 'accept-encoding': coding, 'if-none-match': c.headers.etag } })).status, 304);
    }
  });

  t('/verses: a list over the budget names it; lang makes the same verses fit', async () => {
    const ref = Array(20).fill('18.66').join(',');
    const whole = await fetchRaw(server.url, `/verses?ref=${ref}`);
    assert.is(whole.status, 400);
    assert.match(JSON.parse(whole.text).error, /^answer: these 20 verses make/);
    const en = await fetchRaw(server.url, `/verses?ref=${ref}&lang=en`);
    assert.is(en.status, 200);
    assert.is(JSON.parse(en.text).verses.length, 20);
  });

  t('MCP: a batch of whole chapters shares one budget; the calls over it are JSON-RPC errors naming the limit, never run', async () => {
    const batch = Array.from({ length: 99 }, (_, i) => call(i + 1, 'get_verses', { ref: '18' }));
    const started = performance.now();
    const r = await postMcp(server.url, batch);
    const ms = performance.now() - started;
    assert.is(r.status, 200);
    assert.ok(r.body.length < 16 * 1024 * 1024, `answer ${r.body.length} bytes`);
    const answers = JSON.parse(r.text) as Array<{ id: number; result?: { structuredContent: { verses: unknown[] } }; error?: { code: number; message: string } }>;
    assert.is(answers.length, 99, 'an answer per call');
    const ran = answers.filter((a) => a.result);
    const refused = answers.filter((a) => a.error);
    assert.is(ran.length, 1, 'one chapter of 78 verses fits the budget of 100');
    assert.is(ran[0].result!.structuredContent.verses.length, 78);
    assert.is(refused.length, 98);
    for (const a of refused) {
      assert.is(a.error!.code, OVER_BUDGET);
      assert.match(a.error!.message, new RegExp(`at most ${MAX_VERSES_PER_CALL} per request`));
    }
    assert.equal(answers.map((a) => a.id).sort((a, b) => a - b), batch.map((b) => b.id), 'every id answered once');
    console.log(`  ${runtime}: a batch of 99 whole chapters answered in ${ms.toFixed(0)} ms, ${(r.body.length / 1e6).toFixed(1)} MB`);
  });

  t('MCP: every tool that reads a verse is charged to the budget: after a call that spends every verse of it, calls of get_links, get_versions, get_meter and get_words are refused', async () => {
    const tools = ['get_links', 'get_versions', 'get_meter', 'get_words'];
    // 72 + 28 = 100 verses: the whole budget of one request.
    const batch = [call(1, 'get_verses', { ref: '2.1-72, 3.1-28', lang: 'en' }), ...tools.map((tool, i) => call(i + 2, tool, { ch: 2, sl: 47 }))];
    assert.is(MAX_VERSES_PER_CALL, 100, 'the batch is made for a budget of 100 verses');
    const r = await postMcp(server.url, batch);
    assert.is(r.status, 200);
    const answers = JSON.parse(r.text) as Array<{ id: number; result?: unknown; error?: { code: number; message: string } }>;
    assert.ok(answers.find((a) => a.id === 1)?.result, 'the 100 verses are answered');
    for (const [i, tool] of tools.entries()) {
      const a = answers.find((x) => x.id === i + 2)!;
      assert.is(a.error?.code, OVER_BUDGET, `${tool} is charged, and refused over the budget`);
    }
  });

  t('MCP: a batch of long references is answered (each within the budget or refused)', async () => {
    const ref = Array.from({ length: 100 }, (_, i) => `2.${(i % 72) + 1}`).join(',');
    const batch = Array.from({ length: 30 }, (_, i) => call(i + 1, 'get_verses', { ref, lang: 'en' }));
    const r = await postMcp(server.url, batch);
    assert.is(r.status, 200);
    const answers = JSON.parse(r.text) as Array<{ result?: unknown; error?: unknown }>;
    assert.is(answers.length, 30);
    assert.is(answers.filter((a) => a.result).length, 1);
  });

  t(`MCP: a batch of more than ${MCP_MAX_BATCH} messages is a 400 naming the limit, uncounted`, async () => {
    const r = await postMcp(server.url, Array.from({ length: MCP_MAX_BATCH + 1 }, (_, i) => call(i + 1, 'get_chapter', { ch: 1 })));
    assert.is(r.status, 400);
    assert.match(JSON.parse(r.text).error.message, new RegExp(`at most ${MCP_MAX_BATCH}`));
  });

  t('MCP: each message of a batch is a request for the quota and the counts', async () => {
    const { key, id } = createKey(env(), 'batch', '20/day');
    await new Promise((r) => setTimeout(r, 300));
    const headers = { 'x-api-key': key };
    const five = await postMcp(keyed.url, Array.from({ length: 5 }, (_, i) => call(i + 1, 'get_chapter', { ch: 1 })), headers);
    assert.is(five.status, 200);
    assert.is(five.headers['x-ratelimit-remaining'], '15');
    // A batch over what is left is refused whole, and spends nothing: a smaller one still passes.
    const thirty = await postMcp(keyed.url, Array.from({ length: 30 }, (_, i) => call(i + 1, 'get_chapter', { ch: 1 })), headers);
    assert.is(thirty.status, 429);
    const ten = await postMcp(keyed.url, Array.from({ length: 10 }, (_, i) => call(i + 1, 'get_chapter', { ch: 1 })), headers);
    assert.is(ten.status, 200);
    assert.is(ten.headers['x-ratelimit-remaining'], '5');
    const usage = JSON.parse((await fetchRaw(keyed.url, '/usage', { headers })).text);
    assert.is(usage.today.routes.mcp, 15, JSON.stringify(usage.today));
    void id;
  });

  t('a key limited to 5 a day: 4 requests, a restart, 2 more: the 6th is refused (the quota is read from the saved usage)', async () => {
    const { key } = createKey(env(), 'restart', '5/day');
    await new Promise((r) => setTimeout(r, 300));
    const headers = { 'x-api-key': key };
    for (let i = 0; i < 4; i++) assert.is((await fetchRaw(keyed.url, '/chapter/1', { headers })).status, 200);
    assert.is(await keyed.stop(), 0);
    keyed = await startServer(runtime, { dist, dataDir });
    const fifth = await fetchRaw(keyed.url, '/chapter/1', { headers });
    assert.is(fifth.status, 200);
    assert.is(fifth.headers['x-ratelimit-remaining'], '0');
    assert.is((await fetchRaw(keyed.url, '/chapter/1', { headers })).status, 429);
  });

  t(`/register: ${REGISTRATIONS_PER_DAY} keys an address a day, across a restart`, async () => {
    const form = (i: number) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `Bot ${i}`, email: `bot${i}@example.org`, use: 'A verse a day' }) });
    for (let i = 0; i < REGISTRATIONS_PER_DAY - 1; i++) assert.is((await fetchRaw(keyed.url, '/register', form(i))).status, 201);
    assert.is(await keyed.stop(), 0);
    keyed = await startServer(runtime, { dist, dataDir });
    assert.is((await fetchRaw(keyed.url, '/register', form(98))).status, 201);
    assert.is((await fetchRaw(keyed.url, '/register', form(99))).status, 429);
  });

  t('GITA_AUTH=required: no file of dist/ that carries content is served without a key; the docs and their assets are', async () => {
    const content = [FILES.readVerse(2, 47), FILES.readChapter(2), FILES.searchIndex, FILES.verse(2, 47), FILES.chapterVerses(2), filled(ROUTE['verse-words'].file!, { ch: 2, sl: 47 }), FILES.downloads.json, FILES.chapters, '/slok/2/47/gita-dark.svg'];
    for (const path of content) {
      const r = await fetchRaw(required.url, path);
      assert.is(r.status, 401, `${path} without a key: ${r.status}`);
    }
    for (const path of [FILES.docs, FILES.openapi, FILES.manifest, FILES.favicon, FILES.webFont(400), '/']) {
      assert.is((await fetchRaw(required.url, path)).status, 200, `${path} is public`);
    }
    // With a key: served and counted.
    const { key } = createKey({ GITA_DATA_DIR: requiredDir }, 'static', '3/day');
    await new Promise((r) => setTimeout(r, 300));
    const page = await fetchRaw(required.url, FILES.readVerse(2, 47), { headers: { 'x-api-key': key } });
    assert.is(page.status, 200);
    assert.is(page.headers['x-ratelimit-remaining'], '2', 'counted against the quota');
    assert.is((await fetchRaw(required.url, FILES.searchIndex, { headers: { 'x-api-key': key } })).status, 200);
    assert.is((await fetchRaw(required.url, FILES.readChapter(2), { headers: { 'x-api-key': key } })).status, 200);
    assert.is((await fetchRaw(required.url, FILES.readChapter(3), { headers: { 'x-api-key': key } })).status, 429, 'and refused past the quota');
  });

  t('the key parameter is read with its name percent-decoded, redacted in the log whatever its spelling, and refused twice', async () => {
    const { key } = createKey({ GITA_DATA_DIR: requiredDir }, 'escaped', '100/day');
    await new Promise((r) => setTimeout(r, 300));
    const r = await fetchRaw(required.url, `/slok/2/47?x=api_key&api%5Fkey=${key}`);
    assert.is(r.status, 200, 'the escaped name is the key parameter');
    assert.is(r.headers['x-ratelimit-limit'], '100');
    const twice = await fetchRaw(required.url, `/slok/2/47?api_key=${key}&api%5fkey=${key}`);
    assert.is(twice.status, 400);
    assert.match(JSON.parse(twice.text).error, /^api_key: given more than once/);
    await new Promise((r) => setTimeout(r, 400)); // the log is written a few times a second
    assert.not.ok(required.output().includes(key), 'the key never reaches the log');
    assert.match(required.output(), /api%5Fkey=\[redacted\]/);
  });

  t('a 429 of the burst window says the burst limit, and burst refusals do not spend the daily quota', async () => {
    const anon = await startServer(runtime, { dist, dataDir: tempDir(), env: { GITA_ANON_LIMIT: '100/day' } });
    try {
      const answers: Reply[] = [];
      for (let i = 0; i < 40; i++) answers.push(await fetchRaw(anon.url, '/chapter/1'));
      const refused = answers.filter((a) => a.status === 429);
      assert.is(refused.length, 10);
      assert.is(refused[0].headers['x-ratelimit-limit'], '30', 'the limit that refused: the burst window');
      assert.is(refused[0].headers['x-ratelimit-remaining'], '0');
      assert.ok(Number(refused[0].headers['x-ratelimit-reset']) - Date.now() / 1000 <= 11);
      const last = answers.filter((a) => a.status === 200).at(-1)!;
      assert.is(last.headers['x-ratelimit-remaining'], '70', '30 counted of 100');
    } finally {
      await anon.stop();
    }
  });

  t('PNG flood: renders beyond the pool are 503 with Retry-After, uncounted; another client is still answered', async () => {
    const flooded = await startServer(runtime, { dist, dataDir: tempDir() });
    try {
      const counts = readJson(`${dist}${FILES.manifest}`).content.versesPerChapter as number[];
      const paths = counts.flatMap((n, c) => Array.from({ length: Math.min(n, 12) }, (_, v) => `/slok/${c + 1}/${v + 1}/gita-dark.png`));
      const before = rssMb(flooded.proc.pid!);
      const pngs = flood(flooded.url, paths, 160, 32);
      const other = await slowest(flooded.url, '/chapter/2', pngs);
      const answers = await pngs;
      const statuses = new Set(answers.map((a) => a.status));
      assert.ok([...statuses].every((s) => s === 200 || s === 503), `statuses: ${[...statuses]}`);
      const busy = answers.filter((a) => a.status === 503);
      for (const b of busy) {
        assert.is(b.headers['retry-after'], '1');
        assert.equal(JSON.parse(b.text), { error: 'Service Unavailable: busy, try again shortly' });
      }
      for (const a of answers.filter((a) => a.status === 200)) assert.is(a.headers['content-type'], 'image/png');
      console.log(`  ${runtime}: 160 PNGs at 32 in flight (pool ${PNG_POOL.running}+${PNG_POOL.waiting}): ${answers.length - busy.length} drawn or cached, ${busy.length} busy; /chapter/2 meanwhile ${other.count} answers, slowest ${other.worst.toFixed(0)} ms; RSS ${before.toFixed(0)} -> ${rssMb(flooded.proc.pid!).toFixed(0)} MB`);
    } finally {
      await flooded.stop();
    }
  });

  t('search flood: distinct searches beyond the line are 503 with Retry-After; the rest are answered', async () => {
    const words = ['karma', 'yoga', 'dharma', 'atman', 'krishna', 'arjuna', 'mind', 'self', 'duty', 'peace', 'death', 'knowledge', 'devotion', 'action', 'fruit', 'desire'];
    const paths = words.flatMap((w, i) => words.map((v, j) => `/search?q=${w}%20${v}&limit=${1 + ((i + j) % 50)}`));
    const answers = await flood(server.url, paths, 200, 48);
    const statuses = new Set(answers.map((a) => a.status));
    assert.ok([...statuses].every((s) => s === 200 || s === 503), `statuses: ${[...statuses]}`);
    for (const b of answers.filter((a) => a.status === 503)) assert.is(b.headers['retry-after'], '1');
    assert.ok(answers.some((a) => a.status === 200));
  });

  return t;
}

for (const runtime of APP_RUNTIMES) abuseSuite(runtime).run();

const redis = suite('abuse: a quota across a restart, with Redis');
let prefix = '';
let url = '';
redis.before(hook(async () => {
  url = await sharedRedis();
  prefix = testPrefix();
}));
redis.after(hook(async () => {
  if (url) await dropPrefix(url, prefix);
}));

redis('a key limited to 5 a day keeps its count across a restart of the server', async () => {
  const { distDir: dist } = await testDist();
  const env = { REDIS_URL: url, GITA_REDIS_PREFIX: prefix };
  const created = gita(env, 'keys', 'create', '--name', 'redis-restart', '--limit', '5/day');
  assert.is(created.code, 0, created.err);
  const key = created.out.trim().split('\n').pop()!;
  let server = await startServer('node', { dist, dataDir: tempDir(), env });
  try {
    const headers = { 'x-api-key': key };
    for (let i = 0; i < 4; i++) assert.is((await fetchRaw(server.url, '/chapter/1', { headers })).status, 200);
    assert.is(await server.stop(), 0);
    server = await startServer('node', { dist, dataDir: tempDir(), env });
    assert.is((await fetchRaw(server.url, '/chapter/1', { headers })).status, 200);
    assert.is((await fetchRaw(server.url, '/chapter/1', { headers })).status, 429);
  } finally {
    await server.stop();
  }
});

redis.run();
