/// <reference lib="dom" />
// Every kind of page as a reader sees it: the server's pages in Debian's
// Chromium with this machine's fonts, at a phone's width (390 px) and a
// desktop's (1280): a reading page in English, Hindi and Telugu with its
// meter opened, with a version (Besant's, and Telugu's own), a chapter page,
// the docs page, a guide, pricing, search with a query, a lemma page, a root's page and the
// verse card. On each, measured in the browser: nothing wider than the
// window (the document's scrollWidth), no run of letters drawn as boxes
// (each run of non-ASCII letters, in the font the page gives it, not as wide
// as as many unassigned code points at three sizes; runs in a monospace
// font, where every glyph is as wide as a box, are not measured), the links of the
// header and of the language choices apart (no two of their client rects
// intersect) and the main heading whole in the first screen. Screenshots,
// the whole page and its first screen, go to test-output/review/ for a
// person to look at.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { launch, outputDir, requireChromium, screenshot } from '../helpers/browser.ts';
import { startServer, type Running } from '../helpers/server.ts';

let browser: Browser;
let server: Running;
const shots = outputDir('review');

test.before(hook(async () => {
  requireChromium();
  const { distDir: dist } = await testDist();
  [browser, server] = await Promise.all([launch(), startServer('node', { dist, dataDir: tempDir('gita-data-') })]);
}));
test.after(hook(async () => {
  await Promise.all([browser?.close(), server?.stop()]);
}));

interface Kind {
  name: string;
  path: string;
  /** Open the meter's <details> before measuring. */
  meter?: boolean;
  /** The card: an SVG document, no heading or header. */
  card?: boolean;
}

const KINDS: Kind[] = [
  { name: 'read-en', path: '/read/2/47', meter: true },
  { name: 'read-hi', path: '/read/2/47?lang=hi', meter: true },
  { name: 'read-te', path: '/read/2/47?lang=te', meter: true },
  { name: 'read-besant', path: '/read/2/47?version=besant' },
  { name: 'read-telugu-wikisource', path: '/read/2/47?version=telugu-wikisource' },
  { name: 'chapter', path: '/read/2' },
  { name: 'docs', path: '/' },
  { name: 'guide', path: '/docs/cards-and-pages' },
  { name: 'pricing', path: '/pricing' },
  { name: 'search', path: '/search?format=html&q=karmanye%20vadhikaraste' },
  { name: 'lemma', path: '/read/lemma/karman' },
  { name: 'root', path: '/read/root/sth%C4%81' },
  { name: 'card', path: '/slok/2/47/gita.svg', card: true },
];
const WIDTHS = [390, 1280];
const HEIGHT = { 390: 844, 1280: 800 } as Record<number, number>;
const SIZES = [40, 47, 61];

interface Measured {
  scrollWidth: number;
  boxes: { text: string; where: string; family: string; page: number[]; boxes: number[] }[];
  overlaps: string[];
  heading: { text: string; top: number; bottom: number; left: number; right: number; visible: boolean } | null;
}

