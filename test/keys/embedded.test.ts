// The embedded usage store as an operator meets it: totals across a restart,
// a kill -9 under load, and a corrupt file at start-up. Real server processes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Agent, request } from 'node:http';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { utcDay } from '../../src/keys/limits.ts';
import { createKey, gita } from '../helpers/cli.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';
import { startServer } from '../helpers/server.ts';

let dist: string;
test.before(hook(async () => {
  ({ distDir: dist } = await testDist());
}));

const usageOf = (dataDir: string, ...args: string[]) => JSON.parse(gita({ GITA_DATA_DIR: dataDir }, 'usage', '--json', ...args).out) as Array<{ subject: string; route: string; count: number }>;
const total = (rows: Array<{ count: number }>) => rows.reduce((n, r) => n + r.count, 0);

test('a restart resumes the totals (SIGTERM writes the last counts)', async () => {
  const dataDir = tempDir();
  const { key, id } = createKey({ GITA_DATA_DIR: dataDir }, 'restart', '0');
  let server = await startServer('node', { dist, dataDir });
  for (let i = 0; i < 10; i++) assert.is((await fetchRaw(server.url, '/chapter/3', { headers: { 'x-api-key': key } })).status, 200);
  assert.is(await server.stop(), 0);
  server = await startServer('node', { dist, dataDir });
  for (let i = 0; i < 5; i++) await fetchRaw(server.url, '/slok', { headers: { 'x-api-key': key } });
  const live = JSON.parse((await fetchRaw(server.url, '/usage', { headers: { 'x-api-key': key } })).text);
  assert.equal(live.today.routes, { chapter: 10, 'random-verse': 5 }, '/usage sees the resumed totals and the new counts');
  await server.stop();
  const rows = usageOf(dataDir, '--key', id);
  assert.equal(rows.map((r) => [r.route, r.count]).sort(), [['chapter', 10], ['random-verse', 5]]);
  const table = gita({ GITA_DATA_DIR: dataDir }, 'usage').out;
  assert.match(table, new RegExp(`${id} \\(restart\\)\\s+${utcDay()}\\s+chapter\\s+10`));
});

test('kill -9 under load loses at most about a second of counts, and the store stays valid', async () => {
  const dataDir = tempDir();
  const server = await startServer('node', { dist, dataDir });
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const answered: number[] = [];
  const one = () =>
    new Promise<void>((resolve) => {
      request(`${server.url}/chapter/2`, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) answered.push(Date.now());
          resolve();
        });
      })
        .on('error', () => resolve())
        .end();
    });
  // At least 3 s and 600 answers (a loaded machine answers fewer a second), at most 30 s.
  const until = Date.now() + 3000;
  const cap = Date.now() + 30_000;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while ((Date.now() < until || answered.length < 600) && Date.now() < cap) await one();
  }));
  server.proc.kill('SIGKILL');
  const killedAt = Date.now();
  await server.stop();
  agent.destroy();
  const file = readFileSync(join(dataDir, 'usage.json'), 'utf8');
  const stored = total(usageOf(dataDir));
  const lastSecondAndAHalf = answered.filter((t) => t > killedAt - 1500).length;
  const lost = answered.length - stored;
  console.log(`\n    kill -9 after ${answered.length} answered requests: ${stored} counted, ${lost} lost (${lastSecondAndAHalf} answered in the last 1.5 s)`);
  assert.ok(JSON.parse(file), 'whole JSON');
  assert.ok(answered.length > 500, `load was real: ${answered.length} requests`);
  assert.ok(lost >= 0, `stored ${stored} of ${answered.length}`);
  assert.ok(lost <= lastSecondAndAHalf, `lost ${lost} counts; ${lastSecondAndAHalf} were answered in the last 1.5 s`);
  // A kill in the middle of a write may leave its temporary file (the rename never came); the next start removes it.
  const next = await startServer('node', { dist, dataDir });
  await next.stop();
  assert.equal(readdirSync(dataDir).filter((n) => n.includes('.tmp')), [], 'no temporary file left after the next start');
});

test('a corrupt store at start-up: a clear error naming the file, the file set aside, the server up', async () => {
  const dataDir = tempDir();
  const garbage = '{"version":1,"days":{"2026-11-20":{"anon:1.1.1.1":{"verse":12';
  writeFileSync(join(dataDir, 'usage.json'), garbage);
  const server = await startServer('node', { dist, dataDir });
  try {
    const out = server.output();
    assert.match(out, new RegExp(`error: ${join(dataDir, 'usage.json').replace(/[/.]/g, '\\$&')} was corrupt \\(.*not valid JSON.*\\); it was moved to .*usage\\.json\\.corrupt-`));
    const aside = readdirSync(dataDir).find((n) => n.startsWith('usage.json.corrupt-'))!;
    assert.is(readFileSync(join(dataDir, aside), 'utf8'), garbage);
    const health = JSON.parse((await fetchRaw(server.url, '/healthz')).text);
    assert.match(health.usageRecoveredFrom, /usage\.json\.corrupt-/);
    assert.is((await fetchRaw(server.url, '/chapter/1')).status, 200);
  } finally {
    await server.stop();
  }
});

test.run();
