import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileUsageStore } from '../../src/keys/usage.ts';
import { ClusterUsageStore } from '../../src/keys/cluster.ts';
import { utcDay } from '../../src/keys/limits.ts';
import { tempDir } from '../helpers/fs.ts';

test('counts survive a restart: the file store resumes its totals', async () => {
  const dir = tempDir();
  const a = await FileUsageStore.open(dir, { flushEveryMs: 0 });
  for (let i = 0; i < 5; i++) a.count('key:k1', 'verse');
  a.count('anon:1.2.3.4', 'chapters');
  await a.close();
  const b = await FileUsageStore.open(dir, { flushEveryMs: 0 });
  b.count('key:k1', 'verse');
  const rows = await b.read(7, 'key:k1');
  assert.equal(rows, [{ day: utcDay(), subject: 'key:k1', route: 'verse', count: 6 }]);
  assert.is((await b.read(7)).length, 2);
  await b.close();
});

test('writes are atomic: the file is always whole JSON, no temporary file is left', async () => {
  const dir = tempDir();
  const store = await FileUsageStore.open(dir, { flushEveryMs: 0 });
  for (let round = 0; round < 20; round++) {
    for (let i = 0; i < 100; i++) store.count(`anon:10.0.0.${i}`, 'random-verse');
    await store.flush();
    JSON.parse(readFileSync(join(dir, 'usage.json'), 'utf8'));
  }
  await store.close();
  assert.equal(readdirSync(dir), ['usage.json']);
});

for (const [what, bytes] of [
  ['partial JSON', '{"version":1,"days":{"2026-11-22":{"key:a":{"verse":'],
  ['the wrong shape', '{"version":1,"days":{"2026-11-22":{"key:a":{"verse":-3}}}}'],
  ['not JSON at all', '\u0000\u0001garbage'],
] as const) {
  test(`a store holding ${what} is set aside with a clear reason, never silently zeroed`, async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'usage.json'), bytes);
    const store = await FileUsageStore.open(dir, { flushEveryMs: 0 });
    assert.ok(store.recovered, 'reported');
    assert.is(store.recovered!.from, join(dir, 'usage.json'));
    assert.match(store.recovered!.reason, /usage\.json/);
    assert.is(readFileSync(store.recovered!.to, 'utf8'), bytes, 'the old file is kept, byte for byte');
    assert.not.ok(existsSync(join(dir, 'usage.json')));
    await store.close();
  });
}

test('a failed write does not stop later writes', async () => {
  const dir = tempDir();
  const store = await FileUsageStore.open(dir, { flushEveryMs: 0 });
  mkdirSync(join(dir, 'usage.json'));
  store.count('key:a', 'verse');
  await store.flush().then(() => assert.unreachable('a directory is in the way'), () => {});
  rmSync(join(dir, 'usage.json'), { recursive: true });
  store.count('key:a', 'verse');
  await store.flush();
  assert.equal((await FileUsageStore.open(dir, { flushEveryMs: 0 }).then((s) => s.read(1))).map((r) => r.count), [2]);
});

test('the CLI\'s read-only open refuses a corrupt store instead of moving it', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'usage.json'), '{"version":1,');
  let message = '';
  await FileUsageStore.open(dir, { readOnly: true }).catch((e: Error) => (message = e.message));
  assert.match(message, /usage\.json: not valid JSON/);
  assert.ok(existsSync(join(dir, 'usage.json')));
});

test('a worker whose question cannot reach the primary fails at once and leaves nothing waiting', async () => {
  // This test process has no IPC channel: as a worker whose primary is gone.
  const store = new ClusterUsageStore();
  try {
    const err = await store.read(1).then(() => null, (e: Error) => e);
    assert.match(String(err?.message), /no IPC channel to the primary process/);
    assert.is((store as unknown as { waiting: Map<number, unknown> }).waiting.size, 0, 'no answer is waited for');
  } finally {
    await store.close();
  }
});

test('a temporary file a killed server left is removed when a server opens the store, not when the CLI reads it', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'usage.json'), JSON.stringify({ version: 1, days: {} }));
  writeFileSync(join(dir, 'usage.json.tmp-12345-0a1b2c3d'), '{"version":1,"da');
  const reader = await FileUsageStore.open(dir, { readOnly: true });
  await reader.close();
  assert.ok(existsSync(join(dir, 'usage.json.tmp-12345-0a1b2c3d')), 'the CLI leaves it: a server may be writing it');
  const store = await FileUsageStore.open(dir, { flushEveryMs: 0 });
  await store.close();
  assert.equal(readdirSync(dir).filter((n) => n.includes('.tmp')), []);
  assert.equal(JSON.parse(readFileSync(join(dir, 'usage.json'), 'utf8')), { version: 1, days: {} });
});

test.run();
