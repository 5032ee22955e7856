// An operator's mistake in an optional input never takes the service down.
// As an operator meets it, in a copy of the checkout: the content imported by
// `npm run content` (as a build pipeline does), then a versions/ folder added
// with one good translation and one with mistakes of every kind. `npm start`
// sees the new folder, serves the good one and leaves the bad one out,
// naming every problem by file and line in its log and in /healthz; `npm run
// content` and `npm run build` refuse, listing them all. Then a rebuild that
// fails (a built-in version's source damaged) leaves the last good build
// serving, and /healthz says why.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { fetchRaw } from '../helpers/http.ts';
import { tempDir } from '../helpers/fs.ts';
import { answers, npmStart, projectCopy, stopGroup, waitFor, type Started } from '../helpers/npm-start.ts';

const SHARED = join(PROJECT_ROOT, '..', 'shared');
const EXAMPLE = join(PROJECT_ROOT, 'test', 'content', 'fixtures', 'versions', 'plain-english');

/** ../shared as links to each of its folders, so that one can be swapped for a damaged copy. */
function sharedLinks(): string {
  const dir = join(tempDir('gita-shared-'), 'shared');
  mkdirSync(dir);
  for (const name of readdirSync(SHARED)) symlinkSync(join(SHARED, name), join(dir, name));
  return dir;
}

/** versions/good (the worked example) and versions/broken: no license, a malformed line, a verse that does not exist, a verse twice. */
function addVersions(project: string): void {
  cpSync(EXAMPLE, join(project, 'versions', 'good'), { recursive: true });
  const broken = join(project, 'versions', 'broken');
  mkdirSync(broken);
  const { license: _none, ...manifest } = JSON.parse(readFileSync(join(EXAMPLE, 'version.json'), 'utf8'));
  writeFileSync(join(broken, 'version.json'), JSON.stringify({ ...manifest, id: 'broken' }));
  writeFileSync(join(broken, 'verses.ndjson'), ['{"ref":"2.47","text":"one"}', '{"ref":"2.47",', '{"ref":"19.1","text":"two"}', '{"ref":"2.47","text":"again"}'].join('\n') + '\n');
}

const WHERE = ['broken/version.json $.license', 'broken/verses.ndjson line 2', 'broken/verses.ndjson line 3', 'broken/verses.ndjson line 4'];

/** An npm script in the copy, as a pipeline runs it. */
function npmRun(cwd: string, ...args: string[]) {
  const r = spawnSync('npm', ['run', '--silent', ...args], { cwd, encoding: 'utf8', env: { ...process.env, CI: '1' } });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

async function health(s: Started) {
  return JSON.parse((await fetchRaw(`http://127.0.0.1:${s.port}`, '/healthz')).body.toString());
}

test('a bad version folder is left out and named, the rest served; a failed rebuild leaves the last good build serving', async () => {
  const shared = sharedLinks();
  const project = projectCopy({ shared });
  // The pipeline's import, before any versions/ exists.
  const imported = npmRun(project, 'content', '--', '--quiet');
  assert.is(imported.code, 0, imported.out);
  addVersions(project);

  // 1. The start sees the folder added since, imports again, and serves without the bad one.
  const s = await npmStart(project, []);
  try {
    await waitFor('the first answer', () => answers(s.port, '/slok/2/47'), 240_000, s.output, s);
    const h = await health(s);
    assert.is(h.status, 'degraded');
    assert.equal(h.versionsLeftOut.map((f: { folder: string }) => f.folder), ['broken']);
    assert.equal(h.versionsLeftOut[0].problems.map((p: { file: string; at: string }) => `${p.file} ${p.at}`), WHERE);
    assert.match(s.output(), /error: the version folder broken is left out \(4 problems\); every other version is served/);
    assert.match(s.output(), /broken\/verses\.ndjson: line 4: BG2\.47 is there twice/);
    await waitFor('ready', async () => (await health(s)).ready === true, 300_000, s.output, s);
    const listed = JSON.parse((await fetchRaw(`http://127.0.0.1:${s.port}`, '/versions')).body.toString());
    assert.ok(listed.versions.some((v: { id: string }) => v.id === 'plain-english'), 'the good folder is served');
    assert.not.ok(listed.versions.some((v: { id: string }) => v.id === 'broken'));
  } finally {
    await stopGroup(s);
  }

  // 2. A pipeline's import and build refuse, each listing every problem.
  const strict = npmRun(project, 'content', '--', '--quiet');
  assert.is.not(strict.code, 0);
  for (const where of WHERE) assert.match(strict.out, new RegExp(`${where.replace(' ', ': ').replace(/[.$]/g, '\\$&')}`));
  const built = npmRun(project, 'build', '--', '--quiet', '--no-cache', '--out', join(tempDir(), 'dist'));
  assert.is.not(built.code, 0);
  assert.match(built.out, /version folders left out.*--allow-left-out/);
  assert.match(built.out, /broken\/version\.json: \$\.license: missing/);

  // 3. A rebuild that fails (Besant's source damaged: the import cannot place his verses) leaves the last good build serving.
  rmSync(join(shared, 'besant-gita'));
  cpSync(join(SHARED, 'besant-gita'), join(shared, 'besant-gita'), { recursive: true });
  writeFileSync(join(shared, 'besant-gita', 'discourse-2.txt'), readFileSync(join(SHARED, 'besant-gita', 'discourse-2.txt'), 'utf8').slice(0, 5_000));
  const again = await npmStart(project, []);
  try {
    await waitFor('the first answer', () => answers(again.port, '/slok/2/47'), 120_000, again.output, again);
    assert.match(again.output(), /error: dist\/ could not be prepared .*; serving the last good build of dist\//);
    const h = await health(again);
    assert.is(h.status, 'degraded');
    assert.match(h.rebuildFailed, /could not be prepared/);
    assert.ok(h.ready, 'the last build is whole');
  } finally {
    await stopGroup(again);
  }
});

test.run();
