// npm run start:deno : the same server under Deno. Run through npm, which
// prepares dist/ with Node first (the build uses Node's worker threads).
import { parseArgs } from 'node:util';
import process from 'node:process';
import { loadConfig, settingFlags } from '../src/config.ts';
import { startDeno } from '../src/http/deno.ts';

const { values } = parseArgs({ args: process.argv.slice(2), options: settingFlags, strict: true });
try {
  await startDeno(loadConfig(process.env, values as Record<string, string | undefined>));
} catch (err) {
  // Written plainly: console.error would colour it under Bun.
  process.stderr.write(`error: ${(err as Error).message}\n`);
  process.exit(1);
}
