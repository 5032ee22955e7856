// Cards for the build: rendered, then optimized with svgo, with a cache keyed
// by the rendered SVG's hash so unchanged cards skip svgo on a rebuild.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { optimize, type Config } from 'svgo';
import { renderCard, type Theme } from '../card/card.ts';
import type { ChapterRecord, VerseRecord } from '../content/schema.ts';

/**
 * The svgo passes that help a generated card: the full default preset would
 * inline the theme's classes (breaking dark mode) and drop role="img", and
 * costs five times as much for the same bytes.
 */
export const SVGO_CONFIG: Config = {
  multipass: false,
  plugins: ['removeComments', 'cleanupAttrs', 'minifyStyles', 'convertColors', 'removeEmptyAttrs', 'removeEmptyText', 'collapseGroups', 'sortAttrs'],
};
const CONFIG_KEY = JSON.stringify(SVGO_CONFIG);

export function optimizeSvg(svg: string): string {
  return optimize(svg, SVGO_CONFIG).data;
}

export interface CardFile {
  bytes: Buffer;
  /** The cache file holding the same bytes, when there is a cache. */
  file?: string;
}

export async function optimizeCards(
  items: Array<{ verse: VerseRecord; chapter: ChapterRecord }>,
  cacheDir: string | null,
  theme: Theme = 'auto',
): Promise<CardFile[]> {
  if (cacheDir) await mkdir(cacheDir, { recursive: true });
  const used = new Set<string>();
  const cards = await Promise.all(
    items.map(async ({ verse, chapter }): Promise<CardFile> => {
      const svg = renderCard(verse, chapter, theme);
      const key = createHash('sha256').update(CONFIG_KEY).update('\0').update(svg).digest('hex');
      used.add(`${key}.svg`);
      if (!cacheDir) return { bytes: Buffer.from(optimizeSvg(svg)) };
      const file = join(cacheDir, `${key}.svg`);
      if (existsSync(file)) return { bytes: await readFile(file), file };
      const bytes = Buffer.from(optimizeSvg(svg));
      const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      return { bytes, file };
    }),
  );
  // The cache keeps the cards of the latest build only.
  if (cacheDir) for (const name of await readdir(cacheDir)) if (!used.has(name)) await rm(join(cacheDir, name), { force: true });
  return cards;
}
