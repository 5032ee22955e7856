// Compression on demand (src/http/on-demand.ts): bounded (a few at a time,
// a cap on the bytes running or waiting, past which an answer is compressed
// at once at the quickest level, never sent as it is), the file checked
// against the build's hash, kept by bytes per build.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Compressor, NotNow, OnDemand, onDemandLevel, windowBits } from '../../src/http/on-demand.ts';
import { SharedLru } from '../../src/cache/shared.ts';
import { tempDir } from '../helpers/fs.ts';

/** Text that compresses, `n` bytes. */
const text = (n: number) => Buffer.from(randomBytes(Math.ceil(n / 2)).toString('hex').slice(0, n).replace(/[0-7]/g, 'a'));

test('fast levels: brotli 5 and gzip 6, brotli 4 and gzip 4 above 1 MB', () => {
  assert.equal([onDemandLevel('br', 50_000), onDemandLevel('gzip', 50_000), onDemandLevel('br', 4_000_000), onDemandLevel('gzip', 4_000_000)], [5, 6, 4, 4]);
});

/** The window a brotli stream declares in its first bits (RFC 7932, 9.1). */
function declaredWindow(b: Buffer): number {
  const x = b[0] | (b[1] << 8);
  if (!(x & 1)) return 16;
  const n = (x >> 1) & 7;
  if (n) return 17 + n;
  const m = (x >> 4) & 7;
  return m ? 8 + m : 17;
}

test("brotli's window is the smallest that holds the answer, not the default 4 MB", async () => {
  const line = new Compressor(2, 10, 10_000_000);
  for (const [size, bits] of [[2000, 11], [50_000, 16], [65_520, 16], [65_521, 17], [1_500_000, 21]] as const) {
    assert.is(windowBits(size), bits, `${size} bytes`);
    const body = text(size);
    const out = (await line.run(body.length, 'br', () => body))!;
    assert.is(declaredWindow(out), bits, `${size} bytes: the stream's window`);
    assert.ok(brotliDecompressSync(out).equals(body), `${size} bytes: decodes to the input`);
  }
  assert.is(windowBits(100), 10, "brotli's least");
  assert.is(windowBits(40_000_000), 24, "brotli's most");
});

test('at most `running` at a time; the rest wait their turn, their input made only then', async () => {
  const line = new Compressor(2, 10, 1_000_000);
  const made: number[] = [];
  const body = text(20_000);
  const jobs = [0, 1, 2, 3].map((i) => line.run(body.length, i % 2 ? 'gzip' : 'br', () => (made.push(i), body)));
  assert.equal(line.load, { running: 2, waiting: 2, bytes: 80_000 });
  const out = await Promise.all(jobs);
  assert.equal(made, [0, 1, 2, 3], 'in the order asked');
  assert.ok(brotliDecompressSync(out[0]!).equals(body) && gunzipSync(out[1]!).equals(body), 'decodes to the input');
  assert.equal(line.load, { running: 0, waiting: 0, bytes: 0 }, 'all places freed');
});

test('past the bounds an answer is not compressed (null at once, nothing read): too many waiting, or too many bytes', async () => {
  const line = new Compressor(1, 1, 100_000);
  const body = text(30_000);
  let reads = 0;
  const input = () => (reads++, body);
  const a = line.run(body.length, 'br', input);
  const b = line.run(body.length, 'br', input);
  assert.ok(a && b);
  assert.is(line.run(body.length, 'br', input), null, 'one running, one waiting: full');
  await Promise.all([a, b]);
  const bytes = new Compressor(4, 10, 100_000);
  const big = bytes.run(90_000, 'gzip', () => text(90_000));
  assert.is(bytes.run(20_000, 'gzip', input), null, '90 kB running, 20 more would pass 100 kB');
  assert.ok(bytes.run(10_000, 'gzip', () => text(10_000)), '10 more fit');
  await big;
  assert.is(reads, 2, 'the refused input never made');
  // One input over the whole bound still runs when nothing else does.
  assert.ok(await new Compressor(1, 1, 1000).run(5000, 'br', () => text(5000)));
});

