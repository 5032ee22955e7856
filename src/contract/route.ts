// What a route is: one object per route (routes/), as Hono's createRoute and
// fastify's route options declare one. Its path, who may call it, the query
// parameters it takes, what it answers and its file of the static build are
// defined there once; the server's matcher and dispatch, the OpenAPI
// document, the docs page and API reference, the client's paths and the
// static hosts' rewrites are made from it, and so is its MCP tool when it has
// one (`tool`: its name, wording, arguments and cost), and so is the typed
// client's way to it when it has a method (`client`: the method's name). Its
// handler is the server's (src/http/handlers/, registered by the route's id).
import type { BuildPart, LangForm, Theme } from '../layout.ts';
import type { BuildInput, BuiltFile } from './build-input.ts';
import type { NotFoundKind } from './errors.ts';
import type { Manifest } from './manifest.ts';
import type { JsonSchema, Parameter } from './parameters.ts';
import type { PathParameter, PathParameterValues } from './path-parameters.ts';
import type { OpenApiObject } from './responses.ts';
import { fillPath } from './paths.ts';

/**
 * Who may call a route. open: anybody, neither counted nor limited (how to
 * learn about the API and get a key). metered: the gate (gate.ts) checks the
 * key and counts the request against a daily quota. key: needs the caller's
 * own key (even with GITA_AUTH=off), and is neither counted nor limited.
 */
export type Access = 'open' | 'metered' | 'key';

/**
 * What a path says, beyond its route: each path parameter's value as its
 * `match` reads it (path-parameters.ts, where each is defined and described
 * once), and what a file name says: a card's forced theme (gita-dark.svg;
 * auto for gita.svg) and a language form (en.json).
 */
export type Params = PathParameterValues & { theme?: Theme; lang?: LangForm };

/**
 * A request body as a route reads it, declared on the route: at most `max`
 * bytes are read, then `read` gives the value its handler is given (c.input),
 * or the answer that refuses the body (its status, its JSON; `close` when the
 * body was not read to its end). Run before the handler, after the key.
 */
export interface BodyReader<T = unknown> {
  max: number;
  read(contentType: string | undefined, bytes: Uint8Array | null): { value: T } | BodyRefusal;
}

export interface BodyRefusal {
  status: number;
  body: unknown;
  close?: true;
}

/** A query parameter as a route takes it: its definition, and what it does on this route when that says more; `required` when the route needs it. */
export type Taken = Parameter | { param: Parameter; about?: string; required?: true };

export const parameterOf = (t: Taken): Parameter => ('param' in t ? t.param : t);

/** The parameter a route's entry takes, as a type. */
export type ParameterOfTaken<T> = T extends { param: infer P } ? P : T;

/** What a tool's wording reads of the content (the build's manifest): its counts, speakers, commentaries and versions. */
export type ToolFacts = Manifest['content'];

/** A tool's argument that is none of its route's parameters (always optional): its own JSON Schema, or another route's parameter. */
export type ToolOnlyArg = { schema: (f: ToolFacts) => JsonSchema; about: string } | { param: Parameter | PathParameter; about?: string };

/**
 * What a call costs against a request's budget (src/mcp/budget.ts), known
 * from its arguments before it runs. file: the route's file, its path
 * parameters filled from the arguments (a lemma's or root's by its spelling,
 * as `spelled` reads it), counted as `verses` verses. ref: the records the
 * reference names. draw: one verse, costed at the largest record (which one
 * is known only once drawn). results: a search's limit of results. text: the
 * length of the text read.
 */
export type ToolCost = { of: 'file'; verses: 0 | 1 } | { of: 'ref' } | { of: 'draw' } | { of: 'results' } | { of: 'text' };

/**
 * The route as an MCP tool (src/mcp): its arguments are the route's own
 * parameters named in `args`, in that order (its path's, then its query's,
 * then its JSON body's properties), required where the route requires them,
 * each described as the API describes it unless `about` words it for the
 * tool; and `also`, a tool's own (optional) arguments beyond the route's.
 */
/**
 * A tool's runner as the contract knows it: its arguments in, its result out.
 * Its library and route are the MCP server's types (src/mcp/result.ts
 * Runner), which the contract does not import; a Runner is one of these, and
 * the server calls it as a Runner.
 */
