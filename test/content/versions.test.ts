// The two built-in versions as the import writes them (content/versions/),
// checked against their sources read here with a reading of this test's own:
// every text, its listed repairs undone, is the source's text for that verse
// (Besant: the English after the k-th Sanskrit verse of the discourse; the
// Telugu: the translation of the key its pratīka names), whole and nothing
// else; every note is the file's note of that number; each repair is one its
// rule may make; `repairs: false` gives the sources' texts; the served verse
// is the same with the versions as without; a refused version leaves
// content/ as it was.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SanscriptPackage from '@indic-transliteration/sanscript';
import { importContent } from '../../src/content/import.ts';
import { readContent, type Content } from '../../src/content/read.ts';
import { applyEdits } from '../../src/content/repairs.ts';
import { defaultBuiltinDirs } from '../../src/content/versions/builtin.ts';
import { importVersions, type VersionsReport } from '../../src/content/versions/import.ts';
import type { VersionChange, VersionFile } from '../../src/content/versions/model.ts';
import { bareVerse } from '../../src/content/versions/witness.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { SHARED_DATA, hook, tempDir } from '../helpers/fs.ts';
import { testContent } from '../helpers/dist.ts';
import { expectFailure } from './import-helpers.ts';

const Sanscript = ((SanscriptPackage as unknown as { default?: unknown }).default ?? SanscriptPackage) as { t(s: string, from: string, to: string): string };
const BESANT_DIR = join(SHARED_DATA, '..', 'besant-gita');
const TELUGU_FILE = join(SHARED_DATA, '..', 'telugu-wikisource', 'telugu-wikisource.json');
const COUNTS = [47, 72, 43, 42, 29, 47, 30, 28, 34, 42, 55, 20, 35, 27, 20, 24, 28, 78];

let besant: VersionFile;
let telugu: VersionFile;
let report: VersionsReport;
let records: Content;
let contentDir: string;
let plain: { besant: VersionFile; telugu: VersionFile };

const read = (dir: string, id: string) => JSON.parse(readFileSync(join(dir, 'versions', `${id}.json`), 'utf8')) as VersionFile;

test.before(
  hook(async () => {
    // The shared import (every default); without versions is imported below.
    const shared = await testContent();
    contentDir = shared.contentDir;
    report = shared.audit.versions!;
    besant = read(contentDir, 'besant');
    telugu = read(contentDir, 'telugu-wikisource');
    records = await readContent(contentDir);
    const bare = tempDir();
    await importVersions({ builtins: defaultBuiltinDirs(PROJECT_ROOT), content: bare, records, repairs: false });
    plain = { besant: read(bare, 'besant'), telugu: read(bare, 'telugu-wikisource') };
  }),
);

/** A text as its source has it: the version's changes of that verse undone. */
function undone(v: VersionFile, ref: string, text: string): string {
  const mine = v.audit.changes.filter((c) => c.ref === ref).sort((a, b) => a.position - b.position);
  // The changes' positions are in the source's text: walk them in the repaired text, where each stands shifted by those before.
  let shift = 0;
  const back = mine.map((c) => {
    const e = { position: c.position + shift, before: c.after, after: c.before };
    shift += c.after.length - c.before.length;
    return e;
  });
  return applyEdits(text, back);
}

/**
 * Besant's discourse as this test reads it: its non-blank lines (trimmed),
 * up to the notes; each verse the English lines after the k-th line ending
 * ॥ k ॥, up to the next Devanagari line; the colophon the English after the
 * line that begins इति श्रीमद्. Also its notes, by number.
 */
