#!/usr/bin/env node
// The `gita` command (npx gita ...): runs scripts/gita.ts through the bundle launcher.
import { runScript } from './run.mjs';

await runScript('gita', process.argv.slice(2));
