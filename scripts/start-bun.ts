// npm run start:bun : the same server under Bun. Run through npm, which
// prepares dist/ with Node first (the build uses Node's worker threads).
import { parseArgs } from 'node:util';
import { loadConfig, settingFlags } from '../src/config.ts';
import { fail } from '../src/cli/run.ts';
import { startBun } from '../src/http/bun.ts';

const { values } = parseArgs({ args: process.argv.slice(2), options: settingFlags, strict: true });
try {
  await startBun(loadConfig(process.env, values as Record<string, string | undefined>));
} catch (err) {
  // One line and exit 1, as every entry script fails (fail writes plainly: console.error would colour it under Bun).
  fail((err as Error).message);
}
