// The client as one file of JavaScript and one of declarations, for dist/
// (client.js, client.d.ts: `import { createClient } from 'https://<host>/client.js'`)
// and for the client's own package (packages/client: @gita-api/client).
// esbuild bundles the JavaScript. tsc writes the declarations, one file per
// module; they are joined here into one, because a host serves one file to
// Deno (X-TypeScript-Types) and the d.ts bundlers on npm need the TypeScript
// 5 compiler API, which TypeScript 7 no longer has.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { importedSources, relativeImports } from '../fs/imports.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { routePathsPlugin, TABLE_SOURCES } from './route-paths.ts';

const run = promisify(execFile);

export const CLIENT_ENTRY = join(PROJECT_ROOT, 'src', 'client', 'index.ts');
/** The sources whose change changes the client (for the build's staleness check and cache). */
// Every module the client imports, type-only imports too (tsc reads them for the declarations), and what this file imports:
// how the declarations are joined shapes them, and the route table's paths and files are made from the whole table
// (route-paths.ts), which reads the content's rules and the guides.
export const CLIENT_SOURCES = [...importedSources([relative(PROJECT_ROOT, CLIENT_ENTRY), 'src/publish/client.ts']), ...TABLE_SOURCES];

export interface ClientFiles {
  js: string;
  dts: string;
}

export async function bundleClient(): Promise<ClientFiles> {
  const esbuild = await import('esbuild');
  const out = await esbuild.build({
    entryPoints: [CLIENT_ENTRY],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    legalComments: 'none',
    plugins: [routePathsPlugin],
    banner: { js: '// Gita API client (MIT). Types: client.d.ts beside this file. https://github.com/vedicscriptures/bhagavad-gita for the content (GPL-3.0).' },
    logLevel: 'warning',
  });
  const js = out.outputFiles[0].text;
  return { js, dts: await declarations() };
}

/**
 * tsc's declarations of the client's modules, joined into one module: the
 * entry's declaration file and those it reaches through their own imports,
 * each after the ones it imports.
 */
async function declarations(): Promise<string> {
  const work = await mkdtemp(join(tmpdir(), 'gita-client-dts-'));
  try {
    const config = join(work, 'tsconfig.json');
    await writeFile(
      config,
      JSON.stringify({
        extends: join(PROJECT_ROOT, 'tsconfig.json'),
        compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: join(work, 'out'), rootDir: join(PROJECT_ROOT, 'src'), types: [], lib: ['ES2023', 'DOM'] },
        include: [],
        files: [relative(work, CLIENT_ENTRY)],
      }),
    );
    const tsc = join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    await run(process.execPath, [tsc, '-p', config], { cwd: PROJECT_ROOT }).catch((err) => {
      throw new Error(`the client's declarations: tsc failed:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
    });
    const modules = await declaredModules(join(work, 'out'), relative(join(PROJECT_ROOT, 'src'), CLIENT_ENTRY).replace(/\.ts$/, ''));
    return `// Gita API client: the declarations of client.js.\n${modules.map(joined).join('\n')}`;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

interface Declared {
  /** The module's path under src/, without its extension (content/schema). */
  file: string;
  /** Its declaration file as tsc wrote it. */
  text: string;
}

/**
 * The declaration file of `entry` under `out` and those it reaches through
 * the imports and re-exports they write, each after the ones it imports: depth
 * first from the entry, a file's imports in the order it writes them (tsc's
 * output, so the same order on every build). Only these: tsc also writes the
 * modules the client's code needs and its types do not (client.js carries
 * them). Declarations do not depend on their order, so a cycle of imports
 * (none today) is joined in the order the walk meets it.
 */
async function declaredModules(out: string, entry: string): Promise<Declared[]> {
  const ordered: Declared[] = [];
  const met = new Set<string>();
  const visit = async (file: string): Promise<void> => {
    if (met.has(file)) return;
    met.add(file);
    const text = await readFile(join(out, `${file}.d.ts`), 'utf8').catch(() => {
      throw new Error(`the client's declarations: no ${file}.d.ts from tsc (imported as a module of the client)`);
    });
    for (const path of relativeImports(text)) await visit(relative(out, join(out, dirname(file), path)).replace(/\.(?:d\.)?[jt]s$/, ''));
    ordered.push({ file, text });
  };
  await visit(entry);
  return ordered;
}

/**
 * A module's declarations as the joined file carries them, under a line
 * naming it. The modules outside src/client/ are the client's internals:
 * their names are declared, not exported, and the client exports those it
 * re-exports (src/client/types.ts); the modules of src/client/ keep their
 * exports.
 */
function joined({ file, text }: Declared): string {
  // Imports between the modules joined here: their names are in the same file now.
  text = text.replace(/^import (?:type )?\{[^}]*\} from '\.{1,2}\/[^']+';\n/gm, '').replace(/^export (?:type \* |\{[^}]*\} )from '\.\/[^']+';\n/gm, '');
  // What is left names another file (a package, a re-export from another folder, a type by its module's path): one file cannot carry it.
  const unjoinable = /^import .*$/m.exec(text) ?? /^export (?:type )?(?:\*|\{[^}]*\})(?: as \w+)? from .*$/m.exec(text) ?? /^.*\bimport\(.*$/m.exec(text);
  if (unjoinable) throw new Error(`${file}.d.ts: an import the client's declarations cannot join: ${unjoinable[0]}`);
  const internal = !file.startsWith('client/');
  if (internal) text = text.replace(/^export (declare |interface |type |function |const )/gm, (_m, rest: string) => (rest === 'const ' || rest === 'function ' ? `declare ${rest}` : rest));
  return `// ${file}\n${text.replace(/^export \{\};\n/gm, '')}`;
}
