/// <reference lib="dom" />
// Where Chromium drew each of some elements, by its pixels rather than its
// box: a screenshot with the elements hidden (visibility:hidden, so nothing
// moves) is compared with screenshots that show them a few at a time, each
// of those few in a colour of its own. A pixel that changed belongs to the
// element whose colour it leans to (anti-aliased edges are the colour mixed
// with what was under it). A page at a device scale of 1: a pixel is a CSS px.
import type { Page } from 'playwright-core';
import { decodePng, type Pixels } from './png.ts';
import { screenshot } from './browser.ts';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The colours shown at once: cyan, magenta, yellow, red, green, blue (as directions from a light page, none nearer than 45 degrees to another). */
const PALETTE: ReadonlyArray<readonly [number, number, number]> = [
  [0, 255, 255],
  [255, 0, 255],
  [255, 255, 0],
  [255, 0, 0],
  [0, 170, 0],
  [0, 0, 255],
];

/** A channel must change by this much for a pixel to count as ink (an edge pixel less than about a seventh covered does not). */
const INK = 36;

export interface Ink {
  /** Per element, in document order: its ink pixels, [x, y] in CSS px of the viewport (each the square from x to x+1). */
  pixels: Array<Array<[number, number]>>;
  /** Pixels that changed but lean to no element's colour clearly (where two overlap, or over other ink). */
  unclear: number;
  /** The screenshot with every element shown in the page's own colours, for people to look at. */
  shot: Buffer;
}

/** The ink of every element `selector` matches inside `clip` (viewport coordinates, whole px). */
export async function inkOf(page: Page, selector: string, clip: Box): Promise<Ink> {
  const region = { x: clip.left, y: clip.top, width: clip.right - clip.left, height: clip.bottom - clip.top };
  const count = await page.$$eval(selector, (els) => els.length);
  const groups = Math.ceil(count / PALETTE.length);
  const shot = await screenshot(page, { clip: region });
  // Each element hidden, or shown in one colour of the palette, !important over the page's own styles.
  const show = (visible: (i: number) => string | null) =>
    page.$$eval(
      selector,
      (els, colours) =>
        els.forEach((el, i) => {
          const s = (el as HTMLElement).style;
          const c = colours[i];
          s.setProperty('visibility', c ? 'visible' : 'hidden', 'important');
          if (c) s.setProperty('color', c, 'important');
          else s.removeProperty('color');
        }),
      Array.from({ length: count }, (_, i) => visible(i)),
    );
  const take = async () => decodePng(await screenshot(page, { clip: region }));
  await show(() => null);
  const base = await take();
  const pixels: Ink['pixels'] = Array.from({ length: count }, () => []);
  let unclear = 0;
  for (let g = 0; g < groups; g++) {
    const member = (i: number) => (i % groups === g ? Math.floor(i / groups) : -1);
    await show((i) => (member(i) >= 0 ? `rgb(${PALETTE[member(i)].join(',')})` : null));
    const seen = await take();
    unclear += attribute(base, seen, (k) => k * groups + g, count, (i, x, y) => pixels[i].push([clip.left + x, clip.top + y]));
  }
  // Back to the page's own colours.
  await page.$$eval(selector, (els) => els.forEach((el) => ['visibility', 'color'].forEach((p) => (el as HTMLElement).style.removeProperty(p))));
  return { pixels, unclear, shot };
}

/** Each changed pixel of `seen` given to the shown element whose colour it leans to; the count of those that lean to none. */
function attribute(base: Pixels, seen: Pixels, element: (k: number) => number, count: number, add: (i: number, x: number, y: number) => void): number {
  let unclear = 0;
  for (let y = 0; y < base.height; y++) {
    for (let x = 0; x < base.width; x++) {
      const o = (y * base.width + x) * 4;
      const d = [0, 1, 2].map((c) => seen.data[o + c] - base.data[o + c]);
      if (Math.max(...d.map(Math.abs)) < INK) continue;
      let best = -1;
      let bestCos = -2;
      PALETTE.forEach((colour, k) => {
        if (element(k) >= count) return;
        // What this colour drawn over the pixel underneath changes it by (in direction).
        const dir = [0, 1, 2].map((c) => colour[c] - base.data[o + c]);
        const dot = d[0] * dir[0] + d[1] * dir[1] + d[2] * dir[2];
        const cos = dot / (Math.hypot(...d) * Math.hypot(...dir) || 1);
        if (cos > bestCos) [best, bestCos] = [k, cos];
      });
      if (bestCos < 0.9) unclear++;
      else add(element(best), x, y);
    }
  }
  return unclear;
}

/** Does the pixel square [x, x+1) x [y, y+1) reach inside the box? */
export const inside = ([x, y]: [number, number], b: Box) => x + 1 > b.left && x < b.right && y + 1 > b.top && y < b.bottom;

/** The box around some pixels. */
export function boxOf(pixels: ReadonlyArray<[number, number]>): Box | null {
  if (!pixels.length) return null;
  const xs = pixels.map((p) => p[0]);
  const ys = pixels.map((p) => p[1]);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs) + 1, bottom: Math.max(...ys) + 1 };
}
