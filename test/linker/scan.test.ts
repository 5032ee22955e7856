// The page tagger's reading of text (src/linker/scan.ts): which strings
// become which references, exactly where, and what stays text; and that
// every reference it finds is one /verses reads the same (the same reader).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readCitation } from '../../src/content/citations.ts';
import { MAX_REF_PARTS } from '../../src/content/citations.ts';
import { READING_COST, scanText } from '../../src/linker/scan.ts';

// The Gita's verse counts (colophons not counted), as the manifest gives them.
const COUNTS = [47, 72, 43, 42, 29, 47, 30, 28, 34, 42, 55, 20, 35, 27, 20, 24, 28, 78];

/** Each reference found, as the text it covers and its label. */
const found = (text: string, limit?: number) => scanText(text, COUNTS, limit).refs.map((r) => [text.slice(r.start, r.end), r.ref]);

test('each name of the Gita leads a reference, in any case (BG only with its capital B)', () => {
  const names = ['Gita', 'Gītā', 'GITA', 'gita', 'Bhagavad Gita', 'Bhagavad-gītā', 'Bhagavad-Gita', 'Bhagavadgita', 'Srimad Bhagavad Gita', 'Śrīmad Bhagavad Gītā', 'BG', 'Bg', 'Bg.', 'B.G.', 'गीता', 'भगवद्गीता', 'श्रीमद्भगवद्गीता'];
  for (const name of names) {
    const text = `As the ${name} 2.47 says.`;
    assert.equal(found(text), [[`${name} 2.47`, 'BG2.47']], name);
  }
  // Written without a space, and with the macron as a combining mark (text not in NFC).
  assert.equal(found('(BG2.47)'), [['BG2.47', 'BG2.47']]);
  assert.equal(found('Gi\u0304ta\u0304 2.47'), [['Gi\u0304ta\u0304 2.47', 'BG2.47']]);
});

test('the forms /verses reads after the name, the link around exactly the reference', () => {
  const cases: Array<[string, Array<[string, string]>]> = [
    ['See Gita 2.47.', [['Gita 2.47', 'BG2.47']]],
    ['(Gita 2:47), and', [['Gita 2:47', 'BG2.47']]],
    ['Gita II.47 and Bhagavad Gita xviii.66', [['Gita II.47', 'BG2.47'], ['Bhagavad Gita xviii.66', 'BG18.66']]],
    ['in Gita chapter 2 verse 47 Krishna', [['Gita chapter 2 verse 47', 'BG2.47']]],
    ['Gita ch. 2, v. 47;', [['Gita ch. 2, v. 47', 'BG2.47']]],
    ['Gita 2 47', [['Gita 2 47', 'BG2.47']]],
    ['गीता २.४७ में', [['गीता २.४७', 'BG2.47']]],
    ['भगवद्गीता 18.66', [['भगवद्गीता 18.66', 'BG18.66']]],
    // The chapter's colophon is a record /verses reads.
    ['Gita 2.73', [['Gita 2.73', 'BG2.73']]],
  ];
  for (const [text, expected] of cases) assert.equal(found(text), expected, text);
});

test('a range links its first verse and carries the whole range', () => {
  const [r] = scanText('Read BG 2.47-50 today', COUNTS).refs;
  assert.equal({ ref: r.ref, ch: r.ch, sl: r.sl }, { ref: 'BG2.47-50', ch: 2, sl: 47 });
  assert.equal(found('Gita 2.47–2.50'), [['Gita 2.47–2.50', 'BG2.47-50']]);
  assert.equal(found('Gita 2.72-3.2'), [['Gita 2.72-3.2', 'BG2.72-3.2']]);
  assert.equal(found('Gita 2.47 to 50.'), [['Gita 2.47 to 50', 'BG2.47-50']]);
  // More verses than one call of /verses takes: still a reference, its ends exist.
  const whole = scanText('Gita 1.1-18.78', COUNTS).refs[0];
  assert.equal({ ref: whole.ref, ch: whole.ch, sl: whole.sl }, { ref: 'BG1.1-18.78', ch: 1, sl: 1 });
});

test('a list after the name: each part a link of its own, as /verses splits it', () => {
  assert.equal(found('Gita 2.47, 18.66; 3.5 and 4'), [['Gita 2.47', 'BG2.47'], ['18.66', 'BG18.66'], ['3.5', 'BG3.5']]);
  // The list ends at the first part that names no verse.
  assert.equal(found('BG 2.47, 3, 4.5'), [['BG 2.47', 'BG2.47']]);
});

