// The static build: content/ → dist/. Every file the API serves is made here,
// with its brotli and gzip twins, and listed in the manifest. dist/ is staged
// beside the old one and swapped in whole; a failed build leaves the old one.
import { BuildError } from './build-error.ts';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readContent, isColophon, type Content } from '../content/read.ts';
import { AUDIT_FILE, type AuditFile } from '../content/audit.ts';
import { sourceName } from '../content/source.ts';
import { commentaries, plainFields, speakers } from '../content/facts.ts';
import { readAnalysis, type AnalysisFile } from '../content/dcs/store.ts';
import { lemmaName } from '../content/dcs/lemma-name.ts';
import { lemmaAssets, wordAssets, type JoinReport } from './analysis.ts';
import { describeAuthors, type AuthorEntry } from '../content/authors.ts';
import { dailyIndex, utcDate } from '../content/daily.ts';
import type { ChapterRecord, VerseRecord } from '../content/schema.ts';
import { recoverDir, replaceDir, stagingDir } from '../fs/atomic.ts';
import { FILES, isBinary, LANG_FORMS, mediaType } from '../layout.ts';
import { AUTHOR_KEY } from '../contract/route-paths.ts';
import { indexRecord, projectBytes } from '../content/slices.ts';
import { hashSources } from '../fs/fingerprint.ts';
import { bundleClient, CLIENT_SOURCES } from './client.ts';
import { bundleLinker, LINKER_SOURCES, type LinkerFacts } from './linker.ts';
import { BuildCache, type Cached } from './cache.ts';
import { renderCards } from './cards.ts';
import { pngAssets, webAssets } from './images.ts';
import { loadResvg } from '../card/png.ts';
import { THEMES, type Theme } from '../layout.ts';
import { CARD_LEVELS, CompressPool, GZIP_LEVEL, type Compressed, type CompressStats, type Effort, type Levels } from './compress.ts';
import { StagedWriter, type OutFile } from './writer.ts';
import { HOST_FILES, headersFile, notFoundPage, redirectsFile } from './hosts.ts';
import { LATER_PARTS, MANIFEST_VERSION, type Manifest } from '../contract/manifest.ts';
import { DOWNLOAD_LEVELS, downloadAssets } from './downloads.ts';
import { readingFiles } from './read-pages.ts';
import { linkAssets, readLinks } from './links.ts';
import { parseDailyLimit, SETTINGS } from '../config.ts';
import { docsPage } from '../docs/page.ts';
import { guidePage } from '../docs/guides.ts';
import { GUIDES } from '../guides.ts';
import { openApiDocument } from '../docs/openapi.ts';
import { pricingPage } from '../pages/pricing.ts';
import { PROJECT_ROOT } from '../paths.ts';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  /** Picks the verse of /gita.svg; default: today's UTC date, so a daily build shows a new verse each day. */
  seed?: string;
  /** Where compressed twins and optimized cards are kept between builds; null: no cache. */
  cacheDir?: string | null;
  progress?: (message: string, done?: number, total?: number) => void;
  /** The content as read from contentDir already (by the import that just wrote it): not read again. */
  content?: Content;
  /** How hard to compress (compress.ts): 'full' (the default) for what is published, 'quick' for serving on this machine. */
  effort?: Effort;
  /** The public address the static reading pages link and preview from (GITA_PUBLIC_URL); none: root-relative links. */
  publicUrl?: string | null;
  /** Every verse's PNG card too (slow: a minute or more); without it, today's only. */
  png?: boolean;
  /**
   * Leave the cards (SVG and PNG), the downloads, the reading pages, the
   * word analysis and, in a quick build, the derived files' twins
   * (LATER_PARTS) for a second build: the manifest lists them as pending.
   * `npm start` on a fresh checkout serves such a dist/ a few seconds sooner
   * and builds the whole one in the background (ensure.ts).
   */
  later?: boolean;
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
  /** How many word-by-word entries the analysis joined (analysis.ts). */
  joins: JoinReport['joins'];
}

