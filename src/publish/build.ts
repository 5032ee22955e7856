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
import { readRoots, type RootsFile } from '../content/roots/store.ts';
import { foldLemma, lemmaName } from '../content/dcs/lemma-name.ts';
import { devanagariOf, rootLookup } from '../content/roots/served.ts';
import { joinReportFiles, meaningsOf, wordJoin, type JoinReport } from './analysis.ts';
import { BUILT_PARTS, routeBuiltFiles } from './route-built.ts';
import type { BuildInput } from '../contract/build-input.ts';
import { describeAuthors, type AuthorEntry } from '../content/authors.ts';
import { dailyIndex, utcDate } from '../content/daily.ts';
import type { ChapterRecord, VerseRecord } from '../content/schema.ts';
import { recoverDir, replaceDir, stagingDir } from '../fs/atomic.ts';
import { FILES, isBinary, LANG_FORMS, mediaType } from '../layout.ts';
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
import { LATER_PARTS, MANIFEST_VERSION, type BuildPart, type Manifest } from '../contract/manifest.ts';
import { partOf } from '../contract/build-parts.ts';
import { DOWNLOAD_LEVELS, downloadAssets } from './downloads.ts';
import { readingFiles } from './read-pages.ts';
import { readLinks } from './links.ts';
import { meterReport } from '../content/meter/report.ts';
import { readVersionFiles } from '../content/versions/read.ts';
import type { LeftOutVersion, VersionFile } from '../content/versions/model.ts';
import { boundedLeftOut, readLeftOut } from '../content/versions/left-out.ts';
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

/** What every pass of a build shares: the content read once, and where its files go. */
interface Run extends BuildInput {
  options: BuildOptions;
  content: Content;
  audit: AuditFile;
  chapters: ChapterRecord[];
  verses: VerseRecord[];
  byNumber: Map<number, ChapterRecord>;
  seed: string;
  daily: VerseRecord;
  facts: Manifest['content'];
  quick: boolean;
  cache: BuildCache;
  /** Made once, when a pass first needs them (a first build needs none of them). */
  dcs: () => AnalysisFile | null;
  /** Every verbal lemma's root (content/roots.json), or null when imported without them. */
  roots: () => RootsFile | null;
  cards: () => Promise<Awaited<ReturnType<typeof renderCards>>>;
  search: () => Promise<Asset[]>;
  /** The operators' version folders that import left out (a server's own import), with their problems. */
  leftOut: LeftOutVersion[];
  /** The records' files, made by the first pass; the language forms and the search are cut from them. */
  records: Asset[];
}

/** How a pass's files are compressed: at `levels`, the quick 'fast' levels, the build's own (undefined), or not at all (binary files). */
type Twins = Levels | 'fast' | undefined | 'none';

/**
 * A pass of the build: the files of one part of dist/, made in the order of
 * PASSES, each pass's files compressed while the next is made. A pass that
 * belongs to a later part (`part`) is left out of a fresh start's first build.
 */
interface Pass {
  /** The progress stage it shows. */
  stage: string;
  part: BuildPart | null;
  make?: (run: Run) => Asset[] | Promise<Asset[]>;
  /** It also writes the files its part's routes build (their `build`: route-built.ts); one pass of each part that routes build in does. */
  routes?: true;
  twins?: Twins;
  /** Made while the next passes are (its work is in other processes: esbuild, tsc). */
  alongside?: true;
}

const once = <T>(make: () => T): (() => T) => {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
};

/** The audit's twins (see PASSES). */
export const AUDIT_LEVELS: Levels = { brotli: 10, gzip: GZIP_LEVEL };

