// Files that static hosts read to serve dist/ with clean URLs, the contract's
// headers and a 404 page: `_redirects` and `_headers` (Netlify, Cloudflare
// Pages) and `404.html` (those two and GitHub Pages).
import { FILES, mediaType } from '../layout.ts';
import { CACHE_FIXED, CARD_CSP, COMMON_HEADERS } from '../contract/headers.ts';
import { NOT_FOUND } from '../contract/errors.ts';
import { colonPath } from '../contract/paths.ts';
import { ROUTES } from '../contract/routes/index.ts';
import { ROUTE_PATHS } from '../contract/routes/paths.ts';

/**
 * Files for the hosts, outside the manifest (they are not served as API
 * resources): `_headers` and `_redirects` (Netlify, Cloudflare Pages), and
 * `.nojekyll`, which tells GitHub Pages to publish dist/ as it is (else Jekyll
 * drops every file whose name starts with an underscore).
 */
export const HOST_FILES = ['/_headers', '/_redirects', '/.nojekyll'] as const;

/**
 * Clean URLs rewritten (status 200) to their files: every route with a file
 * of the static build (its `file`) that a host would not find by the path
 * itself (`/slok/2/47/gita.svg` is its file; `/read/2/47` has its
 * index.html). `/slok` and `/gita.svg` serve the build's verse of the day.
 */
export function redirectsFile(): string {
  const rows = ROUTES.flatMap((r) => {
    const file = 'file' in r ? r.file : undefined;
    if (!file || r.methods.includes('POST') || file === r.path || file === `${r.path === '/' ? '' : r.path}/index.html`) return [];
    return [[colonPath(r.path), colonPath(file)]];
  });
  const lines = rows.flatMap(([from, to]) => [`${from} ${to} 200`, `${from}/ ${to} 200`]);
  return `# Clean URLs of the Gita API for static hosts (Netlify, Cloudflare Pages).\n${lines.join('\n')}\n`;
}

export function headersFile(): string {
  const block = (path: string, headers: Record<string, string>) =>
    `${path}\n${Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`).join('\n')}\n`;
  return [
    '# Response headers of the Gita API contract for static hosts (Netlify, Cloudflare Pages).',
    block('/*', { ...COMMON_HEADERS, 'Cache-Control': CACHE_FIXED }),
    block('/*.svg', { 'Content-Security-Policy': CARD_CSP }),
    // The random verse and the verse of the day change with each daily rebuild: a short cache.
    block(ROUTE_PATHS['random-verse'], { 'Cache-Control': 'public, max-age=300' }),
    block(ROUTE_PATHS.today, { 'Cache-Control': 'public, max-age=300' }),
    block(`${ROUTE_PATHS.today}/*`, { 'Cache-Control': 'public, max-age=300' }),
    block(FILES.client, { 'X-TypeScript-Types': `.${FILES.clientTypes}` }),
    // Extensions a host may not know: the downloads' media types, as the server sends them.
    block(FILES.downloads.ndjson, { 'Content-Type': mediaType(FILES.downloads.ndjson) }),
    block(FILES.downloads.sqlite, { 'Content-Type': mediaType(FILES.downloads.sqlite) }),
  ].join('\n');
}

export function notFoundPage(): string {
  return `<!doctype html><meta charset="utf-8"><title>Not found</title><p>${NOT_FOUND.resource}</p>\n`;
}
