/// <reference lib="dom" />
// The reading pages as a person sees them: the static copies of a built dist/
// served as a static host serves them (sirv over loopback), in Debian's
// Chromium at a phone's width (390 px) and a desktop's (1280 px). Nothing may
// overflow sideways; the link-preview tags are read from the page as a
// crawler would. Screenshots go to test-output/reading/ for people to look at.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { VerseRecord } from '../../src/content/schema.ts';
import { FILES } from '../../src/layout.ts';
import { hook } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { launch, outputDir, requireChromium, screenshot } from '../helpers/browser.ts';
import { staticHost, type StaticHost } from '../helpers/static-host.ts';

let browser: Browser;
let host: StaticHost;
let origin: string;
let dist: string;
const shots = outputDir('reading');

test.before(hook(async () => {
  // The browser first: without it the hook fails at once, before a server is made.
  requireChromium();
  browser = await launch();
  ({ distDir: dist } = await testDist());
  host = await staticHost(dist);
  origin = host.origin;
}));
test.after(hook(async () => {
  await browser?.close();
  await host?.close();
}));

/** The verses whose pages are likeliest to overflow: the longest unbroken words and the longest texts. */
function hardest(): Array<[number, number]> {
  const records: VerseRecord[] = JSON.parse(readFileSync(join(dist, FILES.downloads.json), 'utf8')).verses;
  const longestWord = (v: VerseRecord) => Math.max(...`${v.slok} ${v.transliteration}`.split(/\s+/).map((w) => w.length));
  const byWord = [...records].sort((a, b) => longestWord(b) - longestWord(a))[0];
  const byText = [...records].sort((a, b) => b.transliteration.length - a.transliteration.length)[0];
  return [[2, 47], [1, 1], [byWord.chapter, byWord.verse], [byText.chapter, byText.verse]];
}

for (const width of [390, 1280]) {
  test(`at ${width} px the verse and chapter pages fit the width and show the verse`, async () => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      const paths = [...hardest().map(([c, v]) => `/read/${c}/${v}`), '/read/2', '/read/18'];
      for (const path of paths) {
        const res = await page.goto(origin + path);
        assert.is(res?.status(), 200, path);
        const fit = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        assert.ok(fit.scroll <= fit.client, `${path} at ${width} px: scrollWidth ${fit.scroll} > clientWidth ${fit.client}`);
        const h1 = await page.textContent('h1');
        assert.match(h1 ?? '', /Bhagavad Gita \d+\.\d+|·/, path);
        await screenshot(page, { path: join(shots, `${path.slice(1).replace(/\//g, '-')}-${width}.png`), fullPage: path.split('/').length === 4 });
      }
      // The verse is drawn (a real box with height), in the order a reader reads it.
      await page.goto(`${origin}/read/2/47`);
      const boxes = await page.evaluate(() => ['.slok', '.translit', '.translation', '.pager'].map((s) => document.querySelector(s)?.getBoundingClientRect().top ?? -1));
      assert.ok(boxes.every((t, i) => t > 0 && (i === 0 || t > boxes[i - 1])), `in order: ${boxes}`);
    } finally {
      await context.close();
    }
  });
}

/** Verses whose closing number a phone may push onto a line of its own: 3.5 (where a reader saw it), 2.47, the longest last lines in each script, and colophons. */
function longEndings(): Array<[number, number]> {
  const records: VerseRecord[] = JSON.parse(readFileSync(join(dist, FILES.downloads.json), 'utf8')).verses;
  const lastLine = (text: string) => text.trim().split('\n').at(-1)!.length;
  const longest = (field: 'slok' | 'transliteration') => [...records].sort((a, b) => lastLine(b[field]) - lastLine(a[field]))[0];
  const picked: Array<[number, number]> = [[3, 5], [2, 47], [1, 48], [18, 79], ...[longest('slok'), longest('transliteration')].map((v): [number, number] => [v.chapter, v.verse])];
  return picked.filter(([c, v], i) => picked.findIndex(([c2, v2]) => c2 === c && v2 === v) === i);
}

test('at 390 px the closing mark and its number stay on one line, after the last word, in the Devanagari and the transliteration', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 900 }, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    for (const [ch, sl] of longEndings()) {
      await page.goto(`${origin}/read/${ch}/${sl}`);
      // Each character of the text's end, from the last word to the last mark: the line it is drawn on (its box's middle), read from the text itself.
      const ends = await page.evaluate(() =>
        ['.slok', '.translit'].map((selector) => {
          const p = document.querySelector(selector)!;
          const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
          const chars: Array<{ node: Text; at: number }> = [];
          for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) for (let i = 0; i < n.data.length; i++) chars.push({ node: n, at: i });
          const text = chars.map((c) => c.node.data[c.at]).join('');
          const mark = /(?:॥|\|\|)[^॥|\s]+(?:॥|\|\|)\s*$/.exec(text)!;
          const lastWord = /\S+\s+$/.exec(text.slice(0, mark.index))!;
          const markEnd = mark.index + mark[0].trimEnd().length;
          // The last word's last letter, then each of the mark's (no named functions here: the page has no __name helper).
          const lines = [lastWord.index + lastWord[0].trimEnd().length - 1, ...Array.from({ length: markEnd - mark.index }, (_, k) => mark.index + k)].map((i) => {
            const range = document.createRange();
            range.setStart(chars[i].node, chars[i].at);
            range.setEnd(chars[i].node, chars[i].at + 1);
            const box = range.getBoundingClientRect();
            return Math.round(box.top + box.height / 2);
          });
          return { mark: mark[0].trim(), lines: [...new Set(lines.slice(1))], wordLine: lines[0] };
        }),
      );
      for (const end of ends) {
        assert.is(end.lines.length, 1, `/read/${ch}/${sl}: ${end.mark} drawn on ${end.lines.length} lines`);
        assert.is(end.wordLine, end.lines[0], `/read/${ch}/${sl}: ${end.mark} starts a line of its own, away from its last word`);
      }
      await screenshot(page, { path: join(shots, `end-mark-${ch}-${sl}-390.png`) });
    }
  } finally {
    await context.close();
  }
});

test('the Open Graph tags, as a link preview reads them', async () => {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/read/2/47`);
    const meta = await page.evaluate(() =>
      Object.fromEntries([...document.querySelectorAll('meta[property], meta[name]')].map((m) => [m.getAttribute('property') ?? m.getAttribute('name'), m.getAttribute('content')])),
    );
    assert.is(meta['og:title'], 'Bhagavad Gita 2.47 · Krishna');
    // Link previews show the translation without the verse number upstream puts before it.
    assert.match(meta['og:description']!, /^Thy right is to work only/);
    assert.is(meta['twitter:card'], 'summary_large_image');
    // A static build without GITA_PUBLIC_URL links root-relative: the page resolves them against where it is.
    assert.is(meta['og:url'], '/read/2/47');
    assert.is(meta['og:image'], '/slok/2/47/gita.png');
    assert.is(await page.evaluate(() => (document.querySelector('link[rel=canonical]') as HTMLLinkElement).href), `${origin}/read/2/47`);
    const ld = JSON.parse((await page.textContent('script[type="application/ld+json"]'))!);
    assert.is(ld['@type'], 'Quotation');
    // The next link leads on, across the chapter's end.
    await page.goto(`${origin}/read/1/48`);
    await page.click('a[rel=next]');
    assert.is(new URL(page.url()).pathname, '/read/2/1');
  } finally {
    await page.close();
  }
});

test.run();
