// An operator's own version, dropped in as a folder: the worked example of
// docs/versions.md (test/content/fixtures/versions/) imported in both
// formats, and every folder the import must refuse, each refusal naming the
// file and line, and leaving what was imported before as it was (through the
// whole import too: versions.test.ts, which imports the content).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readContent, type Content } from '../../src/content/read.ts';
import { defaultBuiltinDirs } from '../../src/content/versions/builtin.ts';
import { importVersions } from '../../src/content/versions/import.ts';
import type { VersionFile } from '../../src/content/versions/model.ts';
import { ContentError } from '../../src/content/validate.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { SHARED_DATA, hook, tempDir, treeFingerprint } from '../helpers/fs.ts';

const EXAMPLES = join(PROJECT_ROOT, 'test', 'content', 'fixtures', 'versions');
const NONE = { besant: false, telugu: false } as const;

let records: Content;
test.before(hook(async () => {
  records = await readContent(SHARED_DATA);
}));

/** A copy of the worked example (NDJSON) to break, in a folder of its own. */
function example(name = 'plain-english', as = name): string {
  const dir = join(tempDir(), as);
  cpSync(join(EXAMPLES, name), dir, { recursive: true });
  return dir;
}

/** Import `dirs` and expect a ContentError whose message matches each of `expect`. */
async function refused(dirs: string[], expect: RegExp[], builtins: { besant: string | false; telugu: string | false } = NONE): Promise<string> {
  const content = tempDir();
  try {
    await importVersions({ dirs, builtins, content, records });
  } catch (err) {
    assert.instance(err, ContentError);
    for (const re of expect) assert.match((err as Error).message, re);
    return (err as Error).message;
  }
  assert.unreachable(`refused: ${expect.join(', ')}`);
  return '';
}

test('the worked example: both folders of test/content/fixtures/versions imported, in NDJSON and in TSV, to the same texts', async () => {
  const content = tempDir();
  const { versions, report } = await importVersions({ dirs: [EXAMPLES], builtins: NONE, content, records });
  assert.equal(versions.map((v) => v.id), ['plain-english', 'plain-english-tsv']);
  const [ndjson, tsv] = versions;
  assert.equal([ndjson.verses, ndjson.colophons, ndjson.missing.length], [4, 1, 697]);
  assert.equal(ndjson.texts.map((t) => t.ref), ['BG2.47', 'BG2.48', 'BG2.72', 'BG2.73', 'BG18.66']);
  assert.equal(ndjson.texts[1].notes, [{ call: '1', text: 'Yoga: here the discipline of the even mind, as the verse itself defines it.' }]);
  assert.is(ndjson.texts[2].text.split('\n').length, 2, 'a line break in the text');
  // The TSV's three verses read as the NDJSON's, its "\n" a line break; its comment and blank line skipped.
  for (const t of tsv.texts) assert.equal(t, ndjson.texts.find((x) => x.ref === t.ref));
  assert.equal(tsv.missing.length, 698);
  // On disk: one file each, and the index; the manifest as given, with the counts.
  const file = JSON.parse(readFileSync(join(content, 'versions', 'plain-english.json'), 'utf8')) as VersionFile;
  const manifest = JSON.parse(readFileSync(join(EXAMPLES, 'plain-english', 'version.json'), 'utf8'));
  for (const [k, v] of Object.entries(manifest)) assert.is(file[k as keyof VersionFile], v, k);
  assert.equal(file.audit.files.map((f) => f.name), ['version.json', 'verses.ndjson']);
  assert.equal([file.audit.from, file.audit.changes, file.audit.counts], ['plain-english', [], {}]);
  const index = JSON.parse(readFileSync(join(content, 'versions', 'index.json'), 'utf8'));
  assert.equal(index.versions.map((v: { id: string; verses: number }) => [v.id, v.verses]), [['plain-english', 4], ['plain-english-tsv', 3]]);
  assert.not.ok('texts' in index.versions[0]);
  assert.equal(report.versions.map((v) => v.id), ['plain-english', 'plain-english-tsv']);
});

test('a folder without a license (or with an empty one) is refused, naming version.json and the field', async () => {
  const dir = example();
  const manifest = JSON.parse(readFileSync(join(dir, 'version.json'), 'utf8'));
  delete manifest.license;
  writeFileSync(join(dir, 'version.json'), JSON.stringify(manifest));
  await refused([dir], [/version\.json: \$\.license: missing; .*without a license is not imported/]);
  writeFileSync(join(dir, 'version.json'), JSON.stringify({ ...manifest, license: '  ' }));
  await refused([dir], [/version\.json: \$\.license: expected a non-empty string/]);
});

