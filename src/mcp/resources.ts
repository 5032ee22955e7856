// The MCP server's resources: a chapter record and a verse record by URI
// (contract/mcp.ts MCP_RESOURCES), read as the tools read them.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { NOT_FOUND } from '../contract/errors.ts';
import type { Library } from './library.ts';

/** The MCP error code for a resource that does not exist (the MCP specification's). */
const RESOURCE_NOT_FOUND = -32002;

const json = (uri: URL, value: unknown) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(value) }] });
/** A URI's number as the paths take one (a plain decimal); 0, which names nothing, otherwise. */
const number = (v: string | string[] | undefined) => (typeof v === 'string' && /^[1-9][0-9]{0,3}$/.test(v) ? Number(v) : 0);

/** gita://chapter/{ch}: a chapter record; listed, one per chapter. */
export function registerChapter(server: Pick<McpServer, 'registerResource'>, library: Library): void {
  server.registerResource(
    'chapter',
    new ResourceTemplate('gita://chapter/{ch}', {
      list: async () => ({
        resources: (await library.chapters()).map((c) => ({ uri: `gita://chapter/${c.chapter_number}`, name: `Chapter ${c.chapter_number}: ${c.translation}`, mimeType: 'application/json' })),
      }),
    }),
    { title: 'A chapter of the Bhagavad Gita', description: 'A chapter record: name, translation, verses_count, meaning and summary.', mimeType: 'application/json' },
    async (uri, { ch }) => {
      const c = await library.chapter(number(ch));
      if (!c) throw new McpError(RESOURCE_NOT_FOUND, `${NOT_FOUND.chapter} (${uri.href}; chapters 1 to ${library.facts.versesPerChapter.length})`);
      return json(uri, c);
    },
  );
}

/** gita://verse/{ch}/{sl}: a verse record whole; not listed (there are hundreds). */
export function registerVerse(server: Pick<McpServer, 'registerResource'>, library: Library): void {
  server.registerResource(
    'verse',
    new ResourceTemplate('gita://verse/{ch}/{sl}', { list: undefined }),
    { title: 'A verse of the Bhagavad Gita', description: 'A verse record with every commentary (sl up to verses_count + 1, the chapter colophon).', mimeType: 'application/json' },
    async (uri, { ch, sl }) => {
      const r = await library.verse(number(ch), number(sl));
      if (!r) throw new McpError(RESOURCE_NOT_FOUND, `${NOT_FOUND.verse} (${uri.href})`);
      return json(uri, r);
    },
  );
}
