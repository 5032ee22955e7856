// What the server knows of one build of dist/, prepared when the build is
// loaded: the files by path, the verses random answers draw from (by chapter
// and speaker), the verse of each day, and what projections are cut from.
// A new build gets a new Served; nothing here changes while it serves.
import { dailyIndex } from '../content/daily.ts';
import { ENCODINGS, FILES, isBinary, THEMES, type BuildPart, type Coding } from '../layout.ts';
import { inMemory } from './slab.ts';
import { headerSets, representations, type Asset, type Dist, type HeaderSets, type Representations } from './assets.ts';
import { MIN_COMPRESS_BYTES, OnDemand, type ListedFile } from './on-demand.ts';
import { ProjectionCache, Projected } from './projected.ts';
import { PngCards } from './png-cards.ts';
import { SLICE_INDEXES_HELD, STREAMED_HEADERS_HELD } from '../contract/limits.ts';
import { ByteLru } from '../cache/byte-lru.ts';
import type { Draw } from './shared-draw.ts';
import type { Params } from '../contract/routes/index.ts';
import type { VerseFilter } from '../contract/query.ts';
import type { RouteId, RouteSpec } from '../contract/routes/index.ts';
import { indexRecord, type Member } from '../content/slices.ts';

/**
 * Where a path led: its route, what the path itself says (a chapter, a
 * verse, a forced theme as in gita-dark.svg, a language as in en.json), and
 * the in-memory file it names (a record, a chapter, a card). Plain paths are
 * remembered, so the hot routes skip matching.
 */
export type Fixed = Params & {
  route: RouteSpec<RouteId>;
  asset: Asset | null;
};

/** Files of dist/ that are served from disk (pages, openapi.json, themed cards), with their headers. */
export interface Streamed extends HeaderSets {
  file: string;
}

/**
 * A file served from disk in each of its representations; and, when it lacks
 * a twin (a quick build leaves the derived files without), what it takes to
 * compress it on demand instead: the file as the manifest lists it, the
 * headers of each coding it lacks, and the build's cache of such answers.
 */
export interface StreamedFile extends Representations<Streamed> {
  onDemand?: { file: ListedFile; sets: Partial<Record<Coding, HeaderSets>>; cache: OnDemand };
}

/** A verse's card: the plain one is in memory, the themed ones are files. */
export interface Card {
  ch: number;
  sl: number;
  /** The plain card, when known, so a random pick needs no lookup by path. */
  asset?: Asset;
}

/** A verse that random answers may draw (never a colophon): its place and its record. */
export interface Pick extends Card {
  verse: Asset;
}

export interface Served {
  dist: Dist;
  /** The verses random answers draw from, filtered by chapter and speaker (made on first use, at most 19 x speakers). */
  pool(filter: VerseFilter): Pick[];
  /** The verse of the day of a UTC date (YYYY-MM-DD), as the build picks it. */
  dayVerse(date: string): Pick;
  /** A chapter's records in order, the colophon last. */
  chapterRecords(ch: number): Asset[];
  /** Where each key of a record is, to cut projections from (made on first use). */
  sliceIndex(record: Asset): Member[];
  isCommentary(key: string): boolean;
  projections: ProjectionCache;
  /** The PNG cards drawn so far (on first request). */
  pngs: PngCards;
  /** Which verse an in-memory card is of (colophons too), to find it in another theme. */
  cardOf: Map<Asset, Card>;
  /** Parts of dist/ not built yet (manifest.pending). */
  pending: ReadonlySet<BuildPart>;
  /** Exact request paths (no %-encoding) known to name a fixed in-memory resource. */
  fixed: Map<string, Fixed>;
  /** A file served from disk, by its path in dist/ (its header lists made on first use); undefined: not in dist/. */
  streamed(path: string): StreamedFile | undefined;
  /** What this build compressed on demand (files without twins, lists sent as parts). */
  onDemand: OnDemand;
  /** /manifest.json: the manifest of this build, from memory (the file on disk may already be the next build's). */
  manifestAnswer: Projected;
}

/** Headers particular to one file: Deno finds the client's declarations by X-TypeScript-Types. */
const PATH_HEADERS: Record<string, Record<string, string>> = {
  [FILES.client]: { 'X-TypeScript-Types': `.${FILES.clientTypes}` },
};

/**
 * `draw`: when the primary of several workers draws the PNG cards (and keeps
 * them for all), a worker keeps only a few of its own.
 */
export function prepare(dist: Dist, draw?: Draw): Served {
  return new Build(dist, draw);
}

/** One build as the server holds it: what is made once when it is loaded, and the caches filled as it serves. */
class Build implements Served {
  readonly cardOf: Map<Asset, Card>;
  readonly pending: ReadonlySet<BuildPart>;
  readonly onDemand: OnDemand;
  // Its bytes as read with this build, compressed on first demand.
  readonly manifestAnswer: Projected;
  readonly projections: ProjectionCache;
  readonly pngs: PngCards;
  readonly fixed = new Map<string, Fixed>();
  /** A function of its own: the projections call it unbound. */
  readonly isCommentary: (key: string) => boolean;
  private readonly picks: Pick[];
  private readonly byChapter: Asset[][];
  private readonly pools: Map<string, Pick[]>;
  // A hash per distinct date asked for; dates are few (one a day, and what ?date= names), but bounded all the same.
  private readonly days = new Map<string, Pick>();
  // Kept for the records projected most recently (an index is made again in
  // tens of microseconds; all 719 held were about 4 MB of a worker's heap).
  private readonly indexes = new ByteLru<Member[]>(SLICE_INDEXES_HELD, () => 1);
  // The header lists of the files on disk are made when a file is first asked
  // for: made for all 5,000 of them (three codings each) they took a fifth of
  // the start-up, for files most servers never send. At most one entry per
  // file asked for recently: made for every file a mixed load asks (words,
  // lemmas, pages) they were some 3 MB of a worker's heap.
  private readonly streamedFiles = new ByteLru<StreamedFile>(STREAMED_HEADERS_HELD, () => 1);