test('a verse number that does not exist is refused with its line; the colophon (2.73) is taken, 2.74 is not', async () => {
  const dir = example();
  const file = join(dir, 'verses.ndjson');
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  writeFileSync(file, [...lines, '{"ref":"2.99","text":"no such verse"}', '{"ref":"19.1","text":"no such chapter"}', '{"ref":"2.74","text":"past the colophon"}', '{"ref":"2.047","text":"a leading zero"}'].join('\n') + '\n');
  const message = await refused([dir], [/verses\.ndjson: line 6: no verse 2\.99: chapter 2 has verses 1 to 72, and its colophon 2\.73/, /line 7: no chapter 19/, /line 8: no verse 2\.74/, /line 9: expected a verse number "C\.V"/]);
  assert.not.match(message, /line 4:/, '2.73, the colophon, is a verse number of the version');
});

test('a verse given twice is refused, naming both lines', async () => {
  const dir = example();
  const file = join(dir, 'verses.ndjson');
  writeFileSync(file, readFileSync(file, 'utf8') + '{"ref":"BG2.47","text":"again"}\n');
  await refused([dir], [/verses\.ndjson: line 6: BG2\.47 is there twice \(first at line 1\)/]);
});

test('text that is not valid UTF-8 is refused, naming the line', async () => {
  const dir = example();
  const file = join(dir, 'verses.ndjson');
  const bytes = readFileSync(file);
  const second = bytes.indexOf(0x0a) + 1;
  // A Latin-1 "é" (0xE9) inside the second line's text.
  writeFileSync(file, Buffer.concat([bytes.subarray(0, second + 30), Buffer.from([0xe9]), bytes.subarray(second + 30)]));
  await refused([dir], [/verses\.ndjson: line 2: expected UTF-8 text/]);
  const tsv = example('plain-english-tsv');
  writeFileSync(join(tsv, 'verses.tsv'), Buffer.concat([Buffer.from('2.47\tgood\n2.48\tbad '), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]));
  await refused([tsv], [/verses\.tsv: line 2: expected UTF-8 text/]);
});

