// The files the API's routes answer: each representation's response headers
// prepared at start-up (or on reload), and its bytes held in memory or, for
// those a worker does not hold (holds() in slab.ts), read from disk when asked; so a
// request costs a lookup and a write.
import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Manifest } from '../contract/manifest.ts';
import { MANIFEST_VERSION } from '../contract/manifest.ts';
import { ENCODINGS, FILES, type Coding } from '../layout.ts';
import { CACHE_FIXED, CACHE_RANDOM, COMMON_HEADERS, etagOf, typeHeaders } from '../contract/headers.ts';
import { ReadThrough } from './read-through.ts';
import { DistError, heldParts, inMemory, readSlab, slabBytes, type SlabSource } from './slab.ts';

/** The header lists of one representation, as flat [name, value, ...] lists. */
export interface HeaderSets {
  etag: string;
  /** For a fixed resource: ETag and `Cache-Control: public`. */
  headers: string[];
  /** For a random pick: `Cache-Control: no-store`, no ETag. */
  randomHeaders: string[];
  /** For a 304. */
  notModified: string[];
}

/** One representation answered from memory: its bytes and its headers. */
export interface Variant extends HeaderSets {
  readonly body: Buffer;
}

/** A file's representations: as is, and the compressed twins the manifest lists. */
export interface Representations<V extends HeaderSets> {
  identity: V;
  br?: V;
  gzip?: V;
  /** Every ETag of the resource, whatever the coding: any of them answers 304. */
  etags: string[];
}

/** The representations of a manifest entry, each made by `make` from its file suffix and coding. */
export function representations<V extends HeaderSets>(entry: { br?: number; gzip?: number }, make: (suffix: string, coding?: Coding) => V): Representations<V> {
  const r: Representations<V> = { identity: make(''), etags: [] };
  for (const { coding, suffix } of ENCODINGS) if (entry[coding] !== undefined) r[coding] = make(suffix, coding);
  r.etags = [r.identity, r.br, r.gzip].filter((v): v is V => !!v).map((v) => v.etag);
  return r;
}

export interface Asset extends Representations<Variant> {
  path: string;
  type: string;
}

export interface Dist {
  dir: string;
  manifest: Manifest;
  /** SHA-256 of manifest.json itself (it cannot list its own hash). */
  manifestSha256: string;
  /** manifest.json's bytes as read with the build: /manifest.json is answered from them, so it always describes the build served (the file on disk may be a newer build's already). */
  manifestBytes: Buffer;
  /** The API's files, by their path in dist/: in memory, or read through `disk` (holds()). (manifest.files lists the rest.) */
  assets: Map<string, Asset>;
  /** What those files' representations that are not held cost once read. */
  disk: ReadThrough;
}

/** A representation read from disk when asked: its headers made at load, its bytes through the read-through cache. */
class OnDisk implements Variant {
  readonly etag: string;
  readonly headers: string[];
  readonly randomHeaders: string[];
  readonly notModified: string[];
  constructor(
    private readonly file: string,
    private readonly size: number,
    private readonly disk: ReadThrough,
    sets: HeaderSets,
  ) {
    this.etag = sets.etag;
    this.headers = sets.headers;
    this.randomHeaders = sets.randomHeaders;
    this.notModified = sets.notModified;
  }
  get body(): Buffer {
    return this.disk.read(this.file, this.size);
  }
}

export function flat(headers: Record<string, string>): string[] {
  // A plain loop: Object.entries().flat() was most of the start-up's header work.
  const out: string[] = [];
  for (const name in headers) out.push(name, headers[name]);
  return out;
}

/**
 * The headers of one representation of a file, built once (at start-up or
 * reload). `length`: its Content-Length, when the bytes are in memory; a file
 * streamed from disk gets it from the file itself.
 */
