// PNG cards the server draws: on the first request for a verse's card in a
// theme, from the SVG card it holds in memory (its style swapped to light or
// dark), drawn by resvg on the drawing threads (card/draw-thread.ts), then
// kept with its ETag in the server's one cache of served bytes
// (served-bytes.ts). Each build has its own (a new build, new cards).
import { cardInTheme } from '../card/theme.ts';
import { pngTheme } from '../card/png.ts';
import type { LruPart, SharedLru } from '../cache/shared.ts';
import { servedBytes } from './served-bytes.ts';
import { FILES, type Theme } from '../layout.ts';
import type { Dist } from './assets.ts';
import type { Pool } from './pool.ts';
import { ENTRY_OVERHEAD, Projected } from './projected.ts';
import { drawHere, type Draw } from './shared-draw.ts';

export class PngCards {
  private readonly cache: LruPart<Projected>;

  constructor(
    private readonly dist: Dist,
    cache: SharedLru = servedBytes(),
    /** Who draws: this process, or the primary of its workers (shared-draw.ts). */
    private readonly draw: Draw = drawHere,
  ) {
    this.cache = cache.part<Projected>('png', (p) => p.size + ENTRY_OVERHEAD);
  }

  /** The PNG of a verse's card in a theme, drawn once however many ask at the same time; through `pool` when given (at most so many renders at once). */
  get(ch: number, sl: number, theme: Theme, pool?: Pool): Promise<Projected> {
    const t = pngTheme(theme);
    return this.cache.get(`${ch}/${sl}/${t}`, async () => {
      const draw = async () => {
        const svg = this.dist.assets.get(FILES.card(ch, sl))!.identity.body.toString();
        return new Projected(await this.draw(cardInTheme(svg, t), t, `${this.dist.manifest.build}/${ch}/${sl}/${t}`), 'image/png');
      };
      return pool ? pool.run(draw) : draw();
    });
  }

  /** Is this card drawn already, or being drawn? (Then it costs no render.) */
  has(ch: number, sl: number, theme: Theme): boolean {
    return this.cache.has(`${ch}/${sl}/${pngTheme(theme)}`);
  }

  /** Cards held and their bytes (for tests and the benchmark). */
  get held(): { cards: number; bytes: number } {
    const { entries, bytes } = this.cache.held;
    return { cards: entries, bytes };
  }
}
