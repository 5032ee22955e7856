// POST /mcp: the Model Context Protocol server (src/mcp) over the build being
// served. The body is checked by the route's declaration (contract/bodies.ts)
// before this runs and before the request is counted (413, 415, 400
// are not counted); each message of a batch counts as a request; calls over
// the request's budget (src/mcp/budget.ts) are refused before any runs; the
// SDK is loaded with the first request, not at start-up.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { refusal } from '../../contract/mcp-body.ts';
import { costing, withinBudget } from '../../mcp/budget.ts';
import type { Library } from '../../mcp/library.ts';
import type { Context, Handler } from '../context.ts';
import { MCP_MAX_BATCH } from '../../contract/limits.ts';
import { json } from '../respond.ts';
import { ERRORS } from '../../contract/errors.ts';
import { partOf } from '../../contract/build-parts.ts';
import type { Served } from '../served.ts';
import type { AnswerRoute } from '../../contract/route-call.ts';
import { ROUTE } from '../../contract/routes/index.ts';

const stillMaking = (part: string) => `${ERRORS.starting.body.error} (${part}: still being made after a fresh start)`;

/**
 * A tool's route answered in-process by its handler over this build, past
 * the gate (this request was counted, one per message). A part still being
 * made after a fresh start is said as the tools have always said it.
 */
function answerer(s: Served, c: Context, answerRoute: typeof import('../in-process.ts').answerRoute): AnswerRoute {
  const core = c.app;
  return (id, values) => {
    const part = ROUTE[id].needs?.find((p) => s.pending.has(p));
    if (part) return Promise.reject(new Error(stillMaking(part)));
    return answerRoute(s, core, id, values);
  };
}

/** One library per build: the records the server holds, other files from its dist/, and its routes answered in-process. */
const libraries = new WeakMap<Served, Promise<Library>>();

function libraryOf(c: Context): Promise<Library> {
  const s = c.served;
  let found = libraries.get(s);
  if (!found) {
    // Loaded with the first call, as the SDK is; in-process.ts runs the routes' handlers, this one among them.
    found = Promise.all([import('../../mcp/library.ts'), import('../in-process.ts')]).then(([{ libraryOf }, { answerRoute }]) =>
      libraryOf({
        manifest: s.dist.manifest,
        read: async (path) => {
          const held = s.dist.assets.get(path)?.identity.body;
          if (held) return held;
          if (Object.hasOwn(s.dist.manifest.files, path)) return readFile(join(s.dist.dir, path));
          // Right after a fresh start: not missing, only not made yet.
          const part = partOf(path);
          if (part && s.pending.has(part)) throw new Error(stillMaking(part));
          return undefined;
        },
        answer: answerer(s, c, answerRoute),
      }),
    );
    libraries.set(s, found);
  }
  return found;
}

/** What each call costs in this build (one costing per build: it reads the manifest once). */
const costings = new WeakMap<Served, ReturnType<typeof costing>>();
const costOf = (s: Served) => {
  let found = costings.get(s);
  if (!found) costings.set(s, (found = costing(s.dist.manifest)));
  return found;
};

export const mcp: Handler<'mcp'> = (c) => {
  // Its size, type and JSON were checked by the route's declaration (contract/bodies.ts) before this runs.
  const message = c.input;
  const isBatch = Array.isArray(message);
  const batch = isBatch ? (message as unknown[]).length : 0;
  if (batch > MCP_MAX_BATCH) return json(400, refusal(400, -32600, `Invalid Request: a batch of ${batch} messages; at most ${MCP_MAX_BATCH}`).body);
  // Every message of a batch is a request, for the quota and the counts.
  c.units = Math.max(batch, 1);
  // The calls over the request's budget are refused before anything runs (and still counted: they were asked).
  const { run, refused } = withinBudget(message, costOf(c.served));
  return c.later(async (c) => {
    if (!run.length && refused.length) return c.given(200, [['Content-Type', 'application/json']], JSON.stringify(isBatch ? refused : refused[0]));
    const [{ answerMcp }, library] = await Promise.all([import('../../mcp/http.ts'), libraryOf(c)]);
    // An empty batch goes to the SDK as it is (it answers the JSON-RPC error).
    const res = await answerMcp(library, isBatch ? run : run[0], c.req.header('mcp-protocol-version'));
    const answered = new Uint8Array(await res.arrayBuffer());
    if (!refused.length) return c.given(res.status, res.headers, answered);
    return c.given(200, [['Content-Type', 'application/json']], joinAnswers(answered, refused));
  });
};

/** A batch's answers (a JSON array, one object when one call ran, or nothing when only notifications ran) and the refused calls' errors, as one array. */
function joinAnswers(answered: Uint8Array, refused: unknown[]): Buffer {
  const errors = JSON.stringify(refused).slice(1); // without its [
  const text = Buffer.from(answered.buffer, answered.byteOffset, answered.byteLength);
  const body = text.toString('latin1', 0, Math.min(text.length, 64)).trimStart();
  if (body.startsWith('{')) return Buffer.concat([Buffer.from('['), text, Buffer.from(`,${errors}`)]);
  if (!body.startsWith('[')) return Buffer.from(`[${errors}`);
  const last = text.lastIndexOf(0x5d); // the array's ]
  const empty = text.subarray(text.indexOf(0x5b) + 1, last).toString().trim() === '';
  return Buffer.concat([text.subarray(0, last), Buffer.from(empty ? errors : `,${errors}`)]);
}
