// What the MCP server reads from: the records by place, the chapters, any
// file of the build by its path (a route's answer, when the route serves its
// file as it is), and the routes themselves, called in-process (`answer`,
// made by the server: this layer never imports it). One interface, so the
// tools do not care where the records come from; one implementation here
// reads a build through a LibrarySource: from disk (distLibrary, for stdio)
// or from what the server holds in memory.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChapterRecord, VerseRecord } from '../content/schema.ts';
import type { Word } from '../content/words.ts';
import { FILES, type LangForm } from '../layout.ts';
import type { Manifest } from '../contract/manifest.ts';
import type { AnswerRoute } from '../contract/route-call.ts';

export type { Word };

/** What the content holds, from the manifest: what the tools check their arguments against. */
export type LibraryFacts = Manifest['content'];

export interface Library {
  facts: LibraryFacts;
  /** A verse record (sl up to verses_count + 1, the colophon); undefined when there is none. */
  verse(ch: number, sl: number): Promise<VerseRecord | undefined>;
  chapter(ch: number): Promise<ChapterRecord | undefined>;
  chapters(): Promise<ChapterRecord[]>;
  /** A route's own answer, called in-process with the tool's arguments (the server's handler answers it: contract/route-call.ts). */
  answer: AnswerRoute;
  /** Whether the build has this file of dist/ (by its path there: FILES). */
  has(path: string): boolean;
  /** A file of dist/ parsed (a route's answer, when the route serves its file as it is: route-file.ts); undefined where the build has none. */
  json<T>(path: string): Promise<T | undefined>;
  /** The bytes of a verse record (in one language, when its file exists): what a call that answers it costs. */
  recordBytes(ch: number, sl: number, lang?: string): number;
}

/**
 * Parsed records kept at most. A whole record is about 90 kB of JSON (its
 * commentaries), twice that parsed (Devanagari strings are two bytes a
 * letter): 32 keep a few MB, and parsing one again costs well under a
 * millisecond.
 */
const RECORDS_KEPT = 32;

/** Where a library reads from: a build's manifest, its files by path in dist/ (FILES), and its routes. */
export interface LibrarySource {
  manifest: Manifest;
  /** A file of dist/ by its path there; undefined when the build has no such file. */
  read(path: string): Promise<string | Uint8Array | undefined>;
  /** The build's routes, answered in-process by the server's handlers (over the same build). */
  answer: AnswerRoute;
}

/** The library of the build in `distDir`, read from disk, its routes answered by `answer` (the server's, over the same build). */
export async function distLibrary(distDir: string, answer: AnswerRoute): Promise<Library> {
  const manifest = JSON.parse(await readFile(join(distDir, FILES.manifest), 'utf8')) as Manifest;
  return libraryOf({
    manifest,
    async read(path) {
      try {
        return await readFile(join(distDir, path));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    answer,
  });
}

/** A bounded cache of parsed verse records, read through `need` (the oldest one goes first). */
function recordCache(need: <T>(path: string) => Promise<T>, exists: (ch: number, sl: number) => boolean): (ch: number, sl: number) => Promise<VerseRecord | undefined> {
  const records = new Map<string, Promise<VerseRecord>>();
  return (ch, sl) => {
    if (!exists(ch, sl)) return Promise.resolve(undefined);
    const key = `${ch}.${sl}`;
    let r = records.get(key);
    if (!r) {
      if (records.size >= RECORDS_KEPT) records.delete(records.keys().next().value!);
      records.set(key, (r = need<VerseRecord>(FILES.verse(ch, sl))));
      r.catch(() => records.delete(key));
    }
    return r;
  };
}

/** A library over any source of a build. Records are parsed when first asked for and kept (a bounded number). */
export function libraryOf(source: LibrarySource): Library {
  const facts = source.manifest.content;
  const counts = facts.versesPerChapter;
  const exists = (ch: number, sl: number) => Number.isInteger(ch) && Number.isInteger(sl) && ch >= 1 && ch <= counts.length && sl >= 1 && sl <= counts[ch - 1] + 1;
  const readJson = async <T>(path: string): Promise<T | undefined> => {
    const body = await source.read(path);
    return body === undefined ? undefined : (JSON.parse(typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')) as T);
  };
  const need = async <T>(path: string): Promise<T> => {
    const found = await readJson<T>(path);
    if (found === undefined) throw new Error(`dist/ lacks ${path}; rebuild it`);
    return found;
  };
  let chapterList: Promise<ChapterRecord[]> | undefined;
  const chapters = () => (chapterList ??= need<ChapterRecord[]>(FILES.chapters));
  return {
    facts,
    verse: recordCache(need, exists),
    async chapter(ch) {
      return Number.isInteger(ch) ? (await chapters()).find((c) => c.chapter_number === ch) : undefined;
    },
    chapters,
    answer: source.answer,
    recordBytes(ch, sl, lang) {
      const files = source.manifest.files;
      return files[FILES.verse(ch, sl, lang as LangForm | undefined)]?.size ?? files[FILES.verse(ch, sl)]?.size ?? 0;
    },
    has: (path) => Object.hasOwn(source.manifest.files, path),
    json: readJson,
  };
}
