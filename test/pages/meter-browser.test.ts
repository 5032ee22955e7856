/// <reference lib="dom" />
// The meter on a reading page as a person sees it: the static copies of a
// built dist/ served as a static host serves them (sirv over loopback), in
// Debian's Chromium at a phone's width (390 px), without JavaScript. The
// meter's name shows; its marks open with the <details> alone; each mark
// sits over its own syllable, says that syllable's weight as the verse's
// meter.json does, and is big enough to read; nothing overflows sideways.
// Screenshots go to test-output/reading/.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { VerseScan } from '../../src/content/meter/shapes.ts';
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

/** Each ruby's base text box (a range over its text, the mark left out) and its mark's box, with the mark and its font size. */
const measure = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.meter ruby')].map((r) => {
      const range = document.createRange();
      range.selectNodeContents(r.firstChild!);
      const base = range.getBoundingClientRect();
      const rt = r.querySelector('rt')!;
      const mark = rt.getBoundingClientRect();
      return { text: r.firstChild!.textContent, mark: rt.textContent, base: { left: base.left, right: base.right, top: base.top, bottom: base.bottom }, over: { left: mark.left, right: mark.right, top: mark.top, bottom: mark.bottom }, size: parseFloat(getComputedStyle(rt).fontSize), broken: r.classList.contains('break') };
    }),
  );

for (const [ch, sl] of [[2, 47], [11, 20], [11, 1]] as const) {
  test(`${ch}.${sl} at 390 px: the meter named, its marks opened without JavaScript, each over its own syllable`, async () => {
    const scan = JSON.parse(readFileSync(join(dist, FILES.meter(ch, sl)), 'utf8')) as VerseScan;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      assert.is((await page.goto(`${origin}/read/${ch}/${sl}`))?.status(), 200);
      assert.match((await page.textContent('.meter summary')) ?? '', new RegExp(`^Meter: ${scan.meter} · `));
      assert.not.ok(await page.isVisible('.meter rt'), 'the marks wait to be asked for');
      await page.click('.meter summary');
      assert.ok(await page.isVisible('.meter rt'), 'a tap on the summary opens them');
      await screenshot((await page.$('.meter'))!, { path: join(shots, `meter-${ch}-${sl}-390.png`) });
      const rubies = await measure(page);
      const syllables = scan.padas.flatMap((p) => p.syllables.map((s, i) => ({ ...s, broken: (p.breaks ?? []).some((b) => b.at === i + 1) })));
      assert.equal(rubies.map((r) => [r.text, r.mark, r.broken]), syllables.map((s) => [s.iast, s.weight === 'G' ? '–' : '˘', s.broken]), 'a mark per syllable, its weight, in order');
      for (const r of rubies) {
        const centre = (r.over.left + r.over.right) / 2;
        assert.ok(centre >= r.base.left - 0.5 && centre <= r.base.right + 0.5, `${r.text}: its mark's centre ${centre} over ${r.base.left}-${r.base.right}`);
        // The mark's line box is above the syllable's middle, its own middle (where the dash or breve is drawn) above the syllable's box, and close.
        const middle = (r.over.top + r.over.bottom) / 2;
        assert.ok(middle < r.base.top && middle > r.base.top - 16 && r.over.bottom < (r.base.top + r.base.bottom) / 2, `${r.text}: its mark (${r.over.top}-${r.over.bottom}) just above the syllable (${r.base.top}-${r.base.bottom})`);
        assert.ok(r.size >= 11, `${r.text}: its mark ${r.size} px`);
      }
      const fit = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      assert.ok(fit.scroll <= fit.client, `scrollWidth ${fit.scroll} > clientWidth ${fit.client}`);
    } finally {
      await context.close();
    }
  });
}

test.run();
