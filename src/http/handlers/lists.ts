// A list of records in one answer (a range, references, a chapter's verses):
// the records held in memory, cut by the projection asked for, measured
// before anything is made (MAX_ANSWER_BYTES), and kept as bytes like any
// projection, or sent as slices of the records when large.
import type { Projection } from '../../content/projection.ts';
import { projectSlices } from '../../content/slices.ts';
import { MAX_ANSWER_BYTES, STREAMED_ANSWER_BYTES } from '../../contract/limits.ts';
import type { Asset } from '../assets.ts';
import type { Context, Reply } from '../context.ts';
import { badRequest } from '../respond.ts';
import type { Served } from '../served.ts';

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
export function answerList(c: Context, key: string, records: readonly Asset[], p: Projection | null, open: string, close: string): Reply {
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

