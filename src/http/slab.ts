// What a worker holds of dist/ in memory, and how it is read: the route
// files' representations that the hot routes answer (inMemory, holds), all in
// one buffer, the slab (one allocation instead of thousands of small ones,
// which fragment the heap), each file a view of its part. A process reads its
// own; worker threads share one their primary reads (shared-slab.ts).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../contract/manifest.ts';
import { ENCODINGS, type Coding } from '../layout.ts';

/** dist/ is missing, unreadable or not what its manifest says: rebuild it. */
export class DistError extends Error {
  override name = 'DistError';
}

/**
 * Files the API routes answer, held in memory. The rest of dist/ is streamed
 * from disk: the pages, openapi.json, the chapters' verse lists, and the cards
 * with a forced theme (asked for far less than the plain card, and 10 MB of
 * memory with their twins).
 */
export const inMemory = (path: string) => IN_MEMORY.test(path);
/**
 * The records, the chapters, the authors and the plain cards: what the hot routes answer,
 * and what projections are cut from. Not the language forms or the chapters'
 * verse lists (the server makes those from the records, or streams them), nor
 * slok/today/ (the server picks the day's verse itself).
 */
const IN_MEMORY = /^\/(?:slok\/\d+\/\d+\/(?:index\.json|gita\.svg)|chapters?\/(?:\d+\/)?index\.json|authors\/(?:[^/]+\/)?index\.json|gita\.svg)$/;

/**
 * Which representations of those files a worker holds; the others are read
 * from disk when asked (read-through.ts), one copy per machine in the page
 * cache. Held: the records as they are and in brotli (the hot routes, for
 * clients that ask for no coding and for browsers; projections are cut from
 * the records), the chapters and the authors (small). Not held: the records'
 * gzip twins (a browser takes brotli) and the plain cards in every coding
 * (38 MB and their 13 MB of gzip, a third of a worker's memory for one route).
 */
export function holds(path: string, coding: Coding | undefined): boolean {
  if (CARD.test(path)) return false;
  if (RECORD.test(path)) return coding !== 'gzip';
  return true;
}
const CARD = /\/gita\.svg$/;
const RECORD = /^\/slok\/\d+\/\d+\/index\.json$/;

/** One file a worker holds, and its place in the slab. */
export interface HeldPart {
  file: string;
  size: number;
}

/**
 * The representations a worker holds of the route files (holds()), in the
 * order of the slab that holds them all: the same list wherever it is made
 * from the same manifest, so a slab read in one thread serves another.
 */
export function heldParts(dir: string, files: Manifest['files']): HeldPart[] {
  return Object.entries(files)
    .filter(([path]) => inMemory(path))
    .flatMap(([path, entry]) =>
      ([['', entry.size, undefined], [ENCODINGS[0].suffix, entry.br, ENCODINGS[0].coding], [ENCODINGS[1].suffix, entry.gzip, ENCODINGS[1].coding]] as Array<[string, number | undefined, Coding | undefined]>)
        .filter((p): p is [string, number, Coding | undefined] => p[1] !== undefined && holds(path, p[2]))
        .map(([suffix, size]) => ({ file: join(dir, path + suffix), size })),
    );
}

export const slabBytes = (parts: readonly HeldPart[]) => parts.reduce((n, p) => n + p.size, 0);

/**
 * Read `parts` into `slab` one after another, each checked against the size
 * the manifest gave it. Synchronously (for thousands of small files several
 * times faster than fs.promises), in slices with a yield between them so
 * that a reload while serving never stalls requests long.
 */
export async function readSlab(parts: readonly HeldPart[], slab: Buffer): Promise<void> {
  let at = 0;
  for (let i = 0; i < parts.length; i++) {
    const { file, size } = parts[i];
    const fd = openSync(file, 'r');
    try {
      const got = readSync(fd, slab, at, size, 0);
      if (got !== size || fstatSync(fd).size !== size) throw new DistError(`${file}: ${fstatSync(fd).size} bytes, the manifest says ${size}; rebuild dist/`);
    } finally {
      closeSync(fd);
    }
    at += size;
    if (i % 500 === 499) await new Promise((r) => setImmediate(r));
  }
}

/**
 * Where a worker thread gets the slab of a build from: its primary, which
 * reads it once for every thread (shared-slab.ts); null: read it here.
 * `sha256`: the manifest's, so that both read the same build.
 */
export type SlabSource = (dir: string, sha256: string, bytes: number) => Promise<Buffer | null>;

