// npm run docs [-- --dist DIR] : rewrite the generated parts of the guides,
// and the client's methods that answer their route's file.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FILE_METHODS_FILE, fileMethodsSource } from '../src/docs/client-methods.ts';
import { fillGenerated, generatedBlocks } from '../src/docs/reference.ts';
import { GUIDES } from '../src/guides.ts';
import { fail, flags, PROJECT_ROOT, run } from '../src/cli/run.ts';
import { FILES } from '../src/layout.ts';
import { PATHS } from '../src/paths.ts';
import type { Manifest } from '../src/contract/manifest.ts';

const usage = `
Usage: npm run docs [-- --dist DIR]

Rewrites the parts of the guides in docs/ that are made from the code's
tables (the routes, the parameters, the errors, the settings), between
their <!-- generated: NAME --> comments. The parameters' values name the
content's commentaries and speakers, read from a built dist/ (default:
dist/; npm start or npm run build makes one). The tests fail while a
guide's generated part is stale.

Writes src/client/file-methods.ts too, from the routes that declare
\`answers\`: the client's methods that answer their route's file, their
signatures and the types they answer (no dist/ needed for it).
`;

run(async () => {
  const { values } = flags(usage, { dist: { type: 'string' } });
  const dist = resolve(values.dist ?? PATHS.dist);
  writeIfChanged(join(PROJECT_ROOT, FILE_METHODS_FILE), fileMethodsSource(), FILE_METHODS_FILE);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dist, FILES.manifest), 'utf8')) as Manifest;
  } catch (e) {
    return fail(`${join(dist, FILES.manifest)}: ${(e as Error).message}; build first (npm run build, or npm start)`);
  }
  const blocks = generatedBlocks(manifest.content);
  let changed = 0;
  for (const g of GUIDES) {
    const file = join(PROJECT_ROOT, 'docs', `${g.name}.md`);
    if (writeIfChanged(file, fillGenerated(readFileSync(file, 'utf8'), blocks, `docs/${g.name}.md`), `docs/${g.name}.md`)) changed++;
  }
  console.log(changed ? `${changed} guide${changed === 1 ? '' : 's'} rewritten` : 'every guide is up to date');
});

/** Writes the file when its text changes (through a temporary file), saying so. */
function writeIfChanged(file: string, text: string, name: string): boolean {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false;
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
  console.log(`${name}: rewritten`);
  return true;
}
