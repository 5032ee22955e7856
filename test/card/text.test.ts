import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { XMLValidator } from 'fast-xml-parser';
import { escapeXml, textWidth, wrap } from '../../src/card/text.ts';
import { renderCard, withoutMarker } from '../../src/card/card.ts';
import type { ChapterRecord, VerseRecord } from '../../src/content/schema.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_DATA } from '../helpers/fs.ts';

test('escapeXml escapes markup characters and drops what XML forbids', () => {
  assert.is(escapeXml(`a & b < c > d "e" 'f'`), 'a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;');
  assert.is(escapeXml('bell\u0007 and nul\u0000'), 'bell and nul');
  assert.is(escapeXml('line\nbreak'), 'line\nbreak');
});

test('wrap keeps every line within the width and loses no word', () => {
  const text = 'Thy right is to work only, but never with its fruits; let not the fruits of action be thy motive, nor let thy attachment be to inaction.';
  const lines = wrap(text, 16, 200);
  assert.ok(lines.length > 3);
  for (const line of lines) assert.ok(textWidth(line, 16) <= 200, line);
  assert.is(lines.join(' '), text);
});

test('wrap cuts a word wider than a line between graphemes', () => {
  const word = 'कर्मण्येवाधिकारस्तेमाफलेषुकदाचनमाकर्मफलहेतुर्भूर्मातेसङ्गोऽस्त्वकर्मणि';
  const lines = wrap(word, 24, 150);
  assert.ok(lines.length > 1);
  assert.is(lines.join(''), word);
  for (const line of lines) assert.ok(textWidth(line, 24) <= 150);
});

test('wrap ends with an ellipsis when the text needs more than maxLines', () => {
  const text = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
  const lines = wrap(text, 16, 300, 3);
  assert.is(lines.length, 3);
  assert.ok(lines[2].endsWith('…'));
  assert.ok(textWidth(lines[2], 16) <= 300);
  assert.not.ok(wrap('short text', 16, 300, 3).some((l) => l.endsWith('…')));
});

test('withoutMarker drops the closing reference marker only', () => {
  assert.is(withoutMarker('मा फलेषु कदाचन |\nमा कर्मफल ||२-४७||'), 'मा फलेषु कदाचन |\nमा कर्मफल');
  assert.is(withoutMarker('OM tat sat ||2-73||'), 'OM tat sat');
});

const chapter: ChapterRecord = {
  chapter_number: 3, verses_count: 43, name: 'कर्मयोग', translation: 'Karma <Yoga> & "more"', transliteration: 'Karm Yog',
  meaning: { en: 'x', hi: 'y' }, summary: { en: 'x', hi: 'y' },
};
const commentary = (author: string, field: string, text: string) => ({ author, [field]: text });

test('a card escapes hostile text and stays well-formed', () => {
  const verse = {
    _id: 'BG3.5', chapter: 3, verse: 5,
    slok: 'न हि <script>alert(1)</script> & ]]> कश्चित् ||३-५||',
    transliteration: `na hi "kaścit" 'kṣaṇam' <b> ||3-5||`,
    tej: commentary('Tej', 'ht', '।।3.5।। कोई भी <मनुष्य> & क्षण'),
    siva: commentary('Siva & Co', 'et', '3.5 Verily none can ever remain <even> for a moment without doing action.'),
  } as unknown as VerseRecord;
  for (const theme of ['auto', 'light', 'dark'] as const) {
    const svg = renderCard(verse, chapter, theme);
    assert.is(XMLValidator.validate(svg), true);
    assert.not.match(svg, /<script|<b>|<मनुष्य>/);
    assert.match(svg, /&lt;script&gt;/);
    assert.match(svg, /<title>Bhagavad Gita 3\.5<\/title>/);
    assert.match(svg, /Karma &lt;Yoga&gt; &amp; &quot;more&quot;/);
    assert.match(svg, /Verily none can ever remain &lt;even&gt;/, 'the leading 3.5 is dropped, the text kept');
    assert.match(svg, /— Siva &amp; Co/);
    assert.match(svg, /<desc>[^<]*न हि &lt;script&gt;/, 'the verse itself is in the accessible text');
  }
  assert.match(renderCard(verse, chapter, 'auto'), /prefers-color-scheme:dark/);
  assert.not.match(renderCard(verse, chapter, 'light'), /prefers-color-scheme/);
});

