// The site's icon: Om (ॐ) in Noto Sans Devanagari, as an outline on the
// card's accent colour. favicon.svg for browsers that take SVG icons, and
// favicon.ico (the path every browser and crawler asks for) holding PNGs of
// the same drawing, which resvg renders.
import { PALETTE } from './theme.ts';
import { createRequire } from 'node:module';
import { inkBox, outline, shape } from './glyphs.ts';

const SIZE = 64;

export function faviconSvg(): string {
  const [glyph] = shape('ॐ', 'dev').glyphs;
  const box = inkBox(glyph.key);
  // The glyph's ink fills 72 % of the square's larger side, centred.
  const k = (SIZE * 0.72) / Math.max(box.width, box.height);
  const x = (SIZE - box.width * k) / 2 - box.left * k;
  const y = (SIZE - box.height * k) / 2 + box.top * k;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}">` +
    `<rect width="${SIZE}" height="${SIZE}" rx="14" fill="${PALETTE.light.accent}"/>` +
    `<path fill="${PALETTE.light.bg}" transform="translate(${+x.toFixed(2)} ${+y.toFixed(2)}) scale(${+k.toFixed(5)} -${+k.toFixed(5)})" d="${outline(glyph.key)}"/>` +
    `</svg>`
  );
}

/**
 * An ICO file of PNG images (allowed since Windows Vista, read by every
 * current browser): a 6-byte header, a 16-byte entry per image, the images.
 */
export function faviconIco(svg = faviconSvg(), sizes = [16, 32, 48]): Buffer {
  const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
  const pngs = sizes.map((s) => new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'width', value: s }, logLevel: 'off' }).render().asPng());
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((s, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(s % 256, at); // width (0 means 256)
    header.writeUInt8(s % 256, at + 1);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(pngs[i].length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += pngs[i].length;
  });
  return Buffer.concat([header, ...pngs]);
}

