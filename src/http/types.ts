// The app's contract with its adapters (node.ts, web.ts): a small request
// in, a small response out, whatever the runtime.
import type { AuthPolicy } from '../config.ts';
import type { Limiter } from '../keys/limits.ts';
import type { KeyStore } from '../keys/store.ts';
import type { UsageStore } from '../keys/usage.ts';
import type { Dist } from './assets.ts';
import type { RunSearch } from './search.ts';
import type { Draw } from './shared-draw.ts';
import type { ManifestFile } from '../contract/manifest.ts';
import type { RouteSpec } from '../contract/route.ts';

export { ClientGone } from '../request/capped-body.ts';

export interface AppRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  /** A request header by lower-case name. */
  header(name: string): string | undefined;
  /** The client's address (the socket's, or X-Forwarded-For's when trusted). */
  ip: string;
  /** The request body, or null when it is longer than `max` bytes; rejects with ClientGone when the client goes away meanwhile. Only the routes that take a body read it. */
  body(max: number): Promise<Uint8Array | null>;
}

export interface AppResponse {
  status: number;
  /** Flat list: name, value, name, value... */
  headers: string[];
  /** The bytes; a list is sent one part after another (the slices of records the server holds, never joined). */
  body?: Uint8Array | string | readonly Uint8Array[];
  /** Stream this file of dist/ (its path inside dist/, such as /index.html.br) as the body: the static layer's job. */
  file?: string;
  /** Close the connection after this answer (the request body was not read). */
  close?: boolean;
}

export interface AppOptions {
  dist: Dist;
  auth: AuthPolicy;
  keys: KeyStore;
  usage: UsageStore;
  limiter: Limiter;
  /** Daily quota per anonymous client address; 0: unlimited. */
  anonLimit: number;
  /** The /pricing page, rendered for this server's settings. */
  pricing?: string;
  /** POST /register; absent: not found. */
  register?: (req: AppRequest) => Promise<AppResponse>;
  /** GITA_PUBLIC_URL: the address written into the docs page and the reading pages' absolute links (a path prefix allowed); absent: the host each request came to. */
  publicUrl?: string | null;
  /** Uniform in [0, 1); tests may pass their own. */
  random?: () => number;
  /** For /healthz: the stores, and whether one is unreachable. */
  health?: () => { degraded: boolean; stores: Record<string, unknown> };
  /** Who draws the PNG cards: the primary of this worker (shared-draw.ts); absent: this process. */
  draw?: Draw;
  /** The search of the current build (its index loads in the background at start-up); absent: /search is not found. */
  search?: () => Promise<RunSearch>;
  /** GET /metrics and what it reads (metrics.ts), with GITA_METRICS_TOKEN; absent: /metrics is off and nothing is recorded. */
  metrics?: Metrics;
}

/** GET /metrics with GITA_METRICS_TOKEN (metrics.ts): what the app records each answer into, the operator's token, and the text. */
export interface Metrics {
  recorder: {
    /** The tally of a route (null: none matched). */
    of(route: RouteSpec | null): object;
    /** Record an answer begun at `started` (performance.now()); returns it. */
    answered(tally: object, r: AppResponse, started: number, head: boolean, served: { dist: { manifest: { files: Record<string, ManifestFile> } } }): AppResponse;
    failed(tally: object, err: unknown, started: number): void;
  };
  /** Does this Authorization header carry the operator's token? (Compared in constant time.) */
  allows(authorization: string | undefined): boolean;
  /** The metrics as Prometheus reads them: this process's, or every worker's summed by the primary. */
  text(): Promise<string>;
  contentType: string;
}

export interface App {
  handle(req: AppRequest): AppResponse | Promise<AppResponse>;
  /** Serve a new build from now on (after `npm run build` while running). */
  reload(dist: Dist): void;
  readonly dist: Dist;
}