export { BuildError };

/** A file of dist/ (its URL path and bytes); each text file gets brotli and gzip twins. */
interface Asset extends Cached {
  path: string;
  body: Buffer;
  /** Set when it is handed to the writer. */
  sha256?: string;
  /** A second cache slot to link it into (a card just rendered). */
  alsoCacheAs?: string;
}

export const todaySeed = () => utcDate();

/** The verse a seed picks, uniformly among the verses (never a colophon), as the server picks /slok/today (src/content/daily.ts). */
export function pickVerse<T>(seed: string, verses: readonly T[]): T {
  return verses[dailyIndex(seed, verses.length)];
}

export async function build(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const progress = options.progress ?? (() => {});
  const seed = options.seed ?? todaySeed();
  const cacheDir = options.cacheDir ?? null;

  // A build that died between its two renames left dist/ aside: put it back first.
  recoverDir(options.outDir);
  // The stage now under way, which the compression workers' progress counts toward once the cards are done.
  let stage = 'reading content';
  const step = (name: string, done?: number, total?: number) => progress((stage = name), done, total);
  step(stage);
  const content = options.content ?? (await readContent(options.contentDir, (done, total) => progress(stage, done, total)));
  const audit = readAudit(options.contentDir);
  const chapters = content.chapters.map((c) => c.record);
  const byNumber = new Map(chapters.map((c) => [c.chapter_number, c]));
  const verses = content.verses.map((v) => v.record);
  const proper = verses.filter((v) => !isColophon(v, byNumber.get(v.chapter)!));
  const daily = pickVerse(seed, proper);
  const facts = contentFacts(content);
  const dcs = readAnalysis(options.contentDir);
  const authors = describeAuthors(verses, facts.versesPerChapter, audit);
  const links = readLinks(options.contentDir, content);
  const linksOf = new Map(links.verses.map((v) => [v.ref, v]));

  // resvg (the PNG cards, the favicon) is loaded before any worker starts (png.ts, loadResvg).
  loadResvg();
  // The workers compress the records while this thread renders the cards.
  const cache = await BuildCache.open(cacheDir);
  const quick = options.effort === 'quick';
  // Quick twins are made afresh each time (they are cheap) and kept out of the
  // cache, which holds the published twins for the next `npm run build`.
  const pool = new CompressPool(quick ? await BuildCache.open(null) : cache, options.effort ?? 'full', (done, total) => stage === 'compressing' && progress(stage, done, total));
  // Files are written into the staged dist/ as they are made (writer.ts), twins as the workers finish them.
  const staged = await stagingDir(options.outDir);
  const writer = new StagedWriter(staged, (done, total) => stage === 'writing' && progress(stage, done, total));
  const twins = new Map<string, Compressed>();
  /** Hand an asset's bytes to the writer; files not cached otherwise (the records, the pages) are kept by their hash to link next time (not by a quick build: writing them again is cheaper than linking each into the cache). */
  const toWriter = (list: Asset[]) => {
    for (const a of list) {
      a.sha256 = createHash('sha256').update(a.body).digest('hex');
      if (!quick && !a.file && !a.cacheAs) Object.assign(a, cache.lookup(`${a.sha256}.${a.path.slice(a.path.lastIndexOf('.') + 1)}`));
      writer.put({ path: a.path, bytes: a.body, file: a.file, cacheAs: a.cacheAs, alsoCacheAs: a.alsoCacheAs, sha256: a.sha256 });
    }
    return list;
  };
  const twinsMade = (a: Asset, out: Compressed) => {
    twins.set(a.path, out);
    if (out.br) writer.put({ path: `${a.path}.br`, ...out.br });
    writer.put({ path: `${a.path}.gz`, ...out.gzip });
  };
  /** Write the assets, compress them (at `levels`, 'fast', or by size), and write each one's twins as soon as they are made. */
  const compress = async (list: Asset[], levels?: Levels | 'fast') => {
    toWriter(list);
    const each = pool.compressEach(list.map((a) => a.body), levels, list.map((a) => a.sha256!));
    await Promise.all(each.map((made, i) => made.then((out) => twinsMade(list[i], out))));
  };
  let assets: Asset[];
  let joins: JoinReport['joins'] = { entries: 0, joined: 0, rate: 0 };
  let binary: Asset[] = [];
  try {
    // The audit first: 6 MB of JSON at brotli 11, over ten seconds of one core, the longest job of the build.
    const auditFile: Asset = { path: FILES.audit, body: Buffer.from(JSON.stringify(audit, null, 1) + '\n') };
    const auditDone = compress([auditFile]);
    step('making the records and their language forms');
    const json = apiAssets(content);
    const jsonDone = compress(json);
    // The language forms and chapter lists: what a static host serves for lang= and a chapter's verses.
    // Each verse's words joined to its analysis; and unless left for later, the analysis itself and the concordance (analysis.ts).
    const later = options.later === true;
    const words = wordAssets(content, dcs, audit);
    joins = words.report.joins;
    const lemmas = later ? { analysis: [], pages: [] } : lemmaAssets(content, dcs, options.publicUrl ?? '');
    const derived = [...derivedAssets(content, json, daily, facts), ...words.assets, ...lemmas.analysis, ...linkAssets(links)];
    // A fresh start's first build (quick, later) gives them no twins, to serve
    // sooner: the server compresses what it streams of them on demand until the
    // background build, which gives them their twins ('twins' pending), is loaded.
    const twinless = quick && later;
    const derivedDone = twinless ? Promise.resolve(toWriter(derived)) : compress(derived, 'fast');
    // The whole Gita offline (downloads/), with twins in every build (a quick
    // one at quick levels: 58 MB of SQLite is not sent raw to a client that
    // takes brotli); and the reading pages (read/, the lemmas' among them),
    // with twins too (none in the first build, which leaves them for later).
    if (!later) step('making the downloads and the reading pages');
    const records = { chapters, verses, ...(dcs && { analysis: dcs.verses }), links: links.verses };
    const downloads: Asset[] = later ? [] : await downloadAssets(records, cache);
    const downloadsDone = compress(downloads, DOWNLOAD_LEVELS);
    const reading: Asset[] = later ? [] : [...readingFiles({ ...records, wordsOf: (v) => words.joined.get(`BG${v.chapter}.${v.verse}`) ?? [], linksOf: (v) => linksOf.get(v._id), base: options.publicUrl ?? '' }), ...lemmas.pages];
    const readingDone = compress(reading, 'fast');
    if (!later) step('rendering cards');
    // Shaped and drawn here (HarfBuzz), each from the build cache when its inputs did not change.
    const cards = later ? [] : await renderCards(
      verses.map((v) => ({ verse: v, chapter: byNumber.get(v.chapter)! })),
      cache,
    );
    step('bundling the client, the tagger and the search');
    // At once: the client's bundle and declarations are made by esbuild and tsc in their own processes, the search index here.
    const [client, linker, search] = await Promise.all([clientAssets(cache), linkerAsset(cache, facts), searchAssets(cache, content, json, dcs)]);
    step('writing the pages');
    const pages = docsAssets(content, facts, daily, audit, authors);
    // Each card in three themes: as the reader's system prefers, light, dark.
    const cardAssets = (i: number, path: (theme: Theme) => string): Asset[] =>
      THEMES.map((theme) => {
        const { bytes, renderedAs, ...cached } = cards[i][theme];
        return { path: path(theme), body: bytes, ...cached, alsoCacheAs: renderedAs };
      });
    const svgCards: Asset[] = later ? [] : verses.flatMap((v, i) => cardAssets(i, (theme) => FILES.card(v.chapter, v.verse, theme)));
    if (!later) svgCards.push(...cardAssets(verses.indexOf(daily as VerseRecord), FILES.dailyCard));
    if (!later) svgCards.push(...cardAssets(verses.indexOf(daily as VerseRecord), FILES.todayCard));
    // 2,163 cards of about 50 kB (their letters are outlines): brotli 4 and gzip 4 (compress.ts, CARD_LEVELS).
    const cardsDone = compress(svgCards, CARD_LEVELS);
    const other: Asset[] = [];
    // Binary files (PNG cards, the web font, the favicon): no twins.
    const svgs = (i: number) => Object.fromEntries(THEMES.map((t) => [t, cards[i][t].bytes])) as Record<Theme, Buffer>;
    const dailyAt = verses.indexOf(daily as VerseRecord);
    if (!later) step('drawing PNG cards');
    // The favicon's SVG is text (twins like every text file); the rest are binary.
    const web = webAssets();
    other.push(...web.filter((a) => !isBinary(a.path)));
    binary = [
      ...web.filter((a) => isBinary(a.path)),
      ...(later ? [] : await pngAssets(
        [
          { svg: svgs(dailyAt), path: FILES.todayPng },
          { svg: svgs(dailyAt), path: FILES.dailyPng },
          ...(options.png ? verses.map((v, i) => ({ svg: svgs(i), path: (t: Theme) => FILES.cardPng(v.chapter, v.verse, t) })) : []),
        ],
        cache,
      )),
    ];
    other.push({ path: FILES.notFound, body: Buffer.from(notFoundPage()) });
    other.push({ path: FILES.facts, body: Buffer.from(JSON.stringify({ ...facts, daily: { seed, chapter: daily.chapter, verse: daily.verse } })) });
    other.push(...client, linker, ...pages, ...authorAssets(authors));
    toWriter(binary);
    step('compressing', pool.jobs.done, pool.jobs.total);
    // The search index is 2.8 MB of JSON made afresh when the content or the search code changes: brotli 9.
    const searchDone = compress([search[0]], { brotli: 9, gzip: GZIP_LEVEL });
    await Promise.all([auditDone, jsonDone, derivedDone, cardsDone, searchDone, compress(other), compress(search.slice(1)), downloadsDone, readingDone]);
    assets = [auditFile, ...json, ...derived, ...svgCards, ...other, ...search, ...downloads, ...reading, ...binary];
  } catch (err) {
    await pool.close();
    await writer.done().catch(() => {});
    await rm(staged, { recursive: true, force: true });
    throw err;
  }

  const manifest: Manifest = {
    version: MANIFEST_VERSION,
    build: '',
    content: facts,
    errata: audit.errata.map(({ id, record, status, keys }) => ({ id, record, status, keys })),
    audit: { findings: audit.findings.length, notes: audit.notes.length, newFields: audit.newFields.map((f) => f.name) },
    daily: { seed, chapter: daily.chapter, verse: daily.verse },
    files: {},
    // The twins are pending only where they were left out (a quick first build).
    ...(options.later && { pending: LATER_PARTS.filter((p) => p !== 'twins' || quick) }),
  };
  for (const a of [...assets].sort((x, y) => (x.path < y.path ? -1 : 1))) {
    const t = twins.get(a.path);
    manifest.files[a.path] = {
      type: mediaType(a.path),
      size: a.body.length,
      sha256: a.sha256!,
      ...(t && { ...(t.br && { br: t.br.size }), gzip: t.gzip.size }),
    };
  }
  manifest.build = createHash('sha256')
    .update(JSON.stringify(manifest.files))
    .digest('hex')
    .slice(0, 16);

  step('writing', writer.count.done, writer.count.total);
  try {
    const manifestBody = Buffer.from(JSON.stringify(manifest, null, 1) + '\n');
    // The manifest changes with every seed and is read by machines: quick compression is enough.
    const [manifestTwins] = await pool.compressMany([manifestBody], { brotli: 5, gzip: GZIP_LEVEL });
    twins.set(FILES.manifest, manifestTwins);
    const hostFiles: OutFile[] = [
      { path: FILES.manifest, bytes: manifestBody },
      { path: `${FILES.manifest}.br`, ...manifestTwins.br! },
      { path: `${FILES.manifest}.gz`, ...manifestTwins.gzip },
      { path: '/_headers', bytes: headersFile() },
      { path: '/_redirects', bytes: redirectsFile(daily) },
      { path: '/.nojekyll', bytes: '' },
    ];
    writer.put(...hostFiles);
    await writer.done();
    step('swapping');
    await replaceDir(options.outDir, staged);
    // A quick build leaves the cache as it was, the published twins in it included.
    if (!quick) await cache.prune();
  } catch (err) {
    await writer.done().catch(() => {});
    await rm(staged, { recursive: true, force: true });
    throw err;
  } finally {
    await pool.close();
  }

  // The sizes are of the text files (the ones with twins).
  const text = assets.filter((a) => twins.has(a.path));
  const sum = (pick: (a: Asset) => number) => text.reduce((n, a) => n + pick(a), 0);
  return {
    // Each file, the manifest, the twins (the manifest's among them; a card has one), the hosts' files.
    files: assets.length + 1 + [...twins.values()].reduce((n, t) => n + (t.br ? 2 : 1), 0) + HOST_FILES.length,
    raw: sum((a) => a.body.length),
    gzip: sum((a) => twins.get(a.path)?.gzip.size ?? a.body.length),
    // What a client taking brotli gets: the gzip twin where a file has no brotli one.
    brotli: sum((a) => twins.get(a.path)?.br?.size ?? twins.get(a.path)?.gzip.size ?? a.body.length),
    recordsBrotli: verses.reduce((n, v) => n + twins.get(FILES.verse(v.chapter, v.verse))!.br!.size, 0),
    ms: performance.now() - started,
    cache: pool.stats,
    manifest,
    joins,
  };
}

