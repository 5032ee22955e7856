// POST /mcp: the Model Context Protocol server (src/mcp) over the build being
// served. The body is checked before the request is counted (413, 415, 400
// are not counted); the SDK is loaded with the first request, not at start-up.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkMcpBody } from '../../mcp/body.ts';
import type { Library } from '../../mcp/library.ts';
import type { Context, Handler } from '../context.ts';
import { MCP_MAX_BODY } from '../limits.ts';
import { json } from '../respond.ts';
import type { Served } from '../served.ts';

/** One library per build: the records the server holds, other files from its dist/, and the server's search. */
const libraries = new WeakMap<Served, Promise<Library>>();

function libraryOf(c: Context): Promise<Library> {
  const s = c.served;
  let found = libraries.get(s);
  if (!found) {
    const options = c.app.options;
    found = import('../../mcp/library.ts').then(({ libraryOf }) =>
      libraryOf({
        manifest: s.dist.manifest,
        read: async (path) => s.dist.assets.get(path)?.identity.body ?? (Object.hasOwn(s.dist.manifest.files, path) ? readFile(join(s.dist.dir, path)) : undefined),
        search: async (params) => {
          const running = options.search?.();
          if (!running) throw new Error('search is not available on this server');
          return (await running)(params);
        },
      }),
    );
    libraries.set(s, found);
  }
  return found;
}

export const mcp: Handler = async (c) => {
  const checked = checkMcpBody(c.req.header('content-type'), await c.req.body(MCP_MAX_BODY));
  // A body too long was not read to its end: the connection closes after the answer.
  if ('status' in checked) return { ...json(checked.status, checked.body), ...(checked.status === 413 && { close: true }) };
  return c.later(async (c) => {
    const [{ answerMcp }, library] = await Promise.all([import('../../mcp/http.ts'), libraryOf(c)]);
    const res = await answerMcp(library, checked.message, c.req.header('mcp-protocol-version'));
    return c.given(res.status, res.headers, new Uint8Array(await res.arrayBuffer()));
  });
};
