/// <reference lib="dom" />
// The meter on a reading page as a person sees it, measured on the ink: the
// server's pages in Debian's Chromium without JavaScript, with the Noto fonts
// of this machine and with Latin fonts only (DejaVu), at a phone's width
// (390 px) and a desktop's (1280), for an anuṣṭubh (2.47) and a triṣṭubh
// (2.20), in English, Hindi and Telugu (and 11.20 and 11.1 at 390 px in
// English). The meter's name shows; its marks
// open with the <details> alone, one per syllable, each its weight in the
// page language's convention. Then where each mark's pixels are
// (test/helpers/ink.ts: the marks hidden, then shown a few at a time each
// in a colour of its own): above its own syllable, within its width, inside
// no syllable's line box (the box of its letters, as tall as its line), and
// apart from the line above (at least twice as far from it as from its own
// letters). Screenshots go to test-output/reading/.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { VerseScan } from '../../src/content/meter/shapes.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { launch, launchWithLatinFontsOnly, outputDir, requireChromium } from '../helpers/browser.ts';
import { requireFont } from '../helpers/programs.ts';
import { boxOf, inkOf, inside, type Box } from '../helpers/ink.ts';
import { startServer, type Running } from '../helpers/server.ts';

const browsers: Partial<Record<'noto' | 'latin', Browser>> = {};
let server: Running;
let dist: string;
const shots = outputDir('reading');

test.before(hook(async () => {
  requireChromium();
  requireFont('Noto Sans', 'fonts-noto-core');
  ({ distDir: dist } = await testDist());
  [browsers.noto, browsers.latin, server] = await Promise.all([launch(), launchWithLatinFontsOnly(), startServer('node', { dist, dataDir: tempDir('gita-data-') })]);
}));
test.after(hook(async () => {
  await Promise.all([browsers.noto?.close(), browsers.latin?.close(), server?.stop()]);
}));

const SUMMARY = { en: /^Meter: /, hi: /^छन्द: /, te: /^ఛందస్సు: / } as const;

interface Syllable {
  text: string;
  weight: string;
  broken: boolean;
  /** The syllable's own box (its letters, and the room a narrow one is given). */
  box: Box;
  /** Its line box: the box of its letters, as tall as its line height. */
  line: Box;
}

/** Each syllable of the opened meter: its text, the weight its mark says, its boxes. */
const syllables = (page: Page): Promise<Syllable[]> =>
  page.$$eval('.meter .scan .sy', (els) =>
    els.map((el) => {
      const text = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE)!;
      const range = document.createRange();
      range.selectNodeContents(text);
      const letters = range.getBoundingClientRect();
      const own = el.getBoundingClientRect();
      // The line box: the letters' content area grown (or shrunk) to the line height, about its middle.
      const half = (letters.height - parseFloat(getComputedStyle(el).lineHeight)) / 2;
      return {
        text: text.textContent!,
        weight: el.querySelector('.mk')!.classList.contains('G') ? 'G' : 'L',
        broken: el.classList.contains('break'),
        box: { left: own.left, right: own.right, top: own.top, bottom: own.bottom },
        line: { left: letters.left, right: letters.right, top: letters.top + half, bottom: letters.bottom - half },
      };
    }),
  );

/** What is wrong with where each mark's ink is; empty when nothing is. */
function misplaced(marks: Array<Array<[number, number]>>, syl: Syllable[]): string[] {
  const wrong: string[] = [];
  marks.forEach((pixels, j) => {
    const s = syl[j];
    const ink = boxOf(pixels);
    const name = `${j + 1} "${s.text}"`;
    if (!ink || pixels.length < 6) return wrong.push(`${name}: its mark is not drawn (${pixels.length} px)`);
    if (ink.bottom > s.line.top) wrong.push(`${name}: its mark (${ink.top}-${ink.bottom}) is not above its letters (line box from ${s.line.top})`);
    if (ink.left < Math.floor(s.box.left) || ink.right > Math.ceil(s.box.right)) wrong.push(`${name}: its mark (${ink.left}-${ink.right}) is wider than the syllable (${s.box.left}-${s.box.right})`);
    const into = syl.filter((o, i) => i !== j && pixels.some((p) => inside(p, o.line)));
    if (into.length) wrong.push(`${name}: its mark is inside the line box of ${into.map((o) => `"${o.text}"`).join(', ')}`);
    // The nearest line above whose syllables stand over the mark: it must be at least twice as far as the mark's own letters.
    const above = syl.filter((o) => o.line.bottom <= ink.top + 0.5 && o.line.right > ink.left && o.line.left < ink.right);
    if (above.length) {
      const gapAbove = ink.top - Math.max(...above.map((o) => o.line.bottom));
      const gapBelow = Math.max(1, s.line.top - ink.bottom);
      if (gapAbove < 2 * gapBelow || gapAbove < 6) wrong.push(`${name}: its mark is ${gapAbove.toFixed(1)} px below the line above and ${gapBelow.toFixed(1)} px above its own letters`);
    }
  });
  return wrong;
}

