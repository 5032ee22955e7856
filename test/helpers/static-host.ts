// A built dist/ served over loopback as a plain static host serves it (sirv,
// clean URLs to their .html), for the browser suites of the static pages.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

export interface StaticHost {
  origin: string;
  close(): Promise<void>;
}

export async function staticHost(dir: string): Promise<StaticHost> {
  const serve = sirv(dir, { dev: true, etag: false, extensions: ['html'] });
  const server = createServer((req, res) =>
    serve(req, res, () => {
      res.statusCode = 404;
      res.end('not found');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
