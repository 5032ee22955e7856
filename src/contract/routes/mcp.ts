// MCP for assistants: one route, POST /mcp, whose tools are the other routes'
// (each declares its own: route.ts ToolSpec), listed in its summary. A family
// of its own, since it reads the others' tools (contract/mcp.ts).
import { MCP_MAX_BATCH, MCP_MAX_BODY } from '../limits.ts';
import { MCP_RESOURCES, MCP_TOOLS } from '../mcp.ts';
import { json, JSON_TYPE, ok, randomHeaders, schema } from '../responses.ts';
import { POST, route } from '../route.ts';
import { MCP_BODY } from '../bodies.ts';

const jsonRpc = json(schema('JsonRpcResponse'));

export const MCP_ROUTES = [
  route({
    id: 'mcp',
    path: '/mcp',
    methods: POST,
    access: 'metered',
    summary: `The Model Context Protocol server for AI assistants (Streamable HTTP, stateless: one JSON-RPC message or batch per POST, answered as JSON): tools ${MCP_TOOLS.join(', ')}; resources ${MCP_RESOURCES.join(', ')}. Metered as route mcp; the key as x-api-key or Authorization: Bearer. A body over ${MCP_MAX_BODY / 1024} kB is 413.`,
    description: "Model Context Protocol over Streamable HTTP, stateless: send initialize, tools/list, tools/call, resources/list, resources/templates/list or resources/read as JSON-RPC 2.0 (one message or a batch); the answer is JSON (never an event stream), and no session is kept, so no Mcp-Session-Id is needed. Any Accept is answered with JSON. Tool arguments that do not fit a tool's schema, and an unknown tool, are a tool result with isError; an unknown method or resource is a JSON-RPC error. Configure an assistant with this URL (see the README, MCP).",
    example: '/mcp',
    notFound: 'resource',
    query: [],
    body: MCP_BODY,
    requestBody: { required: true, content: { [JSON_TYPE]: { schema: schema('JsonRpcRequest'), example: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_verses', arguments: { ref: 'BG 2.47', lang: 'en' } } } } } },
    responses: {
      '200': ok('The JSON-RPC response (or the responses of a batch).', json({ oneOf: [schema('JsonRpcResponse'), { type: 'array', items: schema('JsonRpcResponse') }] }), randomHeaders),
      '202': { description: 'Notifications only: nothing to answer.' },
      '400': ok(`The body is not JSON (JSON-RPC parse error -32700), or not JSON-RPC, or a batch of more than ${MCP_MAX_BATCH} messages.`, jsonRpc),
      '413': ok(`A body over ${MCP_MAX_BODY / 1024} kB.`, jsonRpc),
      '415': ok('A body that is not application/json.', jsonRpc),
    },
    components: () => import('../../content/service-schemas.ts').then((m) => m.mcpSchemas()),
  }),
] as const;