/** What the client bundle is made from: its sources and how they are compiled. */
export const CLIENT_SHAPING = [...CLIENT_SOURCES, 'tsconfig.json', 'package-lock.json'];

/** The client (client.js, client.d.ts), from the build cache when its sources did not change. */
async function clientAssets(cache: BuildCache): Promise<Asset[]> {
  const key = hashSources(createHash('sha256'), CLIENT_SHAPING).digest('hex');
  const js = cache.lookup(`${key}.client.js`);
  const dts = cache.lookup(`${key}.client.d.ts`);
  if (js.file && dts.file) return [{ path: FILES.client, body: readFileSync(js.file), ...js }, { path: FILES.clientTypes, body: readFileSync(dts.file), ...dts }];
  const made = await bundleClient();
  return [{ path: FILES.client, body: Buffer.from(made.js), ...js }, { path: FILES.clientTypes, body: Buffer.from(made.dts), ...dts }];
}

/** What linker.js is made from, besides the verse counts: its sources and how they are compiled. */
export const LINKER_SHAPING = [...LINKER_SOURCES, 'package-lock.json'];

/** The reference tagger (linker.js), from the build cache when its sources and the facts written into it did not change. */
async function linkerAsset(cache: BuildCache, facts: LinkerFacts): Promise<Asset> {
  const written: LinkerFacts = { versesPerChapter: facts.versesPerChapter, commentaries: facts.commentaries };
  const key = hashSources(createHash('sha256'), LINKER_SHAPING).update(JSON.stringify(written)).digest('hex');
  const js = cache.lookup(`${key}.linker.js`);
  return { path: FILES.linker, body: js.file ? readFileSync(js.file) : Buffer.from(await bundleLinker(written)), ...js };
}

