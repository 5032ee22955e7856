/// <reference lib="dom" />
// The card's Devanagari on a machine with no Devanagari font
// (src/linker/font.ts), in real Chromium: one Chromium sees only the fonts of
// this machine that have no Devanagari (test/helpers/browser.ts), where the
// card must load the pages' web font from the API and draw its Devanagari in
// it; another sees every font, where the card must ask for no font at all.
// A page of another origin (127.0.0.1) includes the tagger from the API
// server (localhost), as a site would; and the project's own guide of the
// tagger, whose page declares the web font itself.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { AUTHOR_NAMES_HI } from '../../src/content/author-names.ts';
import type { VerseRecord } from '../../src/content/schema.ts';
import { FILES, WEB_FONT } from '../../src/layout.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { launch, launchWithoutDevanagari, outputDir, requireChromium, screenshot } from '../helpers/browser.ts';
import { requireFont } from '../helpers/programs.ts';
import { startServer, type Running } from '../helpers/server.ts';

let withFonts: Browser;
let bare: Browser;
let api: Running;
let site: Server;
let dist: string;
let apiBase: string;
let siteBase: string;
const shots = outputDir('linker');

const PAGE = (attributes: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A blog post</title></head>
<body style="font:16px/1.5 sans-serif;max-width:40rem;margin:2rem auto">
<p id="top">As the Bhagavad Gita 2.47 says, work without a claim on the fruits.</p>
<p id="sample">कखग</p>
<script src="${apiBase}/linker.js" ${attributes} defer></script>
</body></html>
`;

test.before(hook(async () => {
  // The machine's own Devanagari font first (what the browser with every font
  // must draw in), then the browser: without either the suite fails at once.
  requireFont('Noto Sans Devanagari', 'fonts-noto-core');
  requireChromium();
  ({ distDir: dist } = await testDist());
  [withFonts, bare, api] = await Promise.all([launch(), launchWithoutDevanagari(), startServer('node', { dist, dataDir: tempDir() })]);
  apiBase = `http://localhost:${api.port}`;
  site = createServer((req, res) => {
    const pages: Record<string, string> = { '/post.html': PAGE(''), '/hindi.html': PAGE('data-lang="hi"') };
    const body = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (body) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteBase = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}));
test.after(hook(async () => {
  await Promise.all([withFonts?.close(), bare?.close()]);
  await api?.stop();
  if (site) await new Promise((resolve) => site.close(resolve));
}));

/** A page, with every font it asks for. */
async function open(browser: Browser, url: string) {
  const page = await browser.newPage({ viewport: { width: 900, height: 800 } });
  const fonts: Array<{ url: string; status: number; type: string }> = [];
  const errors: string[] = [];
  page.on('response', (r) => r.url().includes('/fonts/') && fonts.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] }));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  return { page, fonts, errors };
}

/** Widths of `text` in the given CSS fonts, as this page draws them. */
const widths = (page: Page, text: string, fonts: string[]) =>
  page.evaluate(
    ([t, list]) =>
      list.map((font) => {
        const span = document.createElement('span');
        span.style.cssText = 'position:absolute;white-space:nowrap';
        span.style.font = font;
        span.textContent = t;
        document.body.append(span);
        const width = span.getBoundingClientRect().width;
        span.remove();
        return width;
      }),
    [text, fonts] as const,
  );

/**
 * The card's element of class `cls` as drawn: its first word in Devanagari,
 * and that word's width in the card's font, in the web font alone, and in
 * `other` (sans-serif: on the machine without the fonts, boxes).
 */
async function drawn(page: Page, cls: string, other = 'sans-serif') {
  const { word, font, size } = await page.$eval(`[role="tooltip"] .${cls}`, (el) => {
    const style = getComputedStyle(el);
    return { word: el.textContent!.split(/\s+/).find((w) => /[\u0900-\u097F]/.test(w))!, font: style.fontFamily, size: `${style.fontWeight} ${style.fontSize}` };
  });
  const [asCard, asWebFont, asBoxes] = await widths(page, word, [`${size} ${font}`, `${size} "${WEB_FONT.family}"`, `${size} ${other}`]);
  return { word, asCard, asWebFont, asBoxes };
}

