// What the MCP server reads from: the records by place, the chapters, the
// verse of a day, a random verse, search, and any file of the build by its
// path (a route's answer, when the route serves its file as it is). One
// interface, so the tools do not care where the records come from; one
// implementation here reads a build through a LibrarySource: from disk
// (distLibrary, for stdio) or from what the server holds in memory.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VersePlace } from '../content/citations.ts';
import { dailyIndex } from '../content/daily.ts';
import type { ChapterRecord, VerseRecord } from '../content/schema.ts';
import type { Word } from '../content/words.ts';
import { FILES, type LangForm } from '../layout.ts';
import type { Manifest } from '../contract/manifest.ts';
import { loadSearcher, search, type SearchParams, type SearchResponse } from '../search/query.ts';

export type { Word };

/** What the content holds, from the manifest: what the tools check their arguments against. */
export type LibraryFacts = Manifest['content'];

export interface Library {
  facts: LibraryFacts;
  /** A verse record (sl up to verses_count + 1, the colophon); undefined when there is none. */
  verse(ch: number, sl: number): Promise<VerseRecord | undefined>;
  chapter(ch: number): Promise<ChapterRecord | undefined>;
  chapters(): Promise<ChapterRecord[]>;
  /** The verse of the day of a UTC date (YYYY-MM-DD), as the build and the server pick it. */
  dayVerse(date: string): VersePlace;
  /** A random verse (never a colophon) of a chapter (0: any) and a speaker (an index into facts.speakers; -1: any); null when none matches. */
  randomVerse(ch: number, speaker: number, random?: () => number): VersePlace | null;
  search(params: SearchParams): Promise<SearchResponse>;
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

/** Where a library reads from: a build's manifest, its files by path in dist/ (FILES), and its search. */
export interface LibrarySource {
  manifest: Manifest;
  /** A file of dist/ by its path there; undefined when the build has no such file. */
  read(path: string): Promise<string | Uint8Array | undefined>;
  /** The build's search (the server's, or one loaded from the index on first use). */
  search(params: SearchParams): Promise<SearchResponse>;
}

/** The library of the build in `distDir`, read from disk. */
export async function distLibrary(distDir: string): Promise<Library> {
  const manifest = JSON.parse(await readFile(join(distDir, FILES.manifest), 'utf8')) as Manifest;
  let searcher: ReturnType<typeof loadSearcher> | undefined;
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
    async search(params) {
      // Loaded on first search only: a few hundred milliseconds, which a session that never searches does not pay.
      searcher ??= readFile(join(distDir, FILES.searchIndex), 'utf8').then((text) => loadSearcher(text, undefined, { cacheSize: 100 }));
      return search(await searcher, params);
    },
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

/** The verse of a day and random draws, over the verses in order, colophons left out: what the build and the server index. */
function draws(facts: LibraryFacts): Pick<Library, 'dayVerse' | 'randomVerse'> {
  const picks: VersePlace[] = facts.versesPerChapter.flatMap((n, i) => Array.from({ length: n }, (_, k) => ({ ch: i + 1, sl: k + 1 })));
  const pools = new Map<string, VersePlace[]>();
  const pool = (ch: number, speaker: number) => {
    const key = `${ch}/${speaker}`;
    let found = pools.get(key);
    if (!found) pools.set(key, (found = picks.filter((p) => (!ch || p.ch === ch) && (speaker < 0 || facts.speakerOf[p.ch - 1]?.[p.sl - 1] === speaker))));
    return found;
  };
  return {
    dayVerse: (date) => picks[dailyIndex(date, picks.length)],
    randomVerse(ch, speaker, random = Math.random) {
      const p = pool(ch, speaker);
      return p.length ? p[Math.floor(random() * p.length)] : null;
    },
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
    ...draws(facts),
    search: (params) => source.search(params),
    recordBytes(ch, sl, lang) {
      const files = source.manifest.files;
      return files[FILES.verse(ch, sl, lang as LangForm | undefined)]?.size ?? files[FILES.verse(ch, sl)]?.size ?? 0;
    },
    has: (path) => Object.hasOwn(source.manifest.files, path),
    json: readJson,
  };
}
