// POST /refs: every reference in the text its body gives (read and checked
// by the route's declaration before this runs: contract/bodies.ts), found by
// the finder the tagger runs (content/find-refs.ts).
import { findRefs, refAnswer } from '../../content/find-refs.ts';
import type { Handler } from '../context.ts';
import { badRequest } from '../respond.ts';

const JSON_HEADERS: Array<[string, string]> = [['Content-Type', 'application/json; charset=utf-8']];

export const refs: Handler<'refs'> = (c) => {
  const found = findRefs(c.input, c.served.dist.manifest.content.versesPerChapter);
  if (!found.ok) return badRequest(found.error.message);
  return c.given(200, JSON_HEADERS, JSON.stringify({ refs: found.refs.map(refAnswer), more: found.more }));
};
