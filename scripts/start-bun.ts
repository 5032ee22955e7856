// npm run start:bun : the same server under Bun. Run through npm, which
// prepares dist/ with Node first (the build uses Node's worker threads).
import { parseArgs } from 'node:util';
import { loadConfig, settingFlags } from '../src/config.ts';
import { startBun } from '../src/http/bun.ts';

const { values } = parseArgs({ args: process.argv.slice(2), options: settingFlags, strict: true });
try {
  await startBun(loadConfig(process.env, values as Record<string, string | undefined>));
} catch (err) {
  // Written plainly: console.error would colour it under Bun.
  process.stderr.write(`error: ${(err as Error).message}\n`);
  process.exit(1);
}
