// Each reading page wholly in its reader's language: a Hindi or a Telugu
// page shows Latin letters only where docs/cards-and-pages.md names them
// (LATIN_ALLOWED below: the IAST, the word meanings, credits, a version's own
// words, an English text the records have in no other language...), every
// other text it shows being the page's language (or Sanskrit in Devanagari).
// Made as the server makes the pages, from the kept test build: the verse
// with its words, links, meter and versions; every verse and chapter page in
// both languages, and the pages of an asked author, a pointer, a version.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VerseLinks } from '../../src/content/links.ts';
import type { VerseScan } from '../../src/content/meter/shapes.ts';
import type { ChapterRecord, VerseRecord } from '../../src/content/schema.ts';
import type { VerseVersions } from '../../src/content/versions/model.ts';
import type { Manifest } from '../../src/contract/manifest.ts';
import { FILES } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import { chapterPage, versePage, type ReadingOptions, type Word } from '../../src/pages/read.ts';
import { READING_LABELS } from '../../src/pages/read-labels.ts';
import { testDist } from '../helpers/dist.ts';

const { distDir } = await testDist();
const file = <T>(path: string) => JSON.parse(readFileSync(join(distDir, path), 'utf8')) as T;
const list = file<Manifest>(FILES.manifest).content.versions;
const chapters = file<ChapterRecord[]>(FILES.chapters);
const record = (ch: number, sl: number) => file<VerseRecord>(FILES.verse(ch, sl));

/** A verse page as the server renders it (src/http/handlers/read.ts): its words, links, meter and versions from the build. */
const versePageOf = (ch: number, sl: number, options: ReadingOptions) =>
  versePage({ verse: record(ch, sl), chapter: chapters[ch - 1], prev: null, next: null, words: file<Word[]>(filled(ROUTE['verse-words'].file!, { ch, sl })), links: file<VerseLinks>(filled(ROUTE['verse-links'].file!, { ch, sl })), meter: file<VerseScan>(filled(ROUTE['verse-meter'].file!, { ch, sl })), versions: { list, verse: file<VerseVersions>(filled(ROUTE['verse-versions'].file!, { ch, sl })) }, options, base: '' });

/** A chapter page as the server renders it: with the text of the version it shows, if any. */
function chapterPageOf(n: number, options: ReadingOptions): string {
  const verses = Array.from({ length: chapters[n - 1].verses_count + 1 }, (_, i) => record(n, i + 1));
  const id = options.version ?? list.find((v) => v.language === options.lang)?.id;
  const texts = new Map(verses.map((v) => [v._id, file<VerseVersions>(filled(ROUTE['verse-versions'].file!, { ch: n, sl: v.verse })).versions.find((x) => x.id === id)?.text ?? null]));
  return chapterPage({ chapter: chapters[n - 1], verses, prev: null, next: null, versions: { list, texts }, options, base: '' });
}

/** A text a reader meets, with the elements it stands in (innermost last). */
interface Shown {
  text: string;
  /** The elements around it: tag, class and lang as written. */
  within: Array<{ tag: string; cls: string; lang: string | null; href: string | null }>;
  /** The language it is marked with: the nearest lang. */
  lang: string;
}

const VOID = new Set(['meta', 'link', 'br', 'img', 'input', 'hr', 'source', 'wbr']);
const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? unescape(m[1]) : null;
};

/**
 * Every text of a page a reader meets: the text of <title> and <body> (not
 * the JSON-LD, written for machines, nor the styles), the words of its
 * aria-label, alt and title attributes, and what a link preview shows of its
 * own words (og:title, og:site_name, og:image:alt; the description is the
 * start of the text the page shows). The pages are this project's own
 * well-formed HTML (test/pages/read.test.ts parses them as XML), so a stack
 * of open elements reads them.
 */
