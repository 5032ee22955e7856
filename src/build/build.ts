// The static build: content/ → dist/. Every file the API serves is made here,
// with its brotli and gzip twins, and listed in the manifest. dist/ is staged
// beside the old one and swapped in whole; a failed build leaves the old one.
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readContent, isColophon, type Content } from '../content/read.ts';
import type { ChapterRecord, VerseRecord } from '../content/schema.ts';
import { replaceDir, stagingDir } from '../fs/atomic.ts';
import { FILES, mediaType } from '../layout.ts';
import { optimizeCards } from './cards.ts';
import { CompressPool, type Compressed, type CompressStats } from './compress.ts';
import { headersFile, notFoundPage, redirectsFile } from './hosts.ts';
import { MANIFEST_VERSION, type Manifest } from './manifest.ts';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  /** Picks the verse of /gita.svg; default: today's UTC date, so a daily build shows a new verse each day. */
  seed?: string;
  /** Where compressed twins and optimized cards are kept between builds; null: no cache. */
  cacheDir?: string | null;
  progress?: (message: string, done?: number, total?: number) => void;
}

export interface BuildSummary {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
  /** Brotli bytes of the verse records alone (the size target). */
  recordsBrotli: number;
  ms: number;
  cache: CompressStats;
  manifest: Manifest;
}

export class BuildError extends Error {
  override name = 'BuildError';
}

/** A file of dist/ (its URL path and bytes); each gets brotli and gzip twins. */
interface Asset {
  path: string;
  body: Buffer;
  /** A file holding the same bytes, to link rather than write. */
  file?: string;
}

export const todaySeed = () => new Date().toISOString().slice(0, 10);

/** The verse a seed picks, uniformly among the verses (never a colophon). */
export function pickVerse(seed: string, verses: Array<{ chapter: number; verse: number }>) {
  const n = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return verses[n % verses.length];
}

export async function build(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const progress = options.progress ?? (() => {});
  const seed = options.seed ?? todaySeed();
  const cacheDir = options.cacheDir ?? null;

  progress('reading content');
  const content = await readContent(options.contentDir);
  const chapters = content.chapters.map((c) => c.record);
  const byNumber = new Map(chapters.map((c) => [c.chapter_number, c]));
  const verses = content.verses.map((v) => v.record);
  const proper = verses.filter((v) => !isColophon(v, byNumber.get(v.chapter)!));
  const daily = pickVerse(seed, proper);

  // The workers compress the records while this thread renders the cards.
  const pool = new CompressPool(cacheDir && join(cacheDir, 'compress'));
  const twins = new Map<string, Compressed>();
  const compress = async (list: Asset[]) => {
    const out = await pool.compressMany(list.map((a) => a.body));
    list.forEach((a, i) => twins.set(a.path, out[i]));
  };
  let assets: Asset[];
  try {
    const json = apiAssets(content);
    const jsonDone = compress(json);
    progress('rendering cards');
    const cards = await optimizeCards(
      verses.map((v) => ({ verse: v, chapter: byNumber.get(v.chapter)! })),
      cacheDir && join(cacheDir, 'cards'),
    );
    const other: Asset[] = verses.map((v, i) => ({ path: FILES.card(v.chapter, v.verse), body: cards[i].bytes, file: cards[i].file }));
    const dailyCard = cards[verses.indexOf(daily as VerseRecord)];
    other.push({ path: FILES.dailyCard, body: dailyCard.bytes, file: dailyCard.file });
    other.push({ path: FILES.notFound, body: Buffer.from(notFoundPage()) });
    progress('compressing');
    await Promise.all([jsonDone, compress(other)]);
    assets = [...json, ...other];
  } catch (err) {
    await pool.close();
    throw err;
  }

  const manifest: Manifest = {
    version: MANIFEST_VERSION,
    build: '',
    content: {
      chapters: chapters.length,
      verses: proper.length,
      colophons: verses.length - proper.length,
      versesPerChapter: chapters.map((c) => c.verses_count),
    },
    daily: { seed, chapter: daily.chapter, verse: daily.verse },
    files: {},
  };
  for (const a of [...assets].sort((x, y) => (x.path < y.path ? -1 : 1))) {
    const t = twins.get(a.path);
    manifest.files[a.path] = {
      type: mediaType(a.path),
      size: a.body.length,
      sha256: createHash('sha256').update(a.body).digest('hex'),
      ...(t && { br: t.br.size, gzip: t.gzip.size }),
    };
  }
  manifest.build = createHash('sha256')
    .update(JSON.stringify(manifest.files))
    .digest('hex')
    .slice(0, 16);

  progress('writing');
  const staged = await stagingDir(options.outDir);
  try {
    const manifestBody = Buffer.from(JSON.stringify(manifest, null, 1) + '\n');
    const [manifestTwins] = await pool.compressMany([manifestBody]);
    twins.set(FILES.manifest, manifestTwins);
    const files: OutFile[] = [
      ...[...assets, { path: FILES.manifest, body: manifestBody }].flatMap((a: Asset): OutFile[] => {
        const t = twins.get(a.path)!;
        return [
          { path: a.path, bytes: a.body, file: a.file },
          { path: `${a.path}.br`, ...t.br },
          { path: `${a.path}.gz`, ...t.gzip },
        ];
      }),
      { path: '/_headers', bytes: headersFile() },
      { path: '/_redirects', bytes: redirectsFile(daily) },
    ];
    await writeAll(staged, files);
    progress('swapping');
    await replaceDir(options.outDir, staged);
    await pool.prune();
  } catch (err) {
    await rm(staged, { recursive: true, force: true });
    throw err;
  } finally {
    await pool.close();
  }

  const sum = (pick: (a: Asset) => number) => assets.reduce((n, a) => n + pick(a), 0);
  return {
    files: assets.length * 3 + 5,
    raw: sum((a) => a.body.length),
    gzip: sum((a) => twins.get(a.path)!.gzip.size),
    brotli: sum((a) => twins.get(a.path)!.br.size),
    recordsBrotli: verses.reduce((n, v) => n + twins.get(FILES.verse(v.chapter, v.verse))!.br.size, 0),
    ms: performance.now() - started,
    cache: pool.stats,
    manifest,
  };
}

interface OutFile {
  path: string;
  bytes?: Uint8Array | string;
  /** A file (in the build cache) with the same bytes: hard-linked, which is much cheaper than writing. */
  file?: string;
}

/** Write files under `root`, many at a time (one by one, 4,000 small files take seconds). */
async function writeAll(root: string, files: OutFile[]) {
  const dirs = [...new Set(files.map(({ path }) => dirname(join(root, path))))].sort();
  for (const dir of dirs) await mkdir(dir, { recursive: true });
  let next = 0;
  const writer = async () => {
    while (next < files.length) {
      const { path, bytes, file } = files[next++];
      const target = join(root, path);
      if (file) await link(file, target).catch(() => copyFile(file, target));
      else await writeFile(target, bytes!);
    }
  };
  await Promise.all(Array.from({ length: 32 }, writer));
}

/** The JSON resources: compact, keys in source order, chapters by number. */
function apiAssets(content: Content): Asset[] {
  const json = (path: string, value: unknown): Asset => ({ path, body: Buffer.from(JSON.stringify(value)) });
  const chapters: ChapterRecord[] = content.chapters.map((c) => c.record);
  return [
    json(FILES.chapters, chapters),
    ...chapters.map((c) => json(FILES.chapter(c.chapter_number), c)),
    ...content.verses.map(({ record: v }) => json(FILES.verse(v.chapter, v.verse), v)),
  ];
}
