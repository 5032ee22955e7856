// The type check (`npm run typecheck`: tsc -p .) as one of the suites, so
// that it runs beside the others rather than before them all; its errors are
// the failure's message.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../src/paths.ts';
import { ownProcess } from './helpers/cleanup.ts';

test('tsc -p . finds no type error', async () => {
  const child = ownProcess(spawn(process.execPath, [join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] }));
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.is(code, 0, `tsc -p . failed:\n${out}`);
});

test.run();