function shownTexts(page: string): Shown[] {
  const out: Shown[] = [];
  const stack: Shown['within'] = [];
  const langOf = (within: Shown['within']) => [...within].reverse().find((e) => e.lang !== null)?.lang ?? '';
  for (const m of page.matchAll(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<!doctype[^>]*>|<\/?([a-z0-9]+)[^>]*>|[^<]+/gi)) {
    const token = m[0];
    if (/^<(script|style|!doctype)/i.test(token)) continue;
    if (m[1]) {
      const tag = m[1].toLowerCase();
      if (token.startsWith('</')) {
        const top = stack.pop();
        assert.is(top?.tag, tag, `</${tag}> closes <${top?.tag}>`);
        continue;
      }
      const element = { tag, cls: attr(token, 'class') ?? '', lang: attr(token, 'lang'), href: attr(token, 'href') };
      const inside = [...stack, element];
      for (const name of ['aria-label', 'alt', 'title']) {
        const value = attr(token, name);
        if (value) out.push({ text: value, within: inside, lang: langOf(inside) });
      }
      if (tag === 'meta' && /^(og:title|og:site_name|og:image:alt)$/.test(attr(token, 'property') ?? '')) out.push({ text: attr(token, 'content')!, within: inside, lang: langOf(inside) });
      if (!VOID.has(tag)) stack.push(element);
      continue;
    }
    const text = unescape(token);
    if (text.trim()) out.push({ text, within: [...stack], lang: langOf(stack) });
  }
  assert.is(stack.length, 0, 'every element closed');
  return out;
}

const inside = (s: Shown, tag: string, cls?: string) => s.within.some((e) => e.tag === tag && (cls === undefined || e.cls.split(' ').includes(cls)));

/** Which page it is: its language, a verse's or a chapter's, and the version it shows (if any). */
interface PageCase {
  name: string;
  lang: 'hi' | 'te';
  kind: 'verse' | 'chapter';
  html: string;
}

/**
 * Where a Hindi or Telugu page may show Latin letters, each as
 * docs/cards-and-pages.md names it ("What stays English on a Hindi or
 * Telugu page"); nothing else of the page is in Latin letters.
 */
const LATIN_ALLOWED: ReadonlyArray<{ what: string; allows: (s: Shown, page: PageCase) => boolean }> = [
  { what: 'IAST, marked sa-Latn: the transliteration, the meter\'s syllables and the names of its forms, each word\'s transliteration, the lemmas', allows: (s) => s.lang === 'sa-Latn' },
  { what: 'the word meanings and their grammar, which exist in English only, marked en', allows: (s) => s.lang === 'en' && inside(s, 'dl', 'words') && inside(s, 'dd') },
  { what: 'a credit: the word analysis\'s and the roots\' works and authors (marked en) and their licenses by name, linked', allows: (s) => inside(s, 'p', 'credit') && (s.lang === 'en' || (inside(s, 'a') && /^(?:CC BY|MIT$)/.test(s.text))) },
  { what: "a version's credit and translator, as the version's description words them", allows: (s) => list.some((v) => (inside(s, 'p', 'credit') && s.text.includes(v.credit)) || (inside(s, 'p', 'by') && s.text.includes(v.translator))) },
  { what: 'a version in English, asked for on the page (?version=besant): its text and notes (on a chapter page the start of each verse\'s), marked en', allows: (s, page) => s.lang === 'en' && (inside(s, 'section', 'translation') || inside(s, 'section', 'notes') || (page.kind === 'chapter' && inside(s, 'ol', 'verses'))) },
  { what: "a chapter's summary and meaning on a Telugu page, marked en: the records have none in Telugu", allows: (s, page) => s.lang === 'en' && page.lang === 'te' && page.kind === 'chapter' && (inside(s, 'section') || inside(s, 'p', 'by')) },
  { what: 'English in the list of languages, in its own language and marked so', allows: (s) => s.lang === 'en' && inside(s, 'p', 'choices') && s.text === 'English' },
  { what: 'the names of two formats, JSON and OpenAPI (the link to the record, the frame\'s link to the API\'s description)', allows: (s) => /^(?:[^\p{Script=Latin}]*\b(?:JSON|OpenAPI)\b)+[^\p{Script=Latin}]*$/u.test(s.text) },
  // The records' own, shown as they are on every page: upstream writes a variant reading into five verses' text, after "or" or "var".
  { what: 'the variant readings upstream writes inside a verse\'s Devanagari, "(or लोव्यनु)", "(var अशेषाणि)" (BG1.19, 1.44, 2.64, 4.35, 8.7)', allows: (s) => s.lang === 'sa' && inside(s, 'p', 'slok') && !/\p{Script=Latin}/u.test(s.text.replace(/\((?:or|var) (?=[^)]*\))/g, '(')) },
  { what: 'the word "Om" the word lists write in Latin letters for ॐ (BG8.13, 17.24)', allows: (s) => inside(s, 'dl', 'words') && inside(s, 'dt') && s.text === 'Om' },
];

