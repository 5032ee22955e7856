// The reference for `npm run bench`: the least a Node server can do to give
// the server's answer on the hot routes. node:http answering bytes already in
// memory, no routing beyond a map lookup, no keys, counting or log; but the
// same answer as the server's, byte for byte: the same headers (made by the
// server's own headerSets) and the same coding (the server's own
// negotiation: brotli when the client takes it). Measured beside the real
// server and nginx in the same run, it shows how much of a gap to nginx is
// Node itself on this machine. Under Bun it answers the same through
// Bun.serve: the ceiling of a Bun server here.
// Usage: node --import tsx|bun scripts/bench-reference.mjs DIST PORT [WORKERS] [FRAMEWORK]
// WORKERS (Node only, default 1): processes sharing the port through
// node:cluster; the primary answers nothing. FRAMEWORK (Node only, one
// process): `express` or `fastify`, the same answers through Express 5
// (`res.set(headers).send(body)`, its ETag off: the server's is sent) or
// Fastify 5 (`reply.headers(headers).send(body)` from a catch-all route),
// what a user would pick instead of this server, without its database.
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { headerSets } from '../src/http/assets.ts';
import { acceptedCodings } from '../src/http/negotiate.ts';
import { rawHeader } from '../src/http/node.ts';
import { ENCODINGS } from '../src/layout.ts';

const [dist, port, workers = '1', framework] = process.argv.slice(2);

if (!globalThis.Bun && Number(workers) > 1 && cluster.isPrimary) for (let i = 0; i < Number(workers); i++) cluster.fork();
else serve(load());

function toHeaders(flat) {
  const h = new Headers();
  for (let i = 0; i < flat.length; i += 2) h.append(flat[i], flat[i + 1]);
  return h;
}

/** The answers of the hot routes: path -> { identity, br?, gzip? }, each { body, headers, randomHeaders }; and the verses random picks draw from. */
function load() {
  const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8'));
  const files = new Map();
  for (const [path, entry] of Object.entries(manifest.files)) {
    // The files of the routes the bench asks: records, chapters, plain cards.
    if (!/^\/(?:slok\/\d+\/\d+\/(?:index\.json|gita\.svg)|chapters?\/(?:\d+\/)?index\.json|gita\.svg)$/.test(path)) continue;
    const make = (suffix, coding) => {
      const body = readFileSync(join(dist, path + suffix));
      const sets = headerSets(entry.type, entry.sha256, coding, body.length);
      // Bun is handed a Headers made once per list, as the server's Bun adapter does.
      if (globalThis.Bun) for (const k of ['headers', 'randomHeaders']) sets[k] = toHeaders(sets[k]);
      return { body, ...sets };
    };
    const file = { identity: make('') };
    for (const { coding, suffix } of ENCODINGS) if (entry[coding] !== undefined) file[coding] = make(suffix, coding);
    files.set(path.replace(/\/index\.json$/, ''), file);
  }
  // Random picks over the non-colophon verses, as the real server draws them.
  const verses = manifest.content.versesPerChapter.flatMap((n, i) => Array.from({ length: n }, (_, v) => `/slok/${i + 1}/${v + 1}`));
  return { files, verses };
}

function serve({ files, verses }) {
  const pick = (suffix) => files.get(verses[Math.floor(Math.random() * verses.length)] + suffix);
  const RANDOM = new Set(['/slok', '/gita.svg']);
  const lookup = (path) => (path === '/slok' ? pick('') : path === '/gita.svg' ? pick('/gita.svg') : files.get(path));

  /** The representation the server would send, and its headers (a flat [name, value, ...] list; under Bun a Headers). */
  const answer = (path, acceptEncoding) => {
    const file = lookup(path);
    if (!file) return null;
    let v = file.identity;
    for (const coding of acceptedCodings(acceptEncoding)) {
      if (file[coding]) {
        v = file[coding];
        break;
      }
    }
    return { body: v.body, headers: RANDOM.has(path) ? v.randomHeaders : v.headers };
  };

  if (globalThis.Bun) {
    globalThis.Bun.serve({
      port: Number(port),
      hostname: '127.0.0.1',
      fetch(request) {
        const u = request.url;
        const a = answer(u.slice(u.indexOf('/', u.indexOf('//') + 2)), request.headers.get('accept-encoding') ?? undefined);
        if (!a) return new Response(null, { status: 404 });
        return new Response(a.body, { headers: a.headers });
      },
    });
    return;
  }
  if (framework) return serveWith(framework, answer);
  createServer((req, res) => {
    const a = answer(req.url, rawHeader(req.rawHeaders, 'accept-encoding'));
    if (!a) {
      res.writeHead(404, { 'Content-Length': 0 }).end();
      return;
    }
    res.writeHead(200, a.headers);
    res.end(a.body);
  }).listen(Number(port), '127.0.0.1');
}

/** The headers as an object, for the frameworks' setters (made once per answer). */
const asObject = new WeakMap();
function objectOf(flat) {
  let o = asObject.get(flat);
  if (!o) {
    o = {};
    for (let i = 0; i < flat.length; i += 2) o[flat[i]] = flat[i + 1];
    asObject.set(flat, o);
  }
  return o;
}

async function serveWith(framework, answer) {
  if (framework === 'express') {
    const { default: express } = await import('express');
    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    app.use((req, res) => {
      const a = answer(req.url, req.headers['accept-encoding']);
      if (!a) return res.status(404).end();
      res.set(objectOf(a.headers)).send(a.body);
    });
    app.listen(Number(port), '127.0.0.1');
  } else if (framework === 'fastify') {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    app.get('/*', (req, reply) => {
      const a = answer(req.url, req.headers['accept-encoding']);
      if (!a) return reply.code(404).send();
      return reply.headers(objectOf(a.headers)).send(a.body);
    });
    await app.listen({ port: Number(port), host: '127.0.0.1' });
  } else throw new Error(`bench-reference: ${framework} is not express or fastify`);
}