const PASSES: readonly Pass[] = [
  // The audit first, the longest job of the build: 6.5 MB of JSON that few fetch, at brotli 10 (178 kB in 1.2 s of
  // one core; 11 makes 135 kB in 8.9 s, the largest share of a cold build's wait on two cores).
  { stage: 'making the records', part: null, twins: AUDIT_LEVELS, make: (r) => [{ path: FILES.audit, body: Buffer.from(JSON.stringify(r.audit, null, 1) + '\n') }] },
  { stage: 'making the records', part: null, make: (r) => (r.records = apiAssets(r.content)) },
  { stage: 'making the records', part: null, routes: true },
  // What static hosts serve for lang= and a chapter's verses (the server cuts the same bytes from the records).
  { stage: 'making the language forms', part: 'language forms', twins: 'fast', make: (r) => derivedAssets(r.content, r.records, r.daily, r.facts) },
  // Each verse's words joined to its analysis, the analysis itself and the concordance (their routes' builders: analysis.ts), and what the joining left over.
  { stage: 'joining the words to their analysis', part: 'word analysis', twins: 'fast', routes: true, make: (r) => joinReportFiles(r, r.audit) },
  { stage: 'making the links', part: 'links', twins: 'fast', routes: true },
  { stage: 'making the versions', part: 'versions', twins: 'fast', routes: true },
  { stage: 'scanning the meter', part: 'meter', twins: 'fast', routes: true },
  // The whole Gita offline, with twins in every build (a quick one at quick levels: 58 MB of SQLite is not sent raw to a client that takes brotli).
  { stage: 'making the downloads', part: 'downloads', twins: DOWNLOAD_LEVELS, make: (r) => downloadAssets(recordsOf(r), r.cache) },
  { stage: 'making the reading pages', part: 'reading pages', twins: 'fast', routes: true, make: (r) => readingPages(r) },
  // Shaped and drawn here (HarfBuzz), each from the build cache when its inputs did not change: 2,163 cards of about 50 kB, brotli 4 and gzip 4.
  { stage: 'rendering cards', part: 'cards', twins: CARD_LEVELS, make: async (r) => svgCards(r, await r.cards()) },
  { stage: 'drawing PNG cards', part: 'cards', twins: 'none', make: async (r) => pngCards(r, await r.cards()) },
  // The client's bundle and declarations are made by esbuild and tsc in their own processes, the search index here meanwhile.
  { stage: 'bundling the client, the tagger and the search', part: 'client and tagger', alongside: true, make: async (r) => [...(await clientAssets(r.cache)), await linkerAsset(r.cache, r.facts)] },
  // The search index is 2.8 MB of JSON made afresh when the content or the search code changes: brotli 9.
  { stage: 'bundling the client, the tagger and the search', part: 'search', twins: { brotli: 9, gzip: GZIP_LEVEL }, make: async (r) => (await r.search()).filter((a) => a.path === FILES.searchIndex) },
  { stage: 'bundling the client, the tagger and the search', part: 'search', make: async (r) => (await r.search()).filter((a) => a.path !== FILES.searchIndex) },
  { stage: 'writing the pages', part: null, make: (r) => docsAssets(r.content, r.facts, r.daily, r.audit, r.authors()) },
  { stage: 'writing the pages', part: null, make: (r) => otherAssets(r) },
  { stage: 'writing the pages', part: null, twins: 'none', make: () => webAssets().filter((a) => isBinary(a.path)) },
];

/** A pass's files: what it makes, and what its part's routes build when it writes those. */
async function passFiles(pass: Pass, run: Run): Promise<Asset[]> {
  const made = pass.make ? await pass.make(run) : [];
  return pass.routes ? [...made, ...(await routeBuiltFiles(run, pass.part))] : made;
}

/** Every part the routes build in has its pass that writes their files: else a route's builder would never run. */
export function checkRoutePasses(parts: ReadonlySet<BuildPart | null> = BUILT_PARTS, passes: ReadonlyArray<Pick<Pass, 'routes' | 'part'>> = PASSES): void {
  for (const part of parts) {
    if (!passes.some((p) => p.routes && p.part === part)) throw new Error(`routes build files in the ${part ?? 'first build'}'s part, but no pass of it writes them (publish/build.ts PASSES: routes)`);
  }
}

/**
 * Each file of a pass is of the pass's part as the routes declare it
 * (contract/build-parts.ts): else a fresh start would answer 503 for a file
 * it has made, or serve a half-made part's file as missing.
 */
