// PNG cards for link previews (Slack, WhatsApp, X, Telegram, Discord): the
// SVG card drawn by resvg onto a 1200x630 canvas, the size previews use.
// The card's letters are outlines already, so no font is loaded (system
// fonts stay out: the same SVG gives the same bytes on every machine with
// the same resvg build), and nothing outside the SVG is fetched.
import { createRequire } from 'node:module';
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { PALETTE } from './theme.ts';
import type { Theme } from '../layout.ts';

export const PNG_WIDTH = 1200;
export const PNG_HEIGHT = 630;
/** Room around the card on the canvas, in px of the canvas. */
const MARGIN = 24;

/**
 * resvg's native module, loaded on the first drawing: a server that draws no
 * PNG never loads it. It allocates with mimalloc, which reads its options from
 * the environment when it starts, so they are set just before. Freed pages
 * go back to the system at once (MIMALLOC_PURGE_DELAY=0) rather than after its
 * default delay, which, on libuv's threads that then sit idle, had not come
 * 3 s after the load: a server
 * drawing the mixed load's cards kept 35-60 MB less, for drawings 15-20 %
 * slower (each card is drawn once, then cached; the history of docs/benchmarks.md). A value
 * the operator set is kept.
 */
let resvg: typeof import('@resvg/resvg-js') | null = null;
/** Set before resvg's module first loads, in this process or a thread of it: mimalloc reads it once. */
export const setAllocatorOptions = () => void (process.env.MIMALLOC_PURGE_DELAY ??= '0');
const load = () => {
  if (!resvg) {
    setAllocatorOptions();
    resvg = createRequire(import.meta.url)('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
  }
  return resvg;
};

/**
 * Load resvg now. Its loader asks process.report.getReport() whether the C
 * library is musl, and a report waits for every worker thread to answer: one
 * deep in a long brotli job (the build's, ten seconds and more) holds the
 * loading thread up that long. The build loads it before its workers start.
 */
export const loadResvg = () => void load();

export const RENDER_OPTIONS: ResvgRenderOptions = {
  font: { loadSystemFonts: false },
  fitTo: { mode: 'original' },
  shapeRendering: 2,
  logLevel: 'off',
};

/** A PNG has no "prefers dark": the auto theme's picture is the light one. */
export const pngTheme = (theme: Theme): 'light' | 'dark' => (theme === 'dark' ? 'dark' : 'light');

/**
 * The canvas: the card (in the theme its <style> says, light or dark) scaled
 * to fit 1200x630 less a margin, centred on its theme's rule colour.
 */
export function canvasSvg(card: string, theme: 'light' | 'dark'): string {
  const size = /^<svg\b[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"/.exec(card);
  if (!size) throw new Error('not a card: its <svg> has no width and height');
  const [w, h] = [Number(size[1]), Number(size[2])];
  const scale = Math.min((PNG_WIDTH - 2 * MARGIN) / w, (PNG_HEIGHT - 2 * MARGIN) / h);
  const [cw, ch] = [w * scale, h * scale];
  const x = +((PNG_WIDTH - cw) / 2).toFixed(2);
  const y = +((PNG_HEIGHT - ch) / 2).toFixed(2);
  // The card's own <svg>, placed as a nested viewport: its viewBox scales it.
  const inner = card.replace(/^<svg\b([^>]*?)\swidth="[\d.]+"([^>]*?)\sheight="[\d.]+"/, `<svg$1 x="${x}" y="${y}" width="${+cw.toFixed(2)}" height="${+ch.toFixed(2)}"$2`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${PNG_WIDTH}" height="${PNG_HEIGHT}" viewBox="0 0 ${PNG_WIDTH} ${PNG_HEIGHT}">` +
    `<rect width="${PNG_WIDTH}" height="${PNG_HEIGHT}" fill="${PALETTE[theme].line}"/>${inner}</svg>`
  );
}

/** The PNG of a card (an SVG in the light or dark theme), synchronously: for the build. */
export function cardPng(card: string | Buffer, theme: 'light' | 'dark'): Buffer {
  return new (load().Resvg)(canvasSvg(card.toString(), theme), RENDER_OPTIONS).render().asPng();
}

/** The same, drawn on libuv's thread pool: for the server, which must not stall while it draws. */
export async function cardPngAsync(card: string | Buffer, theme: 'light' | 'dark'): Promise<Buffer> {
  return (await load().renderAsync(canvasSvg(card.toString(), theme), RENDER_OPTIONS)).asPng();
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || png.toString('latin1', 1, 4) !== 'PNG' || png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
