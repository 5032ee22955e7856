// `gita mcp`: the MCP server on stdin/stdout, serving a built dist/ with no
// network. stdout carries JSON-RPC only; anything said to a person goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { AnswerRoute } from '../contract/route-call.ts';
import { distLibrary } from './library.ts';
import { createMcpServer } from './server.ts';

type Id = string | number;

/**
 * Serve the build in `distDir`, its tools' routes answered by `answer` (the
 * server's handlers in this process: src/http/local-answers.ts), until stdin
 * closes, then answer every request read before it did and exit: a client that writes its requests and closes its end at once (a
 * script, a pipe) still gets each answer. Closing the server straight away
 * would drop those still being worked on.
 */
export async function serveStdio(distDir: string, answer: AnswerRoute): Promise<void> {
  const library = await distLibrary(distDir, answer);
  const server = createMcpServer(library);
  const transport = new StdioServerTransport();
  await server.connect(transport);

  // The requests read and not yet answered, by id.
  const pending = new Set<Id>();
  let settled = () => {};
  const receive = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if ('method' in message && 'id' in message) pending.add(message.id as Id);
    receive?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage) => {
    await send(message);
    if (('result' in message || 'error' in message) && 'id' in message && pending.delete(message.id as Id) && !pending.size) settled();
  };

  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', () => {
      if (!pending.size) return resolve();
      settled = resolve;
    });
  });
  process.stderr.write(`gita mcp: serving ${distDir} on stdio (${library.facts.verses} verses)\n`);
  await closed;
  await server.close();
}
