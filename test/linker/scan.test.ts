// The page tagger's reading of text (src/linker/scan.ts, over the finder of
// src/content/find-refs.ts): which strings become which links, exactly
// where, and what stays text; and that every reference it links is one
// /verses reads the same (the same reader).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readCitation } from '../../src/content/citations.ts';
import { MAX_REF_PARTS } from '../../src/content/citations.ts';
import { STEP_COST } from '../../src/content/find-refs.ts';
import { scanText } from '../../src/linker/scan.ts';

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
    // In brackets after the name, with the slash Hindi writes.
    ['Gita (2.47)', [['Gita (2.47)', 'BG2.47']]],
    ['गीता (2/47) में', [['गीता (2/47)', 'BG2.47']]],
  ];
  for (const [text, expected] of cases) assert.equal(found(text), expected, text);
});

test('references written in words, the name before or after: linked whole', () => {
  const cases: Array<[string, Array<[string, string]>]> = [
    ['As chapter two, verse forty-seven of the Gita says.', [['chapter two, verse forty-seven of the Gita', 'BG2.47']]],
    ['In the second chapter of the Bhagavad Gita, verse 47, Krishna', [['second chapter of the Bhagavad Gita, verse 47', 'BG2.47']]],
    ['Bhagavad Gita, Chapter Two, Verse 47: work', [['Bhagavad Gita, Chapter Two, Verse 47', 'BG2.47']]],
    ['गीता के दूसरे अध्याय के सैंतालीसवें श्लोक में', [['गीता के दूसरे अध्याय के सैंतालीसवें श्लोक', 'BG2.47']]],
    ['श्रीमद्भगवद्गीता के अध्याय 18 का श्लोक 66', [['श्रीमद्भगवद्गीता के अध्याय 18 का श्लोक 66', 'BG18.66']]],
  ];
  for (const [text, expected] of cases) assert.equal(found(text), expected, text);
  const [r] = scanText('verse 47 of chapter 2 of the Gita', COUNTS).refs;
  assert.equal({ ch: r.ch, sl: r.sl }, { ch: 2, sl: 47 });
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
    // A whole chapter, in numbers or words: found, but a card shows a verse.
    'Gita chapter 18',
    "the Gita's eighteenth chapter",
    'chapter two of the Gita',
    // Verses that do not exist, in words too.
    'chapter nineteen, verse one of the Gita',
    // Numbers in a row: a list of numbers, not a verse.
    'Gita 1 2 3 4 5 6 7 8 9 10 11 12.',
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
  const pieces = [
    'Gita 2.47', ' and ', 'BG 18.66, 3.5', 'Sangita', ' ', 'Bhagavad Gita', ' 2.47-50', '. ', 'Gita 19.1', 'x', 'गीता २.४७', '\n', 'lorem ipsum dolor ', 'Gita', '2.3',
    'chapter two, verse forty-seven of the ', 'verse 47 of chapter 2 of the', 'second chapter', ' of the ', ', verse 3', 'गीता के दूसरे अध्याय', ' के सैंतालीसवें श्लोक', ' 1 2', ',',
  ];
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let round = 0; round < 400; round++) {
    const text = Array.from({ length: 5 + Math.floor(random() * 40) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    const whole = scanText(text, COUNTS).refs.map((r) => `${r.start}:${r.end}:${r.ref}`);
    // Small limits: pieces end at a space past the limit, or after a name whose readings used up the limit.
    const limit = 1 + Math.floor(random() * (round % 2 ? 60 : 100 * STEP_COST));
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

test('a long text of names and numbers ("Gita 1 2 3 ... 19.") links nothing, and is read in pieces of bounded work', () => {
  const text = 'Gita 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19. '.repeat(1800);
  const whole = scanText(text, COUNTS);
  assert.is(whole.stop, text.length);
  assert.is(whole.refs.length, 0);
  // Read with a limit, each piece ends soon after its work reaches it, and the pieces cover the text.
  const limit = 20_000;
  let pieces = 0;
  for (let at = 0; at < text.length; pieces++) {
    const piece = scanText(text.slice(at), COUNTS, limit);
    assert.ok(piece.stop > 0 && (piece.work <= limit + 2000 || at + piece.stop === text.length), `${piece.work} of work`);
    at += piece.stop;
  }
  assert.ok(pieces > 10, `${pieces} pieces`);
  // Prose is passed over to the next name (looking for a name is all its work), and read on from there.
  const prose = `${'a word '.repeat(3000)}Gita 2.47`;
  const first = scanText(prose, COUNTS, 5000);
  assert.ok(first.stop >= 5000 && first.refs.length === 0, `${first.stop}`);
  assert.equal(scanText(prose.slice(first.stop), COUNTS, 5000).refs.map((r) => r.ref), ['BG2.47']);
});

test('a list is read up to as many parts as /verses reads in one reference', () => {
  const text = `Gita ${Array.from({ length: MAX_REF_PARTS + 20 }, (_, i) => `18.${(i % 78) + 1}`).join(', ')}`;
  assert.is(scanText(text, COUNTS).refs.length, MAX_REF_PARTS);
});

test.run();
