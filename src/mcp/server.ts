// The Gita as a Model Context Protocol server: tools an assistant calls to
// cite, look up and search verses, and resources it can read. Built on the
// official SDK over a Library, so the same server runs on stdio (`gita mcp`,
// from dist/) and over Streamable HTTP (POST /mcp). Its tools are the routes'
// (each route declares its own: contract/route.ts ToolSpec, listed in
// contract/mcp.ts): their wording and arguments are read from there, and each
// runs its runner (tools.ts).
//
// Every answer is text a model can quote (reference, Sanskrit,
// transliteration, a translation and its author) plus structuredContent with
// the records as the API serves them. A bad argument is a tool result with
// isError and a sentence saying what to send instead; the SDK answers an
// unknown tool or malformed arguments the same way, and an unknown method
// with a JSON-RPC error.
import { McpServer, type ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { DCS_ATTRIBUTION } from '../content/dcs/attribution.ts';
import { MCP_RESOURCES, MCP_TOOLS, TOOL_ROUTES, type McpToolName, type ToolRoute } from '../contract/mcp.ts';
import type { ROUTES } from '../contract/routes/index.ts';
import { inputSchemaOf, toolArgsOf } from './args.ts';
import type { Library } from './library.ts';
import { registerChapter, registerVerse } from './resources.ts';
import { fileTool, type Runner } from './tools.ts';

/**
 * A JSON-RPC error's message as sent: without the "MCP error -32002: " the
 * SDK's McpError puts before it (its own errors and ours), since a client
 * (the SDK's own) puts that prefix on what it receives, and the error would
 * read it twice.
 */
export function wordedOnce(message: JSONRPCMessage): JSONRPCMessage {
  if (!('error' in message) || typeof message.error?.message !== 'string') return message;
  return { ...message, error: { ...message.error, message: message.error.message.replace(/^(?:MCP error -?\d+: )+/, '') } };
}

/** A transport whose errors are worded once (wordedOnce), for every way the server is spoken to. */
function onceWorded<T extends Transport>(transport: T): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(wordedOnce(message), options);
  return transport;
}

/**
 * Every tool a route declares is one the server registers: contract/mcp.ts
 * reads the route families one by one (routes/index.ts holds POST /mcp,
 * which lists them), so a tool declared in a family it does not read would
 * be left out; that does not compile.
 */
type Declared = NonNullable<(typeof ROUTES)[number]['tool']>['name'];
const everyToolListed: [Exclude<Declared, McpToolName>] extends [never] ? true : never = true;
void everyToolListed;

export const SERVER_INFO = { name: 'gita', title: 'Bhagavad Gita', version: '1.0.0' };

const instructions = (facts: Library['facts']) => `The Bhagavad Gita: ${facts.chapters} chapters, ${facts.verses} verses (plus a closing colophon per chapter), each with the Sanskrit, a transliteration and its ${facts.commentaries.length} commentaries (translations and commentaries in English, Hindi and Sanskrit).
Cite with get_verses (references as people write them: "2.47", "BG 2.47-50", "18.65-66", "2.72-3.2", a chapter "12"); find verses by words or topic with search; get_chapter for a chapter's name and summary; get_words for a verse's word-by-word meanings with each word's lemma and grammar; get_lemma for every verse where a lemma occurs (karman, ātman, dharma); get_root for a verbal root (dhātu) with its dhātupāṭha entries and every word made from it (sthā, gam, kṛ); get_meter for a verse's meter, each syllable light or heavy${facts.versions.length ? `; get_versions for a verse in other translations (${facts.versions.map((v) => `${v.id}, ${v.language}`).join('; ')}), each with a credit to show with its text` : ''}. Pass lang ("en", "hi" or "sa") and authors to keep answers small.
The verse texts are GPL-3.0 (vedicscriptures/bhagavad-gita). ${DCS_ATTRIBUTION}: credit it when you use the lemmas and grammar.`;

/**
 * One Ajv for every server: the SDK makes one per server otherwise, and over
 * HTTP there is a server per request (it was a third of a call's time).
 */
let validator: AjvJsonSchemaValidator | undefined;

/** A library's tools and resources, made once (zod schemas are costly to build) and registered on each new server. */
const registrations = new WeakMap<Library, Array<(server: McpServer) => void>>();

/** A new MCP server over `library`: one per stdio session, one per HTTP request. */
export function createMcpServer(library: Library): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: instructions(library.facts), capabilities: { tools: {}, resources: {} }, jsonSchemaValidator: (validator ??= new AjvJsonSchemaValidator()) });
  let regs = registrations.get(library);
  if (!regs) registrations.set(library, (regs = define(library)));
  for (const register of regs) register(server);
  const connect = server.connect.bind(server);
  server.connect = (transport) => connect(onceWorded(transport));
  return server;
}

/** Each tool as the docs list it, from the routes' declarations the server registers: its name, title and arguments, in order. */
export function describeTools(facts: Library['facts']): Array<{ name: string; title: string; args: string[] }> {
  return TOOL_ROUTES.map((r) => ({ name: r.tool.name, title: r.tool.title, args: toolArgsOf(r, facts).map((a) => a.name) }));
}

/** A tool's runner, as its route declares it (imported on its first call, then kept), or fileTool's. */
function runnerOf(r: ToolRoute): () => Promise<Runner> {
  let made: Promise<Runner> | undefined;
  return () => (made ??= r.tool.run ? (r.tool.run() as Promise<Runner>) : Promise.resolve(fileTool));
}

/** What define registers on: the server's own methods, so every registration is checked against the SDK. */
type Registrar = Pick<McpServer, 'registerTool' | 'registerResource'>;

/** A route's tool: its declaration's wording and arguments, answered by its runner. */
function registerTool(server: Registrar, r: ToolRoute, library: Library): void {
  const { name, title, description } = r.tool;
  const run = runnerOf(r);
  server.registerTool(
    name,
    {
      title,
      description: typeof description === 'string' ? description : description(library.facts),
      inputSchema: inputSchemaOf(r, library.facts),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => (await run())(args as Record<string, unknown>, library, r),
  );
}

/** The tools and resources, as calls to replay on a server: made once per library (zod schemas are costly to build). */
function define(library: Library): Array<(server: McpServer) => void> {
  const regs: Array<(server: McpServer) => void> = [];
  const names: string[] = [];
  const replay = (name: 'registerTool' | 'registerResource') =>
    ((...args: unknown[]) => {
      names.push(String(name === 'registerTool' ? args[0] : (args[1] as ResourceTemplate).uriTemplate));
      regs.push((s) => (s[name] as (...a: unknown[]) => unknown).apply(s, args));
    }) as unknown;
  const server = { registerTool: replay('registerTool'), registerResource: replay('registerResource') } as Registrar;
  for (const r of TOOL_ROUTES) registerTool(server, r, library);
  registerChapter(server, library);
  registerVerse(server, library);
  // What the route table, OpenAPI and the docs say the server offers (contract/mcp.ts) is what it registers, in order.
  const said = [...MCP_TOOLS, ...MCP_RESOURCES].join(', ');
  if (names.join(', ') !== said) throw new Error(`MCP: the server registers ${names.join(', ')}; contract/mcp.ts says ${said}`);
  return regs;
}
