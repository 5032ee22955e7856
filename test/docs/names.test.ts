// The docs name only what is there: every file or folder of the repository a
// guide or the README names (in code spans: `src/http/app.ts`, `docs/*.md`),
// every npm script it tells to run (`npm run bench:memory`) and every
// subcommand of the gita CLI it names (`npx gita keys create`) exists. A
// file a script makes and git ignores (packages/client/index.js) is named as
// made, not held: it passes when .gitignore names it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { PROJECT_ROOT } from '../../src/paths.ts';

const DOCS = ['README.md', ...readdirSync(join(PROJECT_ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const read = (file: string) => readFileSync(join(PROJECT_ROOT, file), 'utf8');
/** The folders at the top of the repository whose files a guide may name. */
const TOP = /^(?:src|test|scripts|bin|docs|packages|\.github|\.ci)\//;

/** Each repository path a doc names in a code span, with the line it is on: the span's first word, when it starts with a top folder. */
function namedPaths(file: string): Array<{ line: number; path: string }> {
  const out: Array<{ line: number; path: string }> = [];
  read(file)
    .split('\n')
    .forEach((text, i) => {
      for (const m of text.matchAll(/`([^`\n]+)`/g)) {
        const path = m[1].trim().split(/\s/)[0].replace(/[.,;:)]+$/, '');
        // Templates of built paths (docs/<name>/index.html, {ch}) name no file of the repository.
        if (TOP.test(path) && !/[<{]/.test(path)) out.push({ line: i + 1, path });
      }
    });
  return out;
}

/** A file .gitignore names by its own path: one a script makes (the built client package), never committed. */
const IGNORED = new Set(read('.gitignore').split('\n').map((l) => l.trim()).filter((l) => l.startsWith('/') && !l.endsWith('/')).map((l) => l.slice(1)));
const made = (path: string) => IGNORED.has(path);

test('every file and folder of the repository the docs name exists', () => {
  let checked = 0;
  for (const file of DOCS) {
    for (const { line, path } of namedPaths(file)) {
      const there = path.includes('*') ? fg.sync(path, { cwd: PROJECT_ROOT, onlyFiles: false }).length > 0 : existsSync(join(PROJECT_ROOT, path)) || made(path);
      assert.ok(there, `${file}:${line} names ${path}, which the repository does not hold`);
      checked++;
    }
  }
  assert.ok(checked > 100, `${checked} paths checked`);
});

test('every npm script and gita command the docs tell to run exists', () => {
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
  const cli = read('scripts/gita.ts');
  let checked = 0;
  for (const file of DOCS) {
    read(file)
      .split('\n')
      .forEach((text, i) => {
        for (const m of text.matchAll(/\bnpm run ([a-z][\w:-]*)/g)) {
          assert.ok(scripts[m[1]], `${file}:${i + 1}: npm run ${m[1]} is no script of package.json`);
          checked++;
        }
        for (const m of text.matchAll(/\bnpm (start|test)\b/g)) assert.ok(scripts[m[1]], `${file}:${i + 1}: npm ${m[1]}`);
        for (const m of text.matchAll(/\bgita (keys|usage|mcp|[a-z]+)\b(?: ([a-z]+))?/g)) {
          if (!/npx gita|`gita /.test(text.slice(Math.max(0, m.index - 5), m.index + 5))) continue;
          assert.ok(cli.includes(`'${m[1]}'`), `${file}:${i + 1}: gita ${m[1]} is no command of scripts/gita.ts`);
          checked++;
        }
      });
  }
  assert.ok(checked > 30, `${checked} commands checked`);
});

test("the benchmarks page is today's page a reader needs, at most 250 lines: the history stays in git", () => {
  const lines = read('docs/benchmarks.md').split('\n').length - 1;
  assert.ok(lines <= 250, `docs/benchmarks.md: ${lines} lines`);
});

test.run();
