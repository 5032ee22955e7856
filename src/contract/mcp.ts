// The MCP server's tools and resource templates, in the order it registers
// them. A tool is declared by its route (route.ts ToolSpec: its name,
// wording, arguments and cost); this says which routes are tools, in the
// order a client lists them: reading first, then finding, then the words.
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

/** The routes that are tools, in the order the server lists them. */
const ORDER = ['verses', 'refs', 'chapter', 'random-verse', 'today', 'search', 'verse-words', 'verse-links', 'verse-versions', 'verse-meter', 'lemma', 'root', 'authors'] as const satisfies readonly ToolRouteId[];
/** A route that declares a tool and is not in ORDER does not compile: its tool would never be served. */
const everyTool: [Exclude<ToolRouteId, (typeof ORDER)[number]>] extends [never] ? true : never = true;
void everyTool;

/** A route with its tool. */
export type ToolRoute = RouteSpec<ToolRouteId> & { tool: ToolSpec<McpToolName> };

const byId = new Map<string, RouteSpec>(TOOLED.map((r) => [r.id, r]));
/** The tools' routes, in the server's order. */
export const TOOL_ROUTES: readonly ToolRoute[] = ORDER.map((id) => byId.get(id) as ToolRoute);

export const MCP_TOOLS: readonly McpToolName[] = TOOL_ROUTES.map((r) => r.tool.name);
export const MCP_RESOURCES = ['gita://chapter/{ch}', 'gita://verse/{ch}/{sl}'] as const;
