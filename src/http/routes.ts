// The routes of the API, defined once: the server matches requests with
// them, and the docs page, the OpenAPI document and the tests read them.
import { LANG_FORMS, THEMES, type LangForm, type Theme } from '../layout.ts';
import type { NotFoundKind } from './errors.ts';

export type RouteId =
  | 'random-verse'
  | 'today'
  | 'today-card'
  | 'verse'
  | 'chapter-verses'
  | 'search'
  | 'chapters'
  | 'chapter'
  | 'card'
  | 'verse-card'
  | 'docs'
  | 'pricing'
  | 'openapi'
  | 'usage'
  | 'healthz'
  | 'register';

export interface RouteSpec {
  id: RouteId;
  /** OpenAPI form, parameters in braces. */
  path: string;
  methods: readonly string[];
  summary: string;
  /** A path to try it with, for the docs page and the link-following test. */
  example: string;
  /** Which 404 wording this route's family answers with. */
  notFound: NotFoundKind;
  /** Answers something new on every call (Cache-Control: no-store). */
  random?: boolean;
}

const READ = ['GET', 'HEAD'] as const;

export const ROUTES: readonly RouteSpec[] = [
  { id: 'random-verse', path: '/slok', methods: READ, summary: 'A random verse record, uniform over the verses (never a colophon); ?ch=C and ?speaker= (krishna, arjuna, sanjaya, dhritarashtra) narrow the draw and combine. Takes lang, authors, fields.', example: '/slok?speaker=arjuna', notFound: 'verse', random: true },
  { id: 'today', path: '/slok/today', methods: READ, summary: 'The verse of the day: the same for everybody during a UTC day, picked from the date as the build picks it (so every server and a static host rebuilt daily agree); ?date=YYYY-MM-DD gives another day\'s. Takes lang, authors, fields.', example: '/slok/today?lang=en', notFound: 'verse' },
  { id: 'today-card', path: '/slok/today/gita.svg', methods: READ, summary: 'The card of the verse of the day (gita-light.svg and gita-dark.svg beside it force a theme); ?date= as on /slok/today.', example: '/slok/today/gita.svg', notFound: 'verse' },
  { id: 'verse', path: '/slok/{ch}/{sl}', methods: READ, summary: 'One verse record; sl runs from 1 to verses_count + 1 (the chapter colophon). Takes lang, authors, fields.', example: '/slok/2/47', notFound: 'verse' },
  { id: 'search', path: '/search', methods: READ, summary: 'Search the 701 verses: English and Hindi translations, and the verse in Devanagari or its transliteration, typed as people type Sanskrit (IAST with or without diacritics, or plain ASCII: karmanye vadhikaraste); lang, ch, speaker and limit narrow it; format=html answers a page.', example: '/search?q=karmanye%20vadhikaraste', notFound: 'resource' },
  { id: 'chapters', path: '/chapters', methods: READ, summary: 'The 18 chapter records, ordered by chapter_number.', example: '/chapters', notFound: 'chapter' },
  { id: 'chapter-verses', path: '/chapter/{ch}/slok', methods: READ, summary: "A chapter's verse records in one array, in order: verses 1 to verses_count, then the colophon. Takes lang, authors, fields.", example: '/chapter/3/slok?lang=en&authors=siva', notFound: 'chapter' },
  { id: 'chapter', path: '/chapter/{ch}', methods: READ, summary: 'One chapter record. Without a number, /chapter answers the list, as /chapters does.', example: '/chapter/2', notFound: 'chapter' },
  { id: 'card', path: '/gita.svg', methods: READ, summary: 'A verse card (SVG): a random verse; ?ch=C and ?speaker= narrow the draw; ?ch=C&sl=V that verse; ?theme=light|dark forces a theme.', example: '/gita.svg?ch=2&sl=47', notFound: 'verse', random: true },
  { id: 'verse-card', path: '/slok/{ch}/{sl}/gita.svg', methods: READ, summary: 'The card of one verse; gita-light.svg and gita-dark.svg beside it (or ?theme=) force a theme.', example: '/slok/2/47/gita.svg', notFound: 'verse' },
  { id: 'docs', path: '/', methods: READ, summary: 'This documentation (HTML).', example: '/', notFound: 'resource' },
  { id: 'pricing', path: '/pricing', methods: READ, summary: 'The free license: what a key gives and how to get one (HTML).', example: '/pricing', notFound: 'resource' },
  { id: 'openapi', path: '/openapi.json', methods: READ, summary: 'The OpenAPI 3.1 description of the API.', example: '/openapi.json', notFound: 'resource' },
  { id: 'usage', path: '/usage', methods: READ, summary: "Your key's own usage and limit (needs a key).", example: '/usage', notFound: 'resource' },
  { id: 'healthz', path: '/healthz', methods: READ, summary: 'Health: what the server serves, and whether its stores are reachable.', example: '/healthz', notFound: 'resource' },
  { id: 'register', path: '/register', methods: ['POST'], summary: 'Register for a free key (form or JSON: name, email, intended use).', example: '/pricing', notFound: 'resource' },
];

