// The MCP server's tools and resource templates, by name, in the order it
// registers them: the route table's summary (and so OpenAPI, the docs page and
// the API reference) lists them from here, the server registers exactly these
// (its registrations are typed by these names), and the MCP tests compare what
// a client lists with them.
export const MCP_TOOLS = ['get_verses', 'find_refs', 'get_chapter', 'random_verse', 'verse_of_the_day', 'search', 'get_words', 'get_links', 'get_versions', 'get_meter', 'get_lemma', 'get_root', 'get_authors'] as const;
export type McpToolName = (typeof MCP_TOOLS)[number];
export const MCP_RESOURCES = ['gita://chapter/{ch}', 'gita://verse/{ch}/{sl}'] as const;
