// The `gita` CLI as a test runs it: a real process, with the environment given.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/paths.ts';

export function gita(env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'gita.mjs'), ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** `gita keys create`, returning the key (the last line) and its id. */
export function createKey(env: Record<string, string>, name: string, limit: string) {
  const r = gita(env, 'keys', 'create', '--name', name, '--limit', limit);
  if (r.code !== 0) throw new Error(`gita keys create failed: ${r.err}`);
  return { key: r.out.trim().split('\n').pop()!, id: /created (key_[0-9a-f]+)/.exec(r.out)![1] };
}