const webFontLoaded = (page: Page) =>
  page.waitForFunction((family) => [...document.fonts].some((f) => f.family.replace(/"/g, '') === family && f.status === 'loaded'), WEB_FONT.family);

const hoverAndWait = async (page: Page, selector: string, text: string) => {
  await page.hover(selector);
  await page.waitForFunction((t) => {
    const el = document.querySelector<HTMLElement>('[role="tooltip"]');
    return !!el && !el.hidden && el.innerText.includes(t);
  }, text);
};

const record = (ch: number, sl: number) => JSON.parse(readFileSync(join(dist, FILES.verse(ch, sl)), 'utf8')) as VerseRecord;

test('the machine without a Devanagari font draws boxes: three letters measure as three unassigned code points; with the fonts they do not', async () => {
  for (const [browser, boxes] of [[bare, true], [withFonts, false]] as const) {
    const page = await browser.newPage();
    try {
      await page.setContent('<p>x</p>');
      const [letters] = await widths(page, 'कखग', ['40px sans-serif']);
      const [unassigned] = await widths(page, '\u0378\u0378\u0378', ['40px sans-serif']);
      assert.is(letters === unassigned, boxes, `${boxes ? 'without' : 'with'} the fonts: ${letters} and ${unassigned} px`);
    } finally {
      await page.close();
    }
  }
});

test('no Devanagari font: at the first card the tagger loads the web font from the API, and the card draws its Devanagari in it', async () => {
  const { page, fonts, errors } = await open(bare, `${siteBase}/post.html`);
  try {
    await page.waitForSelector('#top a[data-gita-ref]');
    assert.equal(fonts, [], 'nothing asked before a card is shown');
    const r = record(2, 47);
    await hoverAndWait(page, '#top a', (r.siva as { author: string }).author);
    await webFontLoaded(page);
    assert.equal(fonts, [{ url: `${apiBase}${FILES.webFont(400)}`, status: 200, type: 'font/woff2' }], 'one font, the pages\' own, from the API\'s origin');
    const dev = await drawn(page, 'gita-ref-dev');
    assert.ok(Math.abs(dev.asCard - dev.asWebFont) < 0.5, `"${dev.word}" in the web font: ${dev.asCard} px as the card sets it, ${dev.asWebFont} px in the web font`);
    assert.ok(Math.abs(dev.asCard - dev.asBoxes) > 2, `and not boxes: ${dev.asCard} px, boxes ${dev.asBoxes} px`);
    await screenshot(page, { path: join(shots, 'no-devanagari-font.png') });
    // A second card asks for nothing more.
    await page.mouse.move(5, 790);
    await hoverAndWait(page, '#top a', (r.siva as { author: string }).author);
    assert.is(fonts.length, 1);
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

test('no Devanagari font, a Hindi card: its heading, translation and author, all Devanagari, drawn in the web font', async () => {
  const { page } = await open(bare, `${siteBase}/hindi.html`);
  try {
    await page.waitForSelector('#top a[data-gita-ref]');
    await hoverAndWait(page, '#top a', AUTHOR_NAMES_HI.tej);
    await webFontLoaded(page);
    const text = await page.$eval('[role="tooltip"]', (el) => (el as HTMLElement).innerText);
    assert.ok(text.startsWith('श्रीमद्भगवद्गीता 2.47'), text);
    for (const cls of ['gita-ref-title', 'gita-ref-text', 'gita-ref-by']) {
      const d = await drawn(page, cls);
      assert.ok(Math.abs(d.asCard - d.asWebFont) < 0.5 && Math.abs(d.asCard - d.asBoxes) > 2, `${cls} "${d.word}": ${JSON.stringify(d)}`);
    }
    await screenshot(page, { path: join(shots, 'no-devanagari-font-hindi.png') });
  } finally {
    await page.close();
  }
});

test("the project's own guide of the tagger, on a machine without a Devanagari font: the card is legible", async () => {
  const { page } = await open(bare, `${api.url}/docs/linker`);
  try {
    await page.waitForSelector('a[data-gita-ref="BG18.66"]');
    await hoverAndWait(page, 'a[data-gita-ref="BG18.66"]', (record(18, 66).siva as { author: string }).author);
    await webFontLoaded(page);
    const dev = await drawn(page, 'gita-ref-dev');
    assert.ok(Math.abs(dev.asCard - dev.asWebFont) < 0.5 && Math.abs(dev.asCard - dev.asBoxes) > 2, JSON.stringify(dev));
    await screenshot(page, { path: join(shots, 'guide-no-devanagari-font.png') });
  } finally {
    await page.close();
  }
});

test('a machine that draws Devanagari: the card asks for no font and draws in the reader\'s', async () => {
  const { page, fonts } = await open(withFonts, `${siteBase}/post.html`);
  try {
    await page.waitForSelector('#top a[data-gita-ref]');
    await hoverAndWait(page, '#top a', (record(2, 47).siva as { author: string }).author);
    // Time for a font request, had one been made.
    await page.waitForTimeout(300);
    assert.equal(fonts, []);
    assert.is(await page.evaluate((family) => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === family).length, WEB_FONT.family), 0, 'no face added');
    // Drawn in the machine's own Devanagari font (Noto Sans Devanagari, from fonts-noto-core).
    const dev = await drawn(page, 'gita-ref-dev', '"Noto Sans Devanagari"');
    assert.ok(Math.abs(dev.asCard - dev.asBoxes) < 0.5, `the system's Devanagari: ${JSON.stringify(dev)}`);
  } finally {
    await page.close();
  }
});

test('what it costs: the font is one file of the build, served with CORS for any page', async () => {
  const bytes = statSync(join(dist, FILES.webFont(400))).size;
  assert.ok(bytes > 10_000 && bytes < 80_000, `${bytes} bytes`);
  const res = await fetch(`${api.url}${FILES.webFont(400)}`, { headers: { origin: siteBase } });
  assert.is(res.status, 200);
  assert.is(res.headers.get('access-control-allow-origin'), '*');
  assert.is(res.headers.get('content-type'), 'font/woff2');
});

test.run();
