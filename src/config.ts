// The operator's settings, defined once: each is an environment variable and
// a command-line flag; the README and the docs page list them from here.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

export type AuthPolicy = 'optional' | 'required' | 'off';

export interface Config {
  port: number;
  host: string;
  auth: AuthPolicy;
  dataDir: string;
  distDir: string;
  /** Requests a day per anonymous client; 0: unlimited. */
  anonLimit: number;
  /** Default daily quota of a new key; 0: unlimited. */
  keyLimit: number;
  trustProxy: boolean;
  registration: 'open' | 'closed';
  redisUrl: string | null;
  /** Prefix of every Redis key this service writes (several services can share one Redis). */
  redisPrefix: string;
  /** Where the operator can be reached, shown when registration is closed. */
  contact: string | null;
  /** Workers serving the port; 1: the process itself. */
  workers: number;
  /** What a worker is on Node 22.12 and later (Linux): a thread of this process, or a process of its own. Older Node: node:cluster's processes; Bun and Deno: processes. */
  workerKind: 'threads' | 'processes';
  /** Where readers reach the service (`https://gita.example`, no trailing slash): the origin of the reading pages' og:url and og:image; null: the request's own host. */
  publicUrl: string | null;
  /** A line per request on stdout; off: only start-up, reloads and errors. */
  requestLog: 'on' | 'off';
  /** The bearer token GET /metrics asks for (Prometheus's text format); null: /metrics is off, and nothing is recorded. */
  metricsToken: string | null;
}

export interface Setting {
  key: keyof Config;
  env: string;
  flag: string;
  default: string;
  help: string;
}

export const SETTINGS: readonly Setting[] = [
  { key: 'port', env: 'PORT', flag: 'port', default: '8080', help: 'TCP port to listen on (0: any free port).' },
  { key: 'host', env: 'HOST', flag: 'host', default: '0.0.0.0', help: 'Address to listen on.' },
  { key: 'auth', env: 'GITA_AUTH', flag: 'auth', default: 'optional', help: 'Key policy: optional (no key: anonymous; a bad key: 401), required (no key: 401), off (keys ignored).' },
  { key: 'dataDir', env: 'GITA_DATA_DIR', flag: 'data-dir', default: './data', help: 'Where keys (as hashes) and usage counts are kept.' },
  { key: 'distDir', env: 'GITA_DIST', flag: 'dist', default: './dist', help: 'The built static API to serve.' },
  { key: 'anonLimit', env: 'GITA_ANON_LIMIT', flag: 'anon-limit', default: '1000/day', help: 'Daily quota per anonymous client address; 0: unlimited.' },
  { key: 'keyLimit', env: 'GITA_KEY_LIMIT', flag: 'key-limit', default: '10000/day', help: 'Default daily quota of a new key; 0: unlimited.' },
  { key: 'trustProxy', env: 'GITA_TRUST_PROXY', flag: 'trust-proxy', default: '', help: 'Set (1/true) when behind a proxy: the client address is taken from X-Forwarded-For.' },
  { key: 'registration', env: 'GITA_REGISTRATION', flag: 'registration', default: 'open', help: 'open: /pricing registers free keys; closed: it says how to ask the operator.' },
  { key: 'redisUrl', env: 'REDIS_URL', flag: 'redis-url', default: '', help: 'Keep keys, usage and limits in Redis, shared by several servers. Unset: in the process and GITA_DATA_DIR.' },
  { key: 'redisPrefix', env: 'GITA_REDIS_PREFIX', flag: 'redis-prefix', default: 'gita:', help: 'Prefix of every Redis key the service uses.' },
  { key: 'contact', env: 'GITA_CONTACT', flag: 'contact', default: '', help: 'How to reach the operator (shown when registration is closed).' },
  { key: 'workers', env: 'GITA_WORKERS', flag: 'workers', default: '1', help: 'Workers that share the port (Node, Bun and Deno): 1, auto (one per core) or a number; counts and quotas stay exact across them.' },
  { key: 'workerKind', env: 'GITA_WORKER_KIND', flag: 'worker-kind', default: 'threads', help: 'What a worker is on Node 22.12 and later (Linux): threads of one process (the engine and the records in memory once), or processes (a crash ends one worker, not all). Older Node: node:cluster\'s processes; Bun and Deno: processes.' },
  { key: 'requestLog', env: 'GITA_REQUEST_LOG', flag: 'request-log', default: 'off', help: 'on: a line per request on stdout (time, method, path with api_key redacted, status, milliseconds); off: only start-up, reloads and errors. Off by default, as Fastify\'s logger is: the line costs a hot request about 6 % of its instructions, and a proxy or CDN in front logs requests itself.' },
  { key: 'publicUrl', env: 'GITA_PUBLIC_URL', flag: 'public-url', default: '', help: 'The public address (https://gita.example, a path prefix allowed) written into the docs page\'s examples and the reading pages\' links and link previews; unset: the host a request came to (the static build: root-relative links).' },
  { key: 'metricsToken', env: 'GITA_METRICS_TOKEN', flag: 'metrics-token', default: '', help: 'Turns on GET /metrics (Prometheus\'s text format, every worker\'s counts summed) for a caller that sends this token as Authorization: Bearer; unset: /metrics answers 404 and nothing is recorded.' },
];

