// One reading of every citation: a reading page links each citation of
// another verse where the link graph (/slok/{ch}/{sl}/links, src/content/
// links.ts) found it, to the verse the graph says, and nowhere else. Held for
// every citation of every English and Hindi text a page shows, on the built
// records and links of the tests' dist/; and a text that is only a pointer to
// the commentary under another verse, said so in the page's words, linked.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VerseLinks } from '../../src/content/links.ts';
import type { ChapterRecord, VerseRecord } from '../../src/content/schema.ts';
import { FILES } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import { chooseTranslation, versePage, type ReadingOptions } from '../../src/pages/read.ts';
import { READING_LABELS } from '../../src/pages/read-labels.ts';
import { raw } from '../../src/pages/html.ts';
import { AUTHOR_NAMES_HI } from '../../src/content/author-names.ts';
import { testDist } from '../helpers/dist.ts';
import { hook } from '../helpers/fs.ts';

let dir = '';
test.before(hook(async () => {
  dir = (await testDist()).distDir;
}));

const json = <T>(path: string): T => JSON.parse(readFileSync(join(dir, path), 'utf8')) as T;
const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** The links a page holds: each anchor's data-gita-ref and its text, in page order. */
const anchors = (page: string) => [...page.matchAll(/<a href="[^"]*" data-gita-ref="([^"]+)">([^<]*)<\/a>/g)].map((m) => `${m[1]} ${unescape(m[2])}`);

const LANG_OF: Record<string, ReadingOptions['lang']> = { et: 'en', ec: 'en', ht: 'hi', hc: 'hi' };

test("every citation in a page's English and Hindi texts links where /links says, and nothing else is linked", () => {
  const counts = json<ChapterRecord[]>(FILES.chapters).map((c) => c.verses_count);
  let pages = 0;
  let citations = 0;
  let thirteen = 0;
  let asked = 0;
  for (let ch = 1; ch <= counts.length; ch++) {
    const chapter = json<ChapterRecord>(FILES.chapter(ch));
    for (let sl = 1; sl <= counts[ch - 1] + 1; sl++) {
      const verse = json<VerseRecord>(FILES.verse(ch, sl));
      const links = json<VerseLinks>(filled(ROUTE['verse-links'].file!, { ch, sl }));
      // Each page that shows a cited text: the author's, in the text's language.
      const shown = new Set(links.cites.filter((c) => LANG_OF[c.field]).map((c) => `${c.by} ${LANG_OF[c.field]}`));
      for (const page of shown) {
        const [author, lang] = page.split(' ') as [string, ReadingOptions['lang']];
        // A page shows an author's texts when he has a translation in the language, or only a commentary (shown beside the default's translation, without the default's commentary).
        const chosen = chooseTranslation(verse, { lang, author });
        if (chosen.shown?.key !== author && chosen.asked?.key !== author) continue;
        const html = versePage({ verse, chapter, prev: null, next: null, words: [], links, options: { lang, author }, base: '' });
        pages++;
        const onPage = anchors(html);
        // What the graph found in the texts this page shows (the translation, then the commentary), each place in order.
        const shownBy = (f: string) => (['et', 'ht'].includes(f) ? (chosen.shown?.key ?? author) : author);
        const expected = ['et', 'ht', 'ec', 'hc']
          .filter((f) => LANG_OF[f] === lang)
          .flatMap((f) => {
            const record = verse[shownBy(f)] as unknown as Record<string, string>;
            return links.cites.filter((c) => c.by === shownBy(f) && c.field === f).flatMap((c) => c.at.map(([from, to]) => ({ from, line: `${c.to} ${record[f].slice(from, to)}` }))).sort((a, b) => a.from - b.from);
          })
          .map((p) => p.line);
        // The page shows each text but what it leaves out (a leading verse number, siva.ec's word list above its words): every link is one of the graph's, in its order.
        let i = 0;
        for (const a of onPage) {
          while (i < expected.length && expected[i] !== a) i++;
          assert.ok(i < expected.length, `${verse._id} ${page}: the page links ${a}, /links has no such citation there (${expected.join(' | ')})`);
          i++;
        }
        const left = expected.filter((e) => !onPage.includes(e));
        assert.ok(left.length <= (author === 'siva' ? expected.length : 0), `${verse._id} ${page}: not linked: ${left.join(' | ')}`);
        if (chosen.asked) asked++;
        citations += onPage.length;
        thirteen += onPage.filter((a) => a.startsWith('BG13.')).length;
      }
    }
  }
  assert.ok(pages > 500 && citations > 1000 && thirteen > 20, `${pages} pages, ${citations} links, ${thirteen} into chapter 13`);
  assert.ok(asked > 20, `${asked} pages of Swami Chinmayananda's Hindi commentary, which has no translation beside it`);
});

test('the cases a reader met: rams "13। 29" in BG3.5 and raman "(13.7)" in BG13.35 go where /links says', () => {
  for (const [ch, sl, author, lang, written, to] of [
    [3, 5, 'rams', 'hi', '13। 29', 'BG13.30'],
    [13, 35, 'raman', 'en', '13.7', 'BG13.8'],
  ] as const) {
    const links = json<VerseLinks>(filled(ROUTE['verse-links'].file!, { ch, sl }));
    assert.ok(links.cites.some((c) => c.by === author && c.to === to && c.text.includes(written)), `/links: ${author} cites ${to} as ${written}`);
    const html = versePage({ verse: json(FILES.verse(ch, sl)), chapter: json(FILES.chapter(ch)), prev: null, next: null, words: [], links, options: { lang, author }, base: '' });
    assert.ok(anchors(html).some((a) => a.startsWith(`${to} `) && a.includes(written)), `the page links ${written} to ${to}: ${anchors(html).join(', ')}`);
    assert.not.ok(anchors(html).some((a) => a.includes(written) && !a.startsWith(`${to} `)), `nowhere else`);
  }
});

/** Swami Chinmayananda's Hindi commentary on these verses only points to the commentary under the next: upstream's "।।13.6।। See Commentary under 13.7". */
const POINTERS = [
  [13, 6, 'BG13.7'],
  [11, 52, 'BG11.53'],
  [8, 18, 'BG8.19'],
  [11, 10, 'BG11.11'],
  [9, 7, 'BG9.8'],
  [11, 41, 'BG11.42'],
] as const;

test("a commentary that only points to another verse: the pointer, in the page's words, linked to that verse's page with the reader's language and author", () => {
  for (const [ch, sl, to] of POINTERS) {
    const verse = json<VerseRecord>(FILES.verse(ch, sl));
    const links = json<VerseLinks>(filled(ROUTE['verse-links'].file!, { ch, sl }));
    assert.match((verse.chinmay as { hc: string }).hc, /^।।\d+\.\d+।। See [Cc]ommentary under \d+\.\d+\.?,?$/, `${verse._id}: the record`);
    // /slok/{ch}/{sl}/links lists it as a citation; the page links it there, with the reader's lang and author.
    const cite = links.cites.find((c) => c.by === 'chinmay' && c.field === 'hc');
    assert.is(cite?.to, to, `${verse._id}: /links`);
    const html = versePage({ verse, chapter: json(FILES.chapter(ch)), prev: null, next: null, words: [], links, options: { lang: 'hi', author: 'chinmay' }, base: '' });
    const [, tch, tsl] = /^BG(\d+)\.(\d+)$/.exec(to)!;
    const link = `<a href="/read/${tch}/${tsl}?lang=hi&amp;author=chinmay" data-gita-ref="${to}">${tch}.${tsl}</a>`;
    const pointer = READING_LABELS.hi.pointer(raw(link)).html;
    assert.ok(html.includes(`<details lang="hi" open><summary>${AUTHOR_NAMES_HI.chinmay} की व्याख्या</summary><p>${pointer}</p></details>`), `${verse._id}: the pointer shown, open, under his name: ${/<details lang="hi"[\s\S]*?<\/details>/.exec(html)?.[0]}`);
    assert.equal(anchors(html).filter((a) => a.startsWith(`${to} `)), [`${to} ${tch}.${tsl}`], `${verse._id}: one link, to ${to}`);
    // The notice names him as the page does, never by his key; the default's translation stands beside his commentary.
    assert.ok(html.includes(`<p class="muted">${READING_LABELS.hi.commentaryOnly(AUTHOR_NAMES_HI.chinmay, true)}</p>`), `${verse._id}: the notice`);
    assert.match(html, /स्वामी चिन्मयानन्द द्वारा हिन्दी अनुवाद नहीं है/);
    assert.not.match(html.replace(/[?&]amp;author=chinmay|[?&]author=chinmay/g, ''), /chinmay/i, `${verse._id}: the key nowhere but in the links' queries`);
    assert.not.match(html, /See [Cc]ommentary/, `${verse._id}: upstream's English words not shown`);
    assert.match(html, /<section class="translation" lang="hi">[\s\S]*?<p class="by">— स्वामी तेजोमयानन्द<\/p><\/section>/, `${verse._id}: the default's translation`);
  }
});

test("every pointer of every text a page shows is said so and linked; upstream's words of a pointer are on no page", () => {
  const counts = json<ChapterRecord[]>(FILES.chapters).map((c) => c.verses_count);
  const seen: Record<string, number> = {};
  for (let ch = 1; ch <= counts.length; ch++) {
    for (let sl = 1; sl <= counts[ch - 1]; sl++) {
      const verse = json<VerseRecord>(FILES.verse(ch, sl));
      const links = json<VerseLinks>(filled(ROUTE['verse-links'].file!, { ch, sl }));
      for (const [author, value] of Object.entries(verse)) {
        if (typeof value !== 'object' || value === null) continue;
        for (const [field, text] of Object.entries(value as unknown as Record<string, string>)) {
          if (!LANG_OF[field] || !/^\S*\s*See Com+ent/i.test(text.replace(/^[।\d.\s৷]+/, ''))) continue;
          const lang = LANG_OF[field];
          const html = versePage({ verse, chapter: json(FILES.chapter(ch)), prev: null, next: null, words: [], links, options: { lang, author }, base: '' });
          const to = links.cites.find((c) => c.by === author && c.field === field)?.to;
          // BG6.27: Abhinavagupta's "See Comment under 6.27" points to itself: no citation, his words as written.
          if (!to) {
            assert.is(verse._id, 'BG6.27', `${verse._id} ${author}.${field}: no citation in /links`);
            continue;
          }
          const cite = links.cites.find((c) => c.by === author && c.field === field)!;
          const [, tch, tsl] = /^BG(\d+)\.(\d+)/.exec(to)!;
          const link = `<a href="/read/${tch}/${tsl}?${lang === 'en' ? '' : `lang=${lang}&amp;`}author=${author}" data-gita-ref="${to}">${text.slice(...cite.at[0])}</a>`;
          const pointer = `<p>${READING_LABELS[lang].pointer(raw(link)).html}</p>`;
          assert.ok(html.includes(pointer), `${verse._id} ${author}.${field}: ${pointer} in ${/<section class="translation"[\s\S]*?<\/section>/.exec(html)?.[0]}`);
          // In what the page shows (the preview's description and the JSON-LD keep the record's text, English on an English page).
          assert.not.match(html.split('<body>')[1], /See Com+ent/i, `${verse._id} ${author}.${field}`);
          seen[`${author}.${field}`] = (seen[`${author}.${field}`] ?? 0) + 1;
        }
      }
    }
  }
  assert.ok(seen['chinmay.hc'] === 18 && seen['abhinav.et'] > 200 && seen['sankar.et'] >= 4, JSON.stringify(seen));
});

test.run();