function checkParts(list: readonly Asset[], pass: Pass): void {
  const stray = list.find((a) => partOf(a.path) !== pass.part);
  if (stray) throw new Error(`${stray.path} is made in the ${pass.part ?? 'first build'}'s pass (${pass.stage}), but contract/build-parts.ts gives it to ${partOf(stray.path) ?? 'the first build'}`);
}

export async function build(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const progress = options.progress ?? (() => {});
  // A build that died between its two renames left dist/ aside: put it back first.
  recoverDir(options.outDir);
  checkRoutePasses();
  // The stage now under way, which the compression workers' progress counts toward once the cards are done.
  let stage = 'reading content';
  const step = (name: string, done?: number, total?: number) => progress((stage = name), done, total);
  step(stage);
  const run = await begin(options, (done, total) => progress(stage, done, total));
  const quick = run.quick;
  // Quick twins are made afresh each time (they are cheap) and kept out of the
  // cache, which holds the published twins for the next `npm run build`.
  const pool = new CompressPool(quick ? await BuildCache.open(null) : run.cache, options.effort ?? 'full', (done, total) => stage === 'compressing' && progress(stage, done, total));
  // Files are written into the staged dist/ as they are made (writer.ts), twins as the workers finish them.
  const staged = await stagingDir(options.outDir);
  const writer = new StagedWriter(staged, (done, total) => stage === 'writing' && progress(stage, done, total));
  const out: Output = { run, pool, writer, twins: new Map() };
  // A fresh start's first build makes what the records' routes need, and leaves every later part for the background build.
  const passes = PASSES.filter((p) => !(options.later && p.part));
  const assets: Asset[] = [];
  const compressing: Promise<void>[] = [];
  try {
    // loadResvg before any worker starts (png.ts): the PNG cards and the favicon.
    loadResvg();
    for (const pass of passes) {
      if (pass.stage !== stage) step(pass.stage);
      const take = (list: Asset[]) => {
        checkParts(list, pass);
        assets.push(...list);
        return compress(out, list, pass.twins);
      };
      // Each pass's files are compressed while the next pass is made.
      compressing.push(pass.alongside ? passFiles(pass, run).then(take) : take(await passFiles(pass, run)));
    }
    step('compressing', pool.jobs.done, pool.jobs.total);
    await Promise.all(compressing);
  } catch (err) {
    await Promise.allSettled(compressing);
    await pool.close();
    await writer.done().catch(() => {});
    await rm(staged, { recursive: true, force: true });
    throw err;
  }
  const manifest = manifestOf(run, assets, out.twins, options.later ? [...LATER_PARTS] : []);

  step('writing', writer.count.done, writer.count.total);
  try {
    await writeHostFiles(out, manifest);
    step('swapping');
    await replaceDir(options.outDir, staged);
    // A quick build leaves the cache as it was, the published twins in it included.
    if (!quick) await run.cache.prune();
  } catch (err) {
    await writer.done().catch(() => {});
    await rm(staged, { recursive: true, force: true });
    throw err;
  } finally {
    await pool.close();
  }
  return summaryOf(run, assets, out.twins, manifest, started, pool.stats, options.later ? null : wordJoin(run).report.joins);
}

/** Where a build's files go: the staged dist/ (its writer), the compression workers, and the twins they made, by path. */
interface Output {
  run: Run;
  pool: CompressPool;
  writer: StagedWriter;
  twins: Map<string, Compressed>;
}

/** Hand an asset's bytes to the writer; files not cached otherwise (the records, the pages) are kept by their hash to link next time (not by a quick build: writing them again is cheaper than linking each into the cache). */
function toWriter({ run, writer }: Output, list: Asset[]): void {
  for (const a of list) {
    a.sha256 = createHash('sha256').update(a.body).digest('hex');
    if (!run.quick && !a.file && !a.cacheAs) Object.assign(a, run.cache.lookup(`${a.sha256}.${a.path.slice(a.path.lastIndexOf('.') + 1)}`));
    writer.put({ path: a.path, bytes: a.body, file: a.file, cacheAs: a.cacheAs, alsoCacheAs: a.alsoCacheAs, sha256: a.sha256 });
  }
}

