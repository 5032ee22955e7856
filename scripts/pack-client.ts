// npm run pack:client (and npm pack of packages/client, through its prepack):
// the built files of the client's own package, packages/client/index.js and
// index.d.ts (@gita-api/client). The same two files the build puts in dist/
// as client.js and client.d.ts.
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bundleClient } from '../src/publish/client.ts';
import { flags, run } from '../src/cli/run.ts';
import { PROJECT_ROOT } from '../src/paths.ts';

run(async () => {
  flags('Usage: npm run pack:client\n\nWrites packages/client/index.js and index.d.ts, the built files of the client package (@gita-api/client).', {});
  const { js, dts } = await bundleClient();
  const dir = join(PROJECT_ROOT, 'packages', 'client');
  // Each file written beside its place, then renamed over it: a pack never sees half a file.
  for (const [name, text] of [['index.js', js], ['index.d.ts', dts]] as const) {
    const staged = join(dir, `.${name}.tmp-${process.pid}`);
    await writeFile(staged, text);
    await rename(staged, join(dir, name));
  }
  // On stderr: under `npm pack --json` (its prepack) stdout is the tarball's listing.
  console.error(`wrote ${dir}/index.js (${Buffer.byteLength(js)} bytes) and index.d.ts (${Buffer.byteLength(dts)} bytes)`);
});
