// The MCP server's tools and resource templates, in the order it registers
// them. A tool is declared by its route (route.ts ToolSpec: its name,
// wording, arguments, cost and rank); the tools are listed by rank: reading
// first, then finding, then the words.
// The route table's summary of POST /mcp (and so OpenAPI, the docs page and
// the API reference) lists them from here, the server registers exactly these,
// the budget costs them, and the MCP tests compare what a client lists with them.
import type { RouteSpec, ToolSpec } from './route.ts';
import { CARD_ROUTES } from './routes/cards.ts';
import { CHAPTER_ROUTES } from './routes/chapters.ts';
import { LINK_ROUTES } from './routes/links.ts';
import { METER_ROUTES } from './routes/meter.ts';
import { PAGE_ROUTES } from './routes/pages.ts';
import { REFS_ROUTES } from './routes/refs.ts';
import { SEARCH_ROUTES } from './routes/search.ts';
import { SERVICE_ROUTES } from './routes/service.ts';
import { VERSE_ROUTES } from './routes/verses.ts';
import { VERSION_ROUTES } from './routes/versions.ts';
import { WORD_ROUTES } from './routes/words.ts';

/** Every route but POST /mcp's own (routes/mcp.ts, which lists these routes' tools): read here by family, not through routes/index.ts, which holds it. */
const TOOLED = [...VERSE_ROUTES, ...REFS_ROUTES, ...WORD_ROUTES, ...LINK_ROUTES, ...VERSION_ROUTES, ...METER_ROUTES, ...SEARCH_ROUTES, ...CHAPTER_ROUTES, ...CARD_ROUTES, ...SERVICE_ROUTES, ...PAGE_ROUTES] as const;
type Tooled = (typeof TOOLED)[number];

/** The name of every tool a route declares. */
export type McpToolName = NonNullable<Tooled['tool']>['name'];
/** The ids of the routes that declare a tool. */
export type ToolRouteId = Tooled extends infer R ? (R extends RouteSpec<infer Id, infer N> ? ([N] extends [never] ? never : Id) : never) : never;

/** A route with its tool. */
export type ToolRoute = RouteSpec<ToolRouteId> & { tool: ToolSpec<McpToolName> };

/** The tools' routes, in the server's order: by their tools' rank. */
export const TOOL_ROUTES: readonly ToolRoute[] = (TOOLED as readonly RouteSpec[]).filter((r): r is ToolRoute => r.tool !== undefined).sort((a, b) => a.tool.rank - b.tool.rank);
for (let i = 1; i < TOOL_ROUTES.length; i++) {
  const [a, b] = [TOOL_ROUTES[i - 1].tool, TOOL_ROUTES[i].tool];
  if (a.rank === b.rank) throw new Error(`the tools ${a.name} and ${b.name} have one rank (${a.rank}): give each its own place in the list`);
}

export const MCP_TOOLS: readonly McpToolName[] = TOOL_ROUTES.map((r) => r.tool.name);
export const MCP_RESOURCES = ['gita://chapter/{ch}', 'gita://verse/{ch}/{sl}'] as const;
