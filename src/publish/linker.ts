// The page tagger for dist/ (linker.js): src/linker/ bundled by esbuild into
// one classic script (a <script> tag on any page, no module, no dependency),
// minified, with what it must know of the content written in (the verse
// counts, who translated into which language), so that it reads a reference
// and asks for a verse without asking the API anything else.
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths.ts';
import type { ManifestCommentary } from '../contract/manifest.ts';
import { TRANSLATION_FIELD, type Translators } from '../linker/options.ts';

export const LINKER_ENTRY = join(PROJECT_ROOT, 'src', 'linker', 'index.ts');
/** At most this many bytes gzipped: a script every page of a site loads. The build fails beyond it. */
export const LINKER_GZIP_LIMIT = 15 * 1024;
/** The sources whose change changes the bundle (for the build cache): the tagger and every module it imports. */
export const LINKER_SOURCES = [
  'src/linker/**/*', 'src/publish/linker.ts', 'src/content/citations.ts', 'src/content/find-refs.ts', 'src/content/ref-grammar.ts', 'src/content/ref-tokens.ts',
  'src/content/ref-words.ts', 'src/content/number-words.ts', 'src/content/display.ts', 'src/content/placeholders.ts', 'src/content/references.ts',
  'src/card/translations.ts', 'src/contract/route-paths.ts', 'src/layout.ts', 'src/paths.ts',
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
    define: { __GITA_VERSES__: JSON.stringify(facts.versesPerChapter), __GITA_TRANSLATORS__: JSON.stringify(translatorsOf(facts.commentaries)) },
    banner: { js: '/* Gita API reference tagger (MIT): <script src=".../linker.js" defer></script> */' },
    logLevel: 'warning',
  });
  const js = out.outputFiles[0].text;
  const gzip = gzipSync(js, { level: 9 }).length;
  if (gzip > LINKER_GZIP_LIMIT) throw new Error(`linker.js: ${gzip} bytes gzipped; at most ${LINKER_GZIP_LIMIT}`);
  return js;
}