test('past the bounds, a list or a file is compressed here and now at the quickest level: a client that takes a coding gets it', async () => {
  const dir = tempDir('gita-on-demand-');
  const body = text(50_000);
  writeFileSync(join(dir, 'list.json'), body);
  const line = new Compressor(1, 0, 1_000_000);
  // The one place taken by an input that never comes.
  const held = line.run(10, 'br', () => new Promise<Buffer>(() => {}));
  assert.ok(held);
  assert.is(line.run(body.length, 'gzip', () => body), null, 'the line is full');
  const cache = new OnDemand(dir, line, new SharedLru(1_000_000));
  const parts = await cache.parts('list', [body.subarray(0, 10), body.subarray(10)], body.length, 'br');
  assert.ok(brotliDecompressSync(parts).equals(body), 'the list, decoded');
  assert.ok(parts.length < body.length / 1.5, `compressed: ${parts.length} of ${body.length} bytes`);
  const file = await cache.file({ path: '/list.json', size: body.length, sha256: createHash('sha256').update(body).digest('hex') }, 'gzip');
  assert.ok(gunzipSync(file).equals(body), 'the file, decoded');
});

test('a failure frees its place and goes to its caller alone', async () => {
  const line = new Compressor(1, 5, 1_000_000);
  const failed = line.run(10, 'br', () => {
    throw new Error('no input');
  });
  const next = line.run(2000, 'br', () => text(2000));
  assert.instance(await failed!.catch((e: Error) => e), Error);
  assert.ok(await next!);
  assert.equal(line.load, { running: 0, waiting: 0, bytes: 0 });
});

test("a file of dist/: read when its turn comes, checked against the build's hash, compressed once and kept", async () => {
  const dir = tempDir('gita-on-demand-');
  mkdirSync(join(dir, 'chapter'), { recursive: true });
  const body = text(50_000);
  writeFileSync(join(dir, 'chapter', 'list.json'), body);
  const sha256 = createHash('sha256').update(body).digest('hex');
  const cache = new OnDemand(dir, new Compressor(2, 10, 1_000_000), new SharedLru(1_000_000));
  const file = { path: '/chapter/list.json', size: body.length, sha256 };
  const [a, b] = await Promise.all([cache.file(file, 'br'), cache.file(file, 'br')]);
  assert.is(a, b, 'asked twice at once: made once');
  assert.ok(brotliDecompressSync(a).equals(body));
  assert.is(cache.kept.entries, 1);
  // Replaced on disk (a rebuild under this build): kept bytes are still this build's; a coding not made yet is refused, not made from the other bytes.
  writeFileSync(join(dir, 'chapter', 'list.json'), text(50_000));
  assert.is(await cache.file(file, 'br'), a);
  const err = await cache.file(file, 'gzip').catch((e: Error) => e);
  assert.instance(err, NotNow);
  assert.instance(await cache.file({ ...file, path: '/chapter/gone.json' }, 'br').catch((e: Error) => e), NotNow);
});

test('kept by bytes: the least recently used compressed form goes first', async () => {
  const dir = tempDir('gita-on-demand-');
  const cache = new OnDemand(dir, new Compressor(2, 10, 10_000_000), new SharedLru(40_000));
  // Random bytes do not compress: each compressed form about 30 kB, so the cache holds one.
  const parts = (n: number) => [Buffer.from('['), randomBytes(n), Buffer.from(']')];
  const one = await cache.parts('one', parts(30_000), 30_002, 'gzip');
  await cache.parts('two', parts(30_000), 30_002, 'gzip');
  assert.is(cache.kept.entries, 1);
  assert.ok(cache.kept.bytes <= 40_000);
  assert.is.not(await cache.parts('one', parts(30_000), 30_002, 'gzip'), one, 'made again');
});

test.run();