function discourse(chapter: number): { verses: string[][]; colophon: string[]; notes: string[] } {
  const all = readFileSync(join(BESANT_DIR, `discourse-${chapter}.txt`), 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
  const end = all.findIndex((l) => l === '* * *' || l.startsWith('↑'));
  const verses: string[][] = [];
  const colophon: string[] = [];
  let state: 'front' | 'verse' | 'colophon-sanskrit' | 'colophon' | 'end' = 'front';
  for (const line of all.slice(0, end)) {
    const sanskrit = /[\u0900-\u097F]/.test(line);
    if (sanskrit && /^इति श्रीमद्/.test(line)) state = 'colophon-sanskrit';
    else if (sanskrit && state === 'colophon') state = 'end';
    else if (sanskrit && state !== 'colophon-sanskrit' && state !== 'end' && /॥\s*[०-९]+\s*॥$/.test(line)) {
      verses.push([]);
      state = 'verse';
    } else if (!sanskrit && state === 'verse') verses.at(-1)!.push(line);
    else if (!sanskrit && (state === 'colophon-sanskrit' || state === 'colophon')) {
      colophon.push(line);
      state = 'colophon';
    }
  }
  const about = all.indexOf('About this digital edition');
  const notes = all.slice(end, about).filter((l) => l.startsWith('↑'));
  return { verses, colophon, notes };
}

test('the counts: Besant 701 verses and 18 colophons, the Telugu 700 (BG1.13 missing); the rules and notes counted', () => {
  assert.equal([besant.verses, besant.colophons, besant.missing], [701, 18, []]);
  assert.equal([telugu.verses, telugu.colophons, telugu.missing], [700, 0, ['BG1.13']]);
  assert.equal(besant.audit.counts, { 'besant-verse-number': 5, 'besant-word-joiner': 4 });
  assert.equal(telugu.audit.counts, { 'telugu-commentary': 9, 'telugu-unheaded-commentary': 1, 'telugu-stray-latin': 1 });
  assert.is(besant.audit.notes, 359);
  assert.is(besant.texts.length, 719);
  assert.equal(report.versions.map((v) => [v.id, v.verses, v.missing]), [['besant', 701, 0], ['telugu-wikisource', 700, 1]]);
  // The texts in book order, one a ref.
  for (const v of [besant, telugu]) assert.is(new Set(v.texts.map((t) => t.ref)).size, v.texts.length);
  assert.is(besant.texts[0].ref, 'BG1.1');
  assert.is(besant.texts.at(-1)!.ref, 'BG18.79');
});

test("Besant: every verse's text, its repairs undone, is the English after the Sanskrit of that verse in its discourse, whole and nothing else", () => {
  let checked = 0;
  for (let c = 1; c <= 18; c++) {
    const { verses, colophon } = discourse(c);
    assert.is(verses.length, COUNTS[c - 1], `discourse ${c}: this test's reading finds the chapter's verses`);
    verses.forEach((lines, i) => {
      const ref = `BG${c}.${i + 1}`;
      const t = besant.texts.find((x) => x.ref === ref);
      assert.ok(t, ref);
      const expected = [...lines.slice(0, -1), lines.at(-1)!.replace(/\s*\(\d+\)$/, '')].join('\n');
      assert.is(undone(besant, ref, t!.text), expected, ref);
      checked++;
    });
    const col = besant.texts.find((x) => x.ref === `BG${c}.${COUNTS[c - 1] + 1}`);
    assert.is(col?.text, colophon.join('\n'), `discourse ${c}'s colophon`);
  }
  assert.is(checked, 701);
});

test('Besant: every note is the note line of its number in that discourse, its back-links aside; every call has its note', () => {
  let calls = 0;
  for (const t of besant.texts) {
    const chapter = Number(/^BG(\d+)/.exec(t.ref)![1]);
    const { notes } = discourse(chapter);
    const called = [...new Set([...t.text.matchAll(/\[(\d+)\]/g)].map((m) => m[1]))];
    assert.equal((t.notes ?? []).map((n) => n.call), called, `${t.ref}: a note for each call, in order`);
    for (const n of t.notes ?? []) {
      const line = notes[Number(n.call) - 1];
      assert.ok(line, `${t.ref} [${n.call}]`);
      assert.is(line.replace(/^↑\s*/, '').replace(new RegExp(`^(?:${n.call}\\.\\d+)+\\s+`), ''), n.text, `${t.ref} [${n.call}]`);
      calls++;
    }
  }
  assert.is(calls, 359);
  const p3 = besant.texts.find((t) => t.ref === 'BG2.3')!;
  assert.is(p3.text.slice(-13), 'Parantapa![3]', 'a call right before the verse number stays in the text');
  assert.equal(p3.notes, [{ call: '3', text: 'Conqueror of foes.' }]);
});

/** Each change is one its rule may make. */
function assertRuleChange(c: VersionChange, source: string) {
  assert.is(source.slice(c.position, c.position + c.before.length), c.before, `${c.ref} ${c.rule}: before stands at its position in the source`);
  assert.is(c.after, '', `${c.ref} ${c.rule}: the rules only take out`);
  if (c.rule === 'besant-verse-number') assert.match(c.before, /^\s*(?:\(\d+|\d+\))$/);
  else if (c.rule === 'besant-word-joiner') assert.match(c.before, /^[ \t]*\u2060+\n?$/);
  else if (c.rule === 'telugu-commentary') assert.match(c.before.trimStart(), /^ఆదిశంకరాచార్యులవారు/);
  else if (c.rule === 'telugu-unheaded-commentary') assert.is(c.ref, 'BG2.55');
  else if (c.rule === 'telugu-stray-latin') assert.equal([c.position, c.before], [0, 'L']);
  else assert.unreachable(c.rule);
  if (c.rule !== 'besant-word-joiner' && c.rule !== 'telugu-stray-latin') assert.is(c.position + c.before.length, source.length, `${c.ref} ${c.rule}: takes off the end`);
}

test('every repair is one its rule may make, at its place in the source text (the texts with repairs: false)', () => {
  for (const v of [besant, telugu]) {
    const sources = new Map(plain[v.id === 'besant' ? 'besant' : 'telugu'].texts.map((t) => [t.ref, t.text]));
    for (const c of v.audit.changes) assertRuleChange(c, sources.get(c.ref)!);
  }
  assert.is(telugu.audit.changes.length + besant.audit.changes.length, 20);
});

test('Telugu: every text, its repairs undone, is the translation of one key of the file, each key once; three placed by their pratīka', () => {
  const source = JSON.parse(readFileSync(TELUGU_FILE, 'utf8')) as Record<string, { pratika: string; translation_telugu: string }>;
  const keyOf = new Map(Object.entries(source).map(([k, v]) => [v.translation_telugu, k]));
  assert.is(keyOf.size, 701, 'the translations are distinct: a text names its key');
  const moved: string[] = [];
  const used = new Set<string>();
  for (const t of telugu.texts) {
    const key = keyOf.get(undone(telugu, t.ref, t.text));
    assert.ok(key, `${t.ref} is a translation of the file`);
    assert.not.ok(used.has(key!));
    used.add(key!);
    if (`BG${key}` !== t.ref) moved.push(`${key}→${t.ref.slice(2)}`);
  }
  assert.equal(moved, ['18.40→18.39', '18.41→18.40', '18.39→18.41']);
  // Each moved text's pratīka, read here, opens the verse it was placed at, as the served transliteration has it (nasals before a consonant as one).
  const fold = (iast: string) => iast.replace(/[^a-zāīūṛṝḷṃḥṅñṭḍṇśṣ]/g, '').replace(/[ṃmnṅñṇ](?=[kgcjṭḍtdpbśṣsh])/g, 'ṃ');
  const served = new Map(records.verses.map((v) => [v.record._id, fold(v.record.transliteration)]));
  for (const [key, ref] of [['18.39', 'BG18.41'], ['18.40', 'BG18.39'], ['18.41', 'BG18.40']]) {
    const opening = fold(Sanscript.t(source[key].pratika, 'telugu', 'iast'));
    assert.ok(served.get(ref)!.startsWith(opening), `${key}'s pratīka ${opening} opens ${ref}`);
    assert.not.ok(served.get(`BG${key}`)!.startsWith(opening), `${key}'s pratīka does not open BG${key}`);
  }
  // The one key not used is 1.13, whose translation is the commentary only.
  assert.equal(Object.keys(source).filter((k) => !used.has(k)), ['1.13']);
  assert.match(source['1.13'].translation_telugu, /^ఆదిశంకరాచార్యులవారు/);
});

test('the defects are listed: the English numbers that are not the verse\'s, the colophon numbered as a verse, the short Telugu translations', () => {
  const of = (v: VersionFile, kind: string) => v.audit.defects.filter((d) => d.kind === kind).map((d) => d.ref);
  assert.equal(of(besant, 'verse-number-missing'), ['BG10.31', 'BG11.8']);
  assert.equal(of(besant, 'verse-number-wrong'), ['BG17.19', 'BG18.14']);
  assert.equal(of(besant, 'verse-number-bracket'), ['BG3.42', 'BG6.23', 'BG8.20', 'BG9.14', 'BG18.32']);
  assert.equal(of(besant, 'colophon-number'), ['BG18.79']);
  assert.equal(of(telugu, 'short'), ['BG2.23', 'BG12.13', 'BG16.2']);
  assert.equal(of(telugu, 'empty'), ['BG1.13']);
  assert.equal(of(telugu, 'placed-by-pratika').sort(), ['BG18.39', 'BG18.40', 'BG18.41']);
  // The short translations stay as the source has them.
  const source = JSON.parse(readFileSync(TELUGU_FILE, 'utf8')) as Record<string, { translation_telugu: string }>;
  for (const ref of ['BG2.23', 'BG16.2']) assert.is(telugu.texts.find((t) => t.ref === ref)!.text, source[ref.slice(2)].translation_telugu);
});

test('repairs: false: the sources\' texts as they are (BG1.13 its commentary, BG3.42 its "(42"), no change listed, every count zero', () => {
  assert.equal(plain.besant.audit.counts, { 'besant-verse-number': 0, 'besant-word-joiner': 0 });
  assert.equal(plain.telugu.audit.changes, []);
  assert.is(plain.besant.audit.repaired, false);
  assert.equal(plain.telugu.missing, []);
  assert.match(plain.telugu.texts.find((t) => t.ref === 'BG1.13')!.text, /^ఆదిశంకరాచార్యులవారు/);
  assert.match(plain.besant.texts.find((t) => t.ref === 'BG3.42')!.text, /is He\[18\]\. \(42$/);
  assert.match(plain.telugu.texts.find((t) => t.ref === 'BG13.11')!.text, /^Lఇంకా/);
  // Placing is no repair: it stays.
  assert.match(plain.telugu.texts.find((t) => t.ref === 'BG18.40')!.text, /^భూమిపైనగాని/);
});

test("Besant's Devanagari against the served verse: every reading reported is the served record's and Besant's, and the verse served is the same without the versions", async () => {
  const w = report.besantWitness!;
  assert.is(w.compared, 701);
  assert.is(w.agree + new Set(w.differences.map((d) => d.ref)).size, 701);
  const served = new Map(records.verses.map((v) => [v.record._id, bareVerse(v.record.slok).replace(/[\s-]/g, '')]));
  for (const d of w.differences) {
    const chapter = Number(/^BG(\d+)/.exec(d.ref)![1]);
    const file = bareVerse(readFileSync(join(BESANT_DIR, `discourse-${chapter}.txt`), 'utf8')).replace(/\s/g, '');
    assert.ok(served.get(d.ref)!.includes(d.served.replace(/[\s-]/g, '')), `${d.ref}: the served verse reads ${d.served}`);
    assert.ok(file.includes(d.besant.replace(/\s/g, '')), `${d.ref}: Besant reads ${d.besant}`);
  }
  const find = (ref: string) => w.differences.find((d) => d.ref === ref);
  assert.equal(find('BG18.66'), { ref: 'BG18.66', served: 'त्वा', besant: 'त्वां', dcs: 'served', gitaGita: 'served' });
  assert.equal([find('BG14.23')?.besant, find('BG14.23')?.dcs, find('BG14.23')?.gitaGita], ['इत्येव', 'besant', 'besant']);
  assert.is(Object.values(w.tally).reduce((a, b) => a + b, 0), w.differences.length);
  // The comparison changes nothing: the records are the same bytes with the versions and without.
  const without = join(tempDir(), 'content');
  await importContent({ from: SHARED_DATA, contentDir: without, versions: false });
  const files = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).files;
  assert.equal(files(without), files(contentDir));
});

test('through the whole import: a refused version leaves content/ as it was', async () => {
  const bad = join(tempDir(), 'twice');
  cpSync(join(PROJECT_ROOT, 'test/content/fixtures/versions/plain-english'), bad, { recursive: true });
  writeFileSync(join(bad, 'verses.ndjson'), '{"ref":"2.47","text":"x"}\n{"ref":"2.47","text":"y"}\n');
  await expectFailure(SHARED_DATA, [/BG2\.47 is there twice/], { versions: { dirs: [bad], builtins: { besant: false, telugu: false } } });
});

test('bareVerse sets aside only typography: dandas, marks, spaces, avagraha, joiners, speakers, notes', () => {
  assert.is(bareVerse('सञ्जय उवाच ।\nतं तथा कृपयाऽऽविष्टम् ।\nविषीदन्तम् ॥ १ ॥'), 'तं तथा कृपयाविष्टम् विषीदन्तम्');
  assert.is(bareVerse('श्रीभगवानुवाच |\nकुतस्त्वा (or कुतः) ||२-२||'), 'कुतस्त्वा');
  assert.is(bareVerse('तं विद्याद्\u200C दुःख जिजीविषाम: ते'), 'तं विद्याद् दुःख जिजीविषामः ते');
  // A word that is no speaker's line stays ("uvāca" inside the verse).
  assert.is(bareVerse('वाक्यमुवाच मधुसूदनः'), 'वाक्यमुवाच मधुसूदनः');
});

test.run();
