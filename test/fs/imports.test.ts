// The project's imports as read from the files (src/fs/imports.ts): what the
// client's declaration file joins and its build cache key covers are read
// this way, so every form of import the compiler follows must be read, type-only
// ones too, and nothing else.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importedSources, relativeImports } from '../../src/fs/imports.ts';
import { tempDir } from '../helpers/fs.ts';

test('every form of relative import is read, in the order written, each once; packages and comments are not', () => {
  const text = [
    "import { a, type B } from './a.ts';",
    "import type {\n  C,\n  D,\n} from '../c.ts';",
    "export { e } from './e.ts';",
    "export type * from './f.ts';",
    "export * as g from \"./g.ts\";",
    "import './side.ts';",
    "import { readFileSync } from 'node:fs';",
    "// import { h } from './commented.ts';",
    "const lazy = () => import('./lazy.ts');",
    "export const from = 'from ./not-a-path.ts';",
    "import { a as again } from './a.ts';",
  ].join('\n');
  assert.equal(relativeImports(text), ['./a.ts', '../c.ts', './e.ts', './f.ts', './g.ts', './side.ts', './lazy.ts']);
});

test('importedSources follows type-only imports and re-exports from the entries, reads ./x.js as ./x.ts, and refuses an import of no file', () => {
  const root = tempDir();
  mkdirSync(join(root, 'src', 'lib'), { recursive: true });
  writeFileSync(join(root, 'src', 'entry.ts'), "import type { T } from './lib/types.ts';\nexport { f } from './lib/f.js';\n");
  writeFileSync(join(root, 'src', 'lib', 'types.ts'), "import type { U } from '../shapes.ts';\nexport type T = U;\n");
  writeFileSync(join(root, 'src', 'lib', 'f.ts'), "import { T } from './types.ts';\nexport const f = 1;\n");
  writeFileSync(join(root, 'src', 'shapes.ts'), 'export type U = number;\n');
  writeFileSync(join(root, 'src', 'unused.ts'), '');
  assert.equal(importedSources(['src/entry.ts'], root), ['src/entry.ts', 'src/lib/f.ts', 'src/lib/types.ts', 'src/shapes.ts']);
  writeFileSync(join(root, 'src', 'shapes.ts'), "import './gone.ts';\n");
  assert.throws(() => importedSources(['src/entry.ts'], root), /src\/shapes\.ts imports \.\/gone\.ts: no such file/);
});

test.run();
