// Several verses in one answer: a range of one chapter (/slok/2/47-50), and
// references as people write them (/verses?ref=BG 2.47-50, 18.66). Both
// are lists of the records held in memory, cut by the projection asked for,
// measured before anything is made (MAX_ANSWER_BYTES), and kept as bytes
// like any projection, or sent as slices of the records when large.
import { readCitation, REF_FORMS } from '../../content/citations.ts';
import { projectionKey, type Projection } from '../../content/projection.ts';
import type { Asset } from '../assets.ts';
import type { Context, Handler, Reply } from '../context.ts';
import { MAX_ANSWER_BYTES, STREAMED_ANSWER_BYTES } from '../../contract/limits.ts';
import { badRequest, notFound } from '../respond.ts';
import type { Served } from '../served.ts';
import { projectSlices } from '../../content/slices.ts';
import { projectionOf } from './verses.ts';

const COMMA = Buffer.from(',');

/** Records as the parts of one JSON array (projected when asked), between `open` and `close`: slices of the bytes held, nothing copied. */
function listParts(s: Served, records: readonly Asset[], p: Projection | null, open: string, close: string): Buffer[] {
  const parts: Buffer[] = [Buffer.from(open)];
  records.forEach((r, i) => {
    if (i) parts.push(COMMA);
    if (p) parts.push(...projectSlices(r.identity.body, s.sliceIndex(r), p, s.isCommentary));
    else parts.push(r.identity.body);
  });
  parts.push(Buffer.from(close));
  return parts;
}

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/**
 * A list of records, within the answer budget: refused before anything is
 * made when over it; sent as its parts when large (never joined nor kept as
 * they are; compressed on demand for a client that takes it, and kept so);
 * else joined and kept like any projection.
 */
function answerList(c: Context, key: string, records: readonly Asset[], p: Projection | null, open: string, close: string): Reply {
  const s = c.served;
  // Held already (and so within the budget): nothing to cut now; should it be dropped meanwhile, it is made again.
  if (s.projections.has(key)) return c.derived(key, () => Buffer.concat(listParts(s, records, p, open, close)));
  const parts = listParts(s, records, p, open, close);
  let length = 0;
  for (const part of parts) length += part.length;
  if (length > MAX_ANSWER_BYTES) {
    return badRequest(`answer: these ${records.length} verses make ${megabytes(length)}; one answer may be at most ${megabytes(MAX_ANSWER_BYTES)}: ask for fewer verses, or fewer texts with lang, authors or fields`);
  }
  if (length > STREAMED_ANSWER_BYTES) return c.partsOf(key, parts, length);
  return c.derived(key, () => Buffer.concat(parts, length));
}

/** GET /slok/{ch}/{from}-{to}: the match checked that both are verses of the chapter (else the verse 404). */
export const verseRange: Handler = (c) => {
  const { ch, from, to } = c.at;
  if (from! > to!) return badRequest(`${from}-${to}: the range runs backwards; write the earlier verse first (/slok/${ch}/${to}-${from})`);
  const p = projectionOf(c);
  if (p && 'status' in p) return p;
  const s = c.served;
  const records = s.chapterRecords(ch!).slice(from! - 1, to!);
  return answerList(c, `/slok/${ch}/${from}-${to}\0${p ? projectionKey(p) : ''}`, records, p, '[', ']');
};

/** GET /verses?ref= and /verses/{ref}: {"refs": [canonical labels], "verses": [records in the order asked]}. */
export const verses: Handler = (c) => {
  const asked = c.query?.getAll('ref') ?? [];
  if (c.at.ref !== undefined && asked.length) return badRequest('ref: given in the path and as ?ref=; give it once, with several references separated by commas');
  const given = c.at.ref !== undefined ? [c.at.ref] : asked;
  if (given.length > 1) return badRequest(`ref: given ${given.length} times; give it once, with several references separated by commas`);
  const s = c.served;
  const cited = readCitation(given[0] ?? '', s.dist.manifest.content.versesPerChapter);
  if (!cited.ok) {
    if (cited.error.kind === 'missing') return notFound.verse;
    return badRequest(given.length ? cited.error.message : `ref: missing; give ?ref= (or /verses/{ref}): ${REF_FORMS}`);
  }
  const p = projectionOf(c);
  if (p && 'status' in p) return p;
  const records = cited.verses.map(({ ch, sl }) => s.chapterRecords(ch)[sl - 1]);
  const head = `{"refs":${JSON.stringify(cited.refs)},"verses":[`;
  return answerList(c, `/verses\0${cited.refs.join(',')}\0${p ? projectionKey(p) : ''}`, records, p, head, ']}');
};
