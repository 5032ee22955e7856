// Cards for the build: each verse's card rendered (its letters as glyph
// outlines, src/card/glyphs.ts) and derived in each theme by swapping its
// <style>. Rendering costs a few milliseconds a card, so a rendered card is
// kept in the build cache under the hash of what it is made from: the
// record, its chapter, the card's code and the fonts. A rebuild with none of
// them changed reads the card instead of shaping it again.
//
// No svgo pass: the card is written compact (relative whole-unit outlines,
// each glyph defined once), and svgo took 50 ms a card for no byte saved.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cardInTheme, renderCard, THEMES, type Theme } from '../card/card.ts';
import { FONT_FILES } from '../card/glyphs.ts';
import type { ChapterRecord, VerseRecord } from '../content/schema.ts';
import { PROJECT_ROOT } from '../paths.ts';
import type { BuildCache, Cached } from './cache.ts';

export interface CardFile extends Cached {
  bytes: Buffer;
  /** A card just rendered: also link its file here, the render cache's slot (keyed by what it is drawn from). */
  renderedAs?: string;
}

/** The card in each theme: the auto card, and the same with the light or dark style. */
export function themed(auto: Buffer): Record<Theme, Buffer> {
  const text = auto.toString();
  return Object.fromEntries(THEMES.map((t) => [t, t === 'auto' ? auto : Buffer.from(cardInTheme(text, t))])) as Record<Theme, Buffer>;
}

let renderer: string | null | undefined;
/**
 * A hash of what draws a card besides its record: the card's sources, the
 * content schema (speaker names), the font files and the shaper's version.
 * Null when the sources are not at hand (then every card is rendered).
 */
function rendererKey(): string | null {
  if (renderer !== undefined) return renderer;
  const dir = join(PROJECT_ROOT, 'src', 'card');
  const sources = [...(existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.ts')).sort().map((f) => join(dir, f)) : []), join(PROJECT_ROOT, 'src', 'content', 'schema.ts')];
  if (sources.length < 2 || !sources.every(existsSync)) return (renderer = null);
  const require = createRequire(import.meta.url);
  const h = createHash('sha256');
  for (const f of sources) h.update(f.slice(PROJECT_ROOT.length)).update(readFileSync(f));
  for (const f of Object.values(FONT_FILES)) h.update(f).update(readFileSync(require.resolve(f)));
  h.update(JSON.parse(readFileSync(join(dirname(require.resolve('harfbuzzjs')), '..', 'package.json'), 'utf8')).version);
  return (renderer = h.digest('hex'));
}

/**
 * The auto card of a verse: from the cache when made from the same inputs,
 * else rendered, with the slot to cache it in. The build's writer links the
 * card's file in dist/ there once written (no file of its own: on some file
 * systems a new file costs more than drawing the card).
 */
async function autoCard(verse: VerseRecord, chapter: ChapterRecord, cache: BuildCache): Promise<{ svg: Buffer; renderedAs?: string }> {
  const key = rendererKey();
  if (!key || !cache.dir) return { svg: Buffer.from(renderCard(verse, chapter, 'auto')) };
  const input = createHash('sha256').update(key).update(JSON.stringify(verse)).update('\0').update(JSON.stringify(chapter)).digest('hex');
  const slot = cache.lookup(`${input}.card`);
  if (slot.file) return { svg: await readFile(slot.file) };
  return { svg: Buffer.from(renderCard(verse, chapter, 'auto')), renderedAs: slot.cacheAs };
}

/** Each verse's card in every theme, with its build-cache slots. */
export async function renderCards(items: Array<{ verse: VerseRecord; chapter: ChapterRecord }>, cache: BuildCache): Promise<Array<Record<Theme, CardFile>>> {
  const out: Array<Record<Theme, CardFile>> = [];
  for (const { verse, chapter } of items) {
    const { svg, renderedAs } = await autoCard(verse, chapter, cache);
    const key = createHash('sha256').update(svg).digest('hex');
    const variants = themed(svg);
    out.push(Object.fromEntries(THEMES.map((t) => [t, { bytes: variants[t], ...cache.lookup(`${key}.${t}.svg`), ...(t === 'auto' && renderedAs && { renderedAs }) }])) as Record<Theme, CardFile>);
  }
  return out;
}
