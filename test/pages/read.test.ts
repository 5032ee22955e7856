import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { XMLValidator } from 'fast-xml-parser';
import { readContent } from '../../src/content/read.ts';
import type { ChapterRecord, VerseRecord } from '../../src/content/schema.ts';
import { NOT_FOUND } from '../../src/http/errors.ts';
import { chapterPage, chooseTranslation, excerpt, notFoundPage, parseReadingOptions, versePage, type ReadingOptions } from '../../src/pages/read.ts';
import { readingFiles } from '../../src/publish/read-pages.ts';
import { wordsOf } from '../../src/content/words.ts';
import { SHARED_DATA } from '../helpers/fs.ts';

const content = await readContent(SHARED_DATA);
const chapters = content.chapters.map((c) => c.record);
const verses = content.verses.map((v) => v.record);
const find = (ch: number, sl: number) => verses.find((v) => v.chapter === ch && v.verse === sl)!;
const EN: ReadingOptions = { lang: 'en', author: null };
const BASE = 'https://gita.example';

/** The content of <meta property|name=key content=...> tags, by key. */
function metaTags(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) out[m[1]] = m[2];
  return out;
}
const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]);

const page247 = (options = EN, words: Parameters<typeof versePage>[0]['words'] = []) =>
  versePage({ verse: find(2, 47), chapter: chapters[1], prev: find(2, 46), next: find(2, 48), words, options, base: BASE });

