// The project's own imports, read from the files' import lines: what a module
// imports of the project (relative paths only; packages are pinned by
// package-lock.json), and every source file an entry reaches through them.
// Type-only imports count: the compiler reads them, and a declaration file
// (.d.ts) is made from them. The client's build reads both with this
// (src/publish/client.ts): the modules its declarations join, and the
// sources its build cache key covers.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { PROJECT_ROOT } from '../paths.ts';

/** A relative path after `import … from`, `import type … from`, `export … from`, `export type * from`, a bare `import`, or in a dynamic import written as a string: the path's quote, then the path. */
const RELATIVE_IMPORT = /^(?:import|export)\b[^'";]*? from (['"])(\.{1,2}\/[^'"]+)\1|^import (['"])(\.{1,2}\/[^'"]+)\3|\bimport\(\s*(['"])(\.{1,2}\/[^'"]+)\5\s*\)/gm;

/** The relative paths `text` imports or re-exports, in the order it writes them, each once. */
export function relativeImports(text: string): string[] {
  return [...new Set([...text.matchAll(RELATIVE_IMPORT)].map((m) => m[2] ?? m[4] ?? m[6]))];
}

/**
 * The source files `entries` import, directly or through one another, with
 * the entries themselves: paths relative to `root`, sorted. An import of
 * `./x.js` is of `./x.ts` when only that exists (the compiler's reading). An
 * import of no file is an error: a fingerprint that missed it would not be
 * the code's.
 */
export function importedSources(entries: readonly string[], root = PROJECT_ROOT): string[] {
  const seen = new Set<string>();
  const todo = [...entries];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const path of relativeImports(readFileSync(join(root, file), 'utf8'))) {
      let imported = relative(root, join(root, dirname(file), path));
      if (!existsSync(join(root, imported)) && imported.endsWith('.js')) imported = imported.replace(/\.js$/, '.ts');
      if (!existsSync(join(root, imported))) throw new Error(`${file} imports ${path}: no such file`);
      todo.push(imported);
    }
  }
  return [...seen].sort();
}
