// POST /refs: the text read from the body (JSON {"text"} or text/plain,
// within MAX_REFS_BODY, UTF-8), checked before the request is counted, then
// every reference in it found by the finder the tagger runs (content/find-refs.ts).
import { findRefs, refAnswer } from '../../content/find-refs.ts';
import { ERRORS } from '../../contract/errors.ts';
import { MAX_REFS_BODY } from '../../contract/limits.ts';
import type { Handler } from '../context.ts';
import { badRequest, json } from '../respond.ts';

const JSON_HEADERS: Array<[string, string]> = [['Content-Type', 'application/json; charset=utf-8']];

export const refs: Handler = async (c) => {
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  const asJson = type === 'application/json';
  if (!asJson && type !== 'text/plain') return json(415, { error: 'Unsupported Media Type' });
  const bytes = await c.req.body(MAX_REFS_BODY);
  if (!bytes) return { ...json(ERRORS.payloadTooLarge.status, ERRORS.payloadTooLarge.body), close: true };
  let text: unknown;
  try {
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    text = asJson ? (JSON.parse(decoded) as { text?: unknown })?.text : decoded;
  } catch {
    return badRequest(`the body is not ${asJson ? 'JSON' : 'UTF-8 text'}; send {"text": "..."} as application/json, or the text as text/plain`);
  }
  if (typeof text !== 'string') return badRequest('text: missing; send {"text": "..."}, a string');
  const found = findRefs(text, c.served.dist.manifest.content.versesPerChapter);
  if (!found.ok) return badRequest(found.error.message);
  return c.given(200, JSON_HEADERS, JSON.stringify({ refs: found.refs.map(refAnswer), more: found.more }));
};
