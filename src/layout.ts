// Where each resource lives in dist/: the static-hosting form of the HTTP
// routes. The build writes these paths, the server and the host files map
// the routes onto them, the docs link to them.

/** A card's colours: `auto` follows the reader's light or dark preference. */
export type Theme = 'auto' | 'light' | 'dark';
export const THEMES: readonly Theme[] = ['auto', 'light', 'dark'];

/** The languages of the static language forms (`en.json` beside `index.json`); src/content/projection.ts says which text fields each keeps. */
export type LangForm = 'en' | 'hi' | 'sa';
export const LANG_FORMS: readonly LangForm[] = ['en', 'hi', 'sa'];
const form = (lang?: LangForm) => `${lang ?? 'index'}.json`;

/**
 * The Devanagari web font of FILES.webFont as a page declares it: its family
 * and the characters it is for (its unicode-range: Devanagari only, so that
 * Latin text stays in the reader's system font and a page without Devanagari
 * never loads it). The pages' frame declares it (src/pages/html.ts); the
 * tagger's card adds it where the reader's machine has no Devanagari font
 * (src/linker/font.ts).
 */
export const WEB_FONT = {
  family: 'Gita Devanagari',
  unicodeRange: 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+25CC,U+A830-A839,U+A8E0-A8FF',
} as const;

/** The pages' Telugu (a Telugu version's page): Noto Sans Telugu's Telugu subset, used only for Telugu letters. */
export const TELUGU_FONT = {
  family: 'Gita Telugu',
  unicodeRange: 'U+0C00-0C7F,U+200C-200D,U+25CC',
} as const;

/**
 * The few Telugu glyphs a page that is not Telugu shows: the language's name
 * (తెలుగు) in its list of languages, from a font of those glyphs alone
 * (FILES.teluguNamesFont, cut from Noto Sans Telugu by the build), so that a
 * machine without a Telugu font draws it and no page but a Telugu one fetches
 * the whole Telugu font. Its letters, and so its unicode-range, are the
 * reading languages' names (src/pages/reading.ts).
 */
export const TELUGU_NAMES_FONT = { family: 'Gita Telugu Names' } as const;

export const FILES = {
  chapters: '/chapters/index.json',
  chapter: (ch: number | string) => `/chapter/${ch}/index.json`,
  /** A verse record, whole or in one language (`lang=en` as a file). */
  verse: (ch: number | string, sl: number | string, lang?: LangForm) => `/slok/${ch}/${sl}/${form(lang)}`,
  /** What joining the analysis found: the word-by-word entries left unjoined, the unnumbered sentences' places, the verses the DCS spells otherwise. */
  analysisReport: '/analysis-report.json',
  /** A chapter's verse records in order (the colophon last), whole or in one language. */
  chapterVerses: (ch: number | string, lang?: LangForm) => `/chapter/${ch}/slok/${form(lang)}`,
  /** The build day's verse (the verse of the day of the build's seed), whole or in one language. */
  today: (lang?: LangForm) => `/slok/today/${form(lang)}`,
  todayCard: (theme: Theme = 'auto') => `/slok/today/${cardName(theme)}`,
  /** The card of a verse; `-light` and `-dark` beside it force a theme (the plain one follows the reader's). */
  card: (ch: number | string, sl: number | string, theme: Theme = 'auto') => `/slok/${ch}/${sl}/${cardName(theme)}`,
  /** The card of the build's verse of the day at the top (a static host's /gita.svg); the server answers /gita.svg with a random card instead. */
  dailyCard: (theme: Theme = 'auto') => `/${cardName(theme)}`,
  /** The PNG cards (1200x630, for link previews), beside the SVG ones; every verse's only in a build with `--png`. */
  cardPng: (ch: number | string, sl: number | string, theme: Theme = 'auto') => `/slok/${ch}/${sl}/${pngName(theme)}`,
  todayPng: (theme: Theme = 'auto') => `/slok/today/${pngName(theme)}`,
  dailyPng: (theme: Theme = 'auto') => `/${pngName(theme)}`,
  /** The pages' Devanagari web font (a subset of Noto Sans Devanagari), by weight. */
  webFont: (weight: 400 | 700) => `/fonts/noto-sans-devanagari-${weight}.woff2`,
  teluguFont: (weight: 400 | 700) => `/fonts/noto-sans-telugu-${weight}.woff2`,
  /** The Telugu letters of the languages' names alone (TELUGU_NAMES_FONT), weight 400: about 1.6 kB. */
  teluguNamesFont: '/fonts/noto-sans-telugu-names-400.woff2',
  favicon: '/favicon.ico',
  faviconSvg: '/favicon.svg',
  docs: '/index.html',
  /** A guide of docs/ rendered as a page of the site (src/docs/guides.ts). */
  guide: (name: string) => `/docs/${name}/index.html`,
  pricing: '/pricing/index.html',
  openapi: '/openapi.json',
  manifest: '/manifest.json',
  /** The import's audit of the content and what the errata did (content/audit.json). */
  audit: '/audit.json',
  /** What the content holds (the manifest's content section): what a client on a static host draws and picks from. */
  facts: '/content.json',
  /** The search index (MiniSearch and the searched texts), and the search code for a browser. */
  searchIndex: '/search/index.json',
  searchModule: '/search.js',
  /** The client, as one ES module, and its declarations (Deno finds them by X-TypeScript-Types). */
  client: '/client.js',
  clientTypes: '/client.d.ts',
  /** The reference tagger: one script tag makes a page's Gita references links with the verse on hover (src/linker/). */
  linker: '/linker.js',
  notFound: '/404.html',
  /** The reading pages (HTML, src/reading/pages.ts): a verse, and a chapter with its summary and verses. */
  readVerse: (ch: number | string, sl: number | string) => `/read/${ch}/${sl}/index.html`,
  readChapter: (ch: number | string) => `/read/${ch}/index.html`,
  /** The whole Gita in one file each, for offline use (src/publish/downloads.ts). */
  downloads: { json: '/downloads/gita.json', ndjson: '/downloads/gita.ndjson', sqlite: '/downloads/gita.sqlite' },
} as const;