/** The runs of Latin letters of a page that no exception allows: each with where it stands. */
function englishLeft(page: PageCase): string[] {
  const left: string[] = [];
  for (const s of shownTexts(page.html)) {
    if (!/\p{Script=Latin}/u.test(s.text)) continue;
    if (LATIN_ALLOWED.some((a) => a.allows(s, page))) continue;
    left.push(`"${s.text.trim().slice(0, 80)}" in ${s.within.map((e) => `${e.tag}${e.cls ? `.${e.cls}` : ''}${e.lang ? `[lang=${e.lang}]` : ''}`).join(' > ')}`);
  }
  return left;
}

const besant = list.find((v) => v.id === 'besant')!;
const telugu = list.find((v) => v.language === 'te')!;
const hypermetric = file<{ hypermetric: string[] }>(ROUTE.meters.file!).hypermetric[0];
const [hch, hsl] = hypermetric.slice(2).split('.').map(Number);

test('a Hindi and a Telugu page of every kind show no English but what the docs name', () => {
  const cases: PageCase[] = [];
  const verse = (name: string, lang: PageCase['lang'], ch: number, sl: number, o: Partial<ReadingOptions> = {}) => cases.push({ name, lang, kind: 'verse', html: versePageOf(ch, sl, { lang, author: null, ...o }) });
  const chapter = (name: string, lang: PageCase['lang'], n: number, o: Partial<ReadingOptions> = {}) => cases.push({ name, lang, kind: 'chapter', html: chapterPageOf(n, { lang, author: null, ...o }) });
  for (const lang of ['hi', 'te'] as const) {
    verse('a verse with its meter, words, analysis and citations', lang, 2, 47);
    verse('a pāda that does not scan', lang, 2, 46);
    verse(`a hypermetric pāda (${hypermetric})`, lang, hch, hsl);
    verse('a colophon', lang, 2, 73);
    verse('an asked author', lang, 2, 47, { author: 'rams' });
    verse('an asked author with nothing on the verse', lang, 12, 18, { author: 'tej' });
    verse('an asked author whose commentary points elsewhere', lang, 13, 6, { author: 'chinmay' });
    verse('the English version asked for', lang, 2, 47, { version: besant.id });
    verse('the Telugu version asked for', lang, 2, 47, { version: telugu.id });
    verse('a verse the Telugu version lacks', lang, 1, 13);
    chapter('a chapter', lang, 2);
    chapter('a chapter with a version', lang, 1, { version: besant.id });
  }
  // And the page of every verse and chapter as a reader first meets it, in both languages.
  for (const c of chapters) {
    for (const lang of ['hi', 'te'] as const) {
      chapter(`chapter ${c.chapter_number}`, lang, c.chapter_number);
      for (let sl = 1; sl <= c.verses_count + 1; sl++) verse(`${c.chapter_number}.${sl}`, lang, c.chapter_number, sl);
    }
  }
  const failures = cases.flatMap((page) => englishLeft(page).map((e) => `${page.lang} ${page.kind} (${page.name}): ${e}`));
  assert.is(failures.length, 0, `${failures.length} runs of English:\n${[...new Set(failures)].slice(0, 30).join('\n')}`);
  assert.ok(cases.length > 1400, `${cases.length} pages`);
});

