// nginx serving a folder as a plain static host (Debian's nginx-light, as
// `npm run bench` runs it): files as they are, no rewrites, no API logic.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './fs.ts';
import { freePort } from './redis.ts';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

export async function staticHost(root: string): Promise<{ url: string; stop(): Promise<void> }> {
  if (!NGINX) throw new Error('the static-host tests need nginx: install the Debian package nginx-light (the CI script does)');
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
  const proc = spawn(NGINX, ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
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
  process.on('exit', () => proc.kill('SIGKILL'));
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

export const hasNginx = () => !!NGINX || spawnSync('sh', ['-c', 'command -v nginx']).status === 0;
