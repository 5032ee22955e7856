// Cards for the build: rendered, optimized with svgo, and derived in each
// theme, with a cache keyed by the rendered SVG's hash so unchanged cards
// skip svgo on a rebuild.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { optimize, type Config } from 'svgo';
import { cardStyle, renderCard, THEMES, type Theme } from '../card/card.ts';
import type { ChapterRecord, VerseRecord } from '../content/schema.ts';
import type { BuildCache, Cached } from './cache.ts';

/**
 * The svgo passes that help a generated card. The full default preset would
 * inline the theme's classes (breaking dark mode) and drop role="img", and
 * costs five times as much for the same bytes. The <style> is left as written
 * (it is already compact), so the light and dark cards are the optimized card
 * with its style swapped, not three svgo runs.
 */
export const SVGO_CONFIG: Config = {
  multipass: false,
  plugins: ['removeComments', 'cleanupAttrs', 'convertColors', 'removeEmptyAttrs', 'removeEmptyText', 'collapseGroups', 'sortAttrs'],
};
const CONFIG_KEY = JSON.stringify(SVGO_CONFIG);

export function optimizeSvg(svg: string): string {
  return optimize(svg, SVGO_CONFIG).data;
}

export interface CardFile extends Cached {
  bytes: Buffer;
}

/** The card in each theme: the optimized auto card, and the same with the light or dark style. */
export function themed(auto: Buffer): Record<Theme, Buffer> {
  const text = auto.toString();
  const style = `<style>${cardStyle('auto')}</style>`;
  if (!text.includes(style)) throw new Error("svgo changed the card's <style>; the theme variants cannot be derived");
  const out = { auto } as Record<Theme, Buffer>;
  for (const t of THEMES) if (t !== 'auto') out[t] = Buffer.from(text.replace(style, `<style>${cardStyle(t)}</style>`));
  return out;
}

/**
 * Each verse's card in every theme. A card already made (same rendered SVG,
 * same svgo settings) is read from the cache instead of going through svgo.
 */
export async function optimizeCards(
  items: Array<{ verse: VerseRecord; chapter: ChapterRecord }>,
  cache: BuildCache,
  onCard: (done: number) => void = () => {},
  /** svgo with SVGO_CONFIG, elsewhere (the build's worker threads); default: here. */
  optimizeWith: (svg: string, config: Config) => Promise<string> | string = (svg) => optimizeSvg(svg),
): Promise<Array<Record<Theme, CardFile>>> {
  let done = 0;
  return Promise.all(
    items.map(async ({ verse, chapter }) => {
      const svg = renderCard(verse, chapter, 'auto');
      const key = createHash('sha256').update(CONFIG_KEY).update('\0').update(svg).digest('hex');
      const slots = Object.fromEntries(THEMES.map((t) => [t, cache.lookup(`${key}.${t}.svg`)])) as Record<Theme, Cached>;
      const auto = slots.auto.file ? await readFile(slots.auto.file) : Buffer.from(await optimizeWith(svg, SVGO_CONFIG));
      const variants = themed(auto);
      onCard(++done);
      return Object.fromEntries(THEMES.map((t) => [t, { bytes: variants[t], ...slots[t] }])) as Record<Theme, CardFile>;
    }),
  );
}