test('lines that are not the format, unknown fields, notes not called, a bad manifest: each refused with file, line and field', async () => {
  const dir = example();
  writeFileSync(
    join(dir, 'verses.ndjson'),
    ['{"ref":"2.47","text":"ok"}', 'not json', '{"ref":"2.48","text":""}', '{"ref":"2.49","text":"x","verse":49}', '{"ref":"2.50","text":"no call","notes":[{"call":"1","text":"n"}]}', '{"ref":2.51,"text":"a number"}', '["2.52","an array"]'].join('\n'),
  );
  await refused([dir], [/line 2: expected one JSON object a line/, /line 3: \$\.text: expected the verse's text/, /line 4: \$\.verse: unknown field/, /line 6: \$\.ref: expected a verse number as a string/, /line 7: expected a JSON object/]);
  writeFileSync(join(dir, 'verses.ndjson'), '{"ref":"2.50","text":"no call","notes":[{"call":"1","text":"n"}]}\n');
  await refused([dir], [/line 1: the note "1" is not called in the text/]);
  const manifest = JSON.parse(readFileSync(join(dir, 'version.json'), 'utf8'));
  writeFileSync(join(dir, 'version.json'), JSON.stringify({ ...manifest, id: 'Plain English', language: 'en_GB', verses: 5, extra: 1 }));
  await refused([dir], [/\$\.id: expected lower-case letters/, /\$\.language: expected a BCP 47 language tag/, /\$\.verses: counted by the import: leave it out/, /\$\.extra: unknown field/]);
  writeFileSync(join(dir, 'version.json'), JSON.stringify({ ...manifest, language: 'EN' }));
  await refused([dir], [/\$\.language: expected the BCP 47 tag in its canonical form, "en"/]);
});

test('TSV: a line without a tab, a stray backslash, an empty text are refused with their lines', async () => {
  const dir = example('plain-english-tsv');
  writeFileSync(join(dir, 'verses.tsv'), '# a comment\n2.47 no tab here\n2.48\ta \\q escape\n2.49\t   \n');
  await refused([dir], [/verses\.tsv: line 2: expected a verse number, a tab, and the text/, /line 3: expected \\n, \\t or \\\\ after a backslash/, /line 4: expected the verse's text after the tab/]);
});

test('a folder without version.json, with both text files or none, and an id taken twice (or by a built-in version) are refused', async () => {
  const parent = tempDir();
  mkdirSync(join(parent, 'empty'));
  await refused([parent], [/empty: \$: expected version\.json/]);
  const both = example();
  writeFileSync(join(both, 'verses.tsv'), '2.47\tx\n');
  await refused([both], [/expected one text file, found both verses\.ndjson and verses\.tsv/]);
  const none = example();
  rmSync(join(none, 'verses.ndjson'));
  await refused([none], [/expected the text in verses\.ndjson or verses\.tsv/]);
  await refused([example(), example()], [/the id "plain-english" is taken by plain-english/]);
  const taken = example();
  const manifest = JSON.parse(readFileSync(join(taken, 'version.json'), 'utf8'));
  writeFileSync(join(taken, 'version.json'), JSON.stringify({ ...manifest, id: 'besant' }));
  await refused([taken], [/the id "besant" is taken by besant-gita/], { besant: defaultBuiltinDirs(PROJECT_ROOT).besant, telugu: false });
  await refused([join(parent, 'no-such-folder')], [/no-such-folder: \$: expected a folder of versions/]);
});

/** A folder with a mistake of every kind at once: the manifest, a malformed line, a verse that does not exist, a verse twice. */
function brokenEverywhere(name = 'broken'): string {
  const dir = example('plain-english', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'version.json'), 'utf8'));
  delete manifest.license;
  writeFileSync(join(dir, 'version.json'), JSON.stringify({ ...manifest, id: name }));
  writeFileSync(join(dir, 'verses.ndjson'), ['{"ref":"2.47","text":"one"}', '{"ref":"2.47",', '{"ref":"19.1","text":"two"}', '{"ref":"2.47","text":"again"}'].join('\n') + '\n');
  return dir;
}

test('every problem of every folder in one pass: the manifest, the lines, the verse numbers, of two folders at once', async () => {
  const message = await refused([brokenEverywhere('first'), brokenEverywhere('second')], []);
  for (const folder of ['first', 'second']) {
    assert.match(message, new RegExp(`${folder}/version\\.json: \\$\\.license: missing`));
    assert.match(message, new RegExp(`${folder}/verses\\.ndjson: line 2: expected one JSON object a line`));
    assert.match(message, new RegExp(`${folder}/verses\\.ndjson: line 3: .*19`));
    assert.match(message, new RegExp(`${folder}/verses\\.ndjson: line 4: BG2\\.47 is there twice \\(first at line 1\\)`));
  }
  assert.match(message, /invalid content \(8 problems\)/, 'all eight listed, none cut');
});

test("leave-out (a server's own import): the folders with problems are left out and listed with each problem by file and line, the rest imported", async () => {
  const content = tempDir();
  const taken = example('plain-english', 'taken');
  const { versions, report } = await importVersions({ dirs: [EXAMPLES, brokenEverywhere(), taken], builtins: NONE, content, records, badFolders: 'leave-out' });
  assert.equal(versions.map((v) => v.id), ['plain-english', 'plain-english-tsv'], 'the good ones imported');
  assert.equal(report.leftOut!.map((l) => l.folder), ['broken', 'taken']);
  const broken = report.leftOut![0].problems;
  assert.equal(broken.map((p) => `${p.file} ${p.at}`), ['broken/version.json $.license', 'broken/verses.ndjson line 2', 'broken/verses.ndjson line 3', 'broken/verses.ndjson line 4']);
  assert.match(report.leftOut![1].problems[0].problem, /the id "plain-english" is taken by plain-english/);
  // Named by the folder's own name: no path of this machine in what content/ and the served files hold.
  const index = readFileSync(join(content, 'versions', 'index.json'), 'utf8');
  assert.not.ok(index.includes(tempDir().split('/').slice(0, 3).join('/')), 'no machine path in versions/index.json');
  assert.equal(JSON.parse(index).leftOut, report.leftOut);
});

test('nothing is half-written: a refused folder leaves content/versions/ as the last import wrote it', async () => {
  const content = tempDir();
  await importVersions({ dirs: [EXAMPLES], builtins: NONE, content, records });
  const before = treeFingerprint(content);
  const bad = example();
  writeFileSync(join(bad, 'verses.ndjson'), '{"ref":"2.99","text":"x"}\n');
  await refused([EXAMPLES, bad], [/no verse 2\.99/]);
  assert.equal(treeFingerprint(content), before);
  assert.equal(readdirSync(content), ['versions'], 'no staging folder is left behind');
});

test.run();
