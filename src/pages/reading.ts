// What every reading page shares (a verse's, a chapter's, a lemma's): the
// languages, where the pages are published, their paths and their styles.
import { fillPath } from '../contract/paths.ts';
import { DEFAULT_READING_LANG, READING_LANG_VALUES, type ReadingLang } from '../contract/parameters.ts';
import { ROUTE_PATHS } from '../contract/routes/paths.ts';
import { FILES, TELUGU_NAMES_FONT } from '../layout.ts';
import { READING_LABELS } from './read-labels.ts';

/** The languages a reading page translates into (`?lang=`: the parameter's). */
export const READING_LANGS = READING_LANG_VALUES;
export { DEFAULT_READING_LANG, type ReadingLang };
/** Where the page is published: an absolute origin (and path prefix) such as `https://gita.example`, or '' for root-relative links. */
export type BaseUrl = string;

/** Paths of the reading pages and of the card image a page shows in link previews: the routes'. */
export const READ_PATHS = {
  chapter: (ch: number) => fillPath(ROUTE_PATHS['read-chapter'], { ch }),
  verse: (ch: number, sl: number) => fillPath(ROUTE_PATHS['read-verse'], { ch, sl }),
  card: (ch: number, sl: number) => fillPath(ROUTE_PATHS['verse-card-png'], { ch, sl }),
};

/**
 * The Telugu letters of the reading languages' names (తెలుగు), in the order
 * they first occur: the glyphs of the small Telugu font a page that is not
 * Telugu draws the name with (FILES.teluguNamesFont, cut by the build).
 */
export const TELUGU_NAME_LETTERS = [...new Set(READING_LANGS.map((l) => READING_LABELS[l].language).join(''))].filter((c) => /[\u0c00-\u0c7f]/.test(c)).join('');

const unicodeRange = (letters: string) => [...letters].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(',');

/**
 * The reading pages' own styles, added to the shared frame's. The word
 * తెలుగు in another page's list of languages is drawn from a font of its
 * letters alone (about 1.6 kB, fetched where the word is shown): the page's
 * Telugu web font (36 kB) is fetched for Telugu pages only, and a machine
 * without a Telugu font draws the name all the same.
 */
export const READING_STYLE = `
@font-face{font-family:"${TELUGU_NAMES_FONT.family}";font-style:normal;font-weight:400;font-display:swap;src:url(${FILES.teluguNamesFont}) format("woff2");unicode-range:${unicodeRange(TELUGU_NAME_LETTERS)}}
.ref{color:var(--muted);font-size:.95rem;margin:1.25rem 0 0}
.slok{font-size:1.45rem;line-height:1.9;margin:1rem 0 .5rem;white-space:pre-line;overflow-wrap:anywhere}
.num{white-space:nowrap}
.translit{font-style:italic;color:var(--muted);white-space:pre-line;overflow-wrap:anywhere;margin:.25rem 0 1.25rem}
.translation{font-size:1.12rem;border-left:3px solid var(--accent);padding:.2rem 0 .2rem .9rem;margin:1rem 0;overflow-wrap:anywhere}
.translation p{margin:.4rem 0}.by{color:var(--muted);font-size:.92rem}
details{margin:1rem 0}summary{cursor:pointer;font-weight:600}
.words{display:grid;grid-template-columns:minmax(0,auto) minmax(0,1fr);gap:.2rem 1rem;margin:.5rem 0}
.words .analysis{display:block;color:var(--muted);font-size:.9rem}.credit{color:var(--muted);font-size:.88rem}
.words dt{font-weight:600;overflow-wrap:anywhere}.words dd{margin:0;overflow-wrap:anywhere}.words dt span{display:block;font-weight:400;font-style:italic;color:var(--muted);font-size:.9rem}
.pager{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap;margin:2rem 0 1rem;padding-top:1rem;border-top:1px solid var(--line)}
.choices{display:flex;flex-wrap:wrap;gap:.3rem .9rem;font-size:.92rem;padding:0;list-style:none}.choices [aria-current]{font-weight:700;text-decoration:none}
.verses{padding:0;list-style:none}.verses li{padding:.45rem 0;border-bottom:1px solid var(--line);overflow-wrap:anywhere}
.verses a{font-weight:600;margin-right:.5rem}
html:not([lang=te]) .choices [lang=te]{font-family:"${TELUGU_NAMES_FONT.family}",system-ui,sans-serif}
`;