/** Write the assets, compress them, and write each one's twins as soon as they are made. */
async function compress(out: Output, list: Asset[], how: Twins): Promise<void> {
  toWriter(out, list);
  if (how === 'none') return;
  const each = out.pool.compressEach(list.map((a) => a.body), how, list.map((a) => a.sha256!));
  await Promise.all(
    each.map((made, i) =>
      made.then((twin) => {
        out.twins.set(list[i].path, twin);
        if (twin.br) out.writer.put({ path: `${list[i].path}.br`, ...twin.br });
        out.writer.put({ path: `${list[i].path}.gz`, ...twin.gzip });
      }),
    ),
  );
}

/** The manifest, last (it lists every file), and the files static hosts read. */
async function writeHostFiles({ pool, writer, twins }: Output, manifest: Manifest): Promise<void> {
  const manifestBody = Buffer.from(JSON.stringify(manifest, null, 1) + '\n');
  // The manifest changes with every seed and is read by machines: quick compression is enough.
  const [manifestTwins] = await pool.compressMany([manifestBody], { brotli: 5, gzip: GZIP_LEVEL });
  twins.set(FILES.manifest, manifestTwins);
  const hostFiles: OutFile[] = [
    { path: FILES.manifest, bytes: manifestBody },
    { path: `${FILES.manifest}.br`, ...manifestTwins.br! },
    { path: `${FILES.manifest}.gz`, ...manifestTwins.gzip },
    { path: '/_headers', bytes: headersFile() },
    { path: '/_redirects', bytes: redirectsFile() },
    { path: '/.nojekyll', bytes: '' },
  ];
  writer.put(...hostFiles);
  await writer.done();
}

/** The content read (or taken from the import that just wrote it), and what every pass derives from it. */
async function begin(options: BuildOptions, progress: (done: number, total: number) => void): Promise<Run> {
  const content = options.content ?? (await readContent(options.contentDir, progress));
  const audit = readAudit(options.contentDir);
  const chapters = content.chapters.map((c) => c.record);
  const byNumber = new Map(chapters.map((c) => [c.chapter_number, c]));
  const verses = content.verses.map((v) => v.record);
  const seed = options.seed ?? todaySeed();
  const versions = readVersionFiles(options.contentDir);
  const leftOut = readLeftOut(options.contentDir);
  const facts = { ...contentFacts(content), versions: versions.map(({ id, language, title, translator, credit, license, verses }) => ({ id, language, title, translator, credit, license, verses })) };
  const dcs = once(() => readAnalysis(options.contentDir));
  const roots = once(() => readRoots(options.contentDir));
  const run: Run = {
    options,
    content,
    audit,
    chapters,
    verses,
    byNumber,
    seed,
    daily: pickVerse(seed, verses.filter((v) => !isColophon(v, byNumber.get(v.chapter)!))),
    facts,
    quick: options.effort === 'quick',
    cache: await BuildCache.open(options.cacheDir ?? null),
    versions,
    leftOut,
    meters: once(() => meterReport(verses, facts.versesPerChapter)),
    dcs,
    roots,
    meaningOf: once(() => {
      const analysis = dcs();
      return analysis ? meaningsOf(content, analysis) : () => undefined;
    }),
    base: options.publicUrl ?? '',
    links: once(() => readLinks(options.contentDir, content)),
    authors: once(() => describeAuthors(verses, facts.versesPerChapter, audit)),
    cards: once(() => renderCards(verses.map((v) => ({ verse: v, chapter: byNumber.get(v.chapter)! })), run.cache)),
    search: once(() => searchAssets(run.cache, content, run.records, dcs(), versions, roots())),
    records: [],
  };
  return run;
}

/** What the downloads and the reading pages are made of: the records, with the analysis and the links. */
function recordsOf(r: Run) {
  const dcs = r.dcs();
  return { chapters: r.chapters, verses: r.verses, ...(dcs && { analysis: dcs.verses }), ...(dcs && r.roots() && { roots: r.roots()! }), links: r.links().verses, versions: r.versions };
}

