// What a route's builder reads (its `build`, route.ts): the content the build
// read once, and the parts of it made when first asked. The build
// (src/publish/build.ts) hands every route's builder the same object, so
// that what two routes' builders share (the roots' answers: a root's file,
// every root, a root's page) is made once, keyed by it.
import type { Content } from '../content/read.ts';
import type { AnalysisFile } from '../content/dcs/store.ts';
import type { RootsFile } from '../content/roots/store.ts';
import type { MeaningOf } from '../content/roots/served.ts';
import type { MeterReport } from '../content/meter/report.ts';
import type { LinkGraph } from '../content/links.ts';
import type { VersionFile } from '../content/versions/model.ts';
import type { AuthorEntry } from '../content/authors.ts';
import type { Manifest } from './manifest.ts';

export interface BuildInput {
  content: Content;
  /** What the manifest says of the content: counts, speakers, commentaries, versions. */
  facts: Manifest['content'];
  /** The word analysis (content/analysis.json), or null when imported without it. */
  dcs: () => AnalysisFile | null;
  /** Every verbal lemma's root (content/roots.json), or null when imported without them. */
  roots: () => RootsFile | null;
  /** The word-by-word meaning each analysed word is joined to. */
  meaningOf: () => MeaningOf;
  /** Every record scanned (src/content/meter/): half a second for the 719, so made once, when first asked, for the meter's files and the reading pages. */
  meters: () => MeterReport;
  /** The link graph (content/links.json, or mined from the records when content/ has none), read once when first asked: the links' files, the reading pages and the downloads read it. */
  links: () => LinkGraph;
  /** The versions the import wrote (content/versions/), in their order: read with the content, for the manifest's facts. */
  versions: readonly VersionFile[];
  /** Every commentary described (content/authors.ts), once when first asked: the authors' files and the docs page read them. */
  authors: () => AuthorEntry[];
  /** Where the pages link to: the operator's public URL, or '' for links from the site's root. */
  base: string;
}

/**
 * A file a route's builder makes: the values of its `file`'s parameters
 * (none for a file without any), and its JSON, or the bytes of a page.
 */
export type BuiltFile = { at?: Readonly<Record<string, string | number>> } & ({ json: unknown } | { body: string });