export const ROUTE = Object.fromEntries(ROUTES.map((r) => [r.id, r])) as Record<RouteId, RouteSpec>;

export type Match =
  | { route: RouteSpec; ch?: number; sl?: number; theme?: Theme; lang?: LangForm }
  | { route: null; notFound: NotFoundKind };

/** `index.json` and `en.json` (the static files' names): the whole resource, or one language of it. */
function fileForm(name: string | undefined): { lang?: LangForm } | null {
  if (name === 'index.json') return {};
  const lang = name?.endsWith('.json') ? name.slice(0, -5) : '';
  return (LANG_FORMS as readonly string[]).includes(lang) ? { lang: lang as LangForm } : null;
}

/** gita.svg, gita-light.svg, gita-dark.svg: the card file names, by theme. */
const CARD_NAMES = new Map<string, Theme>(THEMES.map((t) => [t === 'auto' ? 'gita.svg' : `gita-${t}.svg`, t]));

/** `ch` and `sl` are plain decimal integers, nothing else (DESIGN.md). */
const NUMBER = /^[1-9][0-9]{0,5}$/;

/**
 * Match a request path (no query) against the routes. `versesPerChapter` is
 * the content's verse counts, so out-of-range numbers are "not found" here.
 * Percent-encoding is decoded per segment; anything malformed is not found.
 */
export function matchRoute(pathname: string, versesPerChapter: readonly number[]): Match {
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  const raw = pathname.split('/');
  if (raw[0] !== '') return { route: null, notFound: 'resource' };
  const seg: string[] = [];
  for (let i = 1; i < raw.length; i++) {
    let s = raw[i];
    if (s.includes('%')) {
      try {
        s = decodeURIComponent(s);
      } catch {
        return { route: null, notFound: familyOf(raw[1]) };
      }
    }
    seg.push(s);
  }
  const chapterOk = (s: string | undefined) => (s !== undefined && NUMBER.test(s) && Number(s) <= versesPerChapter.length ? Number(s) : 0);
  const verseOk = (ch: number, s: string | undefined) => (ch && s !== undefined && NUMBER.test(s) && Number(s) <= versesPerChapter[ch - 1] + 1 ? Number(s) : 0);

  switch (seg[0]) {
    case '':
      return seg.length === 1 ? { route: ROUTE.docs } : { route: null, notFound: 'resource' };
    case 'slok': {
      if (seg.length === 1) return { route: ROUTE['random-verse'] };
      if (seg[1] === 'today') {
        if (seg.length === 2) return { route: ROUTE.today };
        const theme = seg.length === 3 ? CARD_NAMES.get(seg[2]) : undefined;
        if (theme) return { route: ROUTE['today-card'], theme };
        const form = seg.length === 3 ? fileForm(seg[2]) : null;
        return form ? { route: ROUTE.today, ...form } : { route: null, notFound: 'verse' };
      }
      const ch = chapterOk(seg[1]);
      const sl = verseOk(ch, seg[2]);
      if (!sl) return { route: null, notFound: 'verse' };
      if (seg.length === 3) return { route: ROUTE.verse, ch, sl };
      if (seg.length !== 4) return { route: null, notFound: 'verse' };
      const theme = CARD_NAMES.get(seg[3]);
      if (theme) return { route: ROUTE['verse-card'], ch, sl, theme };
      const form = fileForm(seg[3]);
      return form ? { route: ROUTE.verse, ch, sl, ...form } : { route: null, notFound: 'verse' };
    }
    case 'chapters':
      return seg.length === 1 || (seg.length === 2 && seg[1] === 'index.json') ? { route: ROUTE.chapters } : { route: null, notFound: 'chapter' };
    case 'chapter': {
      if (seg.length === 1) return { route: ROUTE.chapters };
      const ch = chapterOk(seg[1]);
      if (!ch) return { route: null, notFound: 'chapter' };
      if (seg.length === 2 || (seg.length === 3 && seg[2] === 'index.json')) return { route: ROUTE.chapter, ch };
      if (seg[2] !== 'slok' || seg.length > 4) return { route: null, notFound: 'chapter' };
      const form = seg.length === 3 ? {} : fileForm(seg[3]);
      return form ? { route: ROUTE['chapter-verses'], ch, ...form } : { route: null, notFound: 'chapter' };
    }
  }
  const cardTheme = CARD_NAMES.get(seg[0]);
  if (cardTheme) return seg.length === 1 ? { route: ROUTE.card, theme: cardTheme } : { route: null, notFound: 'verse' };
  if (seg.length === 1) {
    const single = SINGLE.get(seg[0]);
    if (single) return { route: single };
  }
  return { route: null, notFound: 'resource' };
}

