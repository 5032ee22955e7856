// The verse text as served: every record's Devanagari read in IAST here,
// with a reading of this test's own (not the import's), against its
// transliteration; the lines and words the witnesses decided checked against
// the witnesses' own files (the DCS's CoNLL-U, gita/gita's verse.json); every
// change the import made read and labelled by hand; the speakers counted.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SanscriptPackage from '@indic-transliteration/sanscript';
import { importContent } from '../../src/content/import.ts';
import { readContent, verseFile } from '../../src/content/read.ts';
import { crossCheckVerses, type VerseTextReport } from '../../src/content/verse-text.ts';
import { SHARED_DATA, hook, tempDir } from '../helpers/fs.ts';
import { testContent } from '../helpers/dist.ts';

const Sanscript = ((SanscriptPackage as unknown as { default?: unknown }).default ?? SanscriptPackage) as { t(s: string, from: string, to: string): string };
const DCS = join(SHARED_DATA, '..', 'dcs-gita');
const GITA_GITA = join(SHARED_DATA, '..', 'gita-gita');
const LABELS = join(import.meta.dirname, 'fixtures', 'verse-text-labels.json');

type Record_ = { _id: string; chapter: number; verse: number; speaker?: string; slok: string; transliteration: string };

/**
 * The letters of a verse as this test reads them: notes of variant readings,
 * verse markers and avagrahas (ऽ, ".a", "'") set aside, every nasal before a
 * consonant or at a word's end one anusvara, the candrabindu one too.
 */