/** What the checks read, measured in the page (no function is named in here: the page has no __name of the test bundle's). */
const measure = (page: Page): Promise<Measured> =>
  page.evaluate(async (sizes) => {
    const root = document.documentElement;
    const scrollWidth = Math.max(root.scrollWidth, document.body?.scrollWidth ?? 0);
    // Runs of non-ASCII letters, each text and font once.
    const seen = new Map<string, { text: string; where: string; style: CSSStyleDeclaration }>();
    if (document.body) {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement!;
        if (!el.getClientRects().length) continue;
        const style = getComputedStyle(el);
        if (style.visibility !== 'visible') continue;
        for (const m of n.textContent!.matchAll(/[^\s\u0000-\u007f\u00a0\u200b-\u200d\u2060]+/gu)) {
          const key = `${m[0]}\u0000${style.fontFamily}\u0000${style.fontWeight}\u0000${style.fontStyle}`;
          const where = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
          if (!seen.has(key)) seen.set(key, { text: m[0], where, style });
        }
      }
    }
    const runs = [...seen.values()].map(({ text, where, style }) => ({
      text,
      where,
      family: style.fontFamily,
      sets: [text, '\u0378'.repeat([...text].length)].map((t) =>
        sizes.map((z) => {
          const s = document.createElement('span');
          s.style.cssText = 'position:absolute;left:0;top:0;white-space:pre;visibility:hidden';
          s.style.font = `${style.fontStyle} ${style.fontWeight} ${z}px ${style.fontFamily}`;
          s.textContent = t;
          document.body.append(s);
          return s;
        }),
      ),
    }));
    const spans = runs.flatMap((r) => r.sets.flat());
    await Promise.all(spans.map((s) => document.fonts.load(s.style.font, s.textContent!).catch(() => [])));
    await document.fonts.ready;
    const boxes = runs.map((r) => {
      const [pageW, boxW] = r.sets.map((set) => set.map((s) => s.getBoundingClientRect().width));
      return { text: r.text, where: r.where, family: r.family, page: pageW, boxes: boxW };
    });
    spans.forEach((s) => s.remove());
    // Links that sit side by side: the header's, the language choices', the reading page's ways on.
    const overlaps: string[] = [];
    for (const group of document.querySelectorAll('nav, .choices')) {
      const rects = [...group.querySelectorAll('a')].flatMap((a) => [...a.getClientRects()].map((r) => ({ a: a.textContent!.trim(), r })));
      for (let i = 0; i < rects.length; i++)
        for (let j = i + 1; j < rects.length; j++) {
          const [p, q] = [rects[i].r, rects[j].r];
          const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
          const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
          if (x > 0.5 && y > 0.5 && rects[i].a !== rects[j].a) overlaps.push(`"${rects[i].a}" and "${rects[j].a}" (${x.toFixed(1)} x ${y.toFixed(1)} px)`);
        }
    }
    const h1 = document.querySelector('h1');
    const r = h1?.getBoundingClientRect();
    const heading = h1 && r ? { text: h1.textContent!, top: r.top, bottom: r.bottom, left: r.left, right: r.right, visible: getComputedStyle(h1).visibility === 'visible' } : null;
    return { scrollWidth, boxes, overlaps, heading };
  }, SIZES);

for (const kind of KINDS)
  test(`${kind.name} (${kind.path}) at ${WIDTHS.join(' and ')} px: fits, no boxes, nothing overlapping, its heading in the first screen`, async () => {
    for (const width of WIDTHS) {
      const height = HEIGHT[width];
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const at = `${kind.path} at ${width} px`;
      try {
        const status = (await page.goto(server.url + kind.path))?.status();
        assert.is(status, 200, at);
        await page.evaluate(() => document.fonts.ready);
        if (kind.meter) {
          await page.click('.meter summary');
          assert.ok(await page.isVisible('.meter .scan'), `${at}: the meter opens`);
          await page.evaluate(() => document.fonts.ready);
        }
        await screenshot(page, { path: join(shots, `${kind.name}-${width}.png`), fullPage: !kind.card });
        await screenshot(page, { path: join(shots, `${kind.name}-${width}-first-screen.png`) });
        const m = await measure(page);
        // The card opened by itself is drawn at its own size, 800 px (an image to embed, as wide as it is drawn): it fits a desktop's window, not a phone's.
        if (!kind.card || width >= 800) assert.ok(m.scrollWidth <= width, `${at}: ${m.scrollWidth} px wide`);
        // In a monospace font every glyph is as wide as its box: such runs (code samples) cannot be told apart by width.
        for (const b of m.boxes.filter((b) => !/monospace/.test(b.family)))
          assert.ok(
            b.page.some((w, i) => Math.abs(w - b.boxes[i]) >= 0.1),
            `${at}: "${b.text}" (${b.where}, ${b.family}) drawn as boxes (${b.page.join(', ')} px; boxes ${b.boxes.join(', ')} px)`,
          );
        assert.equal(m.overlaps, [], `${at}: links overlap`);
        if (kind.name === 'search') {
          // The verse's own text as the reading page shows it: IAST's danda and avagraha, not the source's `.` and `.a`.
          const text = await page.$$eval('main li p, li p', (ps) => ps.map((p) => p.textContent!).join('\n'));
          assert.match(text, /kadācana \|\s+mā/, `${at}: the danda`);
          assert.match(text, /saṅgo'stvakarmaṇi/, `${at}: the avagraha`);
          assert.not.match(text, /\.a|\s\.\s/, `${at}: the source's marks`);
        }
        if (kind.card) {
          const svg = await page.evaluate(() => document.documentElement.getBoundingClientRect().toJSON() as DOMRect);
          assert.ok(svg.width > 0 && (width < 800 || svg.width <= width), `${at}: the card is ${svg.width} px wide`);
          continue;
        }
        assert.ok(m.heading, `${at}: a heading`);
        const h = m.heading!;
        assert.ok(h.visible && h.top >= 0 && h.bottom <= height && h.left >= 0 && h.right <= width, `${at}: heading "${h.text}" at ${JSON.stringify(h)}, not whole in ${width} x ${height}`);
      } finally {
        await context.close();
      }
    }
  });

test.run();