test('a verse page shows the verse, its speaker, the default translation and the way on', () => {
  const html = page247();
  const v = find(2, 47);
  assert.ok(html.includes(v.slok.split('\n')[0]), 'the Devanagari');
  assert.ok(html.includes(v.transliteration.split('\n')[0]), 'the transliteration');
  assert.match(html, /Spoken by <strong>Krishna<\/strong>/);
  // The card's choice: Swami Sivananda's English first.
  assert.ok(html.includes((v.siva as { et: string }).et.split('\n')[0].replace(/'/g, '&#39;')), 'the translation');
  assert.match(html, /— Swami Sivananda/);
  assert.match(html, /<a rel="prev" href="https:\/\/gita\.example\/read\/2\/46">← 2\.46<\/a>/);
  assert.match(html, /<a rel="next" href="https:\/\/gita\.example\/read\/2\/48">2\.48 →<\/a>/);
  assert.match(html, /href="https:\/\/gita\.example\/read\/2\/47\?author=prabhu"/, 'the other translations, one link each');
  assert.not.match(html, /Word by word/, 'no words, no section');
  assert.not.match(html, /<script(?! type="application\/ld\+json")/, 'no JavaScript');
});

test('Open Graph, Twitter and canonical tags carry absolute addresses from the base URL', () => {
  const html = page247();
  const meta = metaTags(html);
  assert.is(meta['og:title'], 'Bhagavad Gita 2.47 · Krishna');
  assert.is(meta['og:url'], 'https://gita.example/read/2/47');
  assert.is(meta['og:image'], 'https://gita.example/slok/2/47/gita.png');
  assert.is(meta['twitter:card'], 'summary_large_image');
  assert.ok(unescape(meta['og:description']).startsWith('2.47 Thy right is to work only'), meta['og:description']);
  assert.ok(meta['og:description'].length <= 220);
  assert.match(html, /<link rel="canonical" href="https:\/\/gita\.example\/read\/2\/47">/);
  const hindi = metaTags(page247({ lang: 'hi', author: 'rams' }));
  assert.is(hindi['og:url'], 'https://gita.example/read/2/47?lang=hi&amp;author=rams', 'the canonical address keeps the reader\'s choice');
  const relative = metaTags(versePage({ verse: find(1, 1), chapter: chapters[0], prev: null, next: find(1, 2), words: [], options: EN, base: '' }));
  assert.is(relative['og:image'], '/slok/1/1/gita.png', 'without a base URL: root-relative');
});

test('JSON-LD: a Quotation spoken by its speaker, part of its chapter, with its translation', () => {
  const ld = jsonLd(page247());
  assert.is(ld['@context'], 'https://schema.org');
  assert.is(ld['@type'], 'Quotation');
  assert.is(ld.text, find(2, 47).slok);
  assert.is(ld.spokenByCharacter.name, 'Krishna');
  assert.is(ld.isPartOf['@type'], 'Chapter');
  assert.is(ld.isPartOf.position, 2);
  assert.is(ld.isPartOf.isPartOf.name, 'Bhagavad Gita');
  assert.is(ld.workTranslation.translator.name, 'Swami Sivananda');
  assert.is(ld.workTranslation.inLanguage, 'en');
});

test('?lang= and ?author= pick the translation; an author without one says so', () => {
  const v = find(2, 47);
  assert.is(chooseTranslation(v, { lang: 'hi', author: null }).shown!.key, 'tej');
  assert.is(chooseTranslation(v, { lang: 'en', author: 'gambir' }).shown!.author, 'Swami Gambirananda');
  const rams = chooseTranslation(v, { lang: 'hi', author: 'rams' }).shown!;
  assert.ok(rams.commentary && rams.commentary.length > 1000, 'with the author\'s commentary');
  const none = chooseTranslation(v, { lang: 'en', author: 'madhav' });
  assert.is(none.missing, 'madhav', 'Sri Madhavacharya wrote in Sanskrit only');
  assert.is(none.shown!.key, 'siva');
  assert.match(page247({ lang: 'en', author: 'madhav' }), /No English translation by “madhav” on this verse; shown instead:/);
  const colophon = find(2, 73);
  assert.is(chooseTranslation(colophon, EN).shown, null, 'nobody translated a colophon');
  assert.equal(parseReadingOptions(new URLSearchParams('lang=hi&author=rams'), ['rams']), { lang: 'hi', author: 'rams' });
  assert.equal(parseReadingOptions(new URLSearchParams(''), ['rams']), { lang: 'en', author: null });
  assert.match((parseReadingOptions(new URLSearchParams('lang=sa'), []) as { error: string }).error, /lang must be one of en, hi/);
  assert.match((parseReadingOptions(new URLSearchParams('author=<x>'), ['rams']) as { error: string }).error, /author must be a commentary key/);
});

test('words are listed when there are some', () => {
  const html = page247(EN, [{ word: 'कर्मणि', transliteration: 'karmaṇi', meaning: 'in work' }, { word: 'एव', transliteration: 'eva', meaning: 'only' }]);
  assert.match(html, /<h2>Word by word<\/h2><dl class="words"><dt><span lang="sa">कर्मणि<\/span><span lang="sa-Latn">karmaṇi<\/span><\/dt><dd>in work<\/dd>/);
});

test('everything from the records is escaped: text, attributes, JSON-LD', () => {
  const evil = '</script><script>alert(1)</script><img src=x onerror=alert(2)>"\'&';
  const verse: VerseRecord = { ...find(2, 47), slok: evil, transliteration: evil, speaker: evil, siva: { author: evil, et: evil } };
  const chapter: ChapterRecord = { ...chapters[1], name: evil, translation: evil, meaning: { en: evil, hi: evil }, summary: { en: evil, hi: evil } };
  const words = [{ word: evil, transliteration: evil, meaning: evil }];
  for (const html of [
    versePage({ verse, chapter, prev: null, next: null, words, options: EN, base: BASE }),
    chapterPage({ chapter, verses: [verse], prev: null, next: null, options: EN, base: BASE }),
  ]) {
    const outsideLd = html.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/, '');
    assert.not.match(outsideLd, /<img|<script>|onerror=alert\(2\)>/i, 'no tag from the records');
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    assert.equal(scripts, ['<script type="application/ld+json">'], 'one script element, the JSON-LD');
    assert.is(html.match(/<\/script>/g)!.length, 1, 'which the records cannot close');
    const ld = jsonLd(html);
    assert.ok(JSON.stringify(ld).includes(JSON.stringify(evil)), 'the JSON-LD still holds the text as it is');
    // Outside the JSON-LD, the HTML parses as one well-formed document once the void elements are closed.
    const xml = outsideLd.replace(/^<!doctype html>/, '').replace(/<(meta|link)([^>]*)>/g, '<$1$2/>');
    assert.is(XMLValidator.validate(xml), true);
  }
});

test('a chapter page: name, meaning, summary, every verse, prev and next chapters', () => {
  const own = verses.filter((v) => v.chapter === 2);
  const html = chapterPage({ chapter: chapters[1], verses: own, prev: chapters[0], next: chapters[2], options: EN, base: BASE });
  assert.ok(html.includes('सांख्ययोग'));
  assert.ok(html.includes(chapters[1].summary.en.split('\n')[0].slice(0, 60).replace(/'/g, '&#39;')));
  assert.is([...html.matchAll(/<li><a href="https:\/\/gita\.example\/read\/2\/(\d+)">/g)].length, 73, '72 verses and the colophon');
  assert.match(html, /<a href="https:\/\/gita\.example\/read\/2\/73">2\.73<\/a>Colophon/);
  assert.match(html, /<a rel="prev" href="https:\/\/gita\.example\/read\/1">← Chapter 1<\/a>/);
  const meta = metaTags(html);
  assert.is(meta['og:url'], 'https://gita.example/read/2');
  assert.is(meta['og:image'], 'https://gita.example/slok/2/1/gita.png');
  assert.is(jsonLd(html)['@type'], 'Chapter');
  const hindi = chapterPage({ chapter: chapters[1], verses: own, prev: null, next: null, options: { lang: 'hi', author: null }, base: BASE });
  assert.ok(hindi.includes(chapters[1].summary.hi.split('\n')[0].slice(0, 40)));
  assert.match(hindi, /href="https:\/\/gita\.example\/read\/2\/47\?lang=hi"/, 'links keep the language');
});

test('the not-found page words it as the API does', () => {
  const html = notFoundPage(NOT_FOUND.verse, BASE);
  assert.ok(html.includes(NOT_FOUND.verse));
  assert.match(html, /<meta name="robots" content="noindex">/);
});

test('the static copies: one page per record and per chapter, prev and next across chapters', () => {
  const files = readingFiles({ chapters, verses, base: '' });
  assert.is(files.length, verses.length + 18);
  const byPath = new Map(files.map((f) => [f.path, f.body.toString()]));
  const last = byPath.get('/read/1/48/index.html')!;
  assert.match(last, /<a rel="next" href="\/read\/2\/1">2\.1 →<\/a>/, 'the colophon of chapter 1 leads to 2.1');
  assert.match(byPath.get('/read/2/1/index.html')!, /<a rel="prev" href="\/read\/1\/48">← 1\.48<\/a>/);
  assert.not.match(byPath.get('/read/1/1/index.html')!, /rel="prev"/);
  assert.not.match(byPath.get('/read/18/79/index.html')!, /rel="next"/);
  // The words come from the content's word lists (src/content/words.ts).
  const words = wordsOf(find(2, 47));
  assert.ok(words.length > 10);
  assert.ok(byPath.get('/read/2/47/index.html')!.includes(`<dd>${words[0].meaning.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</dd>`));
  assert.not.match(byPath.get('/read/2/73/index.html')!, /Word by word/, 'a colophon has no words');
  assert.is(excerpt('a '.repeat(300)).length <= 201, true);
});

test.run();
