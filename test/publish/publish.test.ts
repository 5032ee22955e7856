// The publishing pipeline: the workflow lints clean under a real workflow
// linter (and a broken copy does not), it runs the steps the README promises,
// and the static checks it runs pass on a build and catch a damaged one.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDist } from '../../src/publish/check.ts';
import { FILES } from '../../src/layout.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';

const WORKFLOW = join(PROJECT_ROOT, '.github', 'workflows', 'publish.yml');
const lint = (file: string) => spawnSync(process.execPath, [join(PROJECT_ROOT, 'node_modules', '@action-validator', 'cli', 'cli.mjs'), file], { encoding: 'utf8' });

test('the workflow lints clean with action-validator; a broken copy does not', () => {
  const ok = lint(WORKFLOW);
  assert.is(ok.status, 0, ok.stdout + ok.stderr);
  const bad = join(tempDir(), 'publish.yml');
  writeFileSync(bad, readFileSync(WORKFLOW, 'utf8').replace('runs-on: ubuntu-latest', 'runs_on: ubuntu-latest'));
  const r = lint(bad);
  assert.is.not(r.status, 0, 'the linter can fail');
  assert.match(r.stdout + r.stderr, /runs-on/);
});

test('the workflow: daily and by hand, upstream pinned unless a ref is given, strict audit, build, checks, Pages', () => {
  const w = readFileSync(WORKFLOW, 'utf8');
  assert.match(w, /schedule:\n\s+#[^\n]*\n\s+- cron: "\d+ 0 \* \* \*"/, 'daily, after midnight UTC');
  assert.match(w, /workflow_dispatch:\n\s+inputs:[\s\S]*ref:/, 'by hand, with a ref to follow');
  assert.match(w, /npm ci/);
  assert.match(w, /npm run content -- --from "github:\$REPOSITORY@\$REF" --strict/);
  assert.match(w, /npm run content -- --strict/, 'the pinned commit by default');
  assert.match(w, /npm run build/);
  assert.match(w, /GITA_PUBLIC_URL: \$\{\{ steps\.pages\.outputs\.base_url \}\}\n\s+run: npm run build/, 'the reading pages link from the Pages address');
  assert.ok(w.indexOf('id: pages') < w.indexOf('npm run build'), 'configure-pages runs before the build');
  assert.match(w, /npm run check:dist/);
  assert.match(w, /actions\/upload-pages-artifact@v\d+\n\s+with:\n\s+path: dist/);
  assert.match(w, /actions\/deploy-pages@v\d+/);
  assert.match(w, /pages: write/);
  const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8'));
  assert.ok(pkg.scripts['check:dist'], 'the script the workflow runs exists');
});

test('the static checks pass on a build and name what is wrong with a damaged one', async () => {
  const { distDir } = await testDist();
  // A copy of hard links; each damaged file is replaced, never edited in place (the original is linked).
  const copy = join(tempDir('gita-check-'), 'dist');
  execFileSync('cp', ['-al', distDir, copy]);
  const replace = (path: string, bytes: string | Buffer) => {
    rmSync(join(copy, path));
    writeFileSync(join(copy, path), bytes);
  };
  replace(FILES.verse(2, 47), readFileSync(join(distDir, FILES.verse(2, 47)), 'utf8').replace('BG2.47', 'BG2.48'));
  rmSync(join(copy, `${FILES.chapter(3)}.br`));
  replace(`${FILES.chapters}.gz`, 'not gzip');
  rmSync(join(copy, FILES.verse(18, 45, 'en')));
  rmSync(join(copy, '.nojekyll'));
  writeFileSync(join(copy, 'stray.json'), '{}');
  // Each damage named, and nothing else: every other file of the build passes (one pass over the 750 MB, not two).
  const expected = [
    /^\/slok\/2\/47\/index\.json: SHA-256 differs/,
    // Its twins are of the bytes it had.
    /^\/slok\/2\/47\/index\.json\.br: does not decompress to \/slok\/2\/47\/index\.json$/,
    /^\/slok\/2\/47\/index\.json\.gz: does not decompress to \/slok\/2\/47\/index\.json$/,
    /^\/chapter\/3\/index\.json\.br: ENOENT/,
    /^\/chapters\/index\.json\.gz: /,
    // Its twins are listed in the manifest: not strays.
    /^\/slok\/18\/45\/en\.json: listed in the manifest, missing/,
    /^\/\.nojekyll: missing/,
    /^\/stray\.json: in dist\/ but not in the manifest/,
  ];
  const problems = checkDist(copy);
  for (const re of expected) assert.is(problems.filter((p) => re.test(p)).length, 1, `${re}: named once in\n${problems.join('\n')}`);
  assert.is(problems.length, expected.length, `only the damage is named:\n${problems.join('\n')}`);
  assert.ok(readFileSync(join(distDir, FILES.verse(2, 47)), 'utf8').includes('"BG2.47"'), 'the original is untouched');
});

test.run();
