// The page tagger for dist/ (linker.js): src/linker/ bundled by esbuild into
// one classic script (a <script> tag on any page, no module, no dependency),
// minified, with the content's verse counts written in, so that it reads a
// reference without asking the API anything.
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths.ts';

export const LINKER_ENTRY = join(PROJECT_ROOT, 'src', 'linker', 'index.ts');
/** At most this many bytes gzipped: a script every page of a site loads. The build fails beyond it. */
export const LINKER_GZIP_LIMIT = 15 * 1024;
/** The sources whose change changes the bundle (for the build cache): the tagger and every module it imports. */
export const LINKER_SOURCES = [
  'src/linker/**/*', 'src/publish/linker.ts', 'src/content/citations.ts', 'src/content/display.ts', 'src/content/placeholders.ts', 'src/content/references.ts',
  'src/card/translations.ts', 'src/contract/route-paths.ts', 'src/layout.ts', 'src/paths.ts',
];

/** linker.js for a content with these verse counts per chapter. */
export async function bundleLinker(versesPerChapter: readonly number[]): Promise<string> {
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
    define: { __GITA_VERSES__: JSON.stringify(versesPerChapter) },
    banner: { js: '/* Gita API reference tagger (MIT): <script src=".../linker.js" defer></script> */' },
    logLevel: 'warning',
  });
  const js = out.outputFiles[0].text;
  const gzip = gzipSync(js, { level: 9 }).length;
  if (gzip > LINKER_GZIP_LIMIT) throw new Error(`linker.js: ${gzip} bytes gzipped; at most ${LINKER_GZIP_LIMIT}`);
  return js;
}
