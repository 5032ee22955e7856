// The import's refusals: a broken record, file or layout, a failed or cut
// download, a bad archive, a bad erratum, each named in the error, and
// content/ left exactly as it was. (The imports that succeed: import.test.ts.)
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as tar from 'tar';
import { importContent } from '../../src/content/import.ts';
import { chapterFile, verseFile } from '../../src/content/read.ts';
import { SHARED_DATA, linkedCopy, rewrite, tempDir, hook } from '../helpers/fs.ts';
import { breakFile, expectFailure, makeArchive, serve } from './import-helpers.ts';

const ERRATUM_FILE = join(SHARED_DATA, '..', 'gita-errata', 'bhagavadgita_chapter_18_slok_45.json');

let archive: string;

test.before(hook(async () => {
  archive = await makeArchive(SHARED_DATA);
}));

test('a missing chapter file is named', async () => {
  const dir = await linkedCopy();
  rmSync(join(dir, chapterFile(7)));
  await expectFailure(dir, [/chapter\/bhagavadgita_chapter_7\.json/, /missing file/]);
});

test('a gap in the verses is named', async () => {
  const dir = await linkedCopy();
  rmSync(join(dir, verseFile(3, 10)));
  await expectFailure(dir, [/slok\/bhagavadgita_chapter_3_slok_10\.json/, /gap/, /verses_count 43/]);
});

test('a missing colophon is named', async () => {
  const dir = await linkedCopy();
  rmSync(join(dir, verseFile(2, 73)));
  await expectFailure(dir, [/bhagavadgita_chapter_2_slok_73\.json/, /colophon 73/]);
});

test('an extra verse is named', async () => {
  const dir = await linkedCopy();
  writeFileSync(join(dir, verseFile(2, 74)), readFileSync(join(dir, verseFile(2, 73))));
  await expectFailure(dir, [/bhagavadgita_chapter_2_slok_74\.json/, /extra verse/]);
});

test('an unexpected file is named', async () => {
  const dir = await linkedCopy();
  writeFileSync(join(dir, 'slok', 'bhagavadgita_chapter_2_slok_047.json'), '{}');
  await expectFailure(dir, [/bhagavadgita_chapter_2_slok_047\.json/, /unexpected file/]);
});

test('a field of the wrong type is named with its JSON path', async () => {
  const dir = await breakFile(verseFile(2, 47), (r) => (r.verse = '47'));
  await expectFailure(dir, [/bhagavadgita_chapter_2_slok_47\.json: \$\.verse: expected an integer/, /got the string "47"/]);
});

test('a chapter field of the wrong type is named', async () => {
  const dir = await breakFile(chapterFile(4), (r) => (r.meaning.hi = 4));
  await expectFailure(dir, [/bhagavadgita_chapter_4\.json: \$\.meaning\.hi: expected a string, got the number 4/]);
});

test('a commentary without its author is named', async () => {
  const dir = await breakFile(verseFile(5, 5), (r) => delete r.siva.author);
  await expectFailure(dir, [/bhagavadgita_chapter_5_slok_5\.json: \$\.siva\.author: missing; expected a string/]);
});

test('an unknown text field is named', async () => {
  const dir = await breakFile(verseFile(6, 1), (r) => (r.gambir.xt = 'text'));
  await expectFailure(dir, [/bhagavadgita_chapter_6_slok_1\.json: \$\.gambir\.xt: unknown field; expected only author, et, ht, ec, hc, sc/]);
});

test('a missing commentary key is named', async () => {
  const dir = await breakFile(verseFile(9, 9), (r) => delete r.neel);
  await expectFailure(dir, [/bhagavadgita_chapter_9_slok_9\.json: \$\.neel: missing; expected a commentary object/]);
});

test('broken JSON is named', async () => {
  const dir = await linkedCopy();
  rewrite(join(dir, verseFile(18, 66)), '{"_id": "BG18.66", ');
  await expectFailure(dir, [/bhagavadgita_chapter_18_slok_66\.json: \$: expected valid JSON/]);
});

test('an _id that does not match the file name is named', async () => {
  const dir = await breakFile(verseFile(12, 3), (r) => (r._id = 'BG12.4'));
  await expectFailure(dir, [/bhagavadgita_chapter_12_slok_3\.json: \$\._id: expected "BG12\.3" \(from the file name\), got "BG12\.4"/]);
});

test('every problem is listed, not just the first', async () => {
  const dir = await breakFile(verseFile(1, 1), (r) => (r.chapter = 2));
  const second = join(dir, verseFile(1, 2));
  rewrite(second, readFileSync(second, 'utf8').replace('"slok"', '"slokk"'));
  await expectFailure(dir, [/2 problems/, /chapter_1_slok_1\.json: \$\.chapter/, /chapter_1_slok_2\.json: \$\.slok: missing/]);
});

