// Each route's handler, by the route's id (routes.ts): the compiler asks for
// one per route. A handler turns the parsed request (c.at: the route and
// what the path says; c.query; c.caller) into an answer through the
// responders of the context (context.ts), or returns an error at once.
import type { RouteId } from '../../contract/routes/index.ts';
import type { Handler } from '../context.ts';
import { analysis, lemma, lemmas, readLemma, verseLinks, work, works } from './analysis.ts';
import { authors } from './authors.ts';
import { randomCard, todayCard, verseCard } from './cards.ts';
import { verseRange, verses } from './citations.ts';
import { mcp } from './mcp.ts';
import { metrics } from './metrics.ts';
import { refs } from './refs.ts';
import { search } from './search.ts';
import { docs, guide, healthz, openapi, pricing, register, usage } from './service.ts';
import { chapter, chapterVerses, randomVerse, today, verse, words } from './verses.ts';
import { download, readChapter, readVerse } from './read.ts';
import { verseVersions, version, versions } from './versions.ts';
import { meters, verseMeter } from './meter.ts';

export const HANDLERS: Record<RouteId, Handler> = {
  'random-verse': randomVerse,
  today,
  'today-card': todayCard,
  'today-card-png': todayCard,
  verse,
  'verse-words': words,
  'verse-analysis': analysis,
  'verse-links': verseLinks,
  works,
  work,
  versions,
  version,
  'verse-versions': verseVersions,
  'verse-meter': verseMeter,
  meters,
  lemma,
  lemmas,
  'verse-range': verseRange,
  verses,
  'verses-ref': verses,
  refs,
  search,
  chapters: chapter,
  'chapter-verses': chapterVerses,
  chapter,
  authors,
  author: authors,
  card: randomCard,
  'card-png': randomCard,
  'verse-card': verseCard,
  'verse-card-png': verseCard,
  docs,
  guide,
  pricing,
  openapi,
  usage,
  healthz,
  metrics,
  register,
  'read-verse': readVerse,
  'read-chapter': readChapter,
  'read-lemma': readLemma,
  download,
  mcp,
};
