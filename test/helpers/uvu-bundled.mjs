// A test process of test/run.mjs over bundled files (test/helpers/bundle.mjs):
// uvu's own runner, given each suite under its source's name
// (`http/read.test.ts`) and its bundle to load. Arguments: the bundles'
// folder, then the names.
import { bundled } from './bundle.mjs';

const [outDir, ...names] = process.argv.slice(2);
try {
  const { run } = await import('uvu/run');
  await run(names.map((name) => ({ name, file: bundled(outDir, name) })), {});
} catch (err) {
  // As uvu's command line ends on an error outside a test.
  console.error(err.stack || err.message);
  process.exit(1);
}