function letters(iast: string): string {
  return iast
    .normalize('NFC')
    .toLowerCase()
    .replace(/\((?:or|var)\b[^)]*\)/g, ' ')
    .replace(/\|\|[^|]*\|\|/g, ' ')
    .replace(/(?<=\p{L})[.'’]a/gu, '')
    .replace(/'/g, '')
    .replace(/m̐|~/g, 'ṃ')
    .replace(/[nṅñṇ](?=[^aāiīuūṛṝḷeoṃḥ\p{M}]|$)/gu, 'ṃ')
    .replace(/[^a-zāīūṛṝḷḹṃḥṅñṭḍṇśṣ]/g, '')
    // m and ṃ alike: a line may end in m where the next begins with a vowel (kamalāsanastha-/mṛṣīn), or in ṃ (kamalāsanasthaṃ ṛṣīn).
    .replace(/m/g, 'ṃ');
}
const devanagariLetters = (slok: string) => letters(Sanscript.t(slok.replace(/\((?:or|var)\b[^)]*\)/g, ' '), 'devanagari', 'iast'));

let served: Record_[];
let upstream: Map<string, Record_>;
let report: VerseTextReport;
let unmended: VerseTextReport;

test.before(
  hook(async () => {
    // The shared import (every default), and one of this suite's own without repairs.
    const { contentDir, audit } = await testContent();
    report = audit.verseText!;
    served = (await readContent(contentDir)).verses.map((v) => v.record as unknown as Record_);
    upstream = new Map((await readContent(SHARED_DATA)).verses.map((v) => [v.record._id, v.record as unknown as Record_]));
    const plain = join(tempDir(), 'content');
    unmended = (await importContent({ from: SHARED_DATA, contentDir: plain, repairs: false })).audit.verseText!;
    // Without repairs nothing of the verse text changes: the served records are upstream's.
    for (const r of (await readContent(plain)).verses.map((v) => v.record)) {
      const u = upstream.get(r._id)!;
      assert.equal([r.slok, r.transliteration, r.speaker], [u.slok, u.transliteration, u.speaker], `${r._id} as upstream has it with --no-repairs`);
    }
  }),
);

test('the Devanagari and the transliteration agree in at least 717 of 719 served records, read with this test\'s own transliteration', () => {
  const disagree = served.filter((r) => devanagariLetters(r.slok) !== letters(r.transliteration));
  const before = [...upstream.values()].filter((r) => devanagariLetters(r.slok) !== letters(r.transliteration));
  console.log(`    Devanagari and transliteration agree: ${served.length - disagree.length} of ${served.length} served records (upstream ${upstream.size - before.length})`);
  assert.is(served.length, 719);
  assert.ok(served.length - disagree.length >= 717, `disagree: ${disagree.map((r) => r._id).join(', ')}`);
  assert.ok(before.length >= 20, `the reading finds upstream's disagreements (${before.length}): it can fail`);
  // The import's own count says the same.
  assert.is(report.agree.served, 719);
  assert.is(report.agree.upstream, unmended.agree.upstream);
});

/** The DCS's sentences of a chapter: text and verse number, from its file. */
function dcsSentences(chapter: number): Array<{ text: string; counter: number | null }> {
  return readFileSync(join(DCS, `bhagavadgita_chapter_${chapter}.conllu`), 'utf8')
    .split(/\n\s*\n/)
    .filter((block) => /^# text = /m.test(block))
    .map((block) => ({ text: /^# text = (.*)$/m.exec(block)![1], counter: /^# sent_counter = (\d+)/m.test(block) ? Number(/^# sent_counter = (\d+)/m.exec(block)![1]) : null }));
}
const record = (id: string) => served.find((r) => r._id === id)!;

test('BG1.20 / BG1.21: the line "hṛṣīkeśaṃ tadā vākyamidamāha mahīpate" stands in 1.21, as the DCS files put it, in both fields', () => {
  const line = dcsSentences(1).find((s) => s.text === 'hṛṣīkeśaṃ tadā vākyamidamāha mahīpate');
  assert.ok(line, 'the DCS has the line');
  assert.is(line!.counter, 21, 'the DCS numbers it 21');
  const devanagari = 'हृषीकेशं तदा वाक्यमिदमाह महीपते';
  assert.ok(upstream.get('BG1.20')!.slok.includes(devanagari), "upstream's 1.20 Devanagari has it");
  assert.not.ok(record('BG1.20').slok.includes(devanagari), '1.20 no longer has it');
  assert.not.ok(record('BG1.20').transliteration.includes('hṛṣīkeśaṃ'));
  assert.ok(record('BG1.21').slok.startsWith(`${devanagari} |\nअर्जुन उवाच |\n`), record('BG1.21').slok);
  assert.ok(record('BG1.21').transliteration.startsWith('hṛṣīkeśaṃ tadā vākyamidamāha mahīpate .\narjuna uvāca .'));
  assert.is(record('BG1.20').slok, 'अथ व्यवस्थितान्दृष्ट्वा धार्तराष्ट्रान् कपिध्वजः |\nप्रवृत्ते शस्त्रसम्पाते धनुरुद्यम्य पाण्डवः ||१-२०||');
});

test('BG18.66: the transliteration reads "tvā ... mokṣayiṣyāmi", as the Devanagari, the DCS file and gita/gita do', () => {
  const dcs = dcsSentences(18).filter((s) => s.counter === 66).map((s) => s.text).join(' ');
  assert.match(dcs, /ahaṃ tvā sarvapāpebhyo mokṣayiṣyāmi mā śucaḥ/);
  const gg = (JSON.parse(readFileSync(join(GITA_GITA, 'verse.json'), 'utf8')) as Array<{ chapter_number: number; verse_number: number; text: string }>).find((v) => v.chapter_number === 18 && v.verse_number === 66)!;
  assert.match(gg.text, /अहं त्वा सर्वपापेभ्यो मोक्षयिष्यामि/);
  assert.match(record('BG18.66').transliteration, /ahaṃ tvā sarvapāpebhyo mokṣayiṣyāmi mā śucaḥ/);
  assert.match(upstream.get('BG18.66')!.transliteration, /tvāṃ sarvapāpebhyo mokṣyayiṣyāmi/);
  assert.is(record('BG18.66').slok, upstream.get('BG18.66')!.slok, 'the Devanagari was right');
});

test('every change a witness decided is read in that witness\'s own file', () => {
  const gg = new Map((JSON.parse(readFileSync(join(GITA_GITA, 'verse.json'), 'utf8')) as Array<{ chapter_number: number; verse_number: number; text: string }>).map((v) => [`BG${v.chapter_number}.${v.verse_number}`, devanagariLetters(v.text)]));
  // The DCS's chapter: some of its sentences carry no verse number (chapters 1 and 2), so a reading is looked for in the chapter it stands in.
  const dcs = new Map<number, string>();
  for (let ch = 1; ch <= 18; ch++) dcs.set(ch, dcsSentences(ch).map((s) => letters(s.text)).join(''));
  let checked = 0;
  for (const c of report.changes) {
    if (!c.after.trim() || !c.witness.some((w) => w === 'dcs' || w === 'gita-gita')) continue;
    const after = c.field === 'slok' ? devanagariLetters(c.after) : letters(c.after);
    for (const w of c.witness) {
      const text = w === 'dcs' ? dcs.get(Number(/^BG(\d+)/.exec(c.record)![1])) : w === 'gita-gita' ? gg.get(c.record) : undefined;
      if (text === undefined) continue;
      assert.ok(text.includes(after), `${c.record} ${c.field} ${JSON.stringify(c.after)}: ${w} reads it`);
      checked++;
    }
  }
  assert.ok(checked >= 40, `${checked} readings checked`);
});

test('every change is one read and labelled by hand (all of them: the whole population, not a sample)', () => {
  const labels = JSON.parse(readFileSync(LABELS, 'utf8')) as { changes: Array<{ record: string; field: string; before: string; after: string; rule: string; label: 'right' | 'wrong'; note: string }> };
  const key = (c: { record: string; field: string; before: string; after: string }) => `${c.record} ${c.field} ${JSON.stringify(c.before)} -> ${JSON.stringify(c.after)}`;
  const labelled = new Map(labels.changes.map((l) => [key(l), l]));
  const unlabelled = report.changes.filter((c) => !labelled.has(key(c))).map(key);
  assert.equal(unlabelled, [], 'a change nobody has read');
  const gone = labels.changes.filter((l) => !report.changes.some((c) => key(c) === key(l))).map(key);
  assert.equal(gone, [], 'a labelled change the rules no longer make');
  const wrong = labels.changes.filter((l) => l.label !== 'right');
  const right = labels.changes.length - wrong.length;
  console.log(`    verse-text changes: ${right} of ${labels.changes.length} right by the hand labels`);
  assert.equal(wrong.map(key), [], 'no change is labelled wrong');
});

test('the colophons have no speaker; every speaker keeps the verses upstream gives it', () => {
  const count = (rs: Iterable<Record_>, colophon: boolean) => {
    const out: Record<string, number> = {};
    for (const r of rs) {
      const last = [...rs].filter((x) => x.chapter === r.chapter).reduce((a, b) => Math.max(a, b.verse), 0);
      if ((r.verse === last) !== colophon || r.speaker === undefined) continue;
      out[r.speaker] = (out[r.speaker] ?? 0) + 1;
    }
    return out;
  };
  const all = [...upstream.values()];
  assert.equal(count(served, false), count(all, false));
  assert.equal(count(served, false), { 'श्रीभगवान्': 574, 'अर्जुन': 86, 'सञ्जय': 40, 'धृतराष्ट्र': 1 });
  assert.equal(count(served, true), {}, 'no colophon has a speaker');
  assert.is(report.colophons.length, 18);
  assert.is(report.counts['colophon-speaker'], 18);
  const file = JSON.parse(readFileSync(join(SHARED_DATA, verseFile(2, 73)), 'utf8'));
  assert.is(file.speaker, 'श्रीभगवान्', "upstream's colophon of chapter 2 names a speaker");
});

test('a disagreement no witness decides is undecided (a finding), and is left as it is', () => {
  const r = { _id: 'BG2.73', slok: 'ॐ तत्सदिति साङ्ख्ययोगो नाम द्वितीयोऽध्यायः ||२||', transliteration: 'OM tatsaditi sāṅkhyayogo nāmā dvitīyo.adhyāyaḥ ||2-73||' };
  const res = crossCheckVerses([r], { dcs: new Map(), gitaGita: new Map() });
  assert.equal(res.disagreements.map((d) => [d.record, d.outcome, d.slok, d.transliteration]), [['BG2.73', 'undecided', 'नाम', 'nāmā']]);
  assert.equal(res.changes, []);
  assert.is(res.mended.size, 0);
  // With a witness that reads the Devanagari's word, the transliteration takes it.
  const witnessed = crossCheckVerses([r], { dcs: new Map([['BG2.73', 'oṃ tatsaditi sāṅkhyayogo nāma dvitīyo adhyāyaḥ']]), gitaGita: new Map() });
  assert.is(witnessed.mended.get('BG2.73')!.transliteration, 'OM tatsaditi sāṅkhyayogo nāma dvitīyo.adhyāyaḥ ||2-73||');
  assert.equal(witnessed.changes.map((c) => [c.field, c.before, c.after, c.witness]), [['transliteration', 'nāmā', 'nāma', ['dcs']]]);
});

test('the audit reports each disagreement with what each witness reads, and what stays with why', () => {
  assert.ok(report.disagreements.length >= 20);
  for (const d of report.disagreements) assert.ok(['mended', 'variant'].includes(d.outcome), `${d.record}: ${d.outcome}`);
  assert.ok(report.disagreements.some((d) => d.record === 'BG2.9' && d.dcs === 'slok' && d.gitaGita === 'slok'));
  assert.ok(report.kept.some((k) => k.record === 'BG14.23' && /final ṃ/.test(k.why)), 'a reading of another edition stays, named');
  assert.equal(report.witnesses, { dcs: true, gitaGita: true });
  // With --no-repairs the same disagreements are reported, and nothing is changed.
  assert.is(unmended.disagreements.length, report.disagreements.length);
  assert.equal(unmended.changes, []);
});

test.run();
