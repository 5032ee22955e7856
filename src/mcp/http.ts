// MCP over Streamable HTTP, stateless: every POST gets a new server and
// transport (the SDK's stateless pattern), so any worker of any server behind
// a balancer can answer any request, and nothing outlives the request.
// Answers are plain JSON (enableJsonResponse), not an event stream: one
// request, one answer, which proxies and caches in front of the API handle
// as any other.
//
// A web-standard handler, (Request) => Promise<Response>, for the Node and
// Deno adapters alike. Limits: a body over MCP_MAX_BODY is a 413 (declared
// or counted while read), broken JSON a 400 with a JSON-RPC parse error;
// GET and DELETE (event streams and sessions, which a stateless server has
// not) a 405.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Library } from './library.ts';
import { createMcpServer } from './server.ts';

/** The largest request body read, in bytes: a tools/call is a few hundred. */
export const MCP_MAX_BODY = 64 * 1024;

export type McpHandler = (request: Request) => Promise<Response>;

const rpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export function mcpHandler(library: Library, onError: (err: unknown) => void = () => {}): McpHandler {
  return async (request) => {
    if (request.method !== 'POST') return rpcError(405, -32000, 'Method not allowed: this MCP server is stateless; POST JSON-RPC messages to it.', { Allow: 'POST' });
    const server = createMcpServer(library);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MCP_MAX_BODY });
    try {
      await server.connect(transport);
      return await transport.handleRequest(request);
    } catch (err) {
      onError(err);
      return rpcError(500, -32603, 'Internal error');
    } finally {
      // The answer is complete (JSON mode): nothing of this request is left to send.
      void server.close().catch(onError);
    }
  };
}
