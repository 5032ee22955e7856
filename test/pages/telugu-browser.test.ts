/// <reference lib="dom" />
// The Telugu reading page as a person sees it, from the real server in
// Debian's Chromium at a phone's width: the page's own Telugu font (Noto Sans
// Telugu's subset, from /fonts/) draws the text, shaped (a conjunct is one
// cluster, narrower than its letters apart), nothing overflows sideways, and
// a page in another language never fetches the font (only the few letters of
// the name తెలుగు in its list of languages: test/pages/scripts-browser.test.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { FILES, TELUGU_FONT } from '../../src/layout.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { launch, outputDir, requireChromium, screenshot } from '../helpers/browser.ts';
import { startServer, type Running } from '../helpers/server.ts';

let browser: Browser;
let server: Running;
const shots = outputDir('reading');

test.before(hook(async () => {
  requireChromium();
  browser = await launch();
  const { distDir } = await testDist();
  server = await startServer('node', { dist: distDir, dataDir: tempDir('gita-data-') });
}));
test.after(hook(async () => {
  await Promise.all([browser?.close(), server?.stop()]);
}));

/** The fonts Chromium drew a node's text with (DevTools' CSS.getPlatformFontsForNode): the family, whether a web font, how many glyphs. */
async function fontsOf(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts;
}

async function opened(path: string, width = 390) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const fetched: string[] = [];
  page.on('response', (r) => {
    if (/\/fonts\//.test(r.url())) fetched.push(`${new URL(r.url()).pathname} ${r.status()}`);
  });
  const res = await page.goto(server.url + path);
  assert.is(res?.status(), 200, path);
  await page.evaluate(() => document.fonts.ready);
  return { page, context, fetched };
}

test("at 390 px a Telugu page is drawn in its own Telugu font, shaped, and fits the width", async () => {
  const { page, context, fetched } = await opened('/read/2/47?lang=te');
  try {
    assert.ok(fetched.includes(`${FILES.teluguFont(400)} 200`), `the Telugu font fetched: ${fetched.join(', ')}`);
    const drawn = await fontsOf(page, '.translation p');
    const telugu = drawn.find((f) => f.familyName === 'Noto Sans Telugu');
    assert.ok(telugu?.isCustomFont, `the translation drawn with the page's web font: ${JSON.stringify(drawn)}`);
    assert.ok(telugu!.glyphCount >= 30, JSON.stringify(drawn));
    assert.ok(!drawn.some((f) => !f.isCustomFont && /Telugu/.test(f.familyName)), "no Telugu glyph left to the machine's own fonts");
    // Shaping: క్ష (ka, virama, ṣa) is one conjunct, narrower than క్ and ష drawn apart.
    const widths = await page.evaluate((family) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `40px "${family}"`;
      return { joined: ctx.measureText('క్ష').width, apart: ctx.measureText('క్').width + ctx.measureText('ష').width };
    }, TELUGU_FONT.family);
    assert.ok(widths.joined < widths.apart * 0.9, `shaped: ${JSON.stringify(widths)}`);
    const fit = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(fit.scroll <= fit.client, `fits: ${JSON.stringify(fit)}`);
    assert.match((await page.textContent('h1')) ?? '', /^శ్రీమద్భగవద్గీత 2\.47/);
    await screenshot(page, { path: join(shots, 'read-2-47-te-390.png'), fullPage: true });
  } finally {
    await context.close();
  }
});

test('a page in another language fetches no Telugu font but that of the name తెలుగు in its list of languages (its few letters)', async () => {
  const { context, fetched } = await opened('/read/2/47?version=besant');
  try {
    assert.equal(fetched.filter((f) => f.includes('telugu')), [`${FILES.teluguNamesFont} 200`]);
  } finally {
    await context.close();
  }
});

test.run();
