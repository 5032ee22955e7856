// The start line names the address the server is bound to: the one asked for
// when it is a single address, the real one behind a name (localhost), and for
// every address (0.0.0.0) that, with a localhost URL to open.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { serverCommand } from '../../src/paths.ts';
import { testDist } from '../helpers/dist.ts';
import { ownProcess } from '../helpers/cleanup.ts';
import { tempDir } from '../helpers/fs.ts';
import { fetchRaw } from '../helpers/http.ts';
import { displayUrl } from '../../src/http/serve.ts';

/** Start the server on `host`, port 0; resolves with its start line, once it answers. */
async function startLine(host: string, runtime: 'node' | 'bun' = 'node'): Promise<{ line: string; stop: () => void }> {
  const { distDir } = await testDist();
  const [cmd, args] = serverCommand(runtime, ['--port', '0', '--host', host, '--dist', distDir, '--data-dir', join(tempDir('gita-listen-'), 'data')]);
  const proc = ownProcess(spawn(cmd, args, { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] }));
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
  return { line, stop: () => proc.kill('SIGTERM') };
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

test('an IPv6 address is bracketed; every IPv6 address names localhost too', () => {
  assert.is(displayUrl('::1', 3000), 'http://[::1]:3000');
  assert.is(displayUrl('::', 3000), 'http://[::]:3000 (every address of this machine; here: http://localhost:3000)');
  assert.is(displayUrl('127.0.0.1', 80), 'http://127.0.0.1:80');
});

test.run();