/** What the search index and search.js are made from, besides the records: the search code and what it imports. */
export const SEARCH_SHAPING = [
  'src/search/**/*', 'src/layout.ts', 'src/contract/parameters.ts', 'src/contract/search-parameters.ts', 'src/contract/values.ts', 'src/contract/route-paths.ts', 'src/content/projection.ts', 'src/content/references.ts', 'src/content/schema.ts', 'src/content/dcs/lemma-name.ts',
  'src/content/iast.ts', 'src/content/placeholders.ts', 'src/content/words.ts', 'package-lock.json',
];

/**
 * The search: its index (MiniSearch and the searched texts of the 701 verses,
 * search/index.json) and the same search code for a browser (search.js), both
 * from the build cache when the records and the code did not change.
 */
async function searchAssets(cache: BuildCache, content: Content, json: Asset[], dcs: AnalysisFile | null): Promise<Asset[]> {
  const hash = hashSources(createHash('sha256'), SEARCH_SHAPING);
  for (const a of json) hash.update(a.path).update(a.body);
  // The lemmas it searches, and how their names are written (lemma-name.ts, in the files above).
  hash.update(JSON.stringify(dcs?.verses ?? null));
  const key = hash.digest('hex');
  const index = cache.lookup(`${key}.search-index.json`);
  const code = cache.lookup(`${key}.search.js`);
  if (index.file && code.file) return [{ path: FILES.searchIndex, body: readFileSync(index.file), ...index }, { path: FILES.searchModule, body: readFileSync(code.file), ...code }];
  const { buildBundle } = await import('../search/bundle.ts');
  const byChapter = new Map(content.chapters.map((c) => [c.record.chapter_number, c.record.verses_count]));
  const verses = content.verses.map((v) => v.record).filter((v) => v.verse <= byChapter.get(v.chapter)!);
  const esbuild = await import('esbuild');
  const bundled = await esbuild.build({ entryPoints: [join(PROJECT_ROOT, 'src', 'search', 'browser.ts')], bundle: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], target: 'es2022', write: false, minify: true, legalComments: 'none', logLevel: 'warning' });
  return [
    { path: FILES.searchIndex, body: Buffer.from(await buildBundle(verses, undefined, (v) => (dcs?.verses[`BG${v.chapter}.${v.verse}`] ?? []).map((w) => lemmaName(w.lemma)))), ...index },
    { path: FILES.searchModule, body: Buffer.from(bundled.outputFiles[0].text), ...code },
  ];
}

