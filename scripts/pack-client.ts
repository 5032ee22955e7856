// npm run pack:client (and npm pack, through prepack): the client for the
// npm package, lib/client/index.js and index.d.ts, behind the export
// `gita-api/client`. The same two files the build puts in dist/ as client.js
// and client.d.ts.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bundleClient } from '../src/publish/client.ts';
import { flags, run } from '../src/cli/run.ts';
import { PROJECT_ROOT } from '../src/paths.ts';

run(async () => {
  flags('Usage: npm run pack:client\n\nWrites lib/client/index.js and index.d.ts, the client of the npm package (gita-api/client).', {});
  const { js, dts } = await bundleClient();
  const dir = join(PROJECT_ROOT, 'lib', 'client');
  const staged = `${dir}.tmp-${process.pid}`;
  await rm(staged, { recursive: true, force: true });
  await mkdir(staged, { recursive: true });
  await writeFile(join(staged, 'index.js'), js);
  await writeFile(join(staged, 'index.d.ts'), dts);
  await rm(dir, { recursive: true, force: true });
  await rename(staged, dir);
  console.log(`wrote ${dir}/index.js (${js.length} bytes) and index.d.ts (${dts.length} bytes)`);
});