/** "https://gita.example/" → "https://gita.example" (an http(s) origin and an optional path prefix); "" → null. */
export function parsePublicUrl(value: string, name: string): string | null {
  const v = value.trim();
  if (!v) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new ConfigError(`${name}: "${value}" is not a URL; expected https://host (and an optional path)`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) throw new ConfigError(`${name}: "${value}" is not a plain http(s) address; expected https://host (and an optional path)`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Most workers a server starts: beyond the cores they only compete. */
export const MAX_WORKERS = 64;

/** "1", "auto" (one per core) or a number → how many worker processes. */
export function parseWorkers(value: string, name: string, cores: number): number {
  const v = value.trim().toLowerCase();
  if (v === 'auto') return Math.max(1, Math.min(cores, MAX_WORKERS));
  if (!/^\d{1,3}$/.test(v) || Number(v) < 1 || Number(v) > MAX_WORKERS) throw new ConfigError(`${name}: "${value}" is not a number of workers; expected 1 to ${MAX_WORKERS}, or auto (one per core)`);
  return Number(v);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** "1000/day", "1000" or "0" → requests a day (0: unlimited). */
export function parseDailyLimit(value: string, name: string): number {
  const m = /^\s*(\d{1,12})\s*(?:\/\s*day)?\s*$/i.exec(value);
  if (!m) throw new ConfigError(`${name}: "${value}" is not a daily limit; expected N/day (0: unlimited)`);
  return Number(m[1]);
}

/** An http(s) origin: scheme, host name or [IPv6] address, optional port; nothing that needs escaping in HTML. */
export const isOrigin = (s: string) => /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i.test(s) && s.length <= 300;

/** Settings from flags (highest), then the environment, then the defaults. */
export function loadConfig(env: Record<string, string | undefined>, flags: Record<string, string | undefined> = {}, cwd = process.cwd()): Config {
  const raw = (s: Setting) => flags[s.flag] ?? env[s.env] ?? s.default;
  const get = (key: keyof Config) => SETTINGS.find((s) => s.key === key)!;
  const value = (key: keyof Config) => raw(get(key));
  const name = (key: keyof Config) => `${get(key).env} (--${get(key).flag})`;
  const oneOf = <T extends string>(key: keyof Config, allowed: readonly T[]): T => {
    const v = value(key).trim().toLowerCase() as T;
    if (!allowed.includes(v)) throw new ConfigError(`${name(key)}: "${value(key)}" is not one of ${allowed.join(', ')}`);
    return v;
  };
  const port = Number(value('port'));
  if (!/^\d{1,5}$/.test(value('port').trim()) || port > 65535) throw new ConfigError(`${name('port')}: "${value('port')}" is not a port number`);
  const redis = value('redisUrl').trim();
  if (redis && !/^rediss?:\/\//.test(redis)) throw new ConfigError(`${name('redisUrl')}: "${redis}" is not a redis:// URL`);
  return {
    port,
    host: value('host').trim(),
    auth: oneOf('auth', ['optional', 'required', 'off'] as const),
    dataDir: resolve(cwd, value('dataDir')),
    distDir: resolve(cwd, value('distDir')),
    anonLimit: parseDailyLimit(value('anonLimit'), name('anonLimit')),
    keyLimit: parseDailyLimit(value('keyLimit'), name('keyLimit')),
    trustProxy: /^(1|true|yes|on)$/i.test(value('trustProxy').trim()),
    registration: oneOf('registration', ['open', 'closed'] as const),
    redisUrl: redis || null,
    redisPrefix: value('redisPrefix'),
    contact: value('contact').trim() || null,
    workers: parseWorkers(value('workers'), name('workers'), availableParallelism()),
    workerKind: oneOf('workerKind', ['threads', 'processes'] as const),
    publicUrl: parsePublicUrl(value('publicUrl'), name('publicUrl')),
    requestLog: oneOf('requestLog', ['on', 'off'] as const),
    metricsToken: value('metricsToken').trim() || null,
  };
}

/** parseArgs options for every setting, for the entry scripts. */
export const settingFlags = Object.fromEntries(SETTINGS.map((s) => [s.flag, { type: 'string' as const }]));
