// The project's folders, found from the code's own location (walking up to
// package.json) so that every command works from any working directory,
// whether it runs from source or from a bundle in .cache/bin/.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'gita-api') return dir;
    if (dirname(dir) === dir) throw new Error(`no gita-api package.json above ${from}`);
  }
}

/** The project folder (where package.json is). */
export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

export const PATHS = {
  content: join(PROJECT_ROOT, 'content'),
  dist: join(PROJECT_ROOT, 'dist'),
  buildCache: join(PROJECT_ROOT, '.cache', 'build'),
  /** What the latest build of dist/ was made from (see src/publish/stamp.ts). */
  stamp: join(PROJECT_ROOT, '.cache', 'dist-stamp.json'),
};

/**
 * The Node flags `npm start` runs the server with, read from package.json so
 * that the tests and the benchmark start it exactly as an operator does.
 * (A small young generation and a heap limit of 1 GB, each for less memory
 * at a small cost in speed: docs/architecture.md.)
 */
export function serverNodeFlags(root = PROJECT_ROOT): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return scripts.start.split(/\s+/).filter((arg) => arg.startsWith('--'));
}

export type Engine = 'node' | 'deno' | 'bun';

/**
 * The command that starts the server on an engine as its npm script does
 * (`npm start`, `npm run start:deno`, `npm run start:bun`, minus the prepare
 * step): the runtime and its arguments, flags read from package.json. Deno
 * and Bun are the ones npm installed (the `deno` and `bun` packages).
 */
export function serverCommand(engine: Engine, args: string[]): [string, string[]] {
  if (engine === 'node') return [process.execPath, [...serverNodeFlags(), join(PROJECT_ROOT, 'bin', 'run.mjs'), 'start', '--no-prepare', ...args]];
  const bin = join(PROJECT_ROOT, 'node_modules', '.bin', engine);
  if (!existsSync(bin)) throw new Error(`${engine} is missing: ${bin} (npm ci installs it from the ${engine} package, a dev dependency)`);
  const { scripts } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  // "node bin/run.mjs prepare && exec deno run --allow-net ... scripts/start-deno.ts": what follows the runtime's name.
  const command = scripts[`start:${engine}`].split('&&').at(-1)!.trim().replace(/^exec\s+/, '').split(/\s+/).slice(1);
  return [bin, [...command.map((a) => (a.startsWith('scripts/') ? join(PROJECT_ROOT, a) : a)), ...args]];
}
