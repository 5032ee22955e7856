// The reading pages (/read/C/V, /read/C), rendered per request from the
// records held in memory and kept in the build's bounded cache by their
// address, language and author; and the downloads (/downloads/gita.json...),
// files of dist/ streamed with their twins. Both are metered.
import type { ChapterRecord, VerseRecord } from '../../content/schema.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wordsOf, type Word } from '../../content/words.ts';
import type { VerseLinks } from '../../content/links.ts';
import type { VerseScan } from '../../content/meter/shapes.ts';
import { FILES } from '../../layout.ts';
import { filled } from '../../contract/route-file.ts';
import { ROUTE } from '../../contract/routes/index.ts';
import { chapterListFields, chapterPage, readingOptionsFrom, shownVersion, versePage, type ReadingOptions, type VersionInfo } from '../../pages/read.ts';
import type { VerseVersions } from '../../content/versions/model.ts';
import type { Asset } from '../assets.ts';
import type { Context, Handler, Reply } from '../context.ts';
import { badRequestPage, HTML_TYPE, negotiated, notFound, stillBuilding } from '../respond.ts';
import { projectBytes } from '../../content/slices.ts';

/** A Host header worth writing into a page: a name or an IP (v6 in brackets), an optional port. Anything else: root-relative links. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::[0-9]{1,5})?$/i;

/**
 * The origin of a page's absolute addresses (og:url, og:image, canonical):
 * GITA_PUBLIC_URL when set; else the host the request came to, over https
 * when a proxy says so (X-Forwarded-Proto), else http; '' (root-relative)
 * when the Host header is not a plain host.
 */
export function baseUrl(c: Context): string {
  const configured = c.app.options.publicUrl;
  if (configured) return configured;
  const host = c.req.header('host');
  if (!host || host.length > 260 || !HOST.test(host)) return '';
  return `${c.req.header('x-forwarded-proto') === 'https' ? 'https' : 'http'}://${host.toLowerCase()}`;
}

const parse = <T>(asset: Asset | undefined): T => JSON.parse(asset!.identity.body.toString('utf8')) as T;

type PageRoute = 'read-verse' | 'read-chapter';

/** The page's options, from its parameters read before the handler (app.ts); author with version is the one rule across them. */
function options(c: Context<PageRoute>): ReadingOptions | { error: string } {
  if (!c.query) return { lang: 'en', author: null };
  return readingOptionsFrom(c.valid, c.served.dist.manifest.content.versions ?? []);
}

/** A page kept by everything it depends on: the origin, the path, the language, the author and the version. */
function pageReply(c: Context, what: string, o: ReadingOptions, base: string, make: () => string): Reply {
  return c.derived(`read\0${base}\0${what}\0${o.lang}\0${o.author ?? ''}\0${o.version ?? ''}`, () => Buffer.from(make()), HTML_TYPE);
}

/** The build's versions, as a page names them. */
const versionList = (c: Context): readonly VersionInfo[] => c.served.dist.manifest.content.versions ?? [];

/** A file of the build about the verse (its words joined to the analysis, links, versions, scansion), read once per page made, which the server then keeps; undefined where the build has none yet. */
function builtFile<T>(dir: string, path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, path), 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export const readVerse: Handler<'read-verse'> = (c) => {
  const o = options(c);
  if ('error' in o) return negotiated(c.req, badRequestPage(o.error));
  const { ch, sl } = c.at;
  const counts = c.served.dist.manifest.content.versesPerChapter;
  const assets = c.served.dist.assets;
  const prev = sl > 1 ? { chapter: ch, verse: sl - 1 } : ch > 1 ? { chapter: ch - 1, verse: counts[ch - 2] + 1 } : null;
  const next = sl <= counts[ch - 1] ? { chapter: ch, verse: sl + 1 } : ch < counts.length ? { chapter: ch + 1, verse: 1 } : null;
  const base = baseUrl(c);
  return pageReply(c, `${ch}/${sl}`, o, base, () => {
    const verse = parse<VerseRecord>(assets.get(FILES.verse(ch, sl)));
    const list = versionList(c);
    const dir = c.served.dist.dir;
    const versions = { list, verse: shownVersion(o, list) ? builtFile<VerseVersions>(dir, filled(ROUTE['verse-versions'].file!, { ch, sl })) : undefined };
    return versePage({ verse, chapter: parse<ChapterRecord>(assets.get(FILES.chapter(ch))), prev, next, words: builtFile<Word[]>(dir, filled(ROUTE['verse-words'].file!, { ch, sl })) ?? wordsOf(verse), links: builtFile<VerseLinks>(dir, filled(ROUTE['verse-links'].file!, { ch, sl })), meter: builtFile<VerseScan>(dir, filled(ROUTE['verse-meter'].file!, { ch, sl })), versions, options: o, base });
  });
};

export const readChapter: Handler<'read-chapter'> = (c) => {
  const o = options(c);
  if ('error' in o) return negotiated(c.req, badRequestPage(o.error));
  const ch = c.at.ch;
  const s = c.served;
  const chapterOf = (n: number) => (n >= 1 && n <= s.dist.manifest.content.chapters ? parse<ChapterRecord>(s.dist.assets.get(FILES.chapter(n))) : null);
  // A page that shows a version, right after a fresh start: its texts are still in the making.
  if (s.pending.has('versions') && shownVersion(o, versionList(c))) return stillBuilding;
  const base = baseUrl(c);
  // Only the fields the list shows, cut from each record's bytes: 79 whole records of chapter 18 take about 100 ms to parse.
  const fields = chapterListFields(o);
  const listed = (a: Asset) => JSON.parse(projectBytes(a.identity.body, s.sliceIndex(a), { fields }, s.isCommentary).toString('utf8')) as VerseRecord;
  return pageReply(c, `${ch}`, o, base, () => {
    const records = s.chapterRecords(ch).map(listed);
    const list = versionList(c);
    const shown = shownVersion(o, list);
    // The shown version's text of each verse, from the verses' files (a chapter's are some 80 small files, read once per page made).
    const texts = shown ? new Map(records.map((r) => [r._id, builtFile<VerseVersions>(s.dist.dir, filled(ROUTE['verse-versions'].file!, { ch: r.chapter, sl: r.verse }))?.versions.find((v) => v.id === shown.id)?.text ?? null])) : undefined;
    return chapterPage({ chapter: chapterOf(ch)!, verses: records, prev: chapterOf(ch - 1), next: chapterOf(ch + 1), versions: { list, texts }, options: o, base });
  });
};

/** /downloads/{file}: only files the manifest lists are served (with their .br and .gz twins). */
export const download: Handler = (c) => c.file(`/downloads/${c.at.file}`, false, undefined, notFound.resource);