/** The import's audit, which the build carries into dist/ for the docs page and /healthz. */
function readAudit(contentDir: string): AuditFile {
  const file = join(contentDir, AUDIT_FILE);
  let audit: AuditFile;
  try {
    audit = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    throw new BuildError(`${file}: ${missing ? 'missing (content imported before audits)' : `unreadable (${(err as Error).message})`}; import the content again: npm run content`);
  }
  if (audit.version !== 1 || !Array.isArray(audit.findings) || !Array.isArray(audit.errata)) throw new BuildError(`${file}: not an audit of this version; import the content again: npm run content`);
  // A content/ imported before the audit named its source without folders still names it by its path: not in public.
  return { ...audit, source: sourceName(audit.source) };
}

/** What the manifest says of the content: counts, speakers, commentaries, fields. */
export function contentFacts(content: Content): Manifest['content'] {
  const chapters = content.chapters.map((c) => c.record);
  const verses = content.verses.map((v) => v.record);
  const versesPerChapter = chapters.map((c) => c.verses_count);
  const colophons = verses.filter((v) => v.verse === versesPerChapter[v.chapter - 1] + 1).length;
  return {
    chapters: chapters.length,
    verses: verses.length - colophons,
    colophons,
    versesPerChapter,
    ...speakers(verses, versesPerChapter),
    commentaries: commentaries(verses),
    fields: plainFields(verses),
  };
}

