// A POST /mcp body, checked before MCP sees it (and before the app counts the
// request): its size, its type, its JSON. No SDK here, so the server loads
// the SDK only when the first MCP request comes.
import { MCP_MAX_BODY } from './limits.ts';

/** A JSON-RPC request to /mcp, as the document describes it (the SDK checks it). */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id?: string | number;
  method: string;
  params?: Record<string, unknown>;
}

/** A JSON-RPC answer from /mcp. */
export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id?: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** A request the server will not hand to MCP: its status and a JSON-RPC error. */
export interface McpRefusal {
  status: number;
  body: { jsonrpc: '2.0'; error: { code: number; message: string }; id: null };
}

export const refusal = (status: number, code: number, message: string): McpRefusal => ({ status, body: { jsonrpc: '2.0', error: { code, message }, id: null } });

const isJson = (type: string | undefined) => !!type && /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type.trim());

/**
 * A POST body, checked: null (longer than MCP_MAX_BODY) is 413, a type other
 * than JSON 415, JSON that does not parse 400 (JSON-RPC parse error, -32700).
 * Otherwise the parsed message (the SDK checks it is JSON-RPC).
 */
export function checkMcpBody(contentType: string | undefined, body: Uint8Array | null): { message: unknown } | McpRefusal {
  if (body === null) return refusal(413, -32600, `Request body over ${MCP_MAX_BODY / 1024} kB`);
  if (!isJson(contentType)) return refusal(415, -32600, 'Content-Type must be application/json');
  try {
    return { message: JSON.parse(new TextDecoder('utf-8', { ignoreBOM: true }).decode(body)) };
  } catch {
    return refusal(400, -32700, 'Parse error: the body is not JSON');
  }
}
