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
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../paths.ts';
import { routePathsPlugin, TABLE_SOURCES } from './route-paths.ts';

const run = promisify(execFile);

/** The client's modules, each after the ones it imports; the content modules' names stay private to the file. */
const MODULES = [
  { file: 'content/day', internal: true },
  { file: 'content/schema', internal: true },
  { file: 'content/display', internal: true },
  { file: 'content/projection', internal: true },
  { file: 'content/author-entry', internal: true },
  { file: 'content/roots/shapes', internal: true },
  { file: 'content/dcs/shapes', internal: true },
  { file: 'content/dcs/lemma-name', internal: true },
  { file: 'content/words', internal: true },
  { file: 'content/link-shapes', internal: true },
  { file: 'content/ref-shapes', internal: true },
  { file: 'content/versions/model', internal: true },
  { file: 'content/meter/shapes', internal: true },
  { file: 'content/speakers', internal: true },
  { file: 'contract/errors', internal: true },
  { file: 'contract/paths', internal: true },
  { file: 'client/error', internal: false },
  { file: 'client/types', internal: false },
  { file: 'client/file-methods', internal: false },
  { file: 'client/index', internal: false },
];
export const CLIENT_ENTRY = join(PROJECT_ROOT, 'src', 'client', 'index.ts');
/** The sources whose change changes the client (for the build's staleness check and cache). */
// This file too: how the declarations are joined shapes them.
// And what the bundle imports beyond the declared modules (their code is in client.js, their types are not in client.d.ts).
// The route table's paths and files are made from the whole table (route-paths.ts), which reads the content's rules and the guides.
export const CLIENT_SOURCES = ['src/client/**/*', 'src/publish/client.ts', ...TABLE_SOURCES, ...MODULES.map((m) => `src/${m.file}.ts`), 'src/layout.ts', 'src/paths.ts'];

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

/** tsc's declarations of the client's modules, joined into one module. */
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
    const parts: string[] = [];
    for (const { file, internal } of MODULES) {
      let text = await readFile(join(work, 'out', `${file}.d.ts`), 'utf8');
      // Imports between the modules joined here: their names are in the same file now.
      text = text.replace(/^import (?:type )?\{[^}]*\} from '\.{1,2}\/[^']+';\n/gm, '').replace(/^export (?:type \* |\{[^}]*\} )from '\.\/[^']+';\n/gm, '');
      if (/^import /m.test(text)) throw new Error(`${file}.d.ts: an import the client's declarations cannot join: ${/^import .*$/m.exec(text)![0]}`);
      // The content modules are the client's internals: declared here, exported only where the client re-exports them.
      if (internal) text = text.replace(/^export (declare |interface |type |function |const )/gm, (_m, rest: string) => (rest === 'const ' || rest === 'function ' ? `declare ${rest}` : rest));
      parts.push(`// ${file}\n${text.replace(/^export \{\};\n/gm, '')}`);
    }
    return `// Gita API client: the declarations of client.js.\n${parts.join('\n')}`;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
