// nginx serving a folder as a plain static host (Debian's nginx-light, as
// `npm run bench` runs it): files as they are, no rewrites, no API logic.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownProcess } from './cleanup.ts';
import { tempDir } from './fs.ts';
import { requireProgram } from './programs.ts';
import { freePort } from './redis.ts';

/** nginx's path; a suite that uses staticHost() calls this first in its before hook. */
export const requireNginx = () => requireProgram('nginx', 'nginx-light');

export async function staticHost(root: string): Promise<{ url: string; stop(): Promise<void> }> {
  const nginx = requireNginx();
  const dir = tempDir('gita-nginx-');
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    // As root, the workers read the test's private temporary folders as root too.
    `${process.getuid?.() === 0 ? 'user root; ' : ''}worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  types { application/json json; image/svg+xml svg; text/html html; text/javascript js; application/typescript ts; }
  default_type application/octet-stream;
  server { listen 127.0.0.1:${port}; root ${root}; location / { try_files $uri =404; add_header Access-Control-Allow-Origin *; } }
}
`,
  );
  const proc = ownProcess(spawn(nginx, ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] }));
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    if (proc.exitCode !== null) throw new Error(`nginx exited: ${err}`);
    try {
      await fetch(`${url}manifest.json`, { method: 'HEAD' });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGQUIT');
      }),
  };
}
