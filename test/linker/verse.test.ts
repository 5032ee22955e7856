// What the tagger's card shows of a verse and where it asks for it
// (src/linker/verse.ts), and the options of its script tag
// (src/linker/options.ts): read from the upstream records themselves.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verseFile } from '../../src/content/read.ts';
import { COMMENTARY_LANGS as CARD_LANGS } from '../../src/contract/parameters.ts';
import { readOptions, type LinkerOptions } from '../../src/linker/options.ts';
import { firstVerse, readableRef, readingUrl, shownVerse, translationOrder, verseUrl } from '../../src/linker/verse.ts';
import { commentaries } from '../../src/content/facts.ts';
import { readContent } from '../../src/content/read.ts';
import { authorNamesOf, translatorsOf } from '../../src/publish/linker.ts';
import { AUTHOR_NAMES_HI } from '../../src/content/author-names.ts';
import { CARD_LABELS } from '../../src/linker/labels.ts';
import { READING_LABELS } from '../../src/pages/read-labels.ts';
import { SHARED_DATA } from '../helpers/fs.ts';

const upstream = (ch: number, sl: number) => JSON.parse(readFileSync(join(SHARED_DATA, verseFile(ch, sl)), 'utf8')) as Record<string, { author: string; [field: string]: string }> & { slok: string; transliteration: string };
const EN: LinkerOptions = { base: 'https://gita.example', lang: 'en', author: null };

test('the card shows the verse with its own marks, and the first translation with something to say, without its number', () => {
  const r = upstream(2, 47);
  const shown = shownVerse(r, EN);
  assert.ok(r.slok.includes('|') && r.slok.endsWith('||२-४७||'), 'upstream writes ASCII dandas and the closing number');
  assert.is(shown.devanagari, r.slok.replace(/\s*\|\|२-४७\|\|$/, '').replace(/\|/g, '।'));
  assert.ok(shown.transliteration.startsWith('karmaṇyevādhikāraste mā phaleṣu kadācana |'), shown.transliteration);
  assert.ok(shown.transliteration.includes("saṅgo'stvakarmaṇi"), 'the avagraha as IAST writes it');
  assert.ok(r.siva.et.startsWith('2.47 '));
  assert.equal(shown.translation, { text: r.siva.et.slice('2.47 '.length).trim(), author: r.siva.author });
  // Hindi: the Hindi translations, in the card's order.
  const hi = shownVerse(r, { ...EN, lang: 'hi' });
  assert.ok(r.tej.ht.startsWith('।।2.47।।'));
  assert.equal(hi.translation, { text: r.tej.ht.slice('।।2.47।।'.length).trim(), author: r.tej.author });
});

test('a Hindi card names its translator in Devanagari, from the names the build writes in: the Hindi translators\' of the table', async () => {
  const translators = translatorsOf(commentaries((await readContent(SHARED_DATA)).verses.map((v) => v.record)));
  const names = authorNamesOf(translators);
  assert.equal(Object.keys(names), ['hi'], 'only the language whose names are not the records\'');
  assert.equal(Object.keys(names.hi!).sort(), [...translators.hi].sort(), 'a name for every Hindi translator, and no other');
  for (const key of translators.hi) assert.is(names.hi![key], AUTHOR_NAMES_HI[key], key);
  const r = upstream(2, 47);
  assert.is(shownVerse(r, { lang: 'hi', author: null }, names).translation!.author, AUTHOR_NAMES_HI.tej);
  assert.is(shownVerse(r, { lang: 'hi', author: 'rams' }, names).translation!.author, 'स्वामी रामसुखदास');
  assert.is(shownVerse(r, { lang: 'en', author: null }, names).translation!.author, 'Swami Sivananda', 'an English card: the record\'s name');
  assert.is(shownVerse(r, { lang: 'hi', author: null }, { hi: {} }).translation!.author, 'Swami Tejomayananda', 'a key without a name: the record\'s');
});

test("the card's words in each language; the Hindi ones in Hindi", () => {
  assert.equal(Object.keys(CARD_LABELS).sort(), [...CARD_LANGS].sort(), 'the reading languages whose translations are the commentaries\'');
  for (const [key, en] of Object.entries(CARD_LABELS.en)) {
    const hi = CARD_LABELS.hi[key as keyof typeof CARD_LABELS.hi];
    assert.is.not(hi, en, key);
    assert.not.match(hi, /[A-Za-z]/, `${key}: ${hi}`);
  }
});

test("data-author's translation first; an author with none on the verse falls back to the usual order", () => {
  const r = upstream(2, 47);
  assert.is(shownVerse(r, { ...EN, author: 'prabhu' }).translation!.author, r.prabhu.author);
  assert.is(shownVerse(r, { ...EN, author: 'rams' }).translation!.author, r.siva.author, 'rams has no English translation');
  assert.is(shownVerse(r, { ...EN, lang: 'hi', author: 'rams' }).translation!.author, r.rams.author);
  assert.is(shownVerse(r, { ...EN, author: 'nobody' }).translation!.author, r.siva.author);
  // A colophon: every translator "did not comment"; the card shows the verse alone.
  const colophon = upstream(2, 73);
  assert.match(colophon.siva.et, /did not comment/);
  assert.is(shownVerse(colophon, EN).translation, null);
  assert.ok(shownVerse(colophon, EN).devanagari.startsWith('ॐ तत्सदिति'));
});

