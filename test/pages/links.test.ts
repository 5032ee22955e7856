// One reading of every citation: a reading page links each citation of
// another verse where the link graph (/slok/{ch}/{sl}/links, src/content/
// links.ts) found it, to the verse the graph says, and nowhere else. Held for
// every citation of every English and Hindi text a page shows, on the built
// records and links of the tests' dist/.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VerseLinks } from '../../src/content/links.ts';
import type { ChapterRecord, VerseRecord } from '../../src/content/schema.ts';
import { FILES } from '../../src/layout.ts';
import { chooseTranslation, versePage, type ReadingOptions } from '../../src/pages/read.ts';
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
  for (let ch = 1; ch <= counts.length; ch++) {
    const chapter = json<ChapterRecord>(FILES.chapter(ch));
    for (let sl = 1; sl <= counts[ch - 1] + 1; sl++) {
      const verse = json<VerseRecord>(FILES.verse(ch, sl));
      const links = json<VerseLinks>(FILES.links(ch, sl));
      // Each page that shows a cited text: the author's, in the text's language.
      const shown = new Set(links.cites.filter((c) => LANG_OF[c.field]).map((c) => `${c.by} ${LANG_OF[c.field]}`));
      for (const page of shown) {
        const [author, lang] = page.split(' ') as [string, ReadingOptions['lang']];
        // A page shows an author's texts when it has a translation in the language (else the default's, another page).
        if (chooseTranslation(verse, { lang, author }).shown?.key !== author) continue;
        const html = versePage({ verse, chapter, prev: null, next: null, words: [], links, options: { lang, author }, base: '' });
        pages++;
        const onPage = anchors(html);
        // What the graph found in the texts this page shows (the translation, then the commentary), each place in order.
        const texts = links.cites.filter((c) => c.by === author && LANG_OF[c.field] === lang);
        const record = verse[author] as unknown as Record<string, string>;
        const expected = ['et', 'ht', 'ec', 'hc']
          .filter((f) => LANG_OF[f] === lang)
          .flatMap((f) => texts.filter((c) => c.field === f).flatMap((c) => c.at.map(([from, to]) => ({ from, line: `${c.to} ${record[f].slice(from, to)}` }))).sort((a, b) => a.from - b.from))
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
        citations += onPage.length;
        thirteen += onPage.filter((a) => a.startsWith('BG13.')).length;
      }
    }
  }
  assert.ok(pages > 500 && citations > 1000 && thirteen > 20, `${pages} pages, ${citations} links, ${thirteen} into chapter 13`);
});

test('the cases a reader met: rams "13। 29" in BG3.5 and raman "(13.7)" in BG13.35 go where /links says', () => {
  for (const [ch, sl, author, lang, written, to] of [
    [3, 5, 'rams', 'hi', '13। 29', 'BG13.30'],
    [13, 35, 'raman', 'en', '13.7', 'BG13.8'],
  ] as const) {
    const links = json<VerseLinks>(FILES.links(ch, sl));
    assert.ok(links.cites.some((c) => c.by === author && c.to === to && c.text.includes(written)), `/links: ${author} cites ${to} as ${written}`);
    const html = versePage({ verse: json(FILES.verse(ch, sl)), chapter: json(FILES.chapter(ch)), prev: null, next: null, words: [], links, options: { lang, author }, base: '' });
    assert.ok(anchors(html).some((a) => a.startsWith(`${to} `) && a.includes(written)), `the page links ${written} to ${to}: ${anchors(html).join(', ')}`);
    assert.not.ok(anchors(html).some((a) => a.includes(written) && !a.startsWith(`${to} `)), `nowhere else`);
  }
});

test.run();