const SINGLE = new Map<string, RouteSpec>(
  (['pricing', 'openapi', 'usage', 'healthz', 'register', 'search'] as const).map((id) => [ROUTE[id].path.slice(1), ROUTE[id]]),
);

function familyOf(first: string | undefined): NotFoundKind {
  if (first === 'slok' || (first !== undefined && CARD_NAMES.has(first))) return 'verse';
  if (first === 'chapter' || first === 'chapters') return 'chapter';
  return 'resource';
}

/** ?theme= on a card: light, dark or auto; absent: undefined; anything else: null (not found). */
export function themeQuery(params: URLSearchParams): Theme | null | undefined {
  const all = params.getAll('theme');
  if (!all.length) return undefined;
  return all.length === 1 && (THEMES as readonly string[]).includes(all[0]) ? (all[0] as Theme) : null;
}

/** The content facts the query parsers need: verse counts and speakers (from the manifest). */
export interface QueryFacts {
  versesPerChapter: readonly number[];
  speakers: ReadonlyArray<{ slug: string | null; name: string }>;
}

/** A pool of verses to draw from: a chapter (0: any) and a speaker (an index into the manifest's speakers; -1: any). */
export interface VerseFilter {
  ch: number;
  speaker: number;
}

export const ANY_VERSE: VerseFilter = { ch: 0, speaker: -1 };

/** The speaker `value` names: its slug (any case) or its Devanagari name (any Unicode normalization); -2: none. */
export function speakerIndex(value: string, speakers: QueryFacts['speakers']): number {
  const slug = value.trim().toLowerCase();
  const name = value.trim().normalize('NFC');
  const i = speakers.findIndex((s) => s.slug === slug || s.name === name);
  return i === -1 ? -2 : i;
}

/**
 * ?ch= and ?speaker= of /slok and /gita.svg. Null when they name no chapter or
 * speaker, or are given twice: the route answers "not found".
 */
export function verseFilter(params: URLSearchParams, facts: QueryFacts): VerseFilter | null {
  const ch = params.getAll('ch');
  const speaker = params.getAll('speaker');
  if (ch.length > 1 || speaker.length > 1) return null;
  let c = 0;
  if (ch.length) {
    if (!NUMBER.test(ch[0]) || Number(ch[0]) > facts.versesPerChapter.length) return null;
    c = Number(ch[0]);
  }
  let sp = -1;
  if (speaker.length) {
    sp = speakerIndex(speaker[0], facts.speakers);
    if (sp < 0) return null;
  }
  return { ch: c, speaker: sp };
}

/**
 * Query parameters of /gita.svg: none (random), ch and speaker (random among
 * those verses), ch and sl (that verse), and theme. Anything that does not
 * name a verse: null.
 */
export function cardQuery(params: URLSearchParams, facts: QueryFacts): (VerseFilter & { sl?: number; theme?: Theme }) | null {
  const theme = themeQuery(params);
  if (theme === null) return null;
  const filter = verseFilter(params, facts);
  if (!filter) return null;
  const sl = params.getAll('sl');
  if (sl.length > 1 || (sl.length && !filter.ch)) return null;
  const picked: VerseFilter & { sl?: number; theme?: Theme } = { ...filter };
  if (sl.length) {
    if (!NUMBER.test(sl[0]) || Number(sl[0]) > facts.versesPerChapter[filter.ch - 1] + 1) return null;
    picked.sl = Number(sl[0]);
  }
  if (theme) picked.theme = theme;
  return picked;
}
