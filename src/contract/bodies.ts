// The request bodies the routes take, each read as its route declares it
// (route.ts BodyReader): the handler is given the value, never the bytes.
import { ERRORS } from './errors.ts';
import { MAX_REFS_BODY, MCP_MAX_BODY } from './limits.ts';
import { checkMcpBody } from './mcp-body.ts';
import type { BodyReader } from './route.ts';

const refused = (status: number, error: string) => ({ status, body: { error } });

/** POST /refs: the text, as JSON {"text"} or text/plain, UTF-8, at most MAX_REFS_BODY bytes. */
export const REFS_BODY: BodyReader<string> = {
  max: MAX_REFS_BODY,
  read(contentType, bytes) {
    const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
    const asJson = type === 'application/json';
    if (!asJson && type !== 'text/plain') return refused(415, 'Unsupported Media Type');
    if (!bytes) return { ...ERRORS.payloadTooLarge, close: true };
    let text: unknown;
    try {
      const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      text = asJson ? (JSON.parse(decoded) as { text?: unknown })?.text : decoded;
    } catch {
      return refused(400, `the body is not ${asJson ? 'JSON' : 'UTF-8 text'}; send {"text": "..."} as application/json, or the text as text/plain`);
    }
    if (typeof text !== 'string') return refused(400, 'text: missing; send {"text": "..."}, a string');
    return { value: text };
  },
};

/** POST /mcp: one JSON-RPC message or a batch, as JSON, at most MCP_MAX_BODY bytes; a refusal is JSON-RPC's error (mcp-body.ts). */
export const MCP_BODY: BodyReader<unknown> = {
  max: MCP_MAX_BODY,
  read(contentType, bytes) {
    const checked = checkMcpBody(contentType, bytes);
    // A body too long was not read to its end: the connection closes after the answer.
    return 'status' in checked ? { status: checked.status, body: checked.body, ...(checked.status === 413 && { close: true as const }) } : { value: checked.message };
  },
};