test('what stays text: no name, no such verse, no verse at all, part of a longer number or word', () => {
  for (const text of [
    'verse 2.47 says',
    'Gita 19.1',
    'Gita 2.80',
    'Gita 2',
    'Gita chapter 18',
    'Gita 2.50-47',
    'Gita 2.473',
    'Gita 2.47a',
    'Gita 2.47.3',
    'Gita 0.5',
    'Sangita 2.4',
    'Gitanjali 3.5',
    'bg 2.47',
    'ABG 2.47',
    'Gita, 2.47',
    'Gita (2.47)',
    'the Gita',
    '',
  ]) {
    assert.equal(found(text), [], text);
  }
});

test('every reference found is one /verses reads, to the same label', () => {
  const text = 'Gita 2.47, 18.66; BG 2.47-50, Bg. 3:5 and गीता २.४७ or Bhagavad-gītā II.72-III.2, B.G. ch. 4 v. 7, (गीता 6। 31)';
  const refs = scanText(text, COUNTS).refs;
  assert.is(refs.length, 8);
  for (const r of refs) {
    const read = readCitation(text.slice(r.start, r.end), COUNTS);
    assert.ok(read.ok, text.slice(r.start, r.end));
    if (read.ok) assert.equal([read.refs, read.verses[0]], [[r.ref], { ch: r.ch, sl: r.sl }]);
  }
});

test('read in pieces (a limit per pass), a text yields the same references as read whole', () => {
  const pieces = ['Gita 2.47', ' and ', 'BG 18.66, 3.5', 'Sangita', ' ', 'Bhagavad Gita', ' 2.47-50', '. ', 'Gita 19.1', 'x', 'गीता २.४७', '\n', 'lorem ipsum dolor ', 'Gita', '2.3'];
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let round = 0; round < 200; round++) {
    const text = Array.from({ length: 5 + Math.floor(random() * 40) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    const whole = scanText(text, COUNTS).refs.map((r) => `${r.start}:${r.end}:${r.ref}`);
    // Small limits: pieces end at a space past the limit, or after a name whose readings used up the limit.
    const limit = 1 + Math.floor(random() * (round % 2 ? 60 : 3 * READING_COST));
    const inPieces: string[] = [];
    for (let at = 0; at < text.length; ) {
      const { refs, stop } = scanText(text.slice(at), COUNTS, limit);
      assert.ok(stop > 0, 'each piece moves on');
      inPieces.push(...refs.map((r) => `${at + r.start}:${at + r.end}:${r.ref}`));
      at += stop;
    }
    assert.equal(inPieces, whole, JSON.stringify(text));
  }
});

test('a long text of names and numbers: each name tries its first four numbers at most, and the readings count against the limit', () => {
  const text = 'Gita 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19. '.repeat(1800);
  const { refs, stop } = scanText(text, COUNTS);
  assert.is(stop, text.length);
  // "Gita 1 2" is BG1.2; after it "3 4 ..." is no list (no comma).
  assert.is(refs.length, 1800);
  assert.ok(refs.every((r) => r.ref === 'BG1.2'));
  // Read with a limit, a piece ends after the names whose readings (up to four each) use it up, long before as many characters are passed.
  const piece = scanText(text, COUNTS, 40 * READING_COST);
  // Three readings a name ("1 2 3 4", "1 2 3", then "1 2"), 55 characters apart: 12 names, where 5,120 characters hold 93.
  assert.ok(piece.refs.length >= 8 && piece.refs.length <= 16, `${piece.refs.length} names read`);
  assert.is(piece.stop, piece.refs.at(-1)!.end);
  // Its work is mostly readings, and overruns the limit by a name's readings at most.
  assert.ok(piece.work > 4 * piece.stop && piece.work <= 44 * READING_COST, `${piece.work} of work for ${piece.stop} characters`);
  // Prose is read to the limit.
  const prose = `${'a word '.repeat(3000)}Gita 2.47`;
  assert.ok(scanText(prose, COUNTS, 5000).stop >= 5000);
});

test('a list is read up to as many parts as /verses reads in one reference', () => {
  const text = `Gita ${Array.from({ length: MAX_REF_PARTS + 20 }, (_, i) => `18.${(i % 78) + 1}`).join(', ')}`;
  assert.is(scanText(text, COUNTS).refs.length, MAX_REF_PARTS);
});

test.run();
