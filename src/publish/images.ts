// The build's images and fonts: the PNG cards (today's always, every
// verse's with --png), the pages' web fonts (Devanagari and Telugu, and the
// few Telugu glyphs of the languages' names, cut here) and the favicon. All
// but favicon.svg are binary (stored as they are, no brotli or gzip twin).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { canvasSvg, cardPngAsync, pngTheme } from '../card/png.ts';
import { faviconIco, faviconSvg } from '../card/favicon.ts';
import { FILES, THEMES, type Theme } from '../layout.ts';
import { TELUGU_NAME_LETTERS } from '../pages/reading.ts';
import { woff2Subset } from './font-subset.ts';
import type { BuildCache, Cached } from './cache.ts';

export interface BinaryAsset extends Cached {
  path: string;
  body: Buffer;
}

const require = createRequire(import.meta.url);
const RESVG_VERSION: string = require('@resvg/resvg-js/package.json').version;

/** The web font's files in @fontsource/noto-sans-devanagari: its Devanagari subset, by weight. */
export const WEB_FONT_FILES = {
  400: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2',
  700: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2',
} as const;

/** The Telugu web font's files in @fontsource/noto-sans-telugu: its Telugu subset (about 36 kB a weight), by weight. */
export const TELUGU_FONT_FILES = {
  400: '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff2',
  700: '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-700-normal.woff2',
} as const;

/** The source of the Telugu names' font: the same Telugu subset, weight 400, in WOFF (zlib), which the subsetter reads. */
export const TELUGU_NAMES_SOURCE = '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff';

let teluguNames: { letters: string; body: Buffer } | null = null;
/** The Telugu letters of the languages' names (తెలుగు) alone, as WOFF2: made once a process (the subsetter's first run takes about 0.2 s). */
export function teluguNamesFont(letters = TELUGU_NAME_LETTERS): Buffer {
  if (teluguNames?.letters !== letters) teluguNames = { letters, body: woff2Subset(readFileSync(require.resolve(TELUGU_NAMES_SOURCE)), letters) };
  return teluguNames.body;
}

/** The web fonts (two weights each, Devanagari and Telugu; the Telugu of the languages' names alone) and the favicon (SVG, and ICO for /favicon.ico). */
export function webAssets(): BinaryAsset[] {
  const svg = faviconSvg();
  return [
    ...([400, 700] as const).map((w) => ({ path: FILES.webFont(w), body: readFileSync(require.resolve(WEB_FONT_FILES[w])) })),
    ...([400, 700] as const).map((w) => ({ path: FILES.teluguFont(w), body: readFileSync(require.resolve(TELUGU_FONT_FILES[w])) })),
    { path: FILES.teluguNamesFont, body: teluguNamesFont() },
    { path: FILES.favicon, body: faviconIco(svg) },
    { path: FILES.faviconSvg, body: Buffer.from(svg) },
  ];
}

/** A card's SVG in each theme, and where its PNGs go. */
export interface PngJob {
  svg: Record<Theme, Buffer>;
  path: (theme: Theme) => string;
}

/**
 * The PNGs of each job's card: light and dark drawn (auto is the light
 * picture), kept in the build cache by the hash of the canvas drawn and
 * resvg's version, drawn a few at a time on libuv's threads.
 */
export async function pngAssets(jobs: PngJob[], cache: BuildCache): Promise<BinaryAsset[]> {
  // One drawing per distinct canvas (today's card is also the top one).
  const drawings = new Map<string, { svg: Buffer; theme: 'light' | 'dark'; slot: Cached; png?: Buffer }>();
  const keys = jobs.map((job) =>
    (['light', 'dark'] as const).map((theme) => {
      const canvas = canvasSvg(job.svg[theme].toString(), theme);
      const key = createHash('sha256').update(RESVG_VERSION).update('\0').update(canvas).digest('hex');
      if (!drawings.has(key)) drawings.set(key, { svg: job.svg[theme], theme, slot: cache.lookup(`${key}.png`) });
      return key;
    }),
  );
  const todo = [...drawings.values()];
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const d = todo[next++];
      d.png = d.slot.file ? await readFile(d.slot.file) : await cardPngAsync(d.svg, d.theme);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  const linked = new Set<string>();
  return jobs.flatMap((job, i) =>
    THEMES.map((theme) => {
      const key = keys[i][pngTheme(theme) === 'dark' ? 1 : 0];
      const d = drawings.get(key)!;
      // The cache slot goes with the first file of a drawing; the others are written from its bytes.
      const slot = linked.has(key) ? {} : (linked.add(key), d.slot);
      return { path: job.path(theme), body: d.png!, ...slot };
    }),
  );
}