export function headerSets(type: string, sha256: string, coding?: Coding, length?: number, extra?: Record<string, string>): HeaderSets {
  // Built as flat lists directly (no objects spread and flattened): this runs
  // for some 4,000 representations at start-up. The names never repeat, so
  // the lists equal flat() of the objects these were once spread from.
  const etag = etagOf(sha256, coding);
  const base = flat(typeHeaders(type));
  if (extra) base.push(...flat(extra));
  if (length !== undefined) base.push('Content-Length', String(length));
  if (coding) base.push('Content-Encoding', coding);
  base.push('Vary', 'Accept-Encoding', ...COMMON_FLAT);
  return {
    etag,
    headers: [...base, 'ETag', etag, 'Cache-Control', CACHE_FIXED],
    randomHeaders: [...base, 'Cache-Control', CACHE_RANDOM],
    notModified: ['ETag', etag, 'Cache-Control', CACHE_FIXED, 'Vary', 'Accept-Encoding', ...COMMON_FLAT],
  };
}
const COMMON_FLAT = flat(COMMON_HEADERS);

const variant = (body: Buffer, type: string, sha256: string, coding?: Coding): Variant => ({ body, ...headerSets(type, sha256, coding, body.length) });

export async function readManifest(dir: string): Promise<Manifest & { sha256: string; bytes: Buffer }> {
  const file = join(dir, FILES.manifest);
  let manifest: Manifest;
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
    manifest = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new DistError(`${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing; run `npm run build`' : `unreadable (${(err as Error).message})`}`);
  }
  if (manifest.version !== MANIFEST_VERSION) throw new DistError(`${file}: version ${manifest.version}, expected ${MANIFEST_VERSION}; run \`npm run build\``);
  return Object.assign(manifest, { sha256: createHash('sha256').update(bytes).digest('hex'), bytes });
}

/** The manifest's opening as the build writes it: its version, then the build's id. */
const MANIFEST_HEAD = /^\{\s*"version":\s*(\d+),\s*"build":\s*"([0-9a-f]+)"/;

/**
 * The build id of the dist/ at `dir`. Read from the first bytes of the
 * manifest, not the whole: it is megabytes of JSON, and parsing it takes tens
 * of milliseconds of a serving process's event loop. A manifest that does not
 * open as the build writes it is read whole.
 */
export async function readBuildId(dir: string): Promise<string> {
  const handle = await open(join(dir, FILES.manifest), 'r').catch(() => null);
  if (handle) {
    try {
      const head = Buffer.alloc(256);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const m = MANIFEST_HEAD.exec(head.toString('latin1', 0, bytesRead));
      if (m && Number(m[1]) === MANIFEST_VERSION) return m[2];
    } finally {
      await handle.close();
    }
  }
  return (await readManifest(dir)).build;
}

/**
 * Read dist/: the manifest, and every representation a worker holds of the
 * route files (holds()), checked against the manifest; the others get their
 * headers now and their bytes when asked. All held bytes are in one buffer,
 * the slab (one allocation instead of thousands of small ones, which
 * fragment the heap), each file a view of its part; `shared`, when given,
 * supplies it read once for several threads.
 */
export async function loadDist(dir: string, shared?: SlabSource): Promise<Dist> {
  const { sha256: manifestSha256, bytes: manifestBytes, ...manifest } = await readManifest(dir);
  const entries = Object.entries(manifest.files).filter(([path]) => inMemory(path));
  const parts = heldParts(dir, manifest.files);
  const size = slabBytes(parts);
  let slab = shared ? await shared(dir, manifestSha256, size) : null;
  if (!slab) await readSlab(parts, (slab = Buffer.allocUnsafeSlow(size)));
  const bodies = new Map<string, Buffer>();
  let at = 0;
  for (const { file, size } of parts) {
    bodies.set(file, slab.subarray(at, at + size));
    at += size;
  }
  const disk = new ReadThrough();
  const assets = new Map<string, Asset>();
  for (const [path, entry] of entries) {
    const made = representations(entry, (suffix, coding) => {
      const file = join(dir, path + suffix);
      const body = bodies.get(file);
      if (body) return variant(body, entry.type, entry.sha256, coding);
      const size = coding ? entry[coding]! : entry.size;
      return new OnDisk(file, size, disk, headerSets(entry.type, entry.sha256, coding, size));
    });
    assets.set(path, { path, type: entry.type, ...made });
  }
  // The route files are the assets now; the manifest keeps the others (pages, served from disk).
  for (const [path] of entries) delete manifest.files[path];
  return { dir, manifest, manifestSha256, manifestBytes, assets, disk };
}
