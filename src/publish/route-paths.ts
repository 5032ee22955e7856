// An esbuild plugin for the bundles that run in other people's pages and
// programs (the client, the tagger): the route table's paths module
// (src/contract/routes/paths.ts) becomes the paths and files themselves, JSON
// made from the table now (by route id, and by client method), so that a
// bundle carries each route's path and none of the table's summaries,
// responses and parameter definitions. esbuild leaves out the objects a
// bundle does not read.
import type { Plugin } from 'esbuild';
import { CLIENT_FILES, CLIENT_PATHS, ROUTE_FILES, ROUTE_PATHS } from '../contract/routes/paths.ts';

/** What the paths and files are made from: the route table and what it reads (for the bundles' build cache keys). */
export const TABLE_SOURCES = ['src/publish/route-paths.ts', 'src/contract/**/*', 'src/content/**/*.ts', 'src/search/fields.ts', 'src/guides.ts'];

/** The objects as a module of JSON constants. */
const moduleOf = (objects: Record<string, object>) =>
  Object.entries(objects)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
    .join('\n');

export const routePathsPlugin: Plugin = {
  name: 'route-paths',
  setup(build) {
    build.onResolve({ filter: /(?:^|\/)routes\/paths\.ts$/ }, () => ({ path: 'route-paths', namespace: 'route-paths' }));
    build.onLoad({ filter: /.*/, namespace: 'route-paths' }, () => ({ contents: moduleOf({ ROUTE_PATHS, ROUTE_FILES, CLIENT_PATHS, CLIENT_FILES }), loader: 'js' }));
  },
};
