// The verse cards: of one verse, of the day, and a random one, as SVG (the
// plain card held in memory, a themed one a file) or as PNG (drawn on first
// request from the SVG, then kept: png-cards.ts).
import { FILES, type Theme } from '../../layout.ts';
import type { Context, Handler, Reply } from '../context.ts';
import { cardOf, dayOf } from '../../contract/query.ts';
import { busy, notFound } from '../respond.ts';
import type { Card } from '../served.ts';

/** A verse's card in a theme, as SVG, or as PNG when the route's file is gita.png. */
function card(c: Context, card: Card, theme: Theme, random: boolean, cache?: string): Reply {
  if (c.at.route.id.endsWith('-png')) {
    // A card not drawn yet needs a render: refused at once (uncounted) when this worker has too many in hand.
    const png = c.app.pools.png;
    if (png.full && !c.served.pngs.has(card.ch, card.sl, theme)) return busy;
    return c.later(async (c) => c.prepared(await c.served.pngs.get(card.ch, card.sl, theme, png), random, cache));
  }
  if (theme === 'auto') return c.held(card.asset ?? c.served.dist.assets.get(FILES.card(card.ch, card.sl))!, random, cache);
  return c.file(FILES.card(card.ch, card.sl, theme), random, cache);
}

/** The theme: ?theme= (read before the handler: app.ts), else the file name asked for (gita-dark.svg). */
const themeOf = (c: Context<'verse-card' | 'verse-card-png' | 'today-card' | 'today-card-png'>): Theme => c.valid.theme ?? c.at.theme ?? 'auto';

export const verseCard: Handler<'verse-card' | 'verse-card-png'> = (c) => card(c, c.served.cardOf.get(c.at.asset!)!, themeOf(c), false);

export const todayCard: Handler<'today-card' | 'today-card-png'> = (c) => {
  const day = dayOf(c.valid.date);
  return card(c, c.served.dayVerse(day.date), themeOf(c), false, day.cache);
};

/** /gita.svg: a random card, of a chapter or a speaker if asked, or the card of the verse ?ch=&sl= names. */
export const randomCard: Handler<'card' | 'card-png'> = (c) => {
  const facts = c.served.dist.manifest.content;
  const q = cardOf(c.valid);
  const theme = q.theme ?? c.at.theme ?? 'auto';
  if (q.sl) {
    // A verse named with a speaker that is not its own names nothing.
    if (q.speaker >= 0 && facts.speakerOf[q.ch - 1][q.sl - 1] !== q.speaker) return notFound.verse;
    return card(c, { ch: q.ch, sl: q.sl }, theme, false);
  }
  const pool = c.served.pool(q);
  if (!pool.length) return notFound.verse;
  return card(c, pool[Math.floor(c.app.random() * pool.length)], theme, true);
};
