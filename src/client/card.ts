// cardUrl(): the address of a card, for an <img>; nothing is fetched.
import { fillPath } from '../contract/paths.ts';
import { ROUTE_PATHS } from '../contract/routes/paths.ts';
import { GitaError } from './error.ts';
import { withQuery } from './paths.ts';
import { urlOf } from './transport.ts';
import type { State } from './state.ts';
import type { Theme } from './types.ts';

export function cardUrl(s: State, card: { chapter?: number; verse?: number; theme?: Theme; today?: boolean } = {}): string {
  // The routes' paths name the plain card (gita.svg); a theme is in the name (gita-dark.svg).
  const named = (path: string) => (!card.theme || card.theme === 'auto' ? path : path.replace(/gita\.svg$/, `gita-${card.theme}.svg`));
  if (card.today) return urlOf(s, named(ROUTE_PATHS['today-card']));
  if (card.chapter && card.verse) return urlOf(s, named(fillPath(ROUTE_PATHS['verse-card'], { ch: card.chapter, sl: card.verse })));
  if (card.verse) throw new GitaError(0, 'cardUrl: a verse needs its chapter', s.base);
  if (s.mode === 'static') {
    if (card.chapter) throw new GitaError(0, 'cardUrl: a static host has no random card of a chapter; name the verse', s.base);
    // A static host's /gita.svg is the card of its build's verse of the day.
    return urlOf(s, named(ROUTE_PATHS.card));
  }
  return urlOf(s, withQuery(named(ROUTE_PATHS.card), card.chapter ? `ch=${card.chapter}` : ''));
}