/** The reading pages of the verses and chapters (read/; the lemmas' and the roots' are their routes' builders'). */
function readingPages(r: Run): Asset[] {
  const linksOf = new Map(r.links().verses.map((v) => [v.ref, v]));
  const { joined } = wordJoin(r);
  const meterOf = new Map(r.meters().verses.map((v) => [v.ref, v]));
  return readingFiles({ ...recordsOf(r), wordsOf: (v) => joined.get(`BG${v.chapter}.${v.verse}`) ?? [], linksOf: (v) => linksOf.get(v._id), meterOf: (v) => meterOf.get(v._id), versions: r.facts.versions, base: r.options.publicUrl ?? '' });
}

type Cards = Awaited<ReturnType<typeof renderCards>>;

/** Each card in three themes (as the reader's system prefers, light, dark): every verse's, the verse of the day's at the top and under slok/today/. */
function svgCards(r: Run, cards: Cards): Asset[] {
  const themed = (i: number, path: (theme: Theme) => string): Asset[] =>
    THEMES.map((theme) => {
      const { bytes, renderedAs, ...cached } = cards[i][theme];
      return { path: path(theme), body: bytes, ...cached, alsoCacheAs: renderedAs };
    });
  const daily = r.verses.indexOf(r.daily);
  return [...r.verses.flatMap((v, i) => themed(i, (theme) => FILES.card(v.chapter, v.verse, theme))), ...themed(daily, FILES.dailyCard), ...themed(daily, FILES.todayCard)];
}

/** The PNG cards: the verse of the day's, and with `png` every verse's. */
async function pngCards(r: Run, cards: Cards): Promise<Asset[]> {
  const svgs = (i: number) => Object.fromEntries(THEMES.map((t) => [t, cards[i][t].bytes])) as Record<Theme, Buffer>;
  const daily = r.verses.indexOf(r.daily);
  return pngAssets(
    [
      { svg: svgs(daily), path: FILES.todayPng },
      { svg: svgs(daily), path: FILES.dailyPng },
      ...(r.options.png ? r.verses.map((v, i) => ({ svg: svgs(i), path: (t: Theme) => FILES.cardPng(v.chapter, v.verse, t) })) : []),
    ],
    r.cache,
  );
}

/** The 404 page, what the content holds (content.json), the favicon's SVG. */
function otherAssets(r: Run): Asset[] {
  return [
    { path: FILES.notFound, body: Buffer.from(notFoundPage()) },
    { path: FILES.facts, body: Buffer.from(JSON.stringify({ ...r.facts, daily: { seed: r.seed, chapter: r.daily.chapter, verse: r.daily.verse } })) },
    ...webAssets().filter((a) => !isBinary(a.path)),
  ];
}

