// An esbuild plugin for the bundles that run in other people's pages and
// programs (the client, the tagger): the route table's paths module
// (src/contract/routes/paths.ts) becomes the paths and files themselves, JSON
// made from the table now, so that a bundle carries each route's path and
// none of the table's summaries, responses and parameter definitions.
import type { Plugin } from 'esbuild';
import { ROUTE_FILES, ROUTE_PATHS } from '../contract/routes/paths.ts';

/** What the paths and files are made from: the route table and what it reads (for the bundles' build cache keys). */
export const TABLE_SOURCES = ['src/publish/route-paths.ts', 'src/contract/**/*', 'src/content/**/*.ts', 'src/search/fields.ts', 'src/guides.ts'];

export const routePathsPlugin: Plugin = {
  name: 'route-paths',
  setup(build) {
    build.onResolve({ filter: /(?:^|\/)routes\/paths\.ts$/ }, () => ({ path: 'route-paths', namespace: 'route-paths' }));
    build.onLoad({ filter: /.*/, namespace: 'route-paths' }, () => ({ contents: `export const ROUTE_PATHS = ${JSON.stringify(ROUTE_PATHS)};\nexport const ROUTE_FILES = ${JSON.stringify(ROUTE_FILES)};`, loader: 'js' }));
  },
};
