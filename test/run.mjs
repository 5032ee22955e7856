#!/usr/bin/env node
// Runs every uvu suite under test/ (TypeScript through tsx) and fails when
// any test did not pass; its last line is `N passed, N failed`. uvu itself
// exits 0 when a before() hook throws (its runner returns from a finally
// block), which would let a broken suite pass silently; the totals it prints
// are checked here instead.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [dir = 'test', pattern = '\\.test\\.ts$'] = process.argv.slice(2);
// uvu writes to a pipe (read here), where its colour library turns colour
// off; it is asked for colour when this runner's output is a terminal, and
// told NO_COLOR otherwise, or when NO_COLOR or CI is set (the rule of
// src/cli/progress.ts: colour only on a terminal, never under NO_COLOR or CI).
const set = (v) => !!v && v !== '0' && v.toLowerCase() !== 'false';
const colour = !!process.stdout.isTTY && !set(process.env.CI) && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
const { FORCE_COLOR, NO_COLOR, ...env } = process.env;
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'node_modules', 'uvu', 'bin.js'), dir, pattern], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
  env: colour ? { ...env, FORCE_COLOR: '1' } : { ...env, NO_COLOR: '1' },
});
let out = '';
// uvu prints a file's name just before its suites run: the time between two
// names is that file's share of the run, summed up at the end so that a suite
// that grows slow is seen (npm test must stay under 10 minutes).
const started = [];
child.stdout.on('data', (d) => {
  out += d;
  process.stdout.write(d);
  for (const m of String(d).replace(/\x1b\[[0-9;]*m/g, '').matchAll(/^(\S+\.test\.ts)$/gm)) started.push([m[1], Date.now()]);
});
const slowest = () => {
  const spans = started.map(([file, t], i) => [file, ((started[i + 1]?.[1] ?? Date.now()) - t) / 1000]);
  return spans.sort((a, b) => b[1] - a[1]).slice(0, 6).map(([f, s]) => `${f} ${s.toFixed(0)} s`).join(', ');
};
child.on('exit', (code, signal) => {
  const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
  const num = (label) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(plain)?.[1] ?? NaN);
  const [total, passed, skipped] = [num('Total'), num('Passed'), num('Skipped')];
  const failed = Number.isFinite(total) ? total - (passed || 0) - (skipped || 0) : 1;
  const broken = code !== 0 || signal || !(total > 0) || passed + skipped !== total;
  if (broken && failed === 0) console.error(`\ntest/run.mjs: ${passed} of ${total} tests passed (${skipped} skipped): a suite's before/after hook failed or a suite did not run.`);
  if (started.length > 1) console.log(`\nslowest: ${slowest()}`);
  // The last line, for people and CI alike: the totals of every suite.
  console.log(`${Number.isFinite(passed) ? passed : 0} passed, ${Math.max(failed, broken ? 1 : 0)} failed`);
  if (broken) process.exit(code || 1);
});
