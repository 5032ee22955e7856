import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_REF_LENGTH, MAX_REF_PARTS, MAX_VERSES_PER_CALL, readCitation, type Citation, type VersePlace } from '../../src/content/citations.ts';

// The Gita's verse counts (colophons not counted), as the manifest gives them.
const COUNTS = [47, 72, 43, 42, 29, 47, 30, 28, 34, 42, 55, 20, 35, 27, 20, 24, 28, 78];

const ok = (input: string, counts = COUNTS) => {
  const c = readCitation(input, counts);
  if (!c.ok) throw new Error(`${JSON.stringify(input)}: ${c.error.message}`);
  return c;
};
const err = (input: string, counts = COUNTS) => {
  const c = readCitation(input, counts);
  if (c.ok) throw new Error(`${JSON.stringify(input)} was read as ${c.refs.join(', ')}`);
  return c.error;
};
const places = (c: Citation) => (c.ok ? c.verses.map((v) => `${v.ch}.${v.sl}`) : []);
const run = (ch: number, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${ch}.${from + i}`);

test('one verse, in every spelling people use', () => {
  for (const s of ['2.47', '2:47', 'BG 2.47', 'BG2.47', 'bg 2.47', 'Bg2:47', 'B.G. 2.47', 'Bhagavad Gita 2.47', 'Bhagavad-Gītā 2.47', 'bhagavadgita 2.47', 'Gita 2:47', 'gītā 2.47', '२.४७', 'गीता २.४७', 'गीता 2।47', 'गीता 2। 47', '२।४७', 'गीता 2 । 47', ' 2 . 47 ', '２.４７', '02.047']) {
    const c = ok(s);
    assert.equal(c.refs, ['BG2.47'], s);
    assert.equal(c.verses, [{ ch: 2, sl: 47 }], s);
  }
});

test('references as people write them: Roman chapters, words, spaces', () => {
  const forms: Array<[string, string[]]> = [
    ['II.47', ['BG2.47']],
    ['Gita II.47', ['BG2.47']],
    ['BG ii 47', ['BG2.47']],
    ['bg XVIII.66', ['BG18.66']],
    ['chapter 2 verse 47', ['BG2.47']],
    ['Chapter 2, Verse 47', ['BG2.47']],
    ['ch. 2, v. 47', ['BG2.47']],
    ['Ch.2 v.47', ['BG2.47']],
    ['Chapter 2, Verses 47-50', ['BG2.47-50']],
    ['ch 2 vv 47-50; 18.66', ['BG2.47-50', 'BG18.66']],
    ['Bhagavad Gita Chapter 2 Verse 47', ['BG2.47']],
    ['Gītā 2.47', ['BG2.47']],
    ['gita 2 47', ['BG2.47']],
    ['2 47-50', ['BG2.47-50']],
    ['2.47 to 50', ['BG2.47-50']],
    ['II.72-III.2', ['BG2.72-3.2']],
    ['chapter 18', ['BG18']],
    ['Gita iv', ['BG4']],
    ['BG V 3', ['BG5.3']],
    ['chapter 2 sloka 47, 18.66', ['BG2.47', 'BG18.66']],
    ['अध्याय २ श्लोक ४७', ['BG2.47']],
  ];
  for (const [s, refs] of forms) assert.equal(ok(s).refs, refs, s);
  assert.equal(places(ok('Chapter 2, Verses 47-50')), run(2, 47, 50));
  // Letters that are not a Roman numeral written the usual way, and Roman chapters that do not exist.
  for (const s of ['iiii.1', 'vx.2', 'IIV 3', 'c2v47']) assert.is(err(s).kind, 'unreadable', s);
  assert.is(err('XX.1').kind, 'missing');
  // A newline is not a separator, nor are two verse numbers in a row.
  assert.is(err('2 47 50').kind, 'unreadable');
});

test('references in words, and with a slash: read with the grammar the finder of references in prose reads', () => {
  const forms: Array<[string, string[]]> = [
    ['chapter two verse 47', ['BG2.47']],
    ['chapter two, verse forty-seven', ['BG2.47']],
    ['Bhagavad Gita, Chapter Two, Verse 47', ['BG2.47']],
    ['the second chapter of the Bhagavad Gita, verse 47', ['BG2.47']],
    ['Chapter 2, Verse 47, of the Gita', ['BG2.47']],
    ['verse 47 of chapter 2 of the Gita', ['BG2.47']],
    ["the Gita's eighteenth chapter", ['BG18']],
    ['verses forty-seven to fifty of chapter two', ['BG2.47-50']],
    ['गीता के दूसरे अध्याय के सैंतालीसवें श्लोक', ['BG2.47']],
    ['श्रीमद्भगवद्गीता के अध्याय 18 का श्लोक 66', ['BG18.66']],
    ['गीता (2/47)', ['BG2.47']],
    ['2/47-50', ['BG2.47-50']],
    ['chapter twelve verse one, chapter 12 verse two', ['BG12.1', 'BG12.2']],
  ];
  for (const [s, refs] of forms) assert.equal(ok(s).refs, refs, s);
  // A number in words needs its chapter or verse word; "the" goes only before a reference that names the Gita; "." is no separator of words.
  for (const s of ['two', 'Gita two', 'second', 'the 18', 'chapter 2. verse 47', 'Bhagavad Gita, 2.47', 'chapter two-thirds']) assert.is(err(s).kind, 'unreadable', s);
  assert.is(err('chapter nineteen of the Gita').kind, 'missing');
});

test('a part that cannot be read: the message names it, its place, the word not understood, and the forms that work', () => {
  const e = err('2.47, John 3:16');
  assert.is(e.kind, 'unreadable');
  assert.ok(e.message.includes('"John 3:16" (part 2 of 2)'), e.message);
  assert.ok(e.message.includes('"john" is not a name of the Gita'), e.message);
  for (const form of ['"Gita II.47"', '"chapter 2 verse 47"', '"2.72-3.2"']) assert.ok(e.message.includes(form), e.message);
  assert.not.ok(err('2.47a').message.includes('is not a name'), 'no word to blame');
});

test('ranges in one chapter: short and long form, any dash', () => {
  for (const s of ['2.47-50', '2.47-2.50', '2:47-50', '2:47 - 2:50', '2.47–50', '2.47—2.50', 'BG 2.47-50', '२.४७-५०', '2।47-2।50', 'गीता 2। 47-50', '2.47\u221250']) {
    const c = ok(s);
    assert.equal(c.refs, ['BG2.47-50'], s);
    assert.equal(places(c), run(2, 47, 50), s);
  }
  assert.equal(ok('2.47-47').refs, ['BG2.47'], 'a range of one verse is that verse');
});

test('a range across chapters: the verses in between, colophons left out unless named', () => {
  const c = ok('2.72-3.2');
  assert.equal(c.refs, ['BG2.72-3.2']);
  assert.equal(places(c), ['2.72', '3.1', '3.2']);
  const long = ok('11.50-13.3');
  assert.equal(places(long), [...run(11, 50, 55), ...run(12, 1, 20), ...run(13, 1, 3)]);
  // Named, the colophon is there: as the start of a range, its end, or alone.
  assert.equal(places(ok('2.73-3.1')), ['2.73', '3.1']);
  assert.equal(places(ok('2.70-73')), run(2, 70, 73));
  assert.equal(places(ok('2.73')), ['2.73']);
  assert.equal(places(ok('1.47-2.73')).length, 1 + 73);
});

test('a whole chapter: its verses, not its colophon', () => {
  const c = ok('18');
  assert.equal(c.refs, ['BG18']);
  assert.equal(c.verses.length, 78);
  assert.equal(c.verses.at(-1), { ch: 18, sl: 78 });
  assert.equal(ok('Gita 12').refs, ['BG12']);
  assert.equal(ok('१२').verses.length, 20);
});

test('several parts, by comma or semicolon, in the order asked (repeats kept, empty parts skipped)', () => {
  const c = ok('18.66; 2.47-48, BG 4.7 ,, 2.47;');
  assert.equal(c.refs, ['BG18.66', 'BG2.47-48', 'BG4.7', 'BG2.47']);
  assert.equal(places(c), ['18.66', '2.47', '2.48', '4.7', '2.47']);
});

test('errors: empty, unreadable (naming the part), backwards, missing, too many', () => {
  for (const s of ['', '   ', ',', ' ; , ']) assert.is(err(s).kind, 'empty', JSON.stringify(s));
  for (const s of ['2.47.1', 'two', '2.', 'John 3:16', '2-3', '2.47-', '-2.47', '2..47', '2.47-50-51', '2.4e1', 'BG', '0x2.47', '2.47a', '12345.1']) {
    const e = err(`2.47, ${s}`);
    assert.is(e.kind, 'unreadable', s);
    if (e.kind === 'unreadable') assert.is(e.part, s);
    assert.ok(e.message.includes(JSON.stringify(s)), e.message);
  }
  for (const s of ['2.50-47', '3.2-2.72', '2.47-2.46']) assert.is(err(s).kind, 'reversed', s);
  const cases: Array<[string, number, number | undefined]> = [['19', 19, undefined], ['0.1', 0, 1], ['2.74', 2, 74], ['2.0', 2, 0], ['2.47-80', 2, 80], ['18.1-19.2', 19, 2], ['1.49-2.1', 1, 49]];
  for (const [s, ch, sl] of cases) {
    const e = err(s);
    assert.is(e.kind, 'missing', s);
    if (e.kind === 'missing') {
      assert.is(e.ch, ch, s);
      assert.is(e.sl, sl, s);
    }
  }
  // A part that cannot be read is reported before a verse that does not exist, wherever it is.
  assert.is(err('2.99, nonsense').kind, 'unreadable');
  const many = err('1, 2');
  assert.is(many.kind, 'too-many-verses');
  if (many.kind === 'too-many-verses') assert.is(many.count, 47 + 72);
  assert.ok(many.message.includes(String(MAX_VERSES_PER_CALL)));
});

test('the limit: exactly MAX_VERSES_PER_CALL is fine, one more is not', () => {
  assert.is(MAX_VERSES_PER_CALL, 100);
  assert.is(ok('2.1-72, 3.1-28').verses.length, 100);
  assert.is(err('2.1-72, 3.1-29').kind, 'too-many-verses');
  assert.is(ok(Array(100).fill('2.47').join(',')).verses.length, 100);
  assert.is(err(Array(101).fill('2.47').join(',')).kind, 'too-many-parts');
});

test('hostile input: bounded before it is read', () => {
  const long = err('2.47,'.repeat(MAX_REF_LENGTH));
  assert.is(long.kind, 'too-long');
  assert.is(err(Array(MAX_REF_PARTS + 1).fill('1').join(',')).kind, 'too-many-parts');
  // A range over every chapter is counted, not listed, before the limit says no.
  const t = performance.now();
  assert.is(err('1.1-18.78').kind, 'too-many-verses');
  assert.is(err('9999.1-9999.9999').kind, 'missing');
  assert.ok(performance.now() - t < 50);
  // Odd characters are unreadable parts, never exceptions.
  for (const s of ['\u0000', '\uD800', '2.47\u202E', '🙏', '<script>', '%2C', '2.47\n50']) assert.ok(['unreadable', 'empty'].includes(err(s).kind), JSON.stringify(s));
});

// Property tests: seeded random references, checked against a plain model of
// what they name and round-tripped through their canonical labels.
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
}

const within = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

/** Every verse of the book in order, colophons included, with each one's position. */
function allPlaces(counts: readonly number[]) {
  const list: VersePlace[] = [];
  counts.forEach((n, i) => {
    for (let sl = 1; sl <= n + 1; sl++) list.push({ ch: i + 1, sl });
  });
  return list;
}

test('property: random references name what a plain model says, and their labels read back the same', () => {
  const r = rng(20);
  for (let round = 0; round < 400; round++) {
    // Now and then a book of other proportions, so nothing depends on the Gita's counts.
    const counts = round % 4 === 3 ? Array.from({ length: within(r, 1, 6) }, () => within(r, 1, 9)) : COUNTS;
    const all = allPlaces(counts);
    const nParts = within(r, 1, 4);
    const texts: string[] = [];
    const expected: string[] = [];
    for (let i = 0; i < nParts; i++) {
      const kind = within(r, 0, 3);
      const a = all[within(r, 0, all.length - 1)];
      const spell = (ch: number, sl: number) => `${ch}${r() < 0.5 ? '.' : ':'}${sl}`;
      const prefix = ['', 'BG ', 'bg', 'Gita ', 'Bhagavad Gita '][within(r, 0, 4)];
      if (kind === 0) {
        texts.push(prefix + spell(a.ch, a.sl));
        expected.push(`${a.ch}.${a.sl}`);
      } else if (kind === 1) {
        texts.push(prefix + String(a.ch));
        for (let sl = 1; sl <= counts[a.ch - 1]; sl++) expected.push(`${a.ch}.${sl}`);
      } else {
        // A range: a later place (same chapter for kind 2, anywhere after for kind 3).
        const start = all.indexOf(a);
        const candidates = all.slice(start, Math.min(all.length, start + 40)).filter((b) => kind === 3 || b.ch === a.ch);
        const b = candidates[within(r, 0, candidates.length - 1)];
        texts.push(prefix + spell(a.ch, a.sl) + ['-', '–', ' - '][within(r, 0, 2)] + (b.ch === a.ch && r() < 0.5 ? String(b.sl) : spell(b.ch, b.sl)));
        for (let k = start; all[k] !== b; k++) {
          const p = all[k];
          // Colophons in between are skipped: only the ends may be one.
          if (p.sl <= counts[p.ch - 1] || k === start) expected.push(`${p.ch}.${p.sl}`);
        }
        expected.push(`${b.ch}.${b.sl}`);
      }
    }
    const input = texts.join(r() < 0.5 ? ', ' : ';');
    const c = readCitation(input, counts);
    if (expected.length > MAX_VERSES_PER_CALL) {
      assert.is(c.ok ? 'ok' : c.error.kind, 'too-many-verses', input);
      continue;
    }
    assert.ok(c.ok, `${input}: ${c.ok ? '' : c.error.message}`);
    assert.equal(places(c), expected, input);
    if (!c.ok) continue;
    assert.is(c.refs.length, nParts);
    for (const ref of c.refs) assert.match(ref, /^BG\d+(\.\d+(-\d+(\.\d+)?)?)?$/);
    // The labels are references too: read back, they name the same verses and label themselves.
    const again = readCitation(c.refs.join(','), counts);
    assert.ok(again.ok);
    if (again.ok) {
      assert.equal(again.refs, c.refs, input);
      assert.equal(again.verses, c.verses, input);
    }
  }
});

test('property: random strings never throw, and any reading is a checked one', () => {
  const r = rng(7);
  const alphabet = ['1', '2', '4', '7', '9', '0', '.', ':', '-', '–', ',', ';', ' ', 'B', 'G', 'g', 'i', 't', 'a', '२', '४', 'x', '\u0000'];
  for (let round = 0; round < 2000; round++) {
    const s = Array.from({ length: within(r, 0, 16) }, () => alphabet[within(r, 0, alphabet.length - 1)]).join('');
    const c = readCitation(s, COUNTS);
    if (!c.ok) {
      assert.type(c.error.message, 'string');
      continue;
    }
    assert.ok(c.verses.length >= 1 && c.verses.length <= MAX_VERSES_PER_CALL, s);
    for (const v of c.verses) assert.ok(v.ch >= 1 && v.ch <= 18 && v.sl >= 1 && v.sl <= COUNTS[v.ch - 1] + 1, `${s}: ${v.ch}.${v.sl}`);
  }
});

test.run();
