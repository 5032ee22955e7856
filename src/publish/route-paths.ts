// An esbuild plugin for the bundles that run in other people's pages and
// programs (the client, the tagger): the route table's paths module
// (src/contract/routes/paths.ts, and client-paths.ts: the same by client
// method, and the methods that answer their route's file with their path's
// parameters) becomes the paths and files themselves, JSON made from the
// table now, so that a bundle carries each route's path and none of the
// table's summaries, responses and parameter definitions.
import type { Plugin } from 'esbuild';
import { CLIENT_FILES, CLIENT_PATHS, FILE_METHODS, SPELLED_METHODS } from '../contract/routes/client-paths.ts';
import { ROUTE_FILES, ROUTE_PATHS } from '../contract/routes/paths.ts';

/** What the paths and files are made from: the route table and what it reads (for the bundles' build cache keys). */
export const TABLE_SOURCES = ['src/publish/route-paths.ts', 'src/contract/**/*', 'src/content/**/*.ts', 'src/search/fields.ts', 'src/guides.ts'];

export const routePathsPlugin: Plugin = {
  name: 'route-paths',
  setup(build) {
    build.onResolve({ filter: /(?:^|\/)routes\/(?:client-)?paths\.ts$/ }, (args) => ({ path: args.path.endsWith('client-paths.ts') ? 'client-paths' : 'route-paths', namespace: 'route-paths' }));
    build.onLoad({ filter: /^route-paths$/, namespace: 'route-paths' }, () => ({ contents: `export const ROUTE_PATHS = ${JSON.stringify(ROUTE_PATHS)};\nexport const ROUTE_FILES = ${JSON.stringify(ROUTE_FILES)};`, loader: 'js' }));
    build.onLoad({ filter: /^client-paths$/, namespace: 'route-paths' }, () => ({ contents: `export const CLIENT_PATHS = ${JSON.stringify(CLIENT_PATHS)};\nexport const CLIENT_FILES = ${JSON.stringify(CLIENT_FILES)};\nexport const FILE_METHODS = ${JSON.stringify(FILE_METHODS)};\nexport const SPELLED_METHODS = ${JSON.stringify(SPELLED_METHODS)};`, loader: 'js' }));
  },
};
