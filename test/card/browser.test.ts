/// <reference lib="dom" />
// Cards and docs as a person sees them, in a real browser (Debian's Chromium
// through playwright-core) against a real server: the text of every sampled
// card is drawn and stays inside the card, opened directly and inside <img>,
// in both themes; the docs page reads at phone width and every example link
// answers as documented. Screenshots go to test-output/ for people to look at.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Manifest } from '../../src/contract/manifest.ts';
import type { VerseRecord } from '../../src/content/schema.ts';
import { FILES } from '../../src/layout.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { launch, outputDir, requireChromium, screenshot } from '../helpers/browser.ts';
import { WEB_FONT_FAMILY } from '../../src/pages/html.ts';
import { startServer, type Running } from '../helpers/server.ts';

let browser: Browser;
let server: Running;
let dist: string;
let manifest: Manifest;
const shots = outputDir('cards');

test.before(hook(async () => {
  requireChromium();
  ({ distDir: dist } = await testDist());
  manifest = JSON.parse(readFileSync(join(dist, FILES.manifest), 'utf8'));
  [browser, server] = await Promise.all([launch(), startServer('node', { dist, dataDir: tempDir() })]);
}));
test.after(hook(async () => {
  await browser?.close();
  await server?.stop();
}));

/** The cards most likely to overflow (the longest texts, the tallest cards), plus an even sample of the rest. */
function sample(): Array<[number, number]> {
  const all: Array<{ c: number; v: number; text: number; height: number }> = [];
  manifest.content.versesPerChapter.forEach((n, i) => {
    for (let v = 1; v <= n + 1; v++) {
      const c = i + 1;
      const record = JSON.parse(readFileSync(join(dist, FILES.verse(c, v)), 'utf8')) as VerseRecord;
      const svg = readFileSync(join(dist, FILES.card(c, v)), 'utf8');
      all.push({ c, v, text: record.slok.length + record.transliteration.length, height: Number(/height="(\d+)"/.exec(svg)![1]) });
    }
  });
  const pick = new Map<string, [number, number]>();
  const add = (x: { c: number; v: number }) => pick.set(`${x.c}.${x.v}`, [x.c, x.v]);
  [...all].sort((a, b) => b.text - a.text).slice(0, 8).forEach(add);
  [...all].sort((a, b) => b.height - a.height).slice(0, 8).forEach(add);
  all.filter((_, i) => i % 31 === 0).forEach(add);
  add({ c: 2, v: 47 });
  add({ c: 2, v: 73 });
  return [...pick.values()];
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
}

/** Share of the pixels of each box that differ from the card's background, measured in the page from an image. */
async function inkPerBox(page: Page, src: string, width: number, height: number, boxes: Box[]): Promise<number[]> {
  return page.evaluate(
    async ({ src, width, height, boxes }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0, width, height);
      const bg = ctx.getImageData(12, height - 12, 1, 1).data;
      return boxes.map((b) => {
        const x = Math.max(0, Math.floor(b.x));
        const y = Math.max(0, Math.floor(b.y));
        const w = Math.max(1, Math.min(width - x, Math.ceil(b.width)));
        const h = Math.max(1, Math.min(height - y, Math.ceil(b.height)));
        const data = ctx.getImageData(x, y, w, h).data;
        let ink = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (Math.abs(data[i] - bg[0]) + Math.abs(data[i + 1] - bg[1]) + Math.abs(data[i + 2] - bg[2]) > 60) ink++;
        }
        return ink / (w * h);
      });
    },
    { src, width, height, boxes },
  );
}

test('the docs page draws its Devanagari with the web font from dist/, whatever the machine has installed', async () => {
  const page = await browser.newPage();
  const fonts: Array<{ url: string; status: number; type: string }> = [];
  page.on('response', (r) => {
    if (r.url().includes('/fonts/')) fonts.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] });
  });
  await page.goto(`${server.url}/`);
  const found = await page.evaluate(async (family) => {
    await document.fonts.ready;
    const face = [...document.fonts].find((f) => f.family.replace(/"/g, '') === family && f.weight === '400');
    // A sample response on the page, in <pre>, holds the verse in Devanagari.
    const pre = [...document.querySelectorAll('pre')].find((p) => /[\u0900-\u097f]/.test(p.textContent ?? ''));
    const style = pre ? getComputedStyle(pre) : null;
    // The same words in the font the page gives <pre>, and in the web font alone (no named functions here: the page has no __name helper).
    const [asPage, asWebFont] = [`${style?.fontSize} ${style?.fontFamily}`, `${style?.fontSize} "${family}"`].map((font) => {
      const span = document.createElement('span');
      span.textContent = 'कर्मण्येवाधिकारस्ते'; // one word: spaces are outside the web font's unicode-range
      span.style.font = font;
      span.style.whiteSpace = 'nowrap';
      document.body.append(span);
      const w = span.getBoundingClientRect().width;
      span.remove();
      return w;
    });
    return { status: face?.status, check: document.fonts.check(`16px "${family}"`, 'कर्म'), hasPre: !!pre, asPage, asWebFont };
  }, WEB_FONT_FAMILY);
  await screenshot(page, { path: join(outputDir('docs'), 'devanagari-web-font.png'), clip: { x: 0, y: 0, width: 1280, height: 720 } });
  await page.close();
  assert.ok(found.hasPre, 'the docs page shows Devanagari');
  assert.is(found.status, 'loaded', 'the Devanagari of the page made the browser load the web font');
  assert.ok(found.check);
  assert.ok(Math.abs(found.asPage - found.asWebFont) < 0.5, `drawn in the web font: ${found.asPage} px as the page sets it, ${found.asWebFont} px in the web font`);
  assert.ok(fonts.some((f) => f.url.endsWith(FILES.webFont(400)) && f.status === 200 && f.type === 'font/woff2'), JSON.stringify(fonts));
});

