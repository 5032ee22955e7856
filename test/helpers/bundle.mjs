// The test files as the test processes load them: bundled by esbuild, once
// per run, into plain JavaScript that Node loads without a loader. Through
// tsx a test process spends more than a second of CPU on loading alone
// (every module goes through tsx's hooks, on a thread of their own); from a
// bundle, a third of that. The bundles keep what the sources see:
// `import.meta.url` and `import.meta.dirname` are each source file's own,
// source maps point a stack trace at the TypeScript line, and `uvu` is
// test/helpers/uvu-timeout.mjs, as test/helpers/uvu-hooks.mjs makes it for
// a file run through tsx.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const TIMEOUT_WRAPPER = fileURLToPath(new URL('./uvu-timeout.mjs', import.meta.url));

/** An esbuild plugin: each file's import.meta as the file itself would see it, uvu with its time limits. */
const asSources = {
  name: 'as-sources',
  setup(build) {
    build.onResolve({ filter: /^uvu$/ }, (args) => (args.importer === TIMEOUT_WRAPPER ? undefined : { path: TIMEOUT_WRAPPER, external: true }));
    // A page's own modules (`import('/client.js')` in code a browser runs) are the page's to load.
    build.onResolve({ filter: /^\// }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
    build.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const meta = { url: pathToFileURL(args.path).href, dirname: dirname(args.path), filename: args.path };
      return { contents: text.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, key) => JSON.stringify(meta[key])), loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js' };
    });
  },
};

/** The bundle of a test file, `http/read.test.ts` → OUT/http/read.test.mjs. */
export const bundled = (outDir, file) => join(outDir, file.replace(/\.[mc]?[jt]s$/, '.mjs'));

/**
 * Bundles `files` (paths under `base`) into `outDir`, their shared modules
 * split into chunks that every process loads once. Resolves with null, or
 * with esbuild's first error when it could not (the files then run through tsx).
 */
export async function bundleTests(base, files, outDir) {
  const esbuild = await import('esbuild');
  try {
    await esbuild.build({
      entryPoints: files.map((file) => join(base, file)),
      outbase: base,
      outdir: outDir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      // As tsx compiles: a function keeps its name (some tests print or compare them).
      keepNames: true,
      sourcemap: 'linked',
      plugins: [asSources],
      logLevel: 'silent',
    });
    return null;
  } catch (err) {
    const first = err.errors?.[0];
    return first ? `${first.location ? `${first.location.file}:${first.location.line}: ` : ''}${first.text}` : String(err.message ?? err);
  }
}
