// Several verses in one answer: a range of one chapter (/slok/2/47-50), and
// references as people write them (/verses?ref=BG 2.47-50, 18.66). Both
// are lists of the records held in memory, cut by the projection asked for,
// measured before anything is made (MAX_ANSWER_BYTES), and kept as bytes
// like any projection, or sent as slices of the records when large.
import { readCitation, REF_FORMS } from '../../content/citations.ts';
import { projectionKey } from '../../content/projection.ts';
import type { Handler } from '../context.ts';
import { badRequest, notFound } from '../respond.ts';
import { projectionOf } from './verses.ts';
import { answerList } from './lists.ts';
import { isChoice, meterChoice } from './meter.ts';

/** GET /slok/{ch}/{from}-{to}: the match checked that both are verses of the chapter (else the verse 404). */
export const verseRange: Handler<'verse-range'> = (c) => {
  const { ch, from, to } = c.at;
  if (from! > to!) return badRequest(`${from}-${to}: the range runs backwards; write the earlier verse first (/slok/${ch}/${to}-${from})`);
  const p = projectionOf(c);
  if (p && 'status' in p) return p;
  const s = c.served;
  const records = s.chapterRecords(ch!).slice(from! - 1, to!);
  return answerList(c, `/slok/${ch}/${from}-${to}\0${p ? projectionKey(p) : ''}`, records, p, '[', ']');
};

/** GET /verses?ref= and /verses/{ref}: {"refs": [canonical labels], "verses": [records in the order asked]}. */
export const verses: Handler<'verses' | 'verses-ref'> = (c) => {
  // ?ref= given twice was refused before the handler (app.ts); the path's and the query's together are refused here.
  const asked = c.valid.ref;
  if (c.at.ref !== undefined && asked !== undefined) return badRequest('ref: given in the path and as ?ref=; give it once, with several references separated by commas');
  const given = c.at.ref ?? asked;
  const s = c.served;
  const cited = readCitation(given ?? '', s.dist.manifest.content.versesPerChapter);
  if (!cited.ok) {
    if (cited.error.kind === 'missing') return notFound.verse;
    return badRequest(given !== undefined ? cited.error.message : `ref: missing; give ?ref= (or /verses/{ref}): ${REF_FORMS}`);
  }
  const p = projectionOf(c);
  if (p && 'status' in p) return p;
  const meter = meterChoice(c);
  if (meter && !isChoice(meter)) return meter;
  const kept = meter ? cited.verses.filter(({ ch, sl }) => meter.keeps(`BG${ch}.${sl}`)) : cited.verses;
  if (!kept.length) return notFound.verse;
  const records = kept.map(({ ch, sl }) => s.chapterRecords(ch)[sl - 1]);
  const head = `{"refs":${JSON.stringify(cited.refs)},"verses":[`;
  return answerList(c, `/verses\0${cited.refs.join(',')}\0${meter?.key ?? ''}\0${p ? projectionKey(p) : ''}`, records, p, head, ']}');
};