/** The documentation page, the guides, the static pricing page and the OpenAPI document. */
function docsAssets(content: Content, facts: Manifest['content'], daily: { chapter: number; verse: number }, audit: AuditFile, authors: AuthorEntry[]): Asset[] {
  const defaults = Object.fromEntries(SETTINGS.map((s) => [s.key, s.default]));
  const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
  const openapi = openApiDocument({ version, defaults: { keyLimit: defaults.keyLimit, anonLimit: defaults.anonLimit }, facts });
  return [
    { path: FILES.docs, body: Buffer.from(docsPage({ content, daily, audit, facts, authors })) },
    {
      path: FILES.pricing,
      body: Buffer.from(pricingPage({ keyLimit: parseDailyLimit(defaults.keyLimit, 'GITA_KEY_LIMIT'), anonLimit: parseDailyLimit(defaults.anonLimit, 'GITA_ANON_LIMIT'), registration: 'static' })),
    },
    { path: FILES.openapi, body: Buffer.from(JSON.stringify(openapi, null, 2) + '\n') },
    ...GUIDES.map((g) => ({ path: FILES.guide(g.name), body: Buffer.from(guidePage(g)) })),
  ];
}

/**
 * What static hosts serve for projections they cannot compute: each record in
 * each language (slok/C/V/en.json), each chapter's records in one list, whole
 * and in each language (chapter/C/slok/index.json, en.json), and the build
 * day's verse in every form (slok/today/). Cut from the records' bytes by the
 * server's own code, so a static host and the server answer the same bytes.
 */
