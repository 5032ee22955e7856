// PNG cards: 1200x630, the same bytes from every call and every process,
// text drawn with no font loaded.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { cardStyle, PALETTE, renderCard } from '../../src/card/card.ts';
import { canvasSvg, cardPng, cardPngAsync, pngSize } from '../../src/card/png.ts';
import { faviconIco, faviconSvg } from '../../src/card/favicon.ts';
import type { ChapterRecord, VerseRecord } from '../../src/content/schema.ts';

const chapter = { chapter_number: 2, verses_count: 72, name: 'सांख्ययोग', translation: 'Sankhya Yoga', transliteration: 'Sankhya Yog', meaning: { en: 'x', hi: 'y' }, summary: { en: 'x', hi: 'y' } } as ChapterRecord;
const verse = {
  _id: 'BG2.47', chapter: 2, verse: 47,
  slok: 'कर्मण्येवाधिकारस्ते मा फलेषु कदाचन |\nमा कर्मफलहेतुर्भूर्मा ते सङ्गोऽस्त्वकर्मणि ||२-४७||',
  transliteration: 'karmaṇyevādhikāraste mā phaleṣu kadācana ||2-47||',
  siva: { author: 'Swami Sivananda', et: '2.47 Thy right is to work only, but never with its fruits.' },
} as unknown as VerseRecord;
const themedCard = (theme: 'light' | 'dark') => renderCard(verse, chapter, theme);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test('a PNG card is 1200x630, and the same bytes from every call, sync or async', async () => {
  const a = cardPng(themedCard('light'), 'light');
  assert.equal(pngSize(a), { width: 1200, height: 630 });
  assert.is(sha(cardPng(themedCard('light'), 'light')), sha(a));
  assert.is(sha(await cardPngAsync(themedCard('light'), 'light')), sha(a));
  assert.is.not(sha(cardPng(themedCard('dark'), 'dark')), sha(a), 'dark differs from light');
});

test('the same bytes from another process', () => {
  const code = `
    import { renderCard } from './src/card/card.ts';
    import { cardPng } from './src/card/png.ts';
    import { createHash } from 'node:crypto';
    const verse = ${JSON.stringify(verse)}; const chapter = ${JSON.stringify(chapter)};
    process.stdout.write(createHash('sha256').update(cardPng(renderCard(verse, chapter, 'light'), 'light')).digest('hex'));`;
  const other = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8' });
  assert.is(other, sha(cardPng(themedCard('light'), 'light')));
});

test('the text is drawn with no font loaded: the card area holds ink of the text colour', () => {
  const img = new Resvg(canvasSvg(themedCard('dark'), 'dark'), { font: { loadSystemFonts: false } }).render();
  const px = img.pixels;
  const fg = PALETTE.dark.fg.match(/[0-9a-f]{2}/g)!.map((h) => parseInt(h, 16));
  let near = 0;
  for (let i = 0; i < px.length; i += 4) if (Math.abs(px[i] - fg[0]) + Math.abs(px[i + 1] - fg[1]) + Math.abs(px[i + 2] - fg[2]) < 40) near++;
  // The verse and the translation: several thousand pixels in the text colour.
  assert.ok(near > 5000, `${near} pixels in the text colour`);
});

test('the canvas centres the card and keeps its aspect', () => {
  const svg = canvasSvg(themedCard('light'), 'light');
  assert.match(svg, /^<svg[^>]* width="1200" height="630"/);
  const [, x, y, w, h] = /<svg [^>]*?x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/.exec(svg.slice(1))!.map(Number);
  assert.ok(Math.abs(x * 2 + w - 1200) < 0.1 && Math.abs(y * 2 + h - 630) < 0.1, 'centred');
  const [, cw, ch] = /width="(\d+)" height="(\d+)"/.exec(themedCard('light'))!.map(Number);
  assert.ok(Math.abs(w / h - cw / ch) < 0.01, 'aspect kept');
  assert.not.match(svg.replace(`<style>${cardStyle('light')}</style>`, ''), /prefers-color-scheme/);
});

test('pngSize refuses what is not a PNG', async () => {
  await assert.throws(() => pngSize(Buffer.from('not a png at all, clearly not')));
});

test('favicon: an SVG of one outline, and an ICO of PNGs 16, 32 and 48 px', () => {
  const svg = faviconSvg();
  assert.match(svg, /^<svg[^>]*viewBox="0 0 64 64"/);
  assert.not.match(svg, /<text/);
  const ico = faviconIco(svg);
  assert.is(ico.readUInt16LE(2), 1);
  assert.is(ico.readUInt16LE(4), 3);
  [16, 32, 48].forEach((s, i) => {
    const at = 6 + 16 * i;
    const png = ico.subarray(ico.readUInt32LE(at + 12), ico.readUInt32LE(at + 12) + ico.readUInt32LE(at + 8));
    assert.equal(pngSize(png), { width: s, height: s });
  });
});

test("resvg's allocator returns what a drawing freed at once (MIMALLOC_PURGE_DELAY=0), unless the operator set it", () => {
  // mimalloc, which resvg's module is built with, lists the options it read when verbose.
  const code = `import { cardPngAsync } from ${JSON.stringify(new URL('../../src/card/png.ts', import.meta.url).href)}; await cardPngAsync(${JSON.stringify(themedCard('light'))}, 'light');`;
  const delay = (env: Record<string, string>) => {
    const { MIMALLOC_PURGE_DELAY: _, ...rest } = process.env;
    const out = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8', env: { ...rest, MIMALLOC_VERBOSE: '1', ...env } });
    assert.is(out.status, 0, out.stderr);
    return /option 'purge_delay': (-?\d+)/.exec(out.stderr + out.stdout)?.[1];
  };
  assert.is(delay({}), '0');
  assert.is(delay({ MIMALLOC_PURGE_DELAY: '25' }), '25');
});

test.run();
