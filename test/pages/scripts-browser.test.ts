/// <reference lib="dom" />
// Every Devanagari and Telugu letter a page shows is drawn from a font the
// page ships, on a machine with Latin fonts only (Chromium whose fontconfig
// lists Debian's DejaVu fonts alone, where such a letter with no font of the
// page's is a box). Measured as the tagger's card is (test/linker/font.test.ts):
// each run of those letters, in the font the page gives it, is as wide as in
// the page's own fonts alone (the "Gita ..." families, from dist/fonts/), and
// not as wide as as many unassigned code points (boxes), at three sizes
// (this fontconfig hints, so widths are whole pixels and one size could tie
// by chance). The language links first of all: తెలుగు on a page that is not
// Telugu comes from a font of its letters alone (FILES.teluguNamesFont), and
// that page fetches no other Telugu font.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { FILES, TELUGU_NAMES_FONT } from '../../src/layout.ts';
import { READING_LABELS } from '../../src/pages/read-labels.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { launchWithLatinFontsOnly, outputDir, screenshot } from '../helpers/browser.ts';
import { startServer, type Running } from '../helpers/server.ts';

let bare: Browser;
let server: Running;
let dist: string;
const shots = outputDir('scripts');

test.before(hook(async () => {
  bare = await launchWithLatinFontsOnly();
  ({ distDir: dist } = await testDist());
  server = await startServer('node', { dist, dataDir: tempDir('gita-data-') });
}));
test.after(hook(async () => {
  await Promise.all([bare?.close(), server?.stop()]);
}));

const SIZES = [40, 47, 61];
const INDIC = '[\\u0900-\\u097f\\u0c00-\\u0c7f\\u1cd0-\\u1cff\\ua8e0-\\ua8ff]+';

interface Run {
  text: string;
  where: string;
  family: string;
  /** Widths at SIZES: as the page draws it, in the page's own fonts alone, as boxes. */
  page: number[];
  own: number[];
  boxes: number[];
}