test('the card asks for the few fields it reads, on the verse route\'s static form in its language', () => {
  assert.is(verseUrl(EN, 2, 47), 'https://gita.example/slok/2/47/en.json?fields=slok,transliteration,siva.et,prabhu.et,purohit.et,adi.et');
  assert.is(verseUrl({ ...EN, lang: 'hi', author: 'sankar' }, 18, 66), 'https://gita.example/slok/18/66/hi.json?fields=slok,transliteration,sankar.ht,tej.ht,rams.ht');
  assert.equal(translationOrder({ lang: 'en', author: 'adi' }).map(([k]) => k), ['adi', 'siva', 'prabhu', 'purohit']);
});

test('the links go to the reading page, with its lang and author when they are not the defaults', () => {
  assert.is(readingUrl(EN, 2, 47), 'https://gita.example/read/2/47');
  assert.is(readingUrl({ base: 'https://x.example/gita', lang: 'hi', author: 'rams' }, 18, 66), 'https://x.example/gita/read/18/66?lang=hi&author=rams');
});

test("a link's data-gita-ref: its first verse, and the reference as a reader reads it", () => {
  assert.equal(firstVerse('BG2.47'), { ch: 2, sl: 47 });
  assert.equal(firstVerse('BG2.47-50'), { ch: 2, sl: 47 });
  assert.equal(firstVerse('BG2.72-3.2'), { ch: 2, sl: 72 });
  for (const bad of ['2.47', 'BG2', 'BG2.47,BG3.5', 'BG2.47-', 'xBG2.47']) assert.is(firstVerse(bad), null, bad);
  assert.is(readableRef('BG2.47-50', 'en'), 'Bhagavad Gita 2.47–50');
  // A Hindi card's heading is the Hindi reading page's: the work's Hindi name, the international digits.
  assert.is(readableRef('BG2.47-50', 'hi'), 'श्रीमद्भगवद्गीता 2.47–50');
  assert.is(readableRef('BG2.47', 'hi'), `${READING_LABELS.hi.book} 2.47`);
});

test('the translators written into the tagger: the commentaries with an English (et) or Hindi (ht) translation in the content', async () => {
  const translators = translatorsOf(commentaries((await readContent(SHARED_DATA)).verses.map((v) => v.record)));
  const r = upstream(2, 47);
  const having = (field: string) => Object.keys(r).filter((k) => typeof r[k] === 'object' && typeof r[k][field] === 'string');
  assert.equal([...translators.en].sort(), having('et').sort());
  assert.equal([...translators.hi].sort(), having('ht').sort());
  for (const key of ['siva', 'prabhu', 'purohit', 'adi']) assert.ok(translators.en.includes(key), key);
  for (const key of ['tej', 'rams', 'sankar']) assert.ok(translators.hi.includes(key), key);
  assert.not.ok(translators.en.includes('rams'), 'rams translated into Hindi only');
});

test("the script tag's options: its own origin unless data-base; a value it cannot use is named and left at its default", () => {
  const warnings: string[] = [];
  const translators = { en: ['siva', 'prabhu'], hi: ['tej', 'rams'] };
  const read = (a: Partial<Parameters<typeof readOptions>[0]>) => readOptions({ src: 'https://api.example:8443/linker.js?v=1', page: 'https://blog.example/posts/1.html', base: null, lang: null, author: null, ...a }, translators, (m) => warnings.push(m));
  assert.equal(read({}), { base: 'https://api.example:8443', lang: 'en', author: null });
  assert.equal(read({ base: 'https://mirror.example/gita/', lang: 'hi', author: 'rams' }), { base: 'https://mirror.example/gita', lang: 'hi', author: 'rams' });
  assert.equal(read({ base: '/gita' }).base, 'https://blog.example/gita', 'relative to the page, as its other addresses');
  assert.equal(warnings, []);
  assert.equal(read({ base: 'javascript:alert(1)', lang: 'fr', author: 'a b' }), { base: 'https://api.example:8443', lang: 'en', author: null });
  assert.is(warnings.length, 3);
  assert.match(warnings.join('\n'), /data-base: "javascript:alert\(1\)"[\s\S]*data-lang: "fr" is not one of en, hi[\s\S]*data-author: "a b" has no translation in en/);
  // An author without a translation in the card's language: the API would refuse the field, so the card keeps its usual choice.
  assert.equal(read({ author: 'rams' }).author, null);
  assert.match(warnings.at(-1)!, /data-author: "rams" has no translation in en here \(those that have: siva, prabhu\)/);
  // The tagger's languages are the reading pages' (its list is written out to keep the bundle small).
  assert.equal(CARD_LANGS.map((lang) => read({ lang }).lang), [...CARD_LANGS]);
});

test.run();