  constructor(
    readonly dist: Dist,
    draw?: Draw,
  ) {
    const manifest = dist.manifest;
    this.pending = new Set(manifest.pending ?? []);
    // Cards still in the making (a fresh start): their routes answer 503 (app.ts) until the finished build is loaded.
    const { picks, byChapter, cardOf } = walkVerses(dist, !this.pending.has('cards'));
    this.picks = picks;
    this.byChapter = byChapter;
    this.cardOf = cardOf;
    this.pools = new Map([['0/-1', picks]]);
    const commentaryKeys = new Set(manifest.content.commentaries.map((c) => c.key));
    this.isCommentary = (key) => commentaryKeys.has(key);
    this.onDemand = new OnDemand(dist.dir);
    this.manifestAnswer = new Projected(dist.manifestBytes);
    this.projections = new ProjectionCache();
    this.pngs = new PngCards(dist, undefined, draw);
  }

  pool({ ch, speaker }: VerseFilter): Pick[] {
    const key = `${ch}/${speaker}`;
    let found = this.pools.get(key);
    if (!found) {
      const speakerOf = this.dist.manifest.content.speakerOf;
      this.pools.set(key, (found = this.picks.filter((p) => (!ch || p.ch === ch) && (speaker < 0 || speakerOf[p.ch - 1]?.[p.sl - 1] === speaker))));
    }
    return found;
  }

  dayVerse(date: string): Pick {
    let p = this.days.get(date);
    if (!p) {
      if (this.days.size >= 10_000) this.days.clear();
      this.days.set(date, (p = this.picks[dailyIndex(date, this.picks.length)]));
    }
    return p;
  }

  chapterRecords(ch: number): Asset[] {
    return this.byChapter[ch];
  }

  sliceIndex(record: Asset): Member[] {
    let index = this.indexes.peek(record.path);
    if (!index) this.indexes.set(record.path, (index = indexRecord(record.identity.body)));
    return index;
  }

  streamed(path: string): StreamedFile | undefined {
    let found = this.streamedFiles.peek(path);
    if (found) return found;
    const files = this.dist.manifest.files;
    const entry = Object.hasOwn(files, path) ? files[path] : undefined;
    if (!entry || inMemory(path)) return undefined;
    // No Content-Length: the adapter takes it from the file itself (a rebuild may have replaced it).
    const made: StreamedFile = representations(entry, (suffix, coding): Streamed => ({ file: path + suffix, ...headerSets(entry.type, entry.sha256, coding, undefined, PATH_HEADERS[path]) }));
    // Text over 1 kB without a twin in some coding: compressed on demand in that coding, with the ETag its twin would have.
    const lacking = isBinary(path) || entry.size < MIN_COMPRESS_BYTES ? [] : ENCODINGS.filter((e) => entry[e.coding] === undefined).map((e) => e.coding);
    if (lacking.length) {
      const sets: Partial<Record<Coding, HeaderSets>> = {};
      for (const coding of lacking) made.etags.push((sets[coding] = headerSets(entry.type, entry.sha256, coding, undefined, PATH_HEADERS[path])).etag);
      made.onDemand = { file: { path, size: entry.size, sha256: entry.sha256 }, sets, cache: this.onDemand };
    }
    this.streamedFiles.set(path, (found = made));
    return found;
  }
}

/** A build's verses, walked once: the random picks (never a colophon), each chapter's records, and the verse of each in-memory card; `cards`: the cards are built. */
function walkVerses({ manifest, assets }: Dist, cards: boolean) {
  const get = (path: string) => {
    const a = assets.get(path);
    if (!a) throw new Error(`dist/ lacks ${path}; rebuild it`);
    return a;
  };
  const picks: Pick[] = [];
  const byChapter: Asset[][] = [];
  const cardOf = new Map<Asset, Card>();
  manifest.content.versesPerChapter.forEach((count, i) => {
    const ch = i + 1;
    byChapter[ch] = [];
    for (let sl = 1; sl <= count + 1; sl++) {
      const card: Card = { ch, sl, asset: cards ? get(FILES.card(ch, sl)) : undefined };
      if (card.asset) cardOf.set(card.asset, card);
      if (cards) for (const t of THEMES) if (t !== 'auto' && !manifest.files[FILES.card(ch, sl, t)]) throw new Error(`dist/ lacks ${FILES.card(ch, sl, t)}; rebuild it`);
      byChapter[ch].push(get(FILES.verse(ch, sl)));
      if (sl > count) continue; // the colophon: never a random pick
      picks.push({ ...card, verse: get(FILES.verse(ch, sl)) });
    }
  });
  return { picks, byChapter, cardOf };
}
