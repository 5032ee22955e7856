// What one MCP request may cost, known before any call runs: the verses its
// calls ask for (MAX_VERSES_PER_CALL) and the bytes of the records they
// answer with (MAX_ANSWER_BYTES), shared by every message of a batch. Each
// call's cost is read from its arguments and the build's manifest (the size
// of every record file), so a call that would go over the budget is answered
// with a JSON-RPC error naming the limit and never run; the calls before it
// run as usual. Each tool is costed as its route declares (route.ts
// ToolCost): random draws at the largest record, searches at their result
// limit, a verse's file at its size.
import { TOOL_ROUTES, type ToolRoute } from '../contract/mcp.ts';
import { MAX_VERSES_PER_CALL, readCitation } from '../content/citations.ts';
import { LANGS, type Lang } from '../content/projection.ts';
import { MAX_ANSWER_BYTES } from '../contract/limits.ts';
import { FILES, type LangForm } from '../layout.ts';
import type { Manifest } from '../contract/manifest.ts';
import { LIMIT_DEFAULT, LIMIT_MAX } from '../contract/search-parameters.ts';
import { routeFileOf } from '../contract/route-file.ts';

/** The JSON-RPC error code of a call refused by the budget (in the range JSON-RPC leaves to servers). */
export const OVER_BUDGET = -32010;

/** What a search result costs in bytes (a reference, a title and a snippet or two). */
const SEARCH_RESULT_BYTES = 2048;

export interface Cost {
  verses: number;
  bytes: number;
}

export interface JsonRpcError {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** The budget of one request: what its calls have asked for so far, and the sentence refusing one that goes over. */
export class Budget {
  verses = 0;
  bytes = 0;
  constructor(
    readonly maxVerses = MAX_VERSES_PER_CALL,
    readonly maxBytes = MAX_ANSWER_BYTES,
  ) {}

  /** Spend `cost`, or say which limit it would pass (and spend nothing). */
  charge(cost: Cost): string | null {
    if (this.verses + cost.verses > this.maxVerses) {
      return `over the budget: this request's calls ask for ${this.verses + cost.verses} verses; at most ${this.maxVerses} per request (a batch shares them): send fewer references, or send them in separate requests`;
    }
    if (this.bytes + cost.bytes > this.maxBytes) {
      return `over the budget: this request's answers would be ${megabytes(this.bytes + cost.bytes)} of records; at most ${megabytes(this.maxBytes)} per request (a batch shares them): pass lang and authors for shorter records, or ask for fewer verses`;
    }
    this.verses += cost.verses;
    this.bytes += cost.bytes;
    return null;
  }
}

const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** What the calls of a build cost, from its manifest. */
export function costing(manifest: Manifest) {
  const counts = manifest.content.versesPerChapter;
  const size = (path: string) => manifest.files[path]?.size ?? 0;
  const verseBytes = (ch: number, sl: number, lang: Lang | undefined) => size(FILES.verse(ch, sl, lang as LangForm | undefined)) || size(FILES.verse(ch, sl));
  let largest = 0;
  counts.forEach((n, i) => {
    for (let sl = 1; sl <= n + 1; sl++) largest = Math.max(largest, size(FILES.verse(i + 1, sl)));
  });
  const tools = toolCosts({ manifest, counts, largest, verseBytes });

  /** The cost of one JSON-RPC message; arguments the tools will refuse cost nothing (they answer an error). */
  return function costOf(message: unknown): Cost {
    const m = record(message);
    const params = record(m.params);
    if (m.method === 'resources/read') {
      const uri = typeof params.uri === 'string' ? params.uri : '';
      const verse = /^gita:\/\/verse\/(\d{1,4})\/(\d{1,4})$/.exec(uri);
      if (verse) return { verses: 1, bytes: verseBytes(Number(verse[1]), Number(verse[2]), undefined) };
      return { verses: 0, bytes: size(FILES.chapters) };
    }
    if (m.method !== 'tools/call') return { verses: 0, bytes: 0 };
    // A tool the server does not have answers an error: it costs nothing.
    const cost = Object.hasOwn(tools, String(params.name)) ? tools[String(params.name)] : undefined;
    return cost ? cost(record(params.arguments)) : { verses: 0, bytes: 0 };
  };
}

/** One tool's cost from its arguments (those it will refuse cost nothing: it answers an error). */
type ToolCost = (args: Record<string, unknown>) => Cost;

/** What a build's files weigh, as the costs read them. */
interface Weights {
  manifest: Manifest;
  counts: readonly number[];
  /** The largest verse record: what a draw costs. */
  largest: number;
  verseBytes: (ch: number, sl: number, lang: Lang | undefined) => number;
}

const langOf = (v: unknown) => (typeof v === 'string' && (LANGS as string[]).includes(v) ? (v as Lang) : undefined);
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : 0);
/** The records a reference names, each in the language asked for when its file exists. */
function citedCost(args: Record<string, unknown>, w: Weights): Cost {
  if (typeof args.ref !== 'string') return { verses: 0, bytes: 0 };
  const cited = readCitation(args.ref, w.counts);
  if (!cited.ok) return { verses: 0, bytes: 0 };
  let bytes = 0;
  for (const { ch, sl } of cited.verses) bytes += w.verseBytes(ch, sl, langOf(args.lang));
  return { verses: cited.verses.length, bytes };
}

