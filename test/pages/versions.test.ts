// The versions on the reading pages: a version's translation with its notes
// and its credit, a verse it lacks said so and never filled, the Telugu page
// in Telugu around the Telugu version; made from the records and the
// versions as the build wrote them (the kept test build).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChapterRecord, VerseRecord } from '../../src/content/schema.ts';
import type { VerseVersions } from '../../src/content/versions/model.ts';
import type { Manifest } from '../../src/contract/manifest.ts';
import { FILES } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import { chapterPage, parseReadingOptions, versePage, type ReadingOptions } from '../../src/pages/read.ts';
import { READING_LABELS } from '../../src/pages/read-labels.ts';
import { readingFiles } from '../../src/publish/read-pages.ts';
import { testDist } from '../helpers/dist.ts';

const { distDir } = await testDist();
const file = <T>(path: string) => JSON.parse(readFileSync(join(distDir, path), 'utf8')) as T;
const list = file<Manifest>(FILES.manifest).content.versions;
const chapters = file<ChapterRecord[]>(FILES.chapters);
const record = (ch: number, sl: number) => file<VerseRecord>(FILES.verse(ch, sl));
const inVersions = (ch: number, sl: number) => file<VerseVersions>(filled(ROUTE['verse-versions'].file!, { ch, sl }));
const BASE = 'https://gita.example';
const page = (ch: number, sl: number, options: ReadingOptions, words = []) =>
  versePage({ verse: record(ch, sl), chapter: chapters[ch - 1], prev: null, next: null, words, versions: { list, verse: inVersions(ch, sl) }, options, base: BASE });
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const besant = list.find((v) => v.id === 'besant')!;
const telugu = list.find((v) => v.id === 'telugu-wikisource')!;

test("?version=besant: Besant's text in place of a commentary's, her translator line and the credit, linked to the version", () => {
  const html = page(2, 47, { lang: 'en', author: null, version: 'besant' });
  const text = inVersions(2, 47).versions.find((v) => v.id === 'besant')!.text!;
  assert.ok(html.includes(`<section class="translation" lang="en"><p>${esc(text)}</p>`), 'the text, whole');
  assert.ok(html.includes(`— Annie Besant, <cite>${esc(besant.title)}</cite>`));
  assert.ok(html.includes(`<p class="credit">${esc(besant.credit)} · <a href="${BASE}/versions/besant">About this version</a></p>`), 'the credit beside the text');
  assert.not.match(html, /— Swami Sivananda/, "no commentary's translation besides");
  const ld = jsonLd(html).workTranslation;
  assert.equal([ld.name, ld.inLanguage, ld.translator.name, ld.creditText, ld.text], [besant.title, 'en', 'Annie Besant', besant.credit, text]);
  assert.match(html, /href="https:\/\/gita\.example\/read\/2\/48\?version=besant"|href="https:\/\/gita\.example\/read\/2\?version=besant"/, 'the way on keeps the version');
});

test("a version's footnotes: each call a link to its note, each note back to its call, numbered as the translator numbered them", () => {
  const html = page(1, 1, { lang: 'en', author: null, version: 'besant' });
  const entry = inVersions(1, 1).versions[0];
  assert.ok('notes' in entry && entry.notes!.length > 0);
  for (const n of entry.notes!) {
    assert.ok(html.includes(`<sup><a href="#note-${n.call}" id="call-${n.call}">${n.call}</a></sup>`), `call ${n.call}`);
    assert.ok(html.includes(`<li id="note-${n.call}" value="${n.call}">${esc(n.text)} <a href="#call-${n.call}"`), `note ${n.call}`);
  }
  assert.not.match(html.split('<section class="translation"')[1].split('</section>')[0], /\[\d+\]/, 'no bare [n] left in the text');
  assert.not.match(jsonLd(html).workTranslation.text, /\[\d+\]/, 'nor in the structured data');
});

test('?lang=te: a Telugu page around the Telugu version; BG1.13, which it lacks, says so and shows no other text', () => {
  const html = page(2, 47, { lang: 'te', author: null });
  assert.match(html, /<html lang="te">/);
  const text = inVersions(2, 47).versions.find((v) => v.id === 'telugu-wikisource')!.text!;
  assert.ok(html.includes(`<section class="translation" lang="te"><p>${esc(text)}</p>`));
  assert.ok(html.includes(esc(telugu.credit)) && html.includes('ఈ అనువాదం గురించి'));
  assert.ok(html.includes('అధ్యాయం 2'), 'the chapter in Telugu');
  const missing = page(1, 13, { lang: 'te', author: null });
  assert.ok(missing.includes(`<p class="muted" lang="te">${esc(READING_LABELS.te.versionMissing(telugu.title))}</p>`));
  assert.not.match(missing, /<section class="translation"/, 'never filled from another');
  assert.not.ok('workTranslation' in jsonLd(missing));
  const asked = page(2, 47, { lang: 'te', author: 'siva' });
  assert.ok(asked.includes(esc(READING_LABELS.te.noTranslation('స్వామి శివానంద', true))), 'an author with no Telugu: said by his name in Telugu, and the Telugu version instead');
});