test('every sampled card: text drawn, and inside the card, opened directly and inside <img>, light and dark', async () => {
  const cards = sample();
  assert.ok(cards.length >= 30, `${cards.length} cards`);
  for (const scheme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ colorScheme: scheme, viewport: { width: 800, height: 900 } });
    // A page of the server's own (so its canvas may read the cards' pixels), opened once: the ink is measured there.
    const measure = await browser.newPage({ colorScheme: scheme, viewport: { width: 800, height: 900 } });
    await measure.goto(`${server.url}/`);
    for (const [c, v] of cards) {
      const path = FILES.card(c, v);
      // Opened directly: the SVG document itself, with the server's headers (and its CSP).
      const res = await page.goto(`${server.url}${path}`);
      assert.is(res?.status(), 200);
      const geometry = await page.evaluate(() => {
        const svg = document.documentElement as unknown as SVGSVGElement;
        const vb = svg.viewBox.baseVal;
        // Each line of the card is a group of glyphs (<g> of <use>): its box as drawn, the SVG at scale 1 at the page's top left.
        const boxes = [...document.querySelectorAll('g')].map((g, i) => {
          const b = g.getBoundingClientRect();
          return { x: b.x, y: b.y, width: b.width, height: b.height, text: `line ${i + 1} (${g.getAttribute('class')})` };
        });
        return { width: vb.width, height: vb.height, boxes };
      });
      assert.ok(geometry.boxes.length >= 4, `${c}.${v}: its lines are there`);
      for (const b of geometry.boxes) {
        const inside = b.x >= 0 && b.y >= 0 && b.x + b.width <= geometry.width && b.y + b.height <= geometry.height;
        if (!inside) assert.unreachable(`${c}.${v} (${scheme}): "${b.text}" leaves the card: ${JSON.stringify(b)} in ${geometry.width}x${geometry.height}`);
        assert.ok(b.width > 0 && b.height > 0, `${c}.${v}: "${b.text}" has a size`);
      }
      const shot = await screenshot(page, { clip: { x: 0, y: 0, width: geometry.width, height: geometry.height } });
      const shotFile = join(shots, `${c}-${v}-${scheme}-direct.png`);
      writeFileSync(shotFile, shot);

      // The same text regions must hold ink, as rendered directly and as an <img> would draw it.
      const direct = await inkPerBox(measure, `data:image/png;base64,${shot.toString('base64')}`, geometry.width, geometry.height, geometry.boxes);
      const img = await inkPerBox(measure, `${path}${scheme === 'dark' ? '?theme=dark' : ''}`, geometry.width, geometry.height, geometry.boxes);
      direct.forEach((ink, i) => assert.ok(ink > 0.02, `${c}.${v} (${scheme}, direct): "${geometry.boxes[i].text}" is not drawn (${ink})`));
      img.forEach((ink, i) => assert.ok(ink > 0.02, `${c}.${v} (${scheme}, <img>): "${geometry.boxes[i].text}" is not drawn (${ink})`));
    }
    await page.close();
    // One page of <img> cards, as a README would show them, for people to look at.
    await measure.setViewportSize({ width: 840, height: 900 });
    await measure.setContent(
      `<body style="margin:20px;background:${scheme === 'dark' ? '#0d1117' : '#ffffff'}">${cards
        .slice(0, 6)
        .map(([c, v]) => `<p><img src="${server.url}${FILES.card(c, v)}" width="800"></p>`)
        .join('')}</body>`,
    );
    await measure.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
    await screenshot(measure, { path: join(shots, `readme-${scheme}.png`), fullPage: true });
    await measure.close();
  }
});

test('the docs page, the pricing page and the guides read at phone width and in both schemes', async () => {
  const dir = outputDir('docs');
  for (const [width, scheme] of [[390, 'light'], [390, 'dark'], [1200, 'light']] as const) {
    const page = await browser.newPage({ viewport: { width, height: 800 }, colorScheme: scheme });
    for (const path of ['/', '/pricing', '/docs/api', '/docs/operations']) {
      await page.goto(`${server.url}${path}`);
      const { overflow, images } = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        images: [...document.images].map((i) => i.complete && i.naturalWidth > 0),
      }));
      assert.ok(overflow <= 0, `${path} at ${width}px: ${overflow}px wider than the screen`);
      assert.ok(images.every(Boolean), `${path}: every image loads`);
      await screenshot(page, { path: join(dir, `${path === '/' ? 'docs' : path.slice(1).replace('/', '-')}-${width}-${scheme}.png`), fullPage: path === '/pricing' });
    }
    await page.close();
  }
});

test('every example link on the docs page answers as documented', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/`);
  // Asked from the page itself (its fetch, each href as the browser resolved it), one after another; status and
  // type are known once the answer starts, so each request stops there (no need to take the 36 MB of
  // /downloads/gita.json). A tab per link took a second or more each on a busy machine, drawing what it got.
  const answers = await page.$$eval('a.try', async (as) => {
    const out = [];
    for (const a of as as HTMLAnchorElement[]) {
      const stop = new AbortController();
      const res = await fetch(a.href, { signal: stop.signal });
      out.push({ href: a.href, status: res.status, type: res.headers.get('content-type') ?? '', expectStatus: Number(a.getAttribute('data-expect-status')), expectType: a.getAttribute('data-expect-type')! });
      stop.abort();
    }
    return out;
  });
  await page.close();
  assert.ok(answers.length >= 10, `${answers.length} example links`);
  for (const a of answers) {
    assert.is(a.status, a.expectStatus, a.href);
    assert.ok(a.type.startsWith(a.expectType), `${a.href}: ${a.type}`);
  }
});

test.run();
