// MCP over Streamable HTTP, stateless: every POST gets a new server and
// transport (the SDK's stateless pattern), so any worker of any server behind
// a balancer can answer any request, and nothing outlives the request.
// Answers are plain JSON (enableJsonResponse), not an event stream: one
// request, one answer, which proxies and caches in front of the API handle
// as any other; so a client's Accept need not list text/event-stream.
//
// Two entries: `mcpHandler`, a web-standard (Request) => Promise<Response>
// for any runtime; and `checkMcpBody` (body.ts) + `answerMcp`, for the app's POST /mcp,
// which checks the body before the request is counted (errors are never
// counted) and answers once it is.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { MCP_MAX_BODY } from '../contract/limits.ts';
import { readCappedBody } from '../request/capped-body.ts';
import { checkMcpBody, refusal, type McpRefusal } from '../contract/mcp-body.ts';
import type { Library } from './library.ts';
import { createMcpServer } from './server.ts';

export { MCP_MAX_BODY, checkMcpBody };

export type McpHandler = (request: Request) => Promise<Response>;

const refusalResponse = (r: McpRefusal, headers: Record<string, string> = {}) => new Response(JSON.stringify(r.body), { status: r.status, headers: { 'Content-Type': 'application/json', ...headers } });

/** The answer to one checked message (or batch): a new server over `library`, the SDK's transport, JSON out. */
export async function answerMcp(library: Library, message: unknown, protocolVersion?: string, onError: (err: unknown) => void = () => {}): Promise<Response> {
  const server = createMcpServer(library);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  if (protocolVersion) headers['mcp-protocol-version'] = protocolVersion;
  try {
    await server.connect(transport);
    return await transport.handleRequest(new Request('http://localhost/mcp', { method: 'POST', headers }), { parsedBody: message });
  } catch (err) {
    onError(err);
    return refusalResponse(refusal(500, -32603, 'Internal error'));
  } finally {
    // The answer is complete (JSON mode): nothing of this request is left to send.
    void server.close().catch(onError);
  }
}

/** MCP as a web-standard handler: POST only (GET and DELETE, streams and sessions, are 405: a stateless server has neither). */
export function mcpHandler(library: Library, onError: (err: unknown) => void = () => {}): McpHandler {
  return async (request) => {
    if (request.method !== 'POST') return refusalResponse(refusal(405, -32000, 'Method not allowed: this MCP server is stateless; POST JSON-RPC messages to it.'), { Allow: 'POST' });
    const checked = checkMcpBody(request.headers.get('content-type') ?? undefined, await readCappedBody(request, MCP_MAX_BODY));
    if ('status' in checked) return refusalResponse(checked);
    return answerMcp(library, checked.message, request.headers.get('mcp-protocol-version') ?? undefined, onError);
  };
}