test('the languages offered and the other translations: what the build can show', () => {
  const en = page(2, 47, { lang: 'en', author: null });
  assert.match(en, /<a lang="te" href="https:\/\/gita\.example\/read\/2\/47\?lang=te">తెలుగు<\/a>/);
  assert.match(en, /<a href="https:\/\/gita\.example\/read\/2\/47\?version=besant">The Bhagavad-Gita \(4th edition\)<\/a>/, 'Besant among the English translations');
  const without = versePage({ verse: record(2, 47), chapter: chapters[1], prev: null, next: null, words: [], options: { lang: 'en', author: null }, base: BASE });
  assert.not.match(without, /lang="te"/, 'a build without a Telugu version offers no Telugu page');
});

test('the reading options: a version sets the language it is in; one translation at a time; a language needs its version', () => {
  const keys = ['siva', 'tej'];
  assert.equal(parseReadingOptions(new URLSearchParams('version=telugu-wikisource'), keys, list), { lang: 'te', author: null, version: 'telugu-wikisource' });
  assert.equal(parseReadingOptions(new URLSearchParams('version=besant'), keys, list), { lang: 'en', author: null, version: 'besant' });
  assert.equal(parseReadingOptions(new URLSearchParams('version=besant&lang=hi'), keys, list), { lang: 'hi', author: null, version: 'besant' }, 'an explicit lang wins for the words around');
  assert.match((parseReadingOptions(new URLSearchParams('version=besant&author=siva'), keys, list) as { error: string }).error, /^author and version: /);
  assert.match((parseReadingOptions(new URLSearchParams('version=nope'), keys, list) as { error: string }).error, /^version: "nope" is not a version here; expected one version id: besant, telugu-wikisource/);
  assert.match((parseReadingOptions(new URLSearchParams('lang=te'), keys, []) as { error: string }).error, /^lang: "te" is not a language of the reading pages; expected one of en, hi \(default en\)/);
  assert.equal(parseReadingOptions(new URLSearchParams('lang=te'), keys, list), { lang: 'te', author: null, version: null });
});

test('a Telugu chapter page: the summary in English and said so, each verse begun in Telugu, BG1.13 left without', () => {
  const own = [...Array(chapters[0].verses_count + 1).keys()].map((i) => record(1, i + 1));
  const byRef = new Map(own.map((v) => [v._id, inVersions(1, v.verse).versions.find((x) => x.id === 'telugu-wikisource')!.text]));
  const html = chapterPage({ chapter: chapters[0], verses: own, prev: null, next: chapters[1], versions: { list, texts: byRef }, options: { lang: 'te', author: null }, base: BASE });
  assert.ok(html.includes(READING_LABELS.te.summaryInEnglish!));
  assert.match(html, /<section lang="en"><p>/, 'the summary marked English');
  const items = [...html.matchAll(/<li><a href="[^"]*\/read\/1\/(\d+)\?lang=te">1\.\d+<\/a>(.*?)<\/li>/g)];
  assert.is(items.length, 48);
  assert.match(items[0][2], /<span lang="te">[\u0C00-\u0C7F]/);
  assert.match(items[12][2], /lang="sa-Latn"/, 'BG1.13: its transliteration, not another translation');
});

test("every word of the Telugu page's frame is Telugu, but for the names it leaves in their own letters", () => {
  const L = READING_LABELS.te;
  const words = [L.book, L.chapter(2), L.chapterOf(2), L.colophon, L.wordByWord, L.otherTranslations, L.citedBy, L.verses, L.chapters, L.commentaryBy('X'), L.noTranslation('k', true), L.cardAlt('2.47'), L.language, L.versionMissing('T'), L.notes, L.aboutVersion, L.summaryInEnglish!, L.glossesInEnglish!(true), L.glossesInEnglish!(false), L.nav.documentation, L.nav.freeKey];
  for (const w of words) assert.not.match(w.replace(/\b(X|k|T|OpenAPI)\b|\d+(\.\d+)?/g, ''), /[A-Za-z]/, w);
  for (const w of words) assert.match(w, /[\u0C00-\u0C7F]/, w);
});

test("the static default pages offer the Telugu page and list Besant's translation", () => {
  const verses = [record(2, 46), record(2, 47)];
  const files = readingFiles({ chapters: [chapters[1]], verses, versions: list, base: '' });
  const html = files.find((f) => f.path === FILES.readVerse(2, 47))!.body.toString();
  assert.match(html, /\?lang=te">తెలుగు</);
  assert.match(html, /\?version=besant">The Bhagavad-Gita/);
});

test.run();
