// The card's letters: shaped by HarfBuzz from the installed fonts, so
// Devanagari comes out as a reader expects (conjuncts, the i-matra before
// its consonant, reph above the next one), and drawn as outlines.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inkBox, measure, outline, shape } from '../../src/card/glyphs.ts';

const ids = (text: string, face: 'dev' | 'latin' | 'italic' | 'bold' = 'dev') => shape(text, face).glyphs.map((g) => g.key);

test('every letter of the card texts has a glyph (no .notdef box)', () => {
  for (const [text, face] of [
    ['धर्मक्षेत्रे कुरुक्षेत्रे समवेता युयुत्सवः। ॐ', 'dev'],
    ['karmaṇyevādhikāraste mā phaleṣu kadācana ।', 'italic'],
    ['Thy right is to work only — “never” with its fruits…', 'latin'],
    ['Bhagavad Gita 2.47', 'bold'],
  ] as const) {
    for (const word of text.split(' ')) assert.not.ok(shape(word, face).glyphs.some((g) => g.key.endsWith(':0')), `${face}: "${word}" has a missing glyph`);
  }
});

test('a conjunct is one glyph, not letter + virama + letter', () => {
  // क्ष: three code points, one glyph (the ligature) in Noto Sans Devanagari.
  assert.is(ids('क्ष').length, 1);
  assert.is.not(ids('क्ष')[0], ids('क')[0]);
});

test('the i-matra is drawn before the consonant it follows in the text', () => {
  const ki = shape('कि', 'dev').glyphs;
  const ka = ids('क')[0];
  assert.is(ki.length, 2);
  const kaAt = ki.find((g) => g.key === ka)!;
  const matra = ki.find((g) => g.key !== ka)!;
  assert.ok(matra.x < kaAt.x, `the matra (x ${matra.x}) stands left of क (x ${kaAt.x})`);
});

test('reph: र् before a consonant becomes a mark over it, not a letter र', () => {
  const rma = ids('र्म');
  assert.not.ok(rma.includes(ids('र')[0]), 'no full र');
  assert.ok(rma.includes(ids('म')[0]));
  assert.is(rma.length, 2);
  // The reph sits above the top line: its ink starts higher than म's.
  const reph = rma.find((k) => k !== ids('म')[0])!;
  assert.ok(inkBox(reph).top > inkBox(ids('म')[0]).top);
});

test('a danda in Latin text is drawn from the Devanagari font', () => {
  const keys = ids('kadācana ।', 'italic');
  assert.ok(keys.at(-1)!.startsWith('dev:'));
  assert.ok(keys[0].startsWith('italic:'));
});

test('outlines are compact relative paths; a space has none', () => {
  const d = outline(ids('क')[0]);
  assert.match(d, /^m-?\d/);
  assert.not.match(d, /[MLQCZ]/, 'relative commands only');
  assert.not.match(d, /\.\d/, 'whole units');
  assert.is(outline(ids(' ', 'latin')[0]), '');
});

test('widths grow with the text and the size', () => {
  assert.ok(measure('कर्म', 'dev', 24) > measure('कर्म', 'dev', 12));
  assert.ok(measure('karma yoga', 'latin', 16) > measure('karma', 'latin', 16));
  assert.is(measure('karma', 'latin', 16), measure('karma', 'latin', 16));
});


test('the header: the speaker starts a space after the reference ("2.47 · Krishna", not "2.47· Krishna")', async () => {
  const { renderCard } = await import('../../src/card/card.ts');
  const verse = { _id: 'BG2.47', chapter: 2, verse: 47, speaker: 'श्रीभगवान्', slok: 'कर्म', transliteration: 'karma' } as never;
  const chapter = { chapter_number: 2, verses_count: 72, translation: 'Sankhya Yoga' } as never;
  const svg = renderCard(verse, chapter, 'light');
  const groups = [...svg.matchAll(/<g class="(\w+)" transform="translate\(([\d.]+) /g)].map((m) => ({ cls: m[1], x: Number(m[2]) }));
  const [title, speaker] = groups;
  assert.is(title.cls, 'acc');
  assert.is(speaker.cls, 'mut');
  const titleEnd = title.x + measure('Bhagavad', 'bold', 18) + measure(' ', 'bold', 18) + measure('Gita', 'bold', 18) + measure(' ', 'bold', 18) + measure('2.47', 'bold', 18);
  const space = measure(' ', 'bold', 18);
  assert.ok(space > 3, `a space is ${space} px`);
  assert.ok(speaker.x >= titleEnd + space - 0.2, `the speaker at ${speaker.x}, the title ends at ${titleEnd}`);
});

test.run();
