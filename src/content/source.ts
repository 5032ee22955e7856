// Where the content comes from: a folder in the upstream layout, or a .tar.gz
// of it given as a local path or an http(s) URL. Archives are unpacked into a
// temporary folder that `close()` removes.
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { githubArchive, UPSTREAM, UPSTREAM_ARCHIVE } from './upstream.ts';


/**
 * `github:OWNER/REPO@REF` is short for that repository's archive at REF; any
 * other source is returned as it is.
 */
export function expandSource(from: string): string {
  if (!from.startsWith('github:')) return from;
  const m = /^github:([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})@([A-Za-z0-9._\/-]{1,200})$/.exec(from);
  if (!m || m[2] === '.' || m[2] === '..' || m[3].split('/').some((p) => p === '' || p === '.' || p === '..')) {
    throw new SourceError(`${from}: expected github:OWNER/REPO@REF, where REF is a commit, tag or branch (for example github:${UPSTREAM.repository}@${UPSTREAM.commit.slice(0, 7)})`);
  }
  return githubArchive(`${m[1]}/${m[2]}`, m[3]);
}

/**
 * The source as the published audit names it: `github:owner/repo@ref` and a
 * URL as given (a URL without its credentials, query or fragment), a local
 * folder or archive by its own name alone. The audit is served to anyone, and
 * the build machine's folders are nobody's business.
 */
export function sourceName(given: string): string {
  if (given.startsWith('github:')) return given;
  if (/^https?:\/\//i.test(given)) {
    try {
      const url = new URL(given);
      url.username = url.password = url.search = url.hash = '';
      return url.href;
    } catch {
      return given;
    }
  }
  return basename(resolve(given));
}

export class SourceError extends Error {
  override name = 'SourceError';
}

export interface OpenSource {
  /** A folder holding `chapter/` and `slok/`. */
  dir: string;
  close(): Promise<void>;
}

export type Progress = (message: string, done?: number, total?: number) => void;

/** The default source: the shared copy beside the project when it exists, else upstream. */
export function defaultSource(projectRoot: string): string {
  const shared = resolve(projectRoot, '../shared/gita-data');
  return existsSync(shared) ? shared : UPSTREAM_ARCHIVE;
}

export async function openSource(given: string, progress: Progress = () => {}): Promise<OpenSource> {
  const from = expandSource(given);
  if (/^https?:\/\//i.test(from)) {
    const work = await mkdtemp(join(tmpdir(), 'gita-import-'));
    const close = () => removeQuietly(work);
    try {
      const archive = join(work, 'source.tar.gz');
      await download(from, archive, progress);
      return { dir: await unpack(archive, from, join(work, 'unpacked'), progress), close };
    } catch (err) {
      await close();
      throw err;
    }
  }

  const info = await stat(from).catch(() => null);
  if (!info) throw new SourceError(`${from}: no such file or folder`);
  if (info.isDirectory()) return { dir: await findLayout(from, from), close: async () => {} };

  const work = await mkdtemp(join(tmpdir(), 'gita-import-'));
  const close = () => removeQuietly(work);
  try {
    return { dir: await unpack(from, from, work, progress), close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Remove a temporary folder. A failed unpack may still be finishing writes
 * when it rejects, so retry; and never let cleanup hide the error that matters.
 */
async function removeQuietly(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }).catch(() => {});
}

const hasLayout = async (dir: string) =>
  (await stat(join(dir, 'chapter')).catch(() => null))?.isDirectory() &&
  (await stat(join(dir, 'slok')).catch(() => null))?.isDirectory();

/** The folder holding chapter/ and slok/: `dir` itself, or its one top folder (as upstream archives unpack). */
async function findLayout(dir: string, label: string): Promise<string> {
  if (await hasLayout(dir)) return dir;
  const entries = (await readdir(dir, { withFileTypes: true })).filter((e) => !e.name.startsWith('.'));
  if (entries.length === 1 && entries[0].isDirectory() && (await hasLayout(join(dir, entries[0].name)))) {
    return join(dir, entries[0].name);
  }
  throw new SourceError(`${label}: no chapter/ and slok/ folders; expected the upstream layout, or an archive of it with one top folder`);
}

async function download(url: string, file: string, progress: Progress): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(5 * 60_000) });
  } catch (err) {
    throw new SourceError(`download failed: ${url}: ${causeOf(err)}`);
  }
  if (!res.ok || !res.body) throw new SourceError(`download failed: ${url}: HTTP ${res.status} ${res.statusText}`.trim());
  const header = res.headers.get('content-length');
  const expected = header && /^\d+$/.test(header) ? Number(header) : undefined;
  let received = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      progress(`downloading ${url}`, received, expected);
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), count, createWriteStream(file));
  } catch (err) {
    throw new SourceError(`download failed: ${url}: cut short after ${received} bytes (${causeOf(err)})`);
  }
  if (expected !== undefined && received !== expected) {
    throw new SourceError(`download failed: ${url}: cut short: received ${received} of ${expected} bytes`);
  }
}

async function unpack(archive: string, label: string, into: string, progress: Progress): Promise<string> {
  await rm(into, { recursive: true, force: true });
  await mkdir(into, { recursive: true });
  const seen = new Set<string>();
  const duplicates: string[] = [];
  let entries = 0;
  progress(`unpacking ${label}`);
  try {
    await tar.x({
      file: archive,
      cwd: into,
      strict: true,
      // Only plain files and folders: links in an archive could point anywhere.
      filter: (path, entry) => {
        const type = 'type' in entry ? entry.type : 'File';
        if (type !== 'File' && type !== 'OldFile' && type !== 'Directory') return false;
        if (type !== 'Directory') {
          if (seen.has(path)) duplicates.push(path);
          seen.add(path);
          progress(`unpacking ${label}`, ++entries);
        }
        return true;
      },
    });
  } catch (err) {
    throw new SourceError(`${label}: not a readable .tar.gz archive (${causeOf(err)})`);
  }
  if (entries === 0) throw new SourceError(`${label}: not a readable .tar.gz archive (no files in it)`);
  if (duplicates.length) throw new SourceError(`${label}: the archive holds ${duplicates[0]} more than once`);
  return findLayout(into, label);
}

function causeOf(err: unknown): string {
  const e = err as Error & { cause?: Error; code?: string };
  const inner = e.cause ? `: ${e.cause.message ?? e.cause}` : '';
  return `${e.message ?? String(err)}${inner}`;
}
