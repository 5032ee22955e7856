import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { auditContent, markerOf } from '../../src/content/audit.ts';
import { readContent, type Content } from '../../src/content/read.ts';
import { leadingReference, oneSlipFrom } from '../../src/content/references.ts';
import type { VerseRecord } from '../../src/content/schema.ts';
import { SHARED_DATA, hook } from '../helpers/fs.ts';

const versesIn = (c: number) => [48, 73, 44, 43, 30, 48, 31, 29, 35, 43, 56, 21, 36, 28, 21, 25, 29, 79][c - 1];
const ref = (t: string) => {
  const r = leadingReference(t, versesIn);
  return r && [r.chapter, r.from, r.to];
};

test('leading references: single verses, groups in every spelling, pointers to the group', () => {
  assert.equal(ref('2.47 Thy right is to work only'), [2, 47, 47]);
  assert.equal(ref('।।2.47।। कर्म करने मात्र'), [2, 47, 47]);
  assert.equal(ref('2.47. Let your claim'), [2, 47, 47]);
  assert.equal(ref('।।5.7  5.11।।योगयुक्त'), [5, 7, 11]);
  assert.equal(ref('।।5.7 -- 5.11।।'), [5, 7, 11]);
  assert.equal(ref('1.12  1.29  Sri Abhinavgupta did not comment'), [1, 12, 29]);
  assert.equal(ref('18.41 -- 18.60'), [18, 41, 60]);
  assert.equal(ref('1.23. - 1.24. Sanjaya said'), [1, 23, 24]);
  assert.equal(ref('6.5-6 Uddharet etc.'), [6, 5, 6]);
  assert.equal(ref('।।18.64 -- 65।।तच्च'), [18, 64, 65]);
  assert.equal(ref('6.20 See Comment under 6.23'), [6, 20, 23]);
  assert.equal(ref('6.3 See Coment under 16.5'), [6, 3, 3], 'a pointer to another chapter is not a range');
  assert.equal(ref('6.3031 इति'), [6, 30, 31], 'two numbers run together');
  assert.equal(ref('2.47 10 senses'), [2, 47, 47], 'a smaller number after the reference is text, not a range');
  assert.is(ref('Arjuna said: You are the Supreme Brahman'), null);
  assert.is(ref(' In these two verses'), null);
});

test('one slip of a key: a digit dropped, added or changed', () => {
  for (const [a, b] of [['6.3', '16.3'], ['2.39', '2.29'], ['1.118', '1.18'], ['11.51', '11.50']]) assert.ok(oneSlipFrom(a, b), `${a} ~ ${b}`);
  for (const [a, b] of [['5.10', '18.45'], ['2.47', '2.47'], ['3.1', '13.10']]) assert.not.ok(oneSlipFrom(a, b), `${a} !~ ${b}`);
});

test('markers in Devanagari and ASCII digits', () => {
  assert.is(markerOf('कदाचन |\nमा ||२-४७||'), '2-47');
  assert.is(markerOf('kadācana .\nmā ||2-47||'), '2-47');
  assert.is(markerOf('no marker'), null);
});

let content: Content;
test.before(hook(async () => {
  content = await readContent(SHARED_DATA);
}));
const audit = (verses: VerseRecord[]) => auditContent(verses, content.chapters.map((c) => c.record.verses_count));
const records = () => content.verses.map((v) => structuredClone(v.record));

test('upstream as it is: one finding (BG18.45), typos named as typos, no alarm on any group commentary', () => {
  const a = audit(records());
  assert.equal(a.findings.map((f) => [f.record, f.kind, f.keys.length, f.texts.length]), [['BG18.45', 'foreign-texts', 21, 27]]);
  const typos = a.notes.filter((n) => n.kind === 'typo' || n.kind === 'marker');
  assert.ok(typos.every((n) => /typo|without its separator/.test(n.summary)), 'each named as a typo');
  assert.ok(typos.some((n) => n.record === 'BG16.3' && n.text === 'abhinav.et'), 'the typo SOURCE.md names');
  assert.ok(typos.some((n) => n.record === 'BG11.56' && n.kind === 'marker'), "BG11.56's colophon marker reads 12-11");
  // Verses inside commentators' groups: never a finding or a note.
  const noted = new Set([...a.findings, ...a.notes].flatMap((x) => ('records' in x && x.records) || [x.record]));
  for (const id of ['BG10.30', 'BG18.48', 'BG6.21', 'BG6.22', 'BG9.25', 'BG1.41', 'BG5.8', 'BG18.65', 'BG6.6']) assert.not.ok(noted.has(id), id);
  // The two prabhu texts shared by unrelated verses are real, and reported as notes (nothing says which record is right).
  assert.equal(a.notes.filter((n) => n.kind === 'identical-texts').map((n) => n.records), [['BG10.4', 'BG10.5', 'BG10.12', 'BG10.13'], ['BG11.27', 'BG11.29']]);
  assert.is(a.placeholders.jaya, 304);
  assert.equal(a.newFields, []);
});

test('a commentary moved to another verse is a finding, even alone', () => {
  const verses = records();
  const at = verses.findIndex((v) => v._id === 'BG3.10');
  const from = verses.find((v) => v._id === 'BG7.3')!;
  verses[at].siva = from.siva;
  const a = audit(verses);
  const f = a.findings.find((x) => x.record === 'BG3.10');
  assert.ok(f, 'found');
  assert.equal(f!.names, ['BG7.3']);
  assert.equal(f!.keys, ['siva']);
});

test('a verse whose slok and transliteration both carry another marker is a finding', () => {
  const verses = records();
  const at = verses.findIndex((v) => v._id === 'BG4.7');
  const other = verses.find((v) => v._id === 'BG4.8')!;
  verses[at].slok = other.slok;
  verses[at].transliteration = other.transliteration;
  assert.ok(audit(verses).findings.some((f) => f.record === 'BG4.7' && f.kind === 'foreign-verse'));
});

test.run();
