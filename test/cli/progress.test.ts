// Progress as people and logs see it: the real import (`npm run content`,
// from its bundle as npm runs it) into a temporary folder, its stderr read
// from a pipe (a log) and from a pseudo-terminal (util-linux `script`), with
// and without NO_COLOR and CI.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { ownProcess } from '../helpers/cleanup.ts';
import { SHARED_DATA, hook, tempDir } from '../helpers/fs.ts';
import { requireProgram } from '../helpers/programs.ts';

const ESC = '\x1b';
const COLOUR = /\x1b\[\d+(?:;\d+)*m/;

// The pseudo-terminal: util-linux's `script` (Debian's bsdutils), found in
// the hook below.
let script = '';

/**
 * Run the import; `tty`: under a pseudo-terminal (stdout and stderr both on it). Resolves with everything it printed.
 * Upstream as it is (no errata, repairs, supplements, word analysis or versions): the stages read here are every
 * import's, in about half the CPU of a default import, which four at once would take.
 */
function importContent(env: Record<string, string>, tty: boolean): Promise<{ code: number | null; out: string }> {
  const args = [join(PROJECT_ROOT, 'bin', 'run.mjs'), 'content', '--from', SHARED_DATA, '--content', join(tempDir('gita-progress-'), 'content'), '--no-errata', '--no-repairs', '--no-supplements', '--no-dcs', '--no-versions'];
  // The environment of the test runner carries NO_COLOR (test/run.mjs): each case sets its own.
  const { NO_COLOR: _n, CI: _c, FORCE_COLOR: _f, ...base } = process.env;
  const quoted = [process.execPath, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = ownProcess(
    tty
      ? spawn(script, ['-qefc', `stty cols 100; ${quoted} 2>&1`, '/dev/null'], { env: { ...base, TERM: 'xterm', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(process.execPath, args, { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })));
}

let runs: Promise<Array<{ code: number | null; out: string }>>;
// Without `script` the suite fails here at once, in one line, and no import
// is started (one started before would outlive the suite, and the run would
// stop it 5 s later as a leak).
test.before(hook(() => {
  script = requireProgram('script', 'bsdutils');
  // All four at once: each is a whole import of the real content (a few seconds).
  runs = Promise.all([importContent({}, false), importContent({}, true), importContent({ NO_COLOR: '1' }, true), importContent({ CI: 'true' }, true)]);
}));

test('in a log (no terminal): plain lines, one as each stage starts and a counted one as it ends, no escape codes', async () => {
  const { code, out } = (await runs)[0];
  assert.is(code, 0, out);
  assert.not.ok(out.includes(ESC), 'no escape codes');
  assert.not.ok(out.includes('\r'), 'nothing redrawn');
  assert.match(out, /^validating\.\.\.$/m);
  assert.match(out, /^validating: done, 737\/737 in \d+\.\d s$/m);
  assert.match(out, /^writing: done, 737\/737 in \d+\.\d s$/m);
  assert.match(out, /^imported 18 chapters, 701 verses/m);
});

test('on a terminal: the stage redrawn in place with a bar, in colour, and a counted line left by each stage', async () => {
  const { code, out } = (await runs)[1];
  assert.is(code, 0, out);
  const plain = out.replace(/\x1b\[[\d;]*m/g, '');
  assert.match(plain, /\rvalidating [\d,]+\/737 #*-* +\d+%/);
  assert.match(out, COLOUR);
  assert.match(out.replace(/\x1b\[[\d;]*m/g, ''), /✓ validating 737\/737, \d+\.\d s/);
  assert.match(out.replace(/\x1b\[[\d;]*m/g, ''), /✓ writing 737\/737, \d+\.\d s/);
});

test('on a terminal with NO_COLOR: the same bar, and not one escape code', async () => {
  const { code, out } = (await runs)[2];
  assert.is(code, 0, out);
  assert.not.ok(out.includes(ESC), JSON.stringify(out.slice(0, 300)));
  assert.match(out, /\rvalidating [\d,]+\/737 #*-* +\d+%/);
  assert.match(out, /✓ validating 737\/737, \d+\.\d s/);
});

test('on a terminal under CI: plain lines as in a log, no redraws, no escape codes', async () => {
  const { code, out } = (await runs)[3];
  assert.is(code, 0, out);
  assert.not.ok(out.includes(ESC));
  assert.not.ok(/\r(?!\n)/.test(out), 'nothing redrawn (a terminal ends its lines with \\r\\n)');
  assert.match(out, /^validating: done, 737\/737 in \d+\.\d s\r?$/m);
});

test.run();
