// The start line names the address the server is bound to: the one asked for
// when it is a single address, the real one behind a name (localhost), and for
// every address (0.0.0.0) that, with a localhost URL to open. A port another
// server holds is one sentence and exit 1, with one worker or several, on
// every engine.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverCommand } from '../../src/paths.ts';
import { testDist } from '../helpers/dist.ts';
import { ownProcess } from '../helpers/cleanup.ts';
import { tempDir } from '../helpers/fs.ts';
import { fetchRaw } from '../helpers/http.ts';
import { displayUrl } from '../../src/http/serve.ts';
import { plainEnv, RUNTIMES } from '../helpers/server.ts';

/** Start the server on `host`, port 0; resolves with its start line, once it answers. */
async function startLine(host: string, runtime: 'node' | 'bun' = 'node', env: NodeJS.ProcessEnv = {}): Promise<{ line: string; stop: () => void; pid: number }> {
  const { distDir } = await testDist();
  const [cmd, args] = serverCommand(runtime, ['--port', '0', '--host', host, '--dist', distDir, '--data-dir', join(tempDir('gita-listen-'), 'data')]);
  const proc = ownProcess(spawn(cmd, args, { env: { ...plainEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
  let out = '';
  proc.stderr.on('data', (d) => (out += d));
  const line = await new Promise<string>((resolve, reject) => {
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /^gita-api listening on .*$/m.exec(out);
      if (m) resolve(m[0]);
    });
    proc.on('exit', (code) => reject(new Error(`exited (${code}):\n${out}`)));
  });
  return { line, stop: () => proc.kill('SIGTERM'), pid: proc.pid! };
}

test('bound to every address: that address and port, then a localhost URL that answers', async () => {
  const { line, stop } = await startLine('0.0.0.0');
  try {
    const m = /^gita-api listening on http:\/\/0\.0\.0\.0:(\d+) \(every address of this machine; here: (http:\/\/localhost:\d+)\) \(node v/.exec(line);
    assert.ok(m, line);
    assert.is(m![2], `http://localhost:${m![1]}`);
    assert.is((await fetchRaw(`http://127.0.0.1:${m![1]}`, '/chapter/2')).status, 200);
  } finally {
    stop();
  }
});

test('under Bun too: every address, and the localhost URL', async () => {
  const { line, stop } = await startLine('0.0.0.0', 'bun');
  try {
    assert.match(line, /^gita-api listening on http:\/\/0\.0\.0\.0:(\d+) \(every address of this machine; here: http:\/\/localhost:\1\) \(bun /);
  } finally {
    stop();
  }
});

test('bound to a name: the address it resolved to, not the name', async () => {
  const { line, stop } = await startLine('localhost');
  try {
    assert.match(line, /^gita-api listening on http:\/\/(?:127\.0\.0\.1|\[::1\]):\d+ \(node v/);
  } finally {
    stop();
  }
});

/** The environment the kernel gave a process, as NAME=value lines. */
const environ = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');

test("Node's server runs with glibc's allocator settings (started again in place, Node 22.15 and later), or the operator's", async () => {
  const reexec = process.platform === 'linux' && typeof (process as { execve?: unknown }).execve === 'function';
  const cases: Array<[Record<string, string | undefined>, string[]]> = [
    [{}, reexec ? ['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=524288'] : []],
    // One set by the operator is kept; the other is still added.
    [{ MALLOC_MMAP_THRESHOLD_: '1048576' }, reexec ? ['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=1048576'] : ['MALLOC_MMAP_THRESHOLD_=1048576']],
    [{ MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '1048576' }, ['MALLOC_ARENA_MAX=4', 'MALLOC_MMAP_THRESHOLD_=1048576']],
  ];
  for (const [given, expected] of cases) {
    const { line, stop, pid } = await startLine('127.0.0.1', 'node', { MALLOC_ARENA_MAX: undefined, MALLOC_MMAP_THRESHOLD_: undefined, ...given });
    try {
      // The process started is the one serving: execve keeps its pid, and no other process is left in between.
      assert.match(line, /^gita-api listening on http:\/\/127\.0\.0\.1:\d+ /);
      assert.equal(environ(pid).filter((v) => v.startsWith('MALLOC_')).sort(), expected, JSON.stringify(given));
    } finally {
      stop();
    }
  }
});

test('an IPv6 address is bracketed; every IPv6 address names localhost too', () => {
  assert.is(displayUrl('::1', 3000), 'http://[::1]:3000');
  assert.is(displayUrl('::', 3000), 'http://[::]:3000 (every address of this machine; here: http://localhost:3000)');
  assert.is(displayUrl('127.0.0.1', 80), 'http://127.0.0.1:80');
});

/** Start a server on `port` (taken); resolves with its exit code and everything it printed. */
async function startOnTaken(runtime: (typeof RUNTIMES)[number], port: number, workers: number): Promise<{ code: number | null; out: string }> {
  const { distDir } = await testDist();
  const [cmd, args] = serverCommand(runtime, ['--port', String(port), '--host', '127.0.0.1', '--dist', distDir, '--data-dir', join(tempDir('gita-listen-'), 'data')]);
  const proc = spawn(cmd, args, { env: { ...plainEnv(), GITA_WORKERS: String(workers) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  // A group that restarts its workers forever never exits: cut it off.
  const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((resolve) => proc.on('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, out };
}

for (const runtime of RUNTIMES) {
  for (const workers of [1, 2]) {
    test(`a port in use (${runtime}, ${workers} worker${workers > 1 ? 's' : ''}): one sentence naming it, and exit 1`, async () => {
      const holder = createServer();
      await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
      const { port } = holder.address() as AddressInfo;
      try {
        const { code, out } = await startOnTaken(runtime, port, workers);
        assert.is(out.trim(), `error: port ${port} is in use (another server is listening there); stop it or choose another with --port`, out);
        assert.is(code, 1, out);
      } finally {
        holder.close();
      }
    });
  }
}

test.run();