/** The route's file for these arguments, as the tool reads it (a lemma's or a root's by its spelling): the most it can answer. */
function fileCost(r: ToolRoute, verses: 0 | 1, args: Record<string, unknown>, w: Weights): Cost {
  const file = routeFileOf(r, args, (path) => Object.hasOwn(w.manifest.files, path));
  return { verses, bytes: typeof file === 'string' ? (w.manifest.files[file]?.size ?? 0) : 0 };
}

/** A tool's cost as its route declares it (route.ts ToolCost). */
function costOfTool(r: ToolRoute, w: Weights): ToolCost {
  const cost = r.tool.cost;
  switch (cost.of) {
    case 'ref':
      return (args) => citedCost(args, w);
    case 'draw':
      return () => ({ verses: 1, bytes: w.largest });
    case 'results':
      return (args) => {
        const limit = Math.min(Math.max(int(args.limit) || LIMIT_DEFAULT, 1), LIMIT_MAX);
        return { verses: limit, bytes: limit * SEARCH_RESULT_BYTES };
      };
    case 'text':
      return (args) => ({ verses: 0, bytes: typeof args.text === 'string' ? args.text.length : 0 });
    case 'file':
      return (args) => fileCost(r, cost.verses, args, w);
  }
}

/** What each tool costs, by its name: every tool the routes declare is costed (none is answered free of the budget). */
function toolCosts(w: Weights): Record<string, ToolCost> {
  return Object.fromEntries(TOOL_ROUTES.map((r) => [r.tool.name, costOfTool(r, w)]));
}

/**
 * Split a request (one message or a batch) into what may run and the
 * JSON-RPC errors of the calls over the budget, in order: every call is
 * charged as it comes, and one that goes over is refused (a notification,
 * which has no answer, is dropped).
 */
export function withinBudget(message: unknown, costOf: (m: unknown) => Cost, budget = new Budget()): { run: unknown[]; refused: JsonRpcError[] } {
  const messages = Array.isArray(message) ? message : [message];
  const run: unknown[] = [];
  const refused: JsonRpcError[] = [];
  for (const m of messages) {
    const over = budget.charge(costOf(m));
    if (!over) {
      run.push(m);
      continue;
    }
    const id = record(m).id;
    if (typeof id === 'string' || typeof id === 'number') refused.push({ jsonrpc: '2.0', id, error: { code: OVER_BUDGET, message: over } });
  }
  return { run, refused };
}