export type ToolRun = (args: Record<string, unknown>, library: never, route: never) => Promise<unknown>;

export interface ToolSpec<Name extends string = string> {
  name: Name;
  /** Where the server lists it among the tools, lowest first (reading, then finding, then the words: 10, 20, ...); two tools of one rank do not load. */
  rank: number;
  title: string;
  description: string | ((f: ToolFacts) => string);
  args: readonly string[];
  about?: Readonly<Record<string, string>>;
  also?: Readonly<Record<string, ToolOnlyArg>>;
  cost: ToolCost;
  /**
   * What it does when called (src/mcp/): imported on its first call, so the
   * server loads no tool's code before one is called. None: it answers its
   * route's built file as it is (mcp/tools.ts fileTool).
   */
  run?: () => Promise<ToolRun>;
}

export interface RouteSpec<Id extends string = string, Tool extends string = string, Method extends string = string, Query extends readonly Taken[] = readonly Taken[], Path extends string = string, Body extends BodyReader = BodyReader> {
  id: Id;
  /**
   * The typed client's method that calls it (src/client: gita.verse), by
   * name: the method finds the route's path and file by it, and the compiler
   * holds the Client to one method per name declared (src/client/methods.ts).
   * A route without one has no method: test/client/routes.test.ts says why.
   */
  client?: Method;
  /**
   * What its client method answers, where the method is the route's file read
   * as it is: its arguments the path's parameters in the path's order (named
   * as path-parameters.ts `argument` says), no query. A TypeScript type, whose
   * names (each starting with a capital; Array, Record and the like are
   * TypeScript's own) the module `from` exports, a path under src/ in
   * src/content/ (`{ type: 'RootIndex', from: 'content/roots/shapes' }`;
   * client.d.ts joins that module: src/publish/client.ts). The method's
   * signature is written from it into src/client/file-methods.ts (npm run
   * docs; a test fails while that is stale), its body made by one function
   * (src/client/files.ts); a method that does more is written by hand.
   */
  answers?: { type: string; from: string };
  /** The client method's doc comment, where the summary, written for the API's readers, does not suit it. */
  clientAbout?: string;
  /** OpenAPI form, parameters in braces, typed by name (its handler is given them typed: path-values.ts). */
  path: Path;
  methods: readonly ('GET' | 'HEAD' | 'POST')[];
  access: Access;
  /** What it answers, a paragraph: the docs page, the API reference, OpenAPI's summary. */
  summary: string;
  /** More for OpenAPI, when a route needs it (how MCP is spoken). */
  description?: string;
  /** A path to try it with, for the docs page and the link-following test. */
  example: string;
  /** Which 404 wording this route's family answers with. */
  notFound: NotFoundKind;
  /** The query parameters it takes (besides api_key, which every route takes and the gate reads). */
  query: Query;
  /** What it answers, by status (OpenAPI response objects: responses.ts); its 400 is completed from `query`, the key's errors, 405 and 503 from the rest. */
  responses: Record<string, OpenApiObject>;
  requestBody?: OpenApiObject;
  /** How its body is read before its handler runs (the value the handler is given), where it takes one. */
  body?: Body;
  /** The JSON Schemas of what it answers that no other route does, by the name its responses give them (OpenAPI's components). */
  schemas?: Record<string, OpenApiObject>;
  /**
   * The same, for shapes declared once in zod beside their types
   * (src/content/zod-components.ts): loaded when the OpenAPI document is
   * made, by a dynamic import of the module that generates them, so the
   * server, which serves the built document, never loads zod for them. On the
   * route that first answers them; a name given twice is an error.
   */
  components?: () => Promise<Record<string, object>>;
  /** Answers something new on every call (Cache-Control: no-store). */
  random?: boolean;
  /** The path also ends in a file name of the static build: `index` (index.json), or `lang` (index.json or en.json, hi.json, sa.json: a language). */
  files?: 'index' | 'lang';
  /** The last segment, a card's name (gita.svg), also takes a theme: gita-light.svg, gita-dark.svg. */
  themed?: boolean;
  /** Other paths of the same resource (its file's name, as `file` writes it: /slok/{ch}/{sl}/words.json). */
  aliases?: readonly string[];
  /**
   * The file of the static build that answers it, its parameters in braces
   * (layout.ts FILES): the static hosts rewrite the route to it, the client
   * asks a static host for it, and the server holds it in memory (`held`) or
   * streams it.
   */
  file?: string;
  /**
   * The part of the build that makes `file` (and its themed forms), left for
   * the background build after a fresh start; none: the first build makes
   * it. Not `needs`: a route may answer from other parts than the one that
   * writes its file (a verse's reading page is rendered from the words,
   * links and versions, and written by the reading pages), or from none (the
   * language forms, which the server cuts from the records). Its language
   * forms (`files: 'lang'`) are the language forms' part whatever this says.
   * The parts of dist/'s files are made from this (src/contract/build-parts.ts).
   */
  madeBy?: BuildPart;
  /**
   * Its builder: the files of `file` it makes from the build's input, each
   * named by its parameters' values. The build runs it in the pass of its
   * part (`madeBy`), writes each file where `file` says and checks it against
   * the part; a route without one has its file written by a pass of the build
   * (publish/build.ts) or serves none. Imported when the build calls it
   * (`() => import(...)`): the server never loads a builder.
   */
  build?: (input: BuildInput) => Promise<Iterable<BuiltFile>>;
  /** The server holds `file` in memory (or this file: a PNG card's SVG); a path whose file is not in dist/ is not found. Resolved once per path. */
  held?: true | string;
  /**
   * Its path parameter names a lemma or a verbal root by its spelling (IAST,
   * ASCII or Devanagari): the file is the IAST name's, else its ASCII
   * spelling's; a spelling that cannot be one is a 400 in that name's words
   * (lemma-name.ts SPELLED). The handler that serves its file reads it so.
   */
  spelled?: 'lemma' | 'root';
  /** Answers an HTML page for people: its family's 404 (a path under its first segment that no route takes) is an HTML page too. */
  page?: boolean;
  /** The parts of dist/ it answers from, which a fresh `npm start` builds after it starts serving: 503 with Retry-After until then. */
  needs?: readonly BuildPart[];
  /** Its work goes through a worker's bounded pool (limits.ts): 503 with Retry-After when the pool is full. */
  pool?: 'png' | 'search';
  /**
   * The operator's, not the API's users' (GET /metrics): matched and answered
   * as any route, but left out of OpenAPI, the docs page and the API
   * reference; docs/operations.md describes it.
   */
  operator?: true;
  /** Its MCP tool: the server's tools, their arguments, the docs' list of them and each call's cost are made from this. */
  tool?: ToolSpec<Tool>;
}

