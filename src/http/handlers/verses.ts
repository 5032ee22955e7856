// The records: a verse, a random one, the verse of the day, a chapter's
// verses, the chapters. Whole records are files held in memory; a
// projection (lang, authors, fields) is cut from their bytes and kept.
import { projectionKey, type Projection } from '../../content/projection.ts';
import { projectionFrom } from '../../contract/values.ts';
import { FILES } from '../../layout.ts';
import { filled } from '../../contract/route-file.ts';
import { ROUTE } from '../../contract/routes/index.ts';
import type { Asset } from '../assets.ts';
import type { Context, Handler, Reply } from '../context.ts';
import { dayOf, filterOf } from '../../contract/query.ts';
import { badRequest, notFound } from '../respond.ts';
import { answerList } from './lists.ts';
import { isChoice, meterChoice } from './meter.ts';
import { projectBytes, projectSlices } from '../../content/slices.ts';
import type { AppResponse } from '../types.ts';

/** The routes that answer records, projected as asked. */
export type ProjectedRoute = 'verse' | 'random-verse' | 'today' | 'chapter-verses' | 'verse-range' | 'verses' | 'verses-ref';

/** The projection a request asks for (lang, authors, fields, marks, read before the handler: app.ts; and a language its path names, as in en.json); null: the whole record. */
export function projectionOf(c: Context<ProjectedRoute>): Projection | null | AppResponse {
  if (!c.query && !c.at.lang) return null;
  // Each value is read; the path's language and ?lang= must agree.
  const parsed = projectionFrom(c.valid, c.at.lang);
  return 'error' in parsed ? badRequest(parsed.error) : parsed.projection;
}

/** A verse record, whole (held in memory) or projected. */
function record(c: Context<ProjectedRoute>, record: Asset, random: boolean, cache?: string): Reply {
  const p = projectionOf(c);
  if (p && 'status' in p) return p;
  if (!p) return c.held(record, random, cache);
  const s = c.served;
  return c.derived(`${record.path}\0${projectionKey(p)}`, () => projectBytes(record.identity.body, s.sliceIndex(record), p, s.isCommentary), undefined, random, cache);
}

export const verse: Handler<'verse'> = (c) => record(c, c.at.asset!, false);

export const randomVerse: Handler<'random-verse'> = (c) => {
  const filter = filterOf(c.valid);
  const meter = meterChoice(c);
  if (meter && !isChoice(meter)) return meter;
  // The pools by chapter and speaker are kept; one narrowed by meter is a pass over at most 701 picks.
  const pool = meter ? c.served.pool(filter).filter((p) => meter.keeps(`BG${p.ch}.${p.sl}`)) : c.served.pool(filter);
  if (!pool.length) return notFound.verse;
  return record(c, pool[Math.floor(c.app.random() * pool.length)].verse, true);
};

export const today: Handler<'today'> = (c) => {
  const day = dayOf(c.valid.date);
  return record(c, c.served.dayVerse(day.date).verse, false, day.cache);
};

/** The chapters, and a chapter: files held in memory, which the path names. */
export const chapter: Handler = (c) => c.held(c.at.asset!);

const OPEN_LIST = Buffer.from('[');
const CLOSE_LIST = Buffer.from(']');
const COMMA = Buffer.from(',');

export const chapterVerses: Handler<'chapter-verses'> = (c) => {
  const p = projectionOf(c);
  if (p && 'status' in p) return p;
  const ch = c.at.ch;
  // The whole list, and each language of it, are files of the build (but in a fresh start's first build); anything else is made from the records.
  const file = FILES.chapterVerses(ch, p?.lang);
  const s = c.served;
  if ((!p || (p.lang && !p.authors && !p.fields && !p.marks)) && s.dist.manifest.files[file]) return c.file(file);
  // A language and marks=iast (each, or both): the records cut as a list, under a key of its own.
  if (!p || !p.authors && !p.fields) return answerList(c, `${file}\0list${p?.marks ? `\0${p.marks}` : ''}`, s.chapterRecords(ch), p, '[', ']');
  const records = s.chapterRecords(ch);
  return c.derived(`${FILES.chapterVerses(ch)}\0${projectionKey(p)}`, () => {
    const parts: Buffer[] = [OPEN_LIST];
    records.forEach((r, i) => {
      if (i) parts.push(COMMA);
      parts.push(...projectSlices(r.identity.body, s.sliceIndex(r), p, s.isCommentary));
    });
    parts.push(CLOSE_LIST);
    return Buffer.concat(parts);
  });
};

/** A verse's words: the build's file (slok/C/V/words.json), streamed. */
export const words: Handler<'verse-words'> = (c) => c.file(filled(ROUTE['verse-words'].file!, c.at));
