// The page tagger for dist/ (linker.js): src/linker/ bundled by esbuild into
// one classic script (a <script> tag on any page, no module, no dependency),
// minified, with what it must know of the content written in (the verse
// counts, who translated into which language), so that it reads a reference
// and asks for a verse without asking the API anything else.
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths.ts';
import type { ManifestCommentary } from '../contract/manifest.ts';
import { routePathsPlugin, TABLE_SOURCES } from './route-paths.ts';
import { AUTHOR_NAMES_HI } from '../content/author-names.ts';
import { TRANSLATION_FIELD, type AuthorNames, type Translators } from '../linker/options.ts';

export const LINKER_ENTRY = join(PROJECT_ROOT, 'src', 'linker', 'index.ts');
/** At most this many bytes gzipped: a script every page of a site loads. The build fails beyond it. */
export const LINKER_GZIP_LIMIT = 15 * 1024;
/** The sources whose change changes the bundle (for the build cache): the tagger and every module it imports. */
export const LINKER_SOURCES = [
  'src/linker/**/*', 'src/publish/linker.ts', 'src/content/citations.ts', 'src/content/display.ts', 'src/content/placeholders.ts', 'src/content/references.ts',
  'src/content/author-names.ts', 'src/content/book-name.ts',
  'src/card/translations.ts', ...TABLE_SOURCES, 'src/layout.ts', 'src/paths.ts',
];

/** What the tagger knows of the content, written into it. */
export interface LinkerFacts {
  versesPerChapter: readonly number[];
  commentaries: readonly ManifestCommentary[];
}

/** The commentaries with a translation in each of the card's languages, in the content's order. */
export function translatorsOf(commentaries: readonly ManifestCommentary[]): Translators {
  const having = (field: string) => commentaries.filter((c) => Object.hasOwn(c.fields, field)).map((c) => c.key);
  return { en: having(TRANSLATION_FIELD.en), hi: having(TRANSLATION_FIELD.hi) };
}

/**
 * The names a Hindi card gives its translators: the content's table's, for
 * the commentaries with a Hindi translation only (a card names no other), so
 * that the script carries three names rather than twenty-two.
 */
export function authorNamesOf(translators: Translators): AuthorNames {
  return { hi: Object.fromEntries(translators.hi.filter((key) => Object.hasOwn(AUTHOR_NAMES_HI, key)).map((key) => [key, AUTHOR_NAMES_HI[key]])) };
}

/** linker.js for a content with these verse counts per chapter and these commentaries. */
export async function bundleLinker(facts: LinkerFacts): Promise<string> {
  const esbuild = await import('esbuild');
  const out = await esbuild.build({
    entryPoints: [LINKER_ENTRY],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    // Lookbehind and \p{} in the reader's patterns: browsers since 2020 (Safari 16.4 for lookbehind).
    target: ['es2020', 'chrome80', 'firefox78', 'safari16'],
    minify: true,
    write: false,
    legalComments: 'none',
    plugins: [routePathsPlugin],
    define: {
      __GITA_VERSES__: JSON.stringify(facts.versesPerChapter),
      __GITA_TRANSLATORS__: JSON.stringify(translatorsOf(facts.commentaries)),
      __GITA_AUTHOR_NAMES__: JSON.stringify(authorNamesOf(translatorsOf(facts.commentaries))),
    },
    banner: { js: '/* Gita API reference tagger (MIT): <script src=".../linker.js" defer></script> */' },
    logLevel: 'warning',
  });
  const js = out.outputFiles[0].text;
  const gzip = gzipSync(js, { level: 9 }).length;
  if (gzip > LINKER_GZIP_LIMIT) throw new Error(`linker.js: ${gzip} bytes gzipped; at most ${LINKER_GZIP_LIMIT}`);
  return js;
}