/**
 * A route, its id, its tool's name, its client method's name, its query
 * parameters, its path and its body's reader kept as literal types: the
 * route ids are a union the handlers' table is checked against, the tool
 * names one the MCP tools' runners are, the method names one the Client is,
 * and the parameters, the path and the body type the values its handler is
 * given (query-rules.ts Valid, path-values.ts PathValues, BodyOf).
 */
export const route = <const Id extends string, const Tool extends string = never, const Method extends string = never, const Query extends readonly Taken[] = readonly [], const Path extends string = string, const Body extends BodyReader = BodyReader>(
  spec: RouteSpec<Id, Tool, Method, Query, Path, Body>,
): RouteSpec<Id, Tool, Method, Query, Path, Body> => spec;

export const READ = ['GET', 'HEAD'] as const;
export const POST = ['POST'] as const;

/** Does the route answer this method? (Every GET route answers HEAD too.) */
export const allows = (r: RouteSpec, method: string) => (r.methods as readonly string[]).includes(method) || (method === 'HEAD' && r.methods.includes('GET'));

/** The file of dist/ the server holds for a path of the route (its parameters filled in), if it holds one. */
export function heldFile(r: RouteSpec, params: Params): string | undefined {
  const template = r.held === true ? r.file : r.held;
  return template === undefined ? undefined : fillPath(template, params as Record<string, string | number>);
}

/** The value a route's declared body gives its handler (c.input); unknown for a route that declares none (its handler reads none). */
export type BodyOf<R> = R extends RouteSpec<string, string, string, readonly Taken[], string, infer B> ? (B extends BodyReader<infer T> ? T : unknown) : unknown;
