// What the server answers from memory: the bytes of the API's files, read
// once from dist/ at start-up (or on reload), each with its response headers
// prepared, so a request costs a lookup and a write.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Manifest, ManifestFile } from '../build/manifest.ts';
import { MANIFEST_VERSION } from '../build/manifest.ts';
import { ENCODINGS, FILES, type Coding } from '../layout.ts';
import { CACHE_FIXED, CACHE_RANDOM, COMMON_HEADERS, etagOf, typeHeaders } from './headers.ts';

/** One representation: its bytes and its headers, as a flat [name, value, ...] list. */
export interface Variant {
  body: Buffer;
  etag: string;
  /** For a fixed resource: ETag and `Cache-Control: public`. */
  headers: string[];
  /** For a random pick: `Cache-Control: no-store`, no ETag. */
  randomHeaders: string[];
  /** For a 304. */
  notModified: string[];
}

export interface Asset {
  path: string;
  type: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  /** Every ETag of the resource, whatever the coding: any of them answers 304. */
  etags: string[];
}

export interface Dist {
  dir: string;
  manifest: Manifest;
  /** SHA-256 of manifest.json itself (it cannot list its own hash). */
  manifestSha256: string;
  /** The API's files, in memory, by their path in dist/. */
  assets: Map<string, Asset>;
}

export class DistError extends Error {
  override name = 'DistError';
}

/** Files the API routes answer, held in memory; the rest of dist/ (pages, openapi.json) is streamed from disk. */
export const inMemory = (path: string) => path.startsWith('/slok/') || path.startsWith('/chapter') || /^\/gita(?:-light|-dark)?\.svg$/.test(path);

export function flat(headers: Record<string, string>): string[] {
  return Object.entries(headers).flat();
}

function variant(body: Buffer, type: string, sha256: string, coding?: Coding): Variant {
  const etag = etagOf(sha256, coding);
  const base: Record<string, string> = {
    ...typeHeaders(type),
    'Content-Length': String(body.length),
    ...(coding && { 'Content-Encoding': coding }),
    Vary: 'Accept-Encoding',
    ...COMMON_HEADERS,
  };
  return {
    body,
    etag,
    headers: flat({ ...base, ETag: etag, 'Cache-Control': CACHE_FIXED }),
    randomHeaders: flat({ ...base, 'Cache-Control': CACHE_RANDOM }),
    notModified: flat({ ETag: etag, 'Cache-Control': CACHE_FIXED, Vary: 'Accept-Encoding', ...COMMON_HEADERS }),
  };
}

export async function readManifest(dir: string): Promise<Manifest & { sha256: string }> {
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
  return Object.assign(manifest, { sha256: createHash('sha256').update(bytes).digest('hex') });
}

/**
 * Read dist/: the manifest, and every in-memory file with its twins, checked
 * against the manifest. Files are read synchronously (for thousands of small
 * files that is several times faster than fs.promises), in slices with a
 * yield between them so a reload while serving never stalls requests long.
 */
export async function loadDist(dir: string): Promise<Dist> {
  const { sha256: manifestSha256, ...manifest } = await readManifest(dir);
  const assets = new Map<string, Asset>();
  const entries = Object.entries(manifest.files).filter(([path]) => inMemory(path));
  for (let i = 0; i < entries.length; i++) {
    const [path, entry] = entries[i];
    assets.set(path, loadAsset(dir, path, entry));
    if (i % 200 === 199) await new Promise((r) => setImmediate(r));
  }
  return { dir, manifest, manifestSha256, assets };
}

function loadAsset(dir: string, path: string, entry: ManifestFile): Asset {
  const read = (suffix: string, size: number | undefined) => {
    const body = readFileSync(join(dir, path + suffix));
    if (size !== undefined && body.length !== size) throw new DistError(`${join(dir, path + suffix)}: ${body.length} bytes, the manifest says ${size}; rebuild dist/`);
    return body;
  };
  const asset: Asset = { path, type: entry.type, identity: variant(read('', entry.size), entry.type, entry.sha256), etags: [] };
  for (const { coding, suffix } of ENCODINGS) {
    const size = entry[coding === 'br' ? 'br' : 'gzip'];
    if (size !== undefined) asset[coding === 'br' ? 'br' : 'gzip'] = variant(read(suffix, size), entry.type, entry.sha256, coding);
  }
  asset.etags = [asset.identity, asset.br, asset.gzip].filter((v): v is Variant => !!v).map((v) => v.etag);
  return asset;
}