test('a further commentary key of the same shape is kept', async () => {
  const dir = await breakFile(verseFile(4, 7), (r) => (r.newkey = { author: 'Someone', et: 'A translation' }));
  const contentDir = join(tempDir(), 'content');
  await importContent({ from: dir, contentDir });
  const record = JSON.parse(readFileSync(join(contentDir, verseFile(4, 7)), 'utf8'));
  assert.equal(record.newkey, { author: 'Someone', et: 'A translation' });
});

test('a download answered with 404 fails clearly and changes nothing', async () => {
  const { url, server } = await serve((_req, res) => {
    res.writeHead(404).end('nope');
  });
  try {
    await expectFailure(`${url}/missing.tar.gz`, [/download failed/, /HTTP 404/]);
  } finally {
    server.close();
  }
});

test('a download cut short fails clearly and changes nothing', async () => {
  const body = readFileSync(archive);
  const { url, server } = await serve((_req, res) => {
    res.writeHead(200, { 'content-length': body.length });
    res.write(body.subarray(0, body.length >> 1));
    setTimeout(() => res.destroy(), 20);
  });
  try {
    await expectFailure(`${url}/a.tar.gz`, [/download failed/, /cut short/]);
  } finally {
    server.close();
  }
});

test('a download that is not gzip/tar fails clearly', async () => {
  const { url, server } = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an archive</html>'.repeat(100));
  });
  try {
    await expectFailure(`${url}/a.tar.gz`, [/not a readable \.tar\.gz archive/]);
  } finally {
    server.close();
  }
});

test('a truncated archive file fails clearly', async () => {
  const file = join(tempDir(), 'short.tar.gz');
  const body = readFileSync(archive);
  writeFileSync(file, body.subarray(0, body.length - 5000));
  await expectFailure(file, [/short\.tar\.gz: not a readable \.tar\.gz archive/]);
});

test('an archive without the layout fails clearly', async () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'something', 'else'), { recursive: true });
  writeFileSync(join(dir, 'something', 'else', 'x.json'), '{}');
  const file = join(tempDir(), 'other.tar.gz');
  await tar.c({ gzip: true, cwd: dir, file }, ['something']);
  await expectFailure(file, [/other\.tar\.gz: no chapter\/ and slok\/ folders/]);
});

test('a missing source path fails clearly', async () => {
  await expectFailure('/nonexistent/gita', [/\/nonexistent\/gita: no such file or folder/]);
});
test('a known field whose type changes is an error naming file and field', async () => {
  let dir = await breakFile(verseFile(7, 7), (r) => (r.speaker = 5));
  await expectFailure(dir, [/bhagavadgita_chapter_7_slok_7\.json: \$\.speaker: expected a non-empty string, got the number 5/]);
  dir = await breakFile(verseFile(7, 8), (r) => (r.speaker = ''));
  await expectFailure(dir, [/bhagavadgita_chapter_7_slok_8\.json: \$\.speaker: expected a non-empty string/]);
  dir = await breakFile(verseFile(7, 9), (r) => (r.prabhu = 'text'));
  await expectFailure(dir, [/bhagavadgita_chapter_7_slok_9\.json: \$\.prabhu: expected a commentary object/]);
});

test('a verse whose two fields disagree where no witness reads either is a finding; --strict refuses it, naming both readings', async () => {
  // A colophon has no witness: the DCS and gita/gita have none.
  const dir = await breakFile(verseFile(2, 73), (r) => (r.transliteration = r.transliteration.replace('nāma', 'nāmā')));
  const contentDir = join(tempDir(), 'content');
  const { audit } = await importContent({ from: dir, contentDir });
  assert.equal(audit.findings.map((f) => [f.record, f.kind]), [['BG2.73', 'verse-text']]);
  assert.match(audit.findings[0].summary, /the Devanagari reads "नाम", the transliteration "nāmā", and no witness decides/);
  assert.ok(audit.verseText!.disagreements.some((d) => d.record === 'BG2.73' && d.outcome === 'undecided' && d.dcs === 'absent' && d.gitaGita === 'absent'));
  await expectFailure(dir, [/--strict/, /BG2\.73: the Devanagari reads "नाम", the transliteration "nāmā"/], { strict: true });
});

test('an erratum whose file does not match its SHA-256 is an error naming it', async () => {
  const dir = tempDir('gita-errata-');
  writeFileSync(join(dir, 'bhagavadgita_chapter_18_slok_45.json'), readFileSync(ERRATUM_FILE, 'utf8').replace('18.45 Each man', '18.45 Every man'));
  await expectFailure(SHARED_DATA, [/erratum BG18\.45-commentaries: .*bhagavadgita_chapter_18_slok_45\.json: SHA-256 [0-9a-f]{64}, expected 6427b148/], { errata: dir });
});

test('an erratum whose file is missing is an error naming it', async () => {
  await expectFailure(SHARED_DATA, [/erratum BG18\.45-commentaries: .*bhagavadgita_chapter_18_slok_45\.json: missing/, /raw\.githubusercontent\.com\/vedicscriptures\/bhagavad-gita\/b60ac5b/], { errata: tempDir('gita-errata-') });
});

test.run();