/** Every visible run of Devanagari or Telugu letters on the page (each text and font once), measured. */
function measureRuns(page: Page): Promise<Run[]> {
  return page.evaluate(
    async ({ sizes, indic }) => {
      const seen = new Map<string, { text: string; where: string; style: CSSStyleDeclaration }>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement!;
        if (!el.getClientRects().length || getComputedStyle(el).visibility !== 'visible') continue;
        const style = getComputedStyle(el);
        for (const m of n.textContent!.matchAll(new RegExp(indic, 'gu'))) {
          const key = `${m[0]}\u0000${style.fontFamily}\u0000${style.fontWeight}\u0000${style.fontStyle}`;
          const where = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}${el.lang ? `[lang=${el.lang}]` : ''}`;
          if (!seen.has(key)) seen.set(key, { text: m[0], where, style });
        }
      }
      // Each run three times at each size (no function is named in here: the page has no __name of the test bundle's).
      const runs = [...seen.values()].map(({ text, where, style }) => {
        const own = style.fontFamily
          .split(',')
          .map((f) => f.trim())
          .filter((f) => /^"?Gita /.test(f))
          .join(',');
        const sets = ([[text, style.fontFamily], [text, own], ['\u0378'.repeat([...text].length), style.fontFamily]] as const).map(([t, family]) =>
          family
            ? sizes.map((z) => {
                const s = document.createElement('span');
                s.style.cssText = 'position:absolute;left:0;top:0;white-space:pre;visibility:hidden';
                s.style.font = `${style.fontStyle} ${style.fontWeight} ${z}px ${family}`;
                s.textContent = t;
                document.body.append(s);
                return s;
              })
            : [],
        );
        return { text, where, family: style.fontFamily, sets };
      });
      const spans = runs.flatMap((r) => r.sets.flat());
      await Promise.all(spans.map((s) => document.fonts.load(s.style.font, s.textContent!).catch(() => [])));
      await document.fonts.ready;
      const out = runs.map((r) => {
        const [page, own, boxes] = r.sets.map((set) => set.map((s) => s.getBoundingClientRect().width));
        return { text: r.text, where: r.where, family: r.family, page, own, boxes };
      });
      spans.forEach((s) => s.remove());
      return out;
    },
    { sizes: SIZES, indic: INDIC },
  );
}

/** A page in the browser without Indic fonts: its status, the fonts it fetched, its runs measured. */
async function opened(path: string, width = 390) {
  const context = await bare.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const fetched: string[] = [];
  page.on('response', (r) => {
    if (/\/fonts\//.test(r.url())) fetched.push(`${new URL(r.url()).pathname} ${r.status()}`);
  });
  const status = (await page.goto(server.url + path))?.status();
  await page.evaluate(() => document.fonts.ready);
  // What the page fetched by itself, before the measuring asks for anything.
  const fonts = [...fetched];
  return { page, context, status, fonts };
}

const drawnFromOwnFonts = (runs: Run[], path: string) => {
  for (const r of runs) {
    const what = `${path}: "${r.text}" (${r.where}, ${r.family})`;
    assert.ok(r.own.length, `${what}: no font of the page's own is named for it`);
    r.page.forEach((w, i) => assert.ok(Math.abs(w - r.own[i]) < 0.5, `${what}: ${w} px as the page draws it, ${r.own[i]} px in the page's own fonts (${SIZES[i]} px)`));
    assert.ok(
      r.page.some((w, i) => Math.abs(w - r.boxes[i]) >= 1),
      `${what}: drawn as boxes (${r.page.join(', ')} px; boxes ${r.boxes.join(', ')} px)`,
    );
  }
};

test('this browser has no Devanagari or Telugu font: such letters in its own fonts are boxes', async () => {
  const page = await bare.newPage();
  try {
    await page.setContent('<p>x</p>');
    const widths = await page.evaluate(
      (sizes) =>
        ['हिन्दी', 'తెలుగు'].map((t) =>
          sizes.map((z) =>
            [t, '\u0378'.repeat([...t].length)].map((text) => {
              const s = document.createElement('span');
              s.style.cssText = `position:absolute;white-space:pre;font:${z}px sans-serif`;
              s.textContent = text;
              document.body.append(s);
              const width = s.getBoundingClientRect().width;
              s.remove();
              return width;
            }),
          ),
        ),
      SIZES,
    );
    for (const sizes of widths) for (const [letters, boxes] of sizes) assert.is(letters, boxes, JSON.stringify(widths));
  } finally {
    await page.close();
  }
});

test('the languages\' names on every reading page, and every Indic letter there, drawn from the page\'s own fonts', async () => {
  const names = Object.values(READING_LABELS).map((l) => l.language).filter((n) => new RegExp(INDIC, 'u').test(n));
  assert.equal(names.sort(), ['తెలుగు', 'हिन्दी'].sort());
  for (const path of ['/read/2/47', '/read/2/47?lang=hi', '/read/2/47?lang=te', '/read/2', '/read/2?lang=hi', '/read/2?lang=te']) {
    const { page, context, status, fonts } = await opened(path);
    try {
      assert.is(status, 200, path);
      const links = await page.$$eval('.choices [lang]', (els) => els.map((e) => e.textContent));
      for (const n of names) assert.ok(links.includes(n), `${path}: ${n} among the languages (${links.join(', ')})`);
      const runs = await measureRuns(page);
      for (const n of names) assert.ok(runs.some((r) => r.text === n), `${path}: ${n} measured`);
      drawnFromOwnFonts(runs, path);
      const telugu = path.includes('lang=te');
      // A page that is not Telugu draws తెలుగు from the names' font, and fetches no other Telugu font.
      assert.is(fonts.includes(`${FILES.teluguNamesFont} 200`), !telugu, `${path}: ${fonts.join(', ')}`);
      assert.is(fonts.some((f) => f.startsWith(FILES.teluguFont(400))), telugu, `${path}: ${fonts.join(', ')}`);
      if (!telugu) {
        const link = runs.find((r) => r.where.includes('[lang=te]'))!;
        assert.match(link.family, new RegExp(`^"${TELUGU_NAMES_FONT.family}"`), JSON.stringify(link));
      }
      await screenshot((await page.$('p.choices'))!, { path: join(shots, `languages-${path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-390.png`) });
    } finally {
      await context.close();
    }
  }
});

test('every other page: each Devanagari and Telugu letter it shows, drawn from its own fonts', async () => {
  for (const path of ['/', '/pricing', '/search?format=html&q=karmanye%20vadhikaraste', `/search?format=html&q=${encodeURIComponent('కర్మలకు')}`, '/docs/search', '/docs/downloads', '/docs/cards-and-pages', '/docs/versions', '/docs/meter', '/read/lemma/karman', '/read/19/1']) {
    const { page, context, status } = await opened(path, 1280);
    try {
      assert.ok(status === 200 || (path === '/read/19/1' && status === 404), `${path}: ${status}`);
      drawnFromOwnFonts(await measureRuns(page), path);
    } finally {
      await context.close();
    }
  }
});

test('what it costs: the names\' font is one file of a few glyphs', async () => {
  const bytes = statSync(join(dist, FILES.teluguNamesFont)).size;
  assert.ok(bytes > 500 && bytes < 4_000, `${bytes} bytes`);
  const res = await fetch(`${server.url}${FILES.teluguNamesFont}`);
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'font/woff2');
  assert.is((await res.arrayBuffer()).byteLength, bytes);
  console.log(`  ${FILES.teluguNamesFont}: ${bytes} bytes`);
});

test.run();
