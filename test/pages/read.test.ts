import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { XMLValidator } from 'fast-xml-parser';
import { readContent } from '../../src/content/read.ts';
import type { ChapterRecord, Commentary, VerseRecord } from '../../src/content/schema.ts';
import { NOT_FOUND } from '../../src/contract/errors.ts';
import { chapterPage, chooseTranslation, excerpt, notFoundPage, parseReadingOptions, READING_STYLE, versePage, type ReadingOptions } from '../../src/pages/read.ts';
import { endMark } from '../../src/content/display.ts';
import { textBody } from '../../src/content/references.ts';
import { AUTHOR_NAMES_HI } from '../../src/content/author-names.ts';
import type { VerseLinks } from '../../src/content/links.ts';
import { readingFiles } from '../../src/publish/read-pages.ts';
import { wordsOf } from '../../src/content/words.ts';
import { SHARED_DATA } from '../helpers/fs.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPlaceholder } from '../../src/content/placeholders.ts';
import { READING_LABELS, type ReadingLabels } from '../../src/pages/read-labels.ts';
import { Raw } from '../../src/pages/html.ts';
import { DCS_AUTHOR, DCS_LICENSE, DCS_WORK } from '../../src/content/dcs/attribution.ts';
import type { Word } from '../../src/pages/read.ts';

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
  assert.ok(html.includes(v.slok.split('\n')[0].replace(' |', ' ।')), 'the Devanagari');
  assert.ok(html.includes(v.transliteration.split('\n')[0].replace(' .', ' |')), 'the transliteration');
  assert.match(html, /Spoken by <strong>Krishna<\/strong>/);
  assert.match(html, /<html lang="en">/);
  // The card's choice: Swami Sivananda's English first, without its leading "2.47 ".
  assert.ok(html.includes(`<p>${(v.siva as { et: string }).et.split('\n')[0].replace(/^2\.47 /, '').replace(/'/g, '&#39;')}`), 'the translation');
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
  assert.ok(unescape(meta['og:description']).startsWith('Thy right is to work only'), meta['og:description']);
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
  assert.is(ld.text, find(2, 47).slok.replace(/\|\|/g, '॥').replace(/\|/g, '।'), 'the verse as shown: the script\'s own dandas');
  assert.ok(!ld.workTranslation.text.startsWith('2.47'), ld.workTranslation.text);
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
  assert.match(page247({ lang: 'en', author: 'madhav' }), /No English translation by Sri Madhavacharya on this verse; shown instead:/, 'the notice names the author, not his key');
  const colophon = find(2, 73);
  assert.is(chooseTranslation(colophon, EN).shown, null, 'nobody translated a colophon');
  assert.equal(parseReadingOptions(new URLSearchParams('lang=hi&author=rams'), ['rams']), { lang: 'hi', author: 'rams', version: null });
  assert.equal(parseReadingOptions(new URLSearchParams(''), ['rams']), { lang: 'en', author: null, version: null });
  assert.match((parseReadingOptions(new URLSearchParams('lang=sa'), []) as { error: string }).error, /^lang: "sa" is not a language of the reading pages; expected one of en, hi/);
  assert.match((parseReadingOptions(new URLSearchParams('author=<x>'), ['rams']) as { error: string }).error, /^author: "<x>" is not a commentary here; expected one commentary key: rams$/);
});