/**
 * An anuṣṭubh (2.47) and a triṣṭubh (2.20) in every font set, width and
 * language; and, as the page was tested before, 11.20 (a triṣṭubh whose
 * pāda does not scan) and 11.1 (a hypermetric pāda of nine) at a phone's
 * width in English.
 */
const CASES = [
  ...(['noto', 'latin'] as const).flatMap((fonts) => [390, 1280].flatMap((width) => ([[2, 47], [2, 20]] as const).map(([ch, sl]) => ({ fonts, width, ch, sl, langs: ['en', 'hi', 'te'] as const })))),
  ...([[11, 20], [11, 1]] as const).map(([ch, sl]) => ({ fonts: 'noto' as const, width: 390, ch, sl, langs: ['en'] as const })),
];

for (const { fonts, width, ch, sl, langs } of CASES) {
  test(`${ch}.${sl} at ${width} px, ${fonts === 'noto' ? 'the Noto fonts' : 'Latin fonts only'}: each mark over its own syllable, by its ink, in ${langs.length > 1 ? 'English, Hindi and Telugu' : 'English'}`, async () => {
    const scan = JSON.parse(readFileSync(join(dist, filled(ROUTE['verse-meter'].file!, { ch, sl })), 'utf8')) as VerseScan;
    const expected = scan.padas.flatMap((p) => p.syllables.map((s, i) => [s.iast, s.weight, (p.breaks ?? []).some((b) => b.at === i + 1)]));
    const counts: string[] = [];
    for (const lang of langs) {
      const context = await browsers[fonts]!.newContext({ viewport: { width, height: 3000 }, javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        assert.is((await page.goto(`${server.url}/read/${ch}/${sl}${lang === 'en' ? '' : `?lang=${lang}`}`))?.status(), 200);
        assert.match((await page.textContent('.meter summary')) ?? '', SUMMARY[lang]);
        assert.not.ok(await page.isVisible('.meter .scan'), 'the marks wait to be asked for');
        await page.click('.meter summary');
        assert.ok(await page.isVisible('.meter .scan'), 'a tap on the summary opens them');
        await page.evaluate(() => document.fonts.ready);
        const syl = await syllables(page);
        assert.equal(syl.map((s) => [s.text, s.weight, s.broken]), expected, 'a mark per syllable, its weight, in order');
        const block = (await (await page.$('.meter'))!.boundingBox())!;
        const clip = { left: Math.max(0, Math.floor(block.x) - 8), top: Math.max(0, Math.floor(block.y) - 8), right: Math.min(width, Math.ceil(block.x + block.width) + 8), bottom: Math.ceil(block.y + block.height) + 8 };
        const ink = await inkOf(page, '.meter .scan .mk', clip);
        writeFileSync(join(shots, `meter-${ch}-${sl}-${lang}-${fonts}-${width}.png`), ink.shot);
        assert.is(ink.unclear, 0, 'every changed pixel is one mark\'s');
        const wrong = misplaced(ink.pixels, syl);
        assert.equal(wrong, [], `${lang}: ${wrong.length} marks misplaced`);
        const intruded = syl.filter((s, i) => ink.pixels.some((px, j) => j !== i && px.some((p) => inside(p, s.line)))).length;
        counts.push(`${lang} ${intruded} of ${syl.length}`);
        const fit = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        assert.ok(fit.scroll <= fit.client, `scrollWidth ${fit.scroll} > clientWidth ${fit.client}`);
      } finally {
        await context.close();
      }
    }
    console.log(`  ${ch}.${sl}, ${fonts}, ${width} px: syllables whose line box holds another's mark: ${counts.join('; ')}`);
  });
}

test.run();
