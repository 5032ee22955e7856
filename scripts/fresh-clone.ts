// A fresh clone for the benchmarks that start the server as a new user does:
// the checkout's last commit, beside a link to its ../shared (the content's
// sources), with its node_modules linked: a clone after `npm ci`, without
// content/, dist/ or .cache/.
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The clone, made in `work` (its ../shared: a link to the project's). */
export function freshClone(root: string, work: string): string {
  const shared = resolve(root, '..', 'shared');
  if (!existsSync(shared)) throw new Error(`${shared} is missing; a fresh start imports the content from it`);
  symlinkSync(shared, join(work, 'shared'));
  const clone = join(work, 'gita');
  execFileSync('git', ['clone', '--quiet', '--shared', root, clone]);
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'));
  return clone;
}