function derivedAssets(content: Content, json: Asset[], daily: VerseRecord, facts: Manifest['content']): Asset[] {
  const bytes = new Map(json.map((a) => [a.path, a.body]));
  const keys = new Set(facts.commentaries.map((c) => c.key));
  const isCommentary = (k: string) => keys.has(k);
  const out: Asset[] = [];
  const forms = new Map<string, Buffer>();
  for (const { record: v } of content.verses) {
    const whole = bytes.get(FILES.verse(v.chapter, v.verse))!;
    const index = indexRecord(whole);
    for (const lang of LANG_FORMS) {
      const body = projectBytes(whole, index, { lang }, isCommentary);
      forms.set(FILES.verse(v.chapter, v.verse, lang), body);
      out.push({ path: FILES.verse(v.chapter, v.verse, lang), body });
    }
  }
  const list = (parts: Buffer[]) => Buffer.concat([Buffer.from('['), ...parts.flatMap((p, i) => (i ? [Buffer.from(','), p] : [p])), Buffer.from(']')]);
  for (const c of content.chapters) {
    const n = c.record.chapter_number;
    const records = content.verses.filter((v) => v.record.chapter === n).map((v) => v.record);
    out.push({ path: FILES.chapterVerses(n), body: list(records.map((v) => bytes.get(FILES.verse(v.chapter, v.verse))!)) });
    for (const lang of LANG_FORMS) out.push({ path: FILES.chapterVerses(n, lang), body: list(records.map((v) => forms.get(FILES.verse(v.chapter, v.verse, lang))!)) });
  }
  out.push({ path: FILES.today(), body: bytes.get(FILES.verse(daily.chapter, daily.verse))! });
  for (const lang of LANG_FORMS) out.push({ path: FILES.today(lang), body: forms.get(FILES.verse(daily.chapter, daily.verse, lang))! });
  return out;
}

/** Every commentary described (authors/index.json), and each by its key (authors/{key}/index.json): compact JSON. */
function authorAssets(authors: AuthorEntry[]): Asset[] {
  const json = (path: string, value: unknown): Asset => ({ path, body: Buffer.from(JSON.stringify(value)) });
  return [json(FILES.authors, authors), ...authors.filter((a) => AUTHOR_KEY.test(a.key)).map((a) => json(FILES.author(a.key), a))];
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
