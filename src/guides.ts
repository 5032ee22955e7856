// The guides: the Markdown pages of docs/, by subject, listed once. The
// README links them, the build renders each into the site (/docs/{name}),
// the route names them and the tests read this list.

export interface Guide {
  /** The file's name in docs/ without .md, and its address: /docs/{name}. */
  name: string;
  title: string;
  /** One line: what a reader finds there (the README's and the docs page's list). */
  about: string;
  /** Its page runs the reference tagger (linker.js) on itself: the tagger's guide shows it working. */
  tagged?: true;
}

export const GUIDES: readonly Guide[] = [
  { name: 'api', title: 'API reference', about: 'every route, its parameters, answers and errors; references and ranges; keys, limits and caching' },
  { name: 'search', title: 'Search', about: 'what is searched in each language (the versions among them), how Sanskrit and Telugu are typed, paging, and why the engine is built as it is' },
  { name: 'content', title: 'The content', about: 'where the texts come from, what the import checks, the audit, errata and repairs, the word lists and the word analysis' },
  { name: 'meter', title: 'The meter', about: 'every verse scanned: its syllables light and heavy, its pādas and meter, what does not scan, and how it is served' },
  { name: 'cards-and-pages', title: 'Cards and reading pages', about: 'the SVG and PNG verse cards, the reading pages, the docs page and its fonts' },
  { name: 'versions', title: 'Versions', about: "translations beyond the commentaries, each with its license and credit: Besant's English, a Telugu translation, and how to add your own" },
  { name: 'client', title: 'The client', about: 'the typed client for browsers, Node, Deno and Bun, against the server or a static host' },
  { name: 'linker', title: 'The reference tagger', about: 'one script tag that makes every Gita reference on a web page a link, with the verse on hover', tagged: true },
  { name: 'mcp', title: 'MCP for AI assistants', about: 'the Model Context Protocol server, on stdio and over HTTP, and how to configure an assistant' },
  { name: 'downloads', title: 'Downloads', about: 'the whole Gita in one file: JSON, NDJSON and SQLite with full-text search' },
  { name: 'static', title: 'The static API', about: 'what the build writes into dist/, how to host it on a CDN, and the daily publishing workflow' },
  { name: 'operations', title: 'Operations', about: 'running the server: set-up, scripts, configuration, workers, engines, keys, usage and stores' },
  { name: 'architecture', title: 'Architecture', about: 'the layers, how a request is answered, how to add a route, and the layout of the code' },
  { name: 'testing', title: 'Testing', about: 'what the test suite needs and covers: real servers, browsers, hostile input, load and faults' },
  { name: 'benchmarks', title: 'Benchmarks', about: "the machine, how the benchmarks measure, today's figures against their targets, and the targets missed" },
];

export const GUIDE_NAMES = new Set(GUIDES.map((g) => g.name));
