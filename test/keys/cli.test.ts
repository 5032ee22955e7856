// The `gita` CLI as an operator runs it, against a running server's data dir.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gita as run } from '../helpers/cli.ts';
import { tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';
import { startServer } from '../helpers/server.ts';

const dataDir = tempDir('gita-cli-');
const gita = (...args: string[]) => run({ GITA_DATA_DIR: dataDir }, ...args);

test('keys create prints the key alone on the last line, and stores only its hash', () => {
  const r = gita('keys', 'create', '--name', 'Reading app', '--limit', '25/day');
  assert.is(r.code, 0, r.err);
  const lines = r.out.trim().split('\n');
  const key = lines[lines.length - 1];
  assert.match(key, /^gita_[A-Za-z0-9_-]{32}$/);
  const stored = readFileSync(join(dataDir, 'keys.json'), 'utf8');
  assert.not.ok(stored.includes(key), 'the key is not stored');
  const record = JSON.parse(stored).keys[0];
  assert.is(record.name, 'Reading app');
  assert.is(record.limit, 25);
  assert.match(record.hash, /^[0-9a-f]{64}$/);
});

test('keys list shows ids, names and limits, never keys or hashes', () => {
  const r = gita('keys', 'list');
  assert.is(r.code, 0);
  assert.match(r.out, /key_[0-9a-f]{12}\s+Reading app\s+25\/day\s+operator/);
  const json = JSON.parse(gita('keys', 'list', '--json').out);
  assert.is(json.length, 1);
  assert.is(json[0].hash, undefined);
});

test('mistakes get a clear message and a non-zero exit', () => {
  const noName = gita('keys', 'create');
  assert.is(noName.code, 2);
  assert.match(noName.err, /keys create needs --name NAME/);
  const badLimit = gita('keys', 'create', '--name', 'x', '--limit', 'lots');
  assert.is(badLimit.code, 2);
  assert.match(badLimit.err, /--limit: "lots" is not a daily limit/);
  const unknown = gita('keys', 'revoke', 'key_000000000000');
  assert.is(unknown.code, 1);
  assert.match(unknown.err, /no key with id key_000000000000/);
  const nonsense = gita('frobnicate');
  assert.is(nonsense.code, 2);
  for (const topic of [[], ['keys'], ['keys', 'create'], ['keys', 'list'], ['keys', 'revoke']]) {
    const help = gita(...topic, '--help');
    assert.is(help.code, 0);
    assert.match(help.out, /^Usage: gita/);
  }
});

test('a key made by the CLI works at once on a running server, and a revoked one is refused', async () => {
  const { distDir } = await testDist();
  const server = await startServer('node', { dist: distDir, dataDir, env: { GITA_AUTH: 'required' } });
  try {
    const made = gita('keys', 'create', '--name', 'live');
    const key = made.out.trim().split('\n').pop()!;
    const id = /created (key_[0-9a-f]+)/.exec(made.out)![1];
    await new Promise((r) => setTimeout(r, 300));
    assert.is((await fetchRaw(server.url, '/slok', { headers: { 'x-api-key': key } })).status, 200);
    assert.is(gita('keys', 'revoke', id).code, 0);
    await new Promise((r) => setTimeout(r, 300));
    const r = await fetchRaw(server.url, '/slok', { headers: { 'x-api-key': key } });
    assert.is(r.status, 401);
    assert.is(r.text, '{"error":"Invalid API key"}');
  } finally {
    await server.stop();
  }
});

test.run();