/**
 * The files of dist/ that say how to use the API rather than carry its
 * content: a server hands them to anybody, uncounted. Every other file no
 * route names (the reading pages' HTML, the search index...) goes through
 * the key and the quota as the routes do.
 */
export const isPublicFile = (path: string) => PUBLIC_FILES.has(path) || path.startsWith('/fonts/') || path.startsWith('/docs/');
const PUBLIC_FILES = new Set<string>([FILES.docs, FILES.notFound, FILES.pricing, FILES.openapi, FILES.manifest, FILES.audit, FILES.analysisReport, FILES.facts, FILES.client, FILES.clientTypes, FILES.linker, FILES.searchModule, FILES.favicon, FILES.faviconSvg, '/_headers', '/_redirects']);

/** What the built docs page says where the API's origin goes; the server writes its own origin there. */
export const ORIGIN_PLACEHOLDER = 'https://&lt;this host&gt;';

export const cardName = (theme: Theme) => (theme === 'auto' ? 'gita.svg' : `gita-${theme}.svg`);
/** A PNG has no "prefers dark": gita.png holds the light picture, like gita-light.png. */
export const pngName = (theme: Theme) => (theme === 'auto' ? 'gita.png' : `gita-${theme}.png`);

/** The precompressed twins written beside every text file, by content coding. */
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
  js: 'text/javascript; charset=utf-8',
  ts: 'application/typescript; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  sqlite: 'application/vnd.sqlite3',
  png: 'image/png',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
};

/** Files stored as they are, with no brotli or gzip twin: already compressed. */
export const isBinary = (path: string) => /\.(?:png|ico|woff2)$/.test(path);
/**
 * The parts of a build that `npm start` leaves for a second, background
 * build (manifest.pending), so that a fresh checkout answers as soon as its
 * records are built. The routes and files of a part answer 503 with
 * Retry-After until then, but for the language forms, which the server cuts
 * from the records anyway. Which part makes which file: contract/build-parts.ts.
 */
export const LATER_PARTS = ['language forms', 'word analysis', 'links', 'versions', 'meter', 'search', 'client and tagger', 'reading pages', 'downloads', 'cards'] as const;
export type BuildPart = (typeof LATER_PARTS)[number];

/** The cards (gita.svg, gita-light.svg, gita-dark.svg): twins at their own levels (compress.ts, CARD_LEVELS). */
export const isCard = (path: string) => /\/gita(?:-light|-dark)?\.svg$/.test(path);

export function mediaType(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1);
  return MEDIA_TYPES[ext] ?? 'application/octet-stream';
}
