// The reference for `npm run bench`: the least a Node server can do, node:http
// answering bytes already in memory with two headers, no routing beyond a map
// lookup. Measured beside the real server and nginx in the same run, it shows
// how much of a gap to nginx is Node itself on this machine. Under Bun it
// answers the same through Bun.serve: the ceiling of a Bun server here.
// Usage: node|bun scripts/bench-reference.mjs DIST PORT
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dist, port] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8'));
const files = new Map();
for (const [path, entry] of Object.entries(manifest.files)) {
  // What the real server holds in memory (src/http/assets.ts, inMemory): records, chapters, plain cards.
  if (!/^\/(?:slok\/\d+\/\d+\/(?:index\.json|gita\.svg)|chapters?\/(?:\d+\/)?index\.json|gita\.svg)$/.test(path)) continue;
  files.set(path.replace(/\/index\.json$/, ''), { body: readFileSync(join(dist, path)), type: entry.type });
}
// Random picks over the non-colophon verses, as the real server draws them.
const verses = manifest.content.versesPerChapter.flatMap((n, i) => Array.from({ length: n }, (_, v) => `/slok/${i + 1}/${v + 1}`));
const pick = (suffix) => files.get(verses[Math.floor(Math.random() * verses.length)] + suffix);

const lookup = (url) => (url === '/slok' ? pick('') : url === '/gita.svg' ? pick('/gita.svg') : files.get(url));

if (globalThis.Bun) {
  globalThis.Bun.serve({
    port: Number(port),
    hostname: '127.0.0.1',
    fetch(request) {
      const u = request.url;
      const file = lookup(u.slice(u.indexOf('/', u.indexOf('//') + 2)));
      if (!file) return new Response(null, { status: 404 });
      return new Response(file.body, { headers: { 'Content-Type': file.type } });
    },
  });
} else {
  createServer((req, res) => {
    const file = lookup(req.url);
    if (!file) {
      res.writeHead(404, { 'Content-Length': 0 }).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': file.body.length });
    res.end(file.body);
  }).listen(Number(port), '127.0.0.1');
}
