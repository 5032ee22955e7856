// `gita mcp` fed its requests at once and then stdin closed (a script, a
// pipe): it answers every request it read before the close, then exits 0.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { testDist } from '../helpers/dist.ts';

test('initialize and a tools/call, then stdin closed: both answered, exit 0', async () => {
  const { distDir } = await testDist();
  const proc = spawn(process.execPath, [join(PROJECT_ROOT, 'bin', 'gita.mjs'), 'mcp', '--dist', distDir], { cwd: PROJECT_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (err += d));
  const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
  const code = new Promise<number | null>((resolve) => proc.on('exit', (c) => resolve(c)));
  const rpc = (id: number, method: string, params: unknown) => `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;
  proc.stdin.write(rpc(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'gita-tests', version: '1.0.0' } }));
  proc.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  proc.stdin.end(rpc(2, 'tools/call', { name: 'get_verses', arguments: { ref: '2.47', lang: 'en' } }));
  assert.is(await code, 0, err);
  clearTimeout(timer);
  const answers = out.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(answers.map((a) => a.id).sort(), [1, 2], out);
  const call = answers.find((a) => a.id === 2);
  assert.not.ok(call.error, JSON.stringify(call.error));
  assert.match(JSON.stringify(call.result.content), /2\.47/);
});

test.run();
