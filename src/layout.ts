// Where each resource lives in dist/: the static-hosting form of the HTTP
// routes. The build writes these paths, the server and the host files map
// the routes onto them, the docs link to them.

/** A card's colours: `auto` follows the reader's light or dark preference. */
export type Theme = 'auto' | 'light' | 'dark';
export const THEMES: readonly Theme[] = ['auto', 'light', 'dark'];

export const FILES = {
  chapters: '/chapters/index.json',
  chapter: (ch: number | string) => `/chapter/${ch}/index.json`,
  verse: (ch: number | string, sl: number | string) => `/slok/${ch}/${sl}/index.json`,
  /** The card of a verse; `-light` and `-dark` beside it force a theme (the plain one follows the reader's). */
  card: (ch: number, sl: number, theme: Theme = 'auto') => `/slok/${ch}/${sl}/${cardName(theme)}`,
  /** The card of the build's verse of the day; the server answers /gita.svg with a random card instead. */
  dailyCard: (theme: Theme = 'auto') => `/${cardName(theme)}`,
  docs: '/index.html',
  pricing: '/pricing/index.html',
  openapi: '/openapi.json',
  manifest: '/manifest.json',
  /** The import's audit of the content and what the errata did (content/audit.json). */
  audit: '/audit.json',
  notFound: '/404.html',
} as const;

export const cardName = (theme: Theme) => (theme === 'auto' ? 'gita.svg' : `gita-${theme}.svg`);

/** The two precompressed twins written beside every text file, by content coding. */
export const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;
export type Coding = (typeof ENCODINGS)[number]['coding'];

export const MEDIA_TYPES: Record<string, string> = {
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

export function mediaType(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1);
  return MEDIA_TYPES[ext] ?? 'application/octet-stream';
}
