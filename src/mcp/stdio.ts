// `gita mcp`: the MCP server on stdin/stdout, serving a built dist/ with no
// network. stdout carries JSON-RPC only; anything said to a person goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { distLibrary } from './library.ts';
import { createMcpServer } from './server.ts';

/** Serve until stdin closes. */
export async function serveStdio(distDir: string): Promise<void> {
  const library = await distLibrary(distDir);
  const server = createMcpServer(library);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await server.connect(transport);
  process.stderr.write(`gita mcp: serving ${distDir} on stdio (${library.facts.verses} verses)\n`);
  await closed;
  await server.close();
}
