// The MCP server as an assistant meets it: the SDK's own Client, over stdio
// (the `gita mcp` command, a real process) or Streamable HTTP (the web
// handler behind a loopback node:http server).
import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { McpHandler } from '../../src/mcp/http.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';

export async function stdioClient(distDir: string): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(PROJECT_ROOT, 'bin', 'gita.mjs'), 'mcp', '--dist', distDir], cwd: PROJECT_ROOT, stderr: 'pipe' });
  let err = '';
  transport.stderr?.on('data', (d) => (err += d));
  const client = new Client({ name: 'gita-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err };
}

/** A loopback HTTP server answering every request with `handler` (what the app's POST /mcp will do). */
export async function loopback(handler: McpHandler): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : v === undefined ? [] : [[k, v] as [string, string]])),
      ...(hasBody && { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' }),
    } as RequestInit);
    const response = await handler(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    server,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export async function httpClient(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'gita-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** The text of a tool result's first content item. */
export const textOf = (r: { content?: unknown }) => ((r.content as Array<{ type: string; text?: string }>)[0]?.text ?? '');
