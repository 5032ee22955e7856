// A file of dist/ sent from one open file: its length is that file's (fstat),
// so a rebuild that swaps dist/ while it is sent cannot mix two builds' bytes
// and lengths. And the one byte range a client may ask (Range: bytes=...),
// on every engine: a download can be resumed.
import { open, type FileHandle } from 'node:fs/promises';
import { SWAP_WAIT } from '../contract/limits.ts';

/** Open a file of dist/ and take its size, waiting out a rebuild's swap (between its two renames there is no dist/); null when it stays missing. */
export async function openServed(path: string): Promise<{ handle: FileHandle; size: number } | null> {
  for (let tries = 0; ; tries++) {
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      if (tries >= SWAP_WAIT.tries) return null;
      await new Promise((r) => setTimeout(r, SWAP_WAIT.ms));
      continue;
    }
    try {
      return { handle, size: (await handle.stat()).size };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }
}

/**
 * The part of a file of `size` bytes that a Range header asks for: null for
 * the whole file (no header, or not one byte range: HTTP lets a server send
 * the whole), [first, last] (inclusive), or 'unsatisfiable' (416).
 */
export function byteRange(header: string | undefined, size: number): [number, number] | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const last = Number(m[2]);
    return last === 0 || size === 0 ? 'unsatisfiable' : [Math.max(0, size - last), size - 1];
  }
  const first = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return first >= size || first > end ? 'unsatisfiable' : [first, end];
}

/** The headers a file's answer adds: its length (of the part sent), and for a range the part. */
export function fileHeaders(size: number, range: [number, number] | null): string[] {
  if (!range) return ['Content-Length', String(size), 'Accept-Ranges', 'bytes'];
  return ['Content-Length', String(range[1] - range[0] + 1), 'Accept-Ranges', 'bytes', 'Content-Range', `bytes ${range[0]}-${range[1]}/${size}`];
}
