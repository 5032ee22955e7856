// The build's images and fonts: every SVG card below 200 kB and free of
// <text>, today's PNG at 1200x630, the web fonts and the favicon in dist/
// and named by the pages.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../../src/contract/manifest.ts';
import { FILES, TELUGU_NAMES_FONT, THEMES } from '../../src/layout.ts';
import { pngSize } from '../../src/card/png.ts';
import { WEB_FONT_FAMILY } from '../../src/pages/html.ts';
import { hook } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';

let dist: string;
let manifest: Manifest;
test.before(hook(async () => {
  ({ distDir: dist } = await testDist());
  manifest = JSON.parse(readFileSync(join(dist, FILES.manifest), 'utf8'));
}));

test('every SVG card, in every theme, is below 200 kB and leaves no text to the viewer\'s fonts', () => {
  let cards = 0;
  let largest = 0;
  for (const [path, entry] of Object.entries(manifest.files)) {
    if (!/\/gita(?:-light|-dark)?\.svg$/.test(path)) continue;
    cards++;
    largest = Math.max(largest, entry.size);
    assert.ok(entry.size < 200_000, `${path}: ${entry.size} bytes`);
  }
  assert.ok(cards >= 719 * 3, `${cards} cards`);
  // A sample read in full: outlines only.
  for (const path of [FILES.card(2, 47), FILES.card(11, 21, 'dark'), FILES.card(18, 79), FILES.dailyCard()]) {
    const svg = readFileSync(join(dist, path), 'utf8');
    assert.not.match(svg, /<text|font-family/, path);
    assert.match(svg, /<title>Bhagavad Gita \d+\.\d+<\/title><desc>[^<]*[\u0900-\u097f]/, `${path}: title and the text as <desc>`);
  }
  console.log(`  ${cards} SVG cards, the largest ${largest} bytes`);
});

test("today's PNG card, in each theme, is 1200x630, in the manifest with no twins", () => {
  for (const theme of THEMES) {
    for (const path of [FILES.todayPng(theme), FILES.dailyPng(theme)]) {
      const png = readFileSync(join(dist, path));
      assert.equal(pngSize(png), { width: 1200, height: 630 }, path);
      assert.is(manifest.files[path]?.size, png.length);
      assert.is(manifest.files[path].type, 'image/png');
      assert.is(manifest.files[path].br, undefined, 'a PNG is compressed already');
    }
  }
  assert.equal(readFileSync(join(dist, FILES.todayPng('auto'))), readFileSync(join(dist, FILES.todayPng('light'))), 'auto is the light picture');
  assert.not.equal(readFileSync(join(dist, FILES.todayPng('dark'))), readFileSync(join(dist, FILES.todayPng('light'))));
  // Every verse's only with --png.
  assert.is(manifest.files[FILES.cardPng(2, 47)], undefined);
});

test('the web font and the favicon are in dist/, and the pages name them', () => {
  for (const w of [400, 700] as const) {
    const font = readFileSync(join(dist, FILES.webFont(w)));
    assert.is(font.toString('latin1', 0, 4), 'wOF2', `${FILES.webFont(w)} is a WOFF2 file`);
    assert.is(manifest.files[FILES.webFont(w)].type, 'font/woff2');
  }
  // The Telugu of the languages' names alone: a few glyphs, its unicode-range those letters, named by every reading page.
  const names = readFileSync(join(dist, FILES.teluguNamesFont));
  assert.is(names.toString('latin1', 0, 4), 'wOF2');
  assert.ok(names.length < 4_000, `${names.length} bytes`);
  assert.is(manifest.files[FILES.teluguNamesFont].type, 'font/woff2');
  assert.is(manifest.files[FILES.teluguNamesFont].br, undefined, 'a WOFF2 is compressed already');
  for (const page of [FILES.readVerse(2, 47), FILES.readChapter(2)]) {
    const html = readFileSync(join(dist, page), 'utf8');
    assert.match(html, new RegExp(`@font-face\\{font-family:"${TELUGU_NAMES_FONT.family}";[^}]*src:url\\(${FILES.teluguNamesFont}\\) format\\("woff2"\\);unicode-range:U\\+0C24,U\\+0C46,U\\+0C32,U\\+0C41,U\\+0C17\\}`), page);
  }
  const ico = readFileSync(join(dist, FILES.favicon));
  assert.is(ico.readUInt16LE(2), 1, 'an icon file');
  assert.ok(statSync(join(dist, FILES.faviconSvg)).size > 200);
  for (const page of [FILES.docs, FILES.pricing]) {
    const html = readFileSync(join(dist, page), 'utf8');
    assert.match(html, new RegExp(`@font-face\\{font-family:"${WEB_FONT_FAMILY}";[^}]*font-display:swap;src:url\\(${FILES.webFont(400)}\\) format\\("woff2"\\)`), page);
    assert.match(html, new RegExp(`font:16px/1.6 "${WEB_FONT_FAMILY}"`));
    assert.match(html, /<link rel="icon" href="\/favicon\.ico"/);
    assert.match(html, /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml">/);
  }
});

test.run();