test("an asked author with a commentary but no translation in the language: his commentary shown, open, and the notice says so by his name", () => {
  // Swami Chinmayananda's Hindi is commentary only (chinmay.hc; no chinmay.ht).
  const v = find(2, 47);
  const chosen = chooseTranslation(v, { lang: 'hi', author: 'chinmay' });
  assert.is(chosen.missing, 'chinmay');
  assert.is(chosen.asked!.key, 'chinmay');
  assert.is(chosen.shown!.key, 'tej', "the default's translation beside it");
  assert.is(chosen.shown!.commentary, null, "and not the default's commentary");
  const html = page247({ lang: 'hi', author: 'chinmay' });
  const notice = READING_LABELS.hi.commentaryOnly(AUTHOR_NAMES_HI.chinmay, true);
  assert.ok(html.includes(`<p class="muted">${notice}</p><section class="translation" lang="hi">`), 'the notice, then the translation');
  assert.match(notice, /^इस श्लोक का स्वामी चिन्मयानन्द द्वारा हिन्दी अनुवाद नहीं है, केवल नीचे दी गई व्याख्या है; /);
  const commentary = textBody((v.chinmay as { hc: string }).hc).trim().split('\n')[0];
  assert.ok(html.includes(`<details lang="hi" open><summary>स्वामी चिन्मयानन्द की व्याख्या</summary><p>${commentary.slice(0, 40)}`), 'his commentary, open, under his name');
  assert.not.match(html.replace(/author=chinmay/g, ''), /chinmay/i, 'his key nowhere but in the links');
  // Where no translation is there to stand beside it (BG12.18's Hindi translations are all placeholders, Swami Ramsukhdas's commentary is not), the commentary alone, and said so.
  const alone = versePage({ verse: find(12, 18), chapter: chapters[11], prev: null, next: null, words: [], options: { lang: 'hi', author: 'rams' }, base: BASE });
  assert.ok(alone.includes(`<p class="muted">${READING_LABELS.hi.commentaryOnly(AUTHOR_NAMES_HI.rams, false)}</p><details lang="hi" open><summary>${AUTHOR_NAMES_HI.rams} की व्याख्या</summary>`), 'BG12.18, rams: the notice, then his commentary');
  assert.not.match(alone, /<section class="translation"/);
  // An author with nothing in the language keeps the notice of before, by name: Sri Madhavacharya wrote in Sanskrit.
  assert.equal(chooseTranslation(v, { lang: 'hi', author: 'madhav' }).asked, null);
  assert.ok(page247({ lang: 'hi', author: 'madhav' }).includes(READING_LABELS.hi.noTranslation(AUTHOR_NAMES_HI.madhav, true)));
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

/** The verse record as upstream's file has it, parsed from ../shared/gita-data. */
const source = (ch: number, sl: number): VerseRecord => JSON.parse(readFileSync(join(SHARED_DATA, 'slok', `bhagavadgita_chapter_${ch}_slok_${sl}.json`), 'utf8'));

test('placeholders are not text: no "did not comment" on a page, no link to an author who has nothing to say', () => {
  // BG12.18: Tejomayananda's and Ramsukhdas's Hindi are placeholders in upstream's file.
  const raw = source(12, 18);
  const silent = Object.entries(raw).filter(([, c]) => c && typeof c === 'object' && typeof (c as Commentary).ht === 'string' && isPlaceholder((c as Commentary).ht!)).map(([k]) => k);
  assert.ok(silent.includes('tej') && silent.includes('rams'), silent.join());
  const hi: ReadingOptions = { lang: 'hi', author: null };
  for (const options of [EN, hi, { lang: 'hi', author: 'tej' } as ReadingOptions]) {
    const html = versePage({ verse: find(12, 18), chapter: chapters[11], prev: null, next: null, words: wordsOf(find(12, 18)), options, base: BASE });
    assert.not.match(html, /did not comment|no purport|No commentary/i);
    const list = /<h2>अन्य अनुवाद<\/h2>[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    if (options.lang === 'hi') for (const key of silent) assert.not.match(list, new RegExp(`author=${key}"`), key);
    // BG12.18: every Hindi text upstream has (tej, rams, sankar) is a placeholder: no translation, no list.
    if (options.lang === 'hi') assert.is(list, '');
  }
  assert.is(chooseTranslation(find(12, 18), hi).shown, null);
  assert.match(versePage({ verse: find(12, 18), chapter: chapters[11], prev: null, next: null, words: [], options: { lang: 'hi', author: 'tej' }, base: BASE }), /इस श्लोक का स्वामी तेजोमयानन्द द्वारा हिन्दी अनुवाद नहीं है।/);
  assert.is(chooseTranslation(find(12, 18), EN).shown!.key, 'prabhu', 'siva.et is a placeholder there too: the next of the card\'s choice');
  // A chapter's list, in both languages: a placeholder is never a verse's line.
  for (const lang of ['en', 'hi'] as const) {
    for (const c of chapters) {
      const html = chapterPage({ chapter: c, verses: verses.filter((v) => v.chapter === c.chapter_number), prev: null, next: null, options: { lang, author: null }, base: BASE });
      assert.not.match(html, /did not comment|no purport/i, `chapter ${c.chapter_number} (${lang})`);
    }
  }
  // Two real commentaries of BG1.47 quote such a sentence in their middle: they are text.
  assert.not.ok(isPlaceholder((source(1, 47).anand as Commentary).sc!));
  assert.ok(isPlaceholder('।।13.1।।No commentary.'));
});

test('a Hindi page speaks Hindi: lang, headings, the speaker as the Gita names him', () => {
  const html = page247({ lang: 'hi', author: null });
  assert.match(html, /<html lang="hi">/);
  assert.match(html, /<p class="by"><strong lang="sa">श्रीभगवान् उवाच<\/strong><\/p>/);
  assert.not.match(html, /Spoken by|Word by word|Other translations|Commentary by/);
  assert.match(html, /<h1>श्रीमद्भगवद्गीता 2\.47<\/h1>/);
  assert.is(metaTags(html)['og:title'], 'श्रीमद्भगवद्गीता 2.47 · श्रीभगवान् उवाच');
  assert.is(metaTags(html)['og:locale'], 'hi_IN');
  const speakers = new Map([['1.1', 'धृतराष्ट्र उवाच'], ['1.2', 'सञ्जय उवाच'], ['1.21', 'अर्जुन उवाच']]);
  for (const [ref, said] of speakers) {
    const [ch, sl] = ref.split('.').map(Number);
    assert.ok(versePage({ verse: find(ch, sl), chapter: chapters[ch - 1], prev: null, next: null, words: [], options: { lang: 'hi', author: null }, base: BASE }).includes(`>${said}</strong>`), ref);
  }
  const chapter = chapterPage({ chapter: chapters[1], verses: verses.filter((v) => v.chapter === 2), prev: chapters[0], next: null, options: { lang: 'hi', author: null }, base: BASE });
  assert.match(chapter, /<html lang="hi">/);
  assert.match(chapter, /<h2>श्लोक<\/h2>/);
  assert.match(chapter, /← अध्याय 1<\/a>/);
  assert.match(chapter, /<a href="https:\/\/gita\.example\/read\/2\/73\?lang=hi">2\.73<\/a>पुष्पिका/);
});

/** What a reader meets of a page: the text of its body, and the words of its aria-label, alt and title attributes. */
function shownText(html: string): string {
  const body = /<body>([\s\S]*)<\/body>/.exec(html)![1];
  const attributes = [...body.matchAll(/ (?:aria-label|alt|title)="([^"]*)"/g)].map((m) => m[1]);
  return unescape([body.replace(/<[^>]*>/g, ' '), ...attributes].join('\n')).replace(/\s+/g, ' ');
}

/** Stands for a value a label is given (a number, a name): matches anything in a page. */
const ANY = '\u0001';

/**
 * A label's texts as a page may show them: a string; Raw as its text; an
 * object's values; a function called with ANY for each value and, for its
 * last, also true, false and null (a flag or a name it may lack).
 */
function labelText(value: unknown): string[] {
  if (value === null) return [];
  if (value instanceof Raw) return [unescape(value.html.replace(/<[^>]*>/g, ''))];
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    const given = Array.from({ length: value.length - 1 }, () => ANY);
    return [...new Set([ANY, true, false, null].flatMap((last) => labelText(value(...given, last))))];
  }
  return Object.values(value as object).flatMap(labelText);
}

/** A label's text as a pattern: escaped, ANY matching whatever the page put there. */
const labelPattern = (text: string) => new RegExp(text.split(ANY).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?'));

/** Shown in every language as they are: each language's own name (in the list of languages) and a format's name. */
const SAME_IN_EVERY_LANGUAGE = new Set<keyof ReadingLabels>(['language', 'json', 'locale']);

test("a Hindi page names the authors in Devanagari: the translation's line, its commentary, the other translations, who cites the verse", () => {
  const links: VerseLinks = { ref: 'BG2.47', cites: [], covers: [], external: [], citedBy: [{ from: 'BG2.10', by: 'sankar', field: 'hc', text: '2.47' }, { from: 'BG3.1', by: 'jaya', field: 'sc', text: '2.47' }] };
  const page = (lang: 'en' | 'hi', author: string | null) => versePage({ verse: find(2, 47), chapter: chapters[1], prev: null, next: null, words: [], links, options: { lang, author }, base: BASE });
  const hi = page('hi', 'rams');
  assert.ok(hi.includes(`<p class="by">— ${AUTHOR_NAMES_HI.rams}</p>`), 'the translation\'s author');
  assert.ok(hi.includes(`<summary>${AUTHOR_NAMES_HI.rams} की व्याख्या</summary>`), 'the commentary\'s summary');
  const others = /<h2>अन्य अनुवाद<\/h2>([\s\S]*?)<\/section>/.exec(hi)![1];
  assert.equal([...others.matchAll(/>([^<>]+)<\/a>/g)].map((m) => m[1]), ['tej', 'rams', 'sankar'].map((k) => AUTHOR_NAMES_HI[k]));
  const cited = /<section class="cited-by">([\s\S]*?)<\/section>/.exec(hi)![1];
  assert.ok(cited.includes(`<span class="muted">${AUTHOR_NAMES_HI.sankar}</span>`) && cited.includes(`<span class="muted">${AUTHOR_NAMES_HI.jaya}</span>`), cited);
  // No author's name in Latin letters anywhere a reader reads the Hindi page.
  for (const c of Object.values(find(2, 47)).filter((x): x is Commentary => typeof x === 'object' && x !== null && 'author' in x)) {
    assert.not.ok(shownText(hi).includes(c.author), `"${c.author}" shown on the Hindi page`);
  }
  // JSON-LD names the translator as the page shows him, with the record's spelling beside it.
  assert.equal(jsonLd(hi).workTranslation.translator, { '@type': 'Person', name: AUTHOR_NAMES_HI.rams, alternateName: 'Swami Ramsukhdas' });
  // The English page as it was: the record's names.
  const en = page('en', null);
  assert.ok(en.includes('<p class="by">— Swami Sivananda</p>'));
  assert.ok(/<section class="cited-by">[\s\S]*?Sri Shankaracharya[\s\S]*?Sri Jayatritha/.test(en));
  assert.equal(jsonLd(en).workTranslation.translator, { '@type': 'Person', name: 'Swami Sivananda' });
});

test('the labels table: a Hindi label for every English one', () => {
  assert.equal(Object.keys(READING_LABELS.hi).sort(), Object.keys(READING_LABELS.en).sort());
  for (const key of Object.keys(READING_LABELS.en) as Array<keyof ReadingLabels>) {
    if (SAME_IN_EVERY_LANGUAGE.has(key) || key === 'glossesInEnglish') continue;
    const [en, hi] = [labelText(READING_LABELS.en[key]), labelText(READING_LABELS.hi[key])];
    en.forEach((text, i) => assert.is.not(hi[i], text, `${key}: the Hindi is the English`));
  }
  assert.is(READING_LABELS.en.glossesInEnglish, null, 'the English page has its glosses in its own language');
  assert.type(READING_LABELS.hi.glossesInEnglish, 'function');
});

test('a Hindi page shows no English label: the frame, the words, the credit, the way on', () => {
  const v = find(2, 47);
  const analysed: Word[] = wordsOf(v).map((w, i) => (i === 0 ? { ...w, analysis: [{ form: 'karmaṇi', unsandhied: 'karmaṇi', lemma: 'karman', pos: 'NOUN', features: { Case: 'Loc' }, token: 'karmaṇyevādhikāraste', grammar: 'locative singular neuter' }] } : w));
  const pages = {
    verse: page247({ lang: 'hi', author: null }, analysed),
    chapter: chapterPage({ chapter: chapters[1], verses: verses.filter((x) => x.chapter === 2), prev: chapters[0], next: chapters[2], options: { lang: 'hi', author: null }, base: BASE }),
    missing: versePage({ verse: find(12, 18), chapter: chapters[11], prev: null, next: null, words: [], options: { lang: 'hi', author: 'tej' }, base: BASE }),
  };
  // Every English label, unless its Hindi keeps it as a name inside a Hindi phrase ("OpenAPI विवरण").
  const english = (Object.keys(READING_LABELS.en) as Array<keyof ReadingLabels>)
    .filter((k) => !SAME_IN_EVERY_LANGUAGE.has(k))
    .flatMap((k) => {
      const hi = labelText(READING_LABELS.hi[k]);
      // A label that is only a value given (the speaker's English name, as data) is no English word.
      return labelText(READING_LABELS.en[k]).filter((text, i) => /[A-Za-z]/.test(text) && !hi[i]?.includes(text)).map((text) => [k, text] as const);
    });
  assert.ok(english.length >= 20, `${english.length} English labels looked for`);
  for (const [name, html] of Object.entries(pages)) {
    const shown = shownText(html);
    for (const [key, text] of english) assert.not.match(shown, labelPattern(text), `${name}: the English ${key} "${text}" is shown`);
    for (const text of ['Documentation', 'Free key', 'Word analysis', 'the license']) assert.not.ok(shown.includes(text), `${name}: "${text}"`);
    assert.match(html, /<nav><a href="\/" hreflang="en">प्रलेखन<\/a><a href="\/pricing" hreflang="en">निःशुल्क कुंजी<\/a><a href="\/openapi\.json" hreflang="en">OpenAPI विवरण<\/a><\/nav>/, `${name}: the frame's links in Hindi, to English pages`);
  }
  const words = /<section><h2>शब्दार्थ<\/h2>[\s\S]*?<\/section>/.exec(pages.verse)![0];
  assert.ok(words.includes(`<p class="muted">${READING_LABELS.hi.glossesInEnglish!(true)}</p><dl class="words">`), 'above the glosses: they and their grammar are English only');
  assert.match(READING_LABELS.hi.glossesInEnglish!(true), /केवल अंग्रेज़ी में/);
  assert.match(READING_LABELS.hi.glossesInEnglish!(true), /स्वामी शिवानन्द/);
  assert.match(READING_LABELS.hi.glossesInEnglish!(false), /केवल अंग्रेज़ी में/);
  assert.not.match(READING_LABELS.hi.glossesInEnglish!(false), /व्याकरण/, 'no grammar shown, none spoken of');
  const unanalysed = page247({ lang: 'hi', author: null }, wordsOf(v));
  assert.ok(unanalysed.includes(`<p class="muted">${READING_LABELS.hi.glossesInEnglish!(false)}</p>`));
  assert.not.match(unanalysed, /class="credit"/, 'no analysis, no credit');
  // CC BY 4.0: the work, its author and the license, linked, in the Hindi sentence.
  const credit = /<p class="credit">([\s\S]*?)<\/p>/.exec(words)![1];
  for (const part of [DCS_WORK, DCS_AUTHOR, `<a href="${DCS_LICENSE.url}">${DCS_LICENSE.name}</a>`]) assert.ok(unescape(credit).includes(part), `the credit names ${part}: ${credit}`);
  assert.match(credit, /^शब्द-विश्लेषण .* लाइसेंस के अंतर्गत।$/);
});

test('the English page keeps its frame, words and credit as they were', () => {
  const v = find(2, 47);
  const html = page247(EN, wordsOf(v).map((w, i) => (i === 0 ? { ...w, analysis: [{ form: 'karmaṇi', unsandhied: 'karmaṇi', lemma: 'karman', pos: 'NOUN', features: {}, token: 'karmaṇi', grammar: '' }] } : w)));
  assert.ok(html.includes('\n<nav><a href="/">Documentation</a><a href="/pricing">Free key</a><a href="/openapi.json">OpenAPI</a></nav>\n'));
  assert.ok(html.includes('<section><h2>Word by word</h2><dl class="words">'), 'no note above English glosses');
  assert.ok(html.includes('<p class="credit">Word analysis: The Digital Corpus of Sanskrit (DCS), Oliver Hellwig, CC BY 4.0 (<a href="https://creativecommons.org/licenses/by/4.0/">the license</a>).</p></section>'));
  assert.ok(html.includes('<p class="choices"><strong lang="en">English</strong><a lang="hi" href="https://gita.example/read/2/47?lang=hi">हिन्दी</a> · <a href="https://gita.example/slok/2/47">JSON</a></p>'));
});

test('no verse number before a translation or commentary; no word list twice', () => {
  for (const lang of ['en', 'hi'] as const) {
    const html = chapterPage({ chapter: chapters[1], verses: verses.filter((v) => v.chapter === 2), prev: null, next: null, options: { lang, author: null }, base: BASE });
    assert.is([...html.matchAll(/<span lang="(?:en|hi)">(?:।।)?\d+\.\d+/g)].length, 0, `/read/2 (${lang}): no "2.1 2.1"`);
  }
  const v = find(2, 47);
  const words = wordsOf(v);
  const html = page247(EN, words);
  const details = /<details[\s\S]*?<\/details>/.exec(html)![0];
  assert.ok(details.includes('<p>When you perform actions have no desire'), details.slice(0, 300));
  assert.not.ok(details.includes(words[0].word), 'the list shown as words above is not repeated');
  assert.not.match(details, /<p>\s*(?:Commentary|2\.47)/);
  const hindi = page247({ lang: 'hi', author: 'rams' }, words);
  assert.not.match(hindi, /<p>(?:।।)?2\.47/, 'rams.ht and rams.hc start "।।2.47।।", "2.47।।"');
  // BG10.16: siva.ec is the list, then "No Commentary.": no commentary to open.
  assert.not.match(versePage({ verse: find(10, 16), chapter: chapters[9], prev: null, next: null, words: wordsOf(find(10, 16)), options: EN, base: BASE }), /<details/);
});

test('the closing mark and its number are one unbreakable piece, on every verse and colophon', () => {
  assert.match(READING_STYLE, /\.num\{white-space:nowrap\}/);
  for (const v of verses) {
    const html = versePage({ verse: v, chapter: chapters[v.chapter - 1], prev: null, next: null, words: [], options: EN, base: BASE });
    const marks = [...html.matchAll(/<span class="num"> ([^<]*)<\/span><\/p>/g)].map((m) => m[1]);
    // The number in each script, as the record writes it: ॥३-५॥ and ||3-5||, a colophon's ॥१॥ (its transliteration ||1-48||).
    assert.is(marks.length, 2, v._id);
    assert.match(marks[0], /^॥[०-९]+(?:-[०-९]+)?॥$/, v._id);
    assert.is(marks[1], `||${v.chapter}-${v.verse}||`, v._id);
  }
  // What endMark cuts: the mark with its number and the blank before it, nothing else.
  assert.equal(endMark('सर्वः प्रकृतिजैर्गुणैः ॥३-५॥'), { body: 'सर्वः प्रकृतिजैर्गुणैः', mark: '॥३-५॥' });
  assert.equal(endMark('a |\nb ||3-5||\n'), { body: 'a |\nb', mark: '||3-5||' });
  assert.equal(endMark('no mark ।'), { body: 'no mark ।', mark: '' });
});

test("the Devanagari shows । and ॥, the transliteration IAST's | and '; the records keep upstream's bytes", () => {
  const html = page247();
  assert.match(html, /<p class="slok" lang="sa">कर्मण्येवाधिकारस्ते मा फलेषु कदाचन ।\nमा कर्मफलहेतुर्भूर्मा ते सङ्गोऽस्त्वकर्मणि<span class="num"> ॥२-४७॥<\/span><\/p>/);
  assert.match(html, /<p class="translit" lang="sa-Latn">karmaṇyevādhikāraste mā phaleṣu kadācana \|\nmā karmaphalaheturbhūrmā te saṅgo&#39;stvakarmaṇi<span class="num"> \|\|2-47\|\|<\/span><\/p>/);
  const p1817 = versePage({ verse: find(18, 17), chapter: chapters[17], prev: null, next: null, words: [], options: EN, base: BASE });
  assert.ok(p1817.includes('hatvā&#39;pi sa imām̐llokānna'), 'the avagraha and the candrabindu');
  // Every page of the build rendered, and the records are what upstream's files hold, byte for byte.
  readingFiles({ chapters, verses, base: '' });
  for (const v of verses) {
    const raw = source(v.chapter, v.verse);
    assert.is(v.slok, raw.slok);
    assert.is(v.transliteration, raw.transliteration);
  }
  assert.ok(source(2, 47).transliteration.includes('saṅgo.astvakarmaṇi ||2-47||'));
});

test.run();