test('the exceptions are needed: each allows a text that a page shows, and an English label is caught', () => {
  const pages: PageCase[] = [
    { name: '2.47', lang: 'te', kind: 'verse', html: versePageOf(2, 47, { lang: 'te', author: null }) },
    { name: '2.47 besant', lang: 'hi', kind: 'verse', html: versePageOf(2, 47, { lang: 'hi', author: null, version: besant.id }) },
    { name: 'chapter 2', lang: 'te', kind: 'chapter', html: chapterPageOf(2, { lang: 'te', author: null }) },
    { name: '1.19', lang: 'hi', kind: 'verse', html: versePageOf(1, 19, { lang: 'hi', author: null }) },
    { name: '8.13', lang: 'te', kind: 'verse', html: versePageOf(8, 13, { lang: 'te', author: null }) },
  ];
  const texts = pages.flatMap((p) => shownTexts(p.html).filter((s) => /\p{Script=Latin}/u.test(s.text)).map((s) => ({ s, p })));
  for (const a of LATIN_ALLOWED) assert.ok(texts.some(({ s, p }) => a.allows(s, p)), `nothing shown needs: ${a.what}`);
  // The walk sees what a reader sees: the Telugu page's meter block as it was (English, marked en) is caught.
  const before = pages[0].html.replace(/<details class="meter">[\s\S]*?<\/details>/, '<details class="meter" lang="en"><summary>Meter: <span lang="sa-Latn">anuṣṭubh</span> · <span class="muted">the syllables, light and heavy</span></summary><p class="muted">– heavy (guru), ˘ light (laghu)</p></details>');
  const caught = englishLeft({ ...pages[0], html: before });
  assert.is(caught.length, 3, caught.join('\n'));
  assert.match(caught[0], /^"Meter:" in html\[lang=te\] > body > main > article > details\.meter\[lang=en\] > summary$/);
});

test("the Telugu page's meter block and legend: Telugu prosody's words, in Telugu", () => {
  const html = versePageOf(2, 47, { lang: 'te', author: null });
  const block = /<details class="meter">[\s\S]*?<\/details>/.exec(html)![0];
  const L = READING_LABELS.te.meter;
  assert.ok(block.startsWith('<details class="meter"><summary>ఛందస్సు: అనుష్టుప్ <span lang="sa-Latn">(anuṣṭubh)</span> · <span class="muted">లఘు, గురు అక్షరాలు</span></summary>'), block.slice(0, 200));
  // The legend is the table's, whatever draws its marks (– and ˘, or the page's own).
  const legend = /<p class="muted">([\s\S]*?)<\/p><\/details>$/.exec(block)![1];
  assert.is(legend.replace(/<[^>]*>/g, '').replace(/[–˘]/g, ''), L.legend.replace(/[–˘]/g, ''));
  for (const word of ['గురువు', 'లఘువు', 'పాదం']) assert.ok(L.legend.includes(word), word);
  assert.match(html, /<html lang="te">/);
  assert.not.match(block, /lang="en"/, 'nothing in it marked English');
  // What the block says in Latin letters is the IAST only, marked so.
  assert.equal(shownTexts(block).filter((s) => /\p{Script=Latin}/u.test(s.text) && s.lang !== 'sa-Latn'), []);
  // A pāda that does not scan says so in Telugu, marked Telugu inside the IAST.
  assert.match(versePageOf(2, 46, { lang: 'te', author: null }), /<span class="form" lang="te">క్రమరహితం, ఇక్కడ ఛందస్సు కుదరదు<\/span>/);
  assert.match(versePageOf(hch, hsl, { lang: 'te', author: null }), /<span class="form" lang="te">అధికాక్షర పాదం<\/span>/);
  assert.match(versePageOf(hch, hsl, { lang: 'hi', author: null }), /<span class="form" lang="hi">अधिकाक्षर पाद<\/span>/);
});

test('every word of the meter block is defined once per language, in the one table, and none is another language\'s', () => {
  const words = (lang: 'en' | 'hi' | 'te') => {
    const L = READING_LABELS[lang].meter;
    return [L.name('anuṣṭubh').html.replace(/<span lang="sa-Latn">[^<]*<\/span>/, '').replace(/<[^>]*>/g, ''), L.marks, L.legend, L.irregular, L.hypermetric];
  };
  const [en, hi, te] = [words('en'), words('hi'), words('te')];
  en.forEach((w, i) => {
    assert.is.not(hi[i], w);
    assert.is.not(te[i], w);
  });
  for (const w of te) {
    assert.not.match(w, /\p{Script=Latin}/u, w);
    assert.match(w, /[\u0C00-\u0C7F]/, w);
  }
  for (const w of hi) assert.not.match(w, /\p{Script=Latin}/u, w);
});

test.run();