/** The manifest: the content's facts, the errata, the audit's counts, every file with its size, hash and twins' sizes; the build id is the hash of the file list. */
function manifestOf(r: Run, assets: Asset[], twins: Map<string, Compressed>, pending: BuildPart[]): Manifest {
  const manifest: Manifest = {
    version: MANIFEST_VERSION,
    build: '',
    content: r.facts,
    errata: r.audit.errata.map(({ id, record, status, keys }) => ({ id, record, status, keys })),
    audit: { findings: r.audit.findings.length, notes: r.audit.notes.length, newFields: r.audit.newFields.map((f) => f.name) },
    daily: { seed: r.seed, chapter: r.daily.chapter, verse: r.daily.verse },
    files: {},
    ...(pending.length && { pending }),
    ...(r.leftOut.length && { versionsLeftOut: boundedLeftOut(r.leftOut) }),
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
  manifest.build = createHash('sha256').update(JSON.stringify(manifest.files)).digest('hex').slice(0, 16);
  return manifest;
}

function summaryOf(r: Run, assets: Asset[], twins: Map<string, Compressed>, manifest: Manifest, started: number, cache: CompressStats, joins: JoinReport['joins'] | null): BuildSummary {
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
    recordsBrotli: r.verses.reduce((n, v) => n + twins.get(FILES.verse(v.chapter, v.verse))!.br!.size, 0),
    ms: performance.now() - started,
    cache,
    manifest,
    joins: joins ?? { entries: 0, joined: 0, rate: 0 },
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
  const written: LinkerFacts = { versesPerChapter: facts.versesPerChapter, commentaries: facts.commentaries, versions: facts.versions };
  const key = hashSources(createHash('sha256'), LINKER_SHAPING).update(JSON.stringify(written)).digest('hex');
  const js = cache.lookup(`${key}.linker.js`);
  return { path: FILES.linker, body: js.file ? readFileSync(js.file) : Buffer.from(await bundleLinker(written)), ...js };
}

/** What the search index and search.js are made from, besides the records: the search code and what it imports. */
export const SEARCH_SHAPING = [
  'src/search/**/*', 'src/layout.ts', 'src/contract/parameters.ts', 'src/contract/search-parameters.ts', 'src/contract/values.ts', 'src/contract/limits.ts', 'src/content/ref-limits.ts', 'src/content/day.ts', 'src/content/projection.ts', 'src/content/references.ts', 'src/content/schema.ts', 'src/content/dcs/lemma-name.ts',
  'src/content/iast.ts', 'src/content/display.ts', 'src/content/placeholders.ts', 'src/content/roots/served.ts', 'src/content/words.ts', 'src/content/meter/names.ts', 'src/content/meter/meters.ts', 'package-lock.json',
];

/**
 * The search: its index (MiniSearch and the searched texts of the 701 verses,
 * the versions' with them, search/index.json) and the same search code for a
 * browser (search.js), both from the build cache when the records, the
 * versions and the code did not change.
 */
async function searchAssets(cache: BuildCache, content: Content, json: Asset[], dcs: AnalysisFile | null, versions: readonly VersionFile[], roots: RootsFile | null): Promise<Asset[]> {
  const hash = hashSources(createHash('sha256'), SEARCH_SHAPING);
  for (const a of json) hash.update(a.path).update(a.body);
  hash.update(JSON.stringify(versions));
  // The lemmas it searches, and how their names are written (lemma-name.ts, in the files above).
  hash.update(JSON.stringify(dcs?.verses ?? null));
  hash.update(JSON.stringify(roots?.lemmas ?? null));
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
    { path: FILES.searchIndex, body: Buffer.from(await buildBundle(verses, undefined, (v) => (dcs?.verses[`BG${v.chapter}.${v.verse}`] ?? []).map((w) => lemmaName(w.lemma)), versions, rootSpellings(dcs, roots))), ...index },
    { path: FILES.searchModule, body: Buffer.from(bundled.outputFiles[0].text), ...code },
  ];
}

/** Each verse's roots as ?root= finds them: every spelling (IAST, ASCII, Devanagari) of the roots of its verbal words. */
function rootSpellings(dcs: AnalysisFile | null, roots: RootsFile | null): (v: VerseRecord) => string[] {
  if (!dcs || !roots) return () => [];
  const rootOf = rootLookup(roots.lemmas);
  return (v) => {
    const found = new Set<string>();
    for (const w of dcs.verses[`BG${v.chapter}.${v.verse}`] ?? []) {
      const root = rootOf(w)?.root;
      if (root) for (const s of [root, foldLemma(root), devanagariOf(root)]) found.add(s);
    }
    return [...found];
  };
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
export function contentFacts(content: Content): Omit<Manifest['content'], 'versions'> {
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
async function docsAssets(content: Content, facts: Manifest['content'], daily: { chapter: number; verse: number }, audit: AuditFile, authors: AuthorEntry[]): Promise<Asset[]> {
  const defaults = Object.fromEntries(SETTINGS.map((s) => [s.key, s.default]));
  const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
  const openapi = await openApiDocument({ version, defaults: { keyLimit: defaults.keyLimit, anonLimit: defaults.anonLimit }, facts });
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