test('a card draws its letters itself: no <text>, no font, each glyph defined once and every use defined', () => {
  const verse = {
    _id: 'BG2.47', chapter: 2, verse: 47, speaker: 'श्रीभगवानुवाच',
    slok: 'कर्मण्येवाधिकारस्ते मा फलेषु कदाचन |\nमा कर्मफलहेतुर्भूर्मा ते सङ्गोऽस्त्वकर्मणि ||२-४७||',
    transliteration: 'karmaṇyevādhikāraste mā phaleṣu kadācana .\nmā karmaphalahetur bhūr mā te saṅgo.astvakarmaṇi ||2-47||',
    tej: commentary('Swami Tejomayananda', 'ht', '।।2.47।। कर्म करने मात्र में तुम्हारा अधिकार है।'),
    siva: commentary('Swami Sivananda', 'et', '2.47 Thy right is to work only, but never with its fruits.'),
  } as unknown as VerseRecord;
  const svg = renderCard(verse, { ...chapter, chapter_number: 2, verses_count: 72 });
  assert.not.match(svg, /<text|<tspan|font-family|@font-face/);
  const defined = [...svg.matchAll(/<path id="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(defined.length > 40, `${defined.length} glyphs`);
  assert.is(new Set(defined).size, defined.length, 'each glyph defined once');
  const used = [...svg.matchAll(/<use xlink:href="#([^"]+)"/g)].map((m) => m[1]);
  assert.ok(used.length > defined.length, 'glyphs are reused');
  for (const id of used) assert.ok(defined.includes(id), `#${id} is defined`);
  for (const id of defined) assert.ok(used.includes(id), `#${id} is used`);
  assert.is(XMLValidator.validate(svg), true);
});

test('a card skips translators who did not comment', () => {
  const verse = {
    _id: 'BG3.44', chapter: 3, verse: 44, slok: 'इति ||३||', transliteration: 'iti ||3-44||',
    tej: commentary('Swami Tejomayananda', 'ht', 'Swami Tejomayananda did not comment on this sloka'),
    siva: commentary('Swami Sivananda', 'et', 'Swami Sivananda did not comment on this sloka'),
    prabhu: commentary('A.C. Bhaktivedanta Swami Prabhupada', 'et', 'A real translation.'),
  } as unknown as VerseRecord;
  const svg = renderCard(verse, chapter);
  assert.not.match(svg, /did not comment/);
  // What the card shows is in its <desc>.
  assert.match(svg, /A real translation\./);
  assert.match(svg, /Prabhupada/);
});

const upstream = (ch: number, sl: number): VerseRecord => JSON.parse(readFileSync(join(SHARED_DATA, 'slok', `bhagavadgita_chapter_${ch}_slok_${sl}.json`), 'utf8'));
const chapterOf = (n: number): ChapterRecord => JSON.parse(readFileSync(join(SHARED_DATA, 'chapter', `bhagavadgita_chapter_${n}.json`), 'utf8'));
const descOf = (svg: string) => /<desc>([\s\S]*?)<\/desc>/.exec(svg)![1].replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');

test("a real card: । for upstream's |, IAST's | and ' for its . and .a, no leading verse number", () => {
  const verse = upstream(2, 47);
  const before = JSON.stringify(verse);
  const desc = descOf(renderCard(verse, chapterOf(2)));
  assert.ok(desc.includes('कर्मण्येवाधिकारस्ते मा फलेषु कदाचन । मा कर्मफलहेतुर्भूर्मा ते सङ्गोऽस्त्वकर्मणि'), desc);
  assert.ok(desc.includes("kadācana | mā karmaphalaheturbhūrmā te saṅgo'stvakarmaṇi"), desc);
  assert.not.match(desc, /\|\||॥|2-47|२-४७/, 'the card shows the reference itself: no closing marker');
  assert.not.match(desc, /2\.47 Thy|।।2\.47/, 'no leading verse number');
  assert.ok(desc.includes('कर्म करने मात्र में') && desc.includes('Thy right is to work only'));
  assert.is(JSON.stringify(verse), before, 'the record is not touched');
});

test('a real card of a verse whose Hindi translations are all placeholders (BG12.18) shows the English only', () => {
  const desc = descOf(renderCard(upstream(12, 18), chapterOf(12)));
  assert.not.match(desc, /did not comment/);
  assert.not.match(desc, /Tejomayananda|Ramsukhdas|Shankaracharya/);
  assert.match(desc, /Prabhupada/, 'siva.et is a placeholder there too');
});

test.run();
