// Every function of src/ fits one screen: at most 80 lines from its first
// token to its end, nested functions counted in their parent too (a closure
// factory of 200 lines is one function of 200 lines, however small its
// parts). Read by the TypeScript compiler itself (TypeScript 7's API over the
// project's tsconfig.json), so what counts as a function is the compiler's
// reading, not a pattern's.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { API } from 'typescript/unstable/sync';
import * as is from 'typescript/unstable/ast/is';
import type { Node } from 'typescript/unstable/ast';
import { PROJECT_ROOT } from '../src/paths.ts';

const MAX_LINES = 80;

const isFunction = (n: Node) =>
  is.isFunctionDeclaration(n) || is.isFunctionExpression(n) || is.isArrowFunction(n) || is.isMethodDeclaration(n) || is.isConstructorDeclaration(n) || is.isGetAccessorDeclaration(n) || is.isSetAccessorDeclaration(n);

/** Each function of src/ longer than MAX_LINES: `file:line (N lines)`, longest first. */
function longFunctions(): { found: number; long: string[] } {
  const api = new API({ cwd: PROJECT_ROOT });
  try {
    const project = api.updateSnapshot({ openProject: join(PROJECT_ROOT, 'tsconfig.json') }).getProjects()[0];
    const files = project.program.getSourceFileNames().filter((f) => f.startsWith(join(PROJECT_ROOT, 'src') + '/'));
    let found = 0;
    const long: Array<[number, string]> = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      // Line starts, to turn a position into its line by binary search.
      const starts = [0];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      const lineOf = (pos: number) => {
        let lo = 0;
        let hi = starts.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (starts[mid] <= pos) lo = mid;
          else hi = mid - 1;
        }
        return lo + 1;
      };
      const visit = (n: Node): void => {
        if (isFunction(n)) {
          found++;
          let start = n.pos; // a node's pos includes the trivia before it
          while (/\s/.test(text[start] ?? '')) start++;
          const lines = lineOf(n.end) - lineOf(start) + 1;
          if (lines > MAX_LINES) long.push([lines, `${relative(PROJECT_ROOT, file)}:${lineOf(start)} (${lines} lines)`]);
        }
        n.forEachChild(visit);
      };
      visit(project.program.getSourceFile(file)! as unknown as Node);
    }
    return { found, long: long.sort((a, b) => b[0] - a[0]).map(([, where]) => where) };
  } finally {
    api.close();
  }
}

test(`no function in src/ runs over ${MAX_LINES} lines`, () => {
  const { found, long } = longFunctions();
  assert.ok(found > 1000, `the compiler's reading found ${found} functions: the sources were read`);
  assert.equal(long, [], `functions over ${MAX_LINES} lines (split them into named functions of a module):\n${long.join('\n')}`);
});

test.run();
