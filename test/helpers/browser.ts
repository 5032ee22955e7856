// Debian's Chromium, driven by playwright-core, for what a person sees.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { requireProgram } from './programs.ts';

/** Debian's Chromium, or another build named by CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's path; a browser suite calls this first in its before hook, before it starts anything. */
export const requireChromium = () => requireProgram(CHROMIUM, 'chromium');

/** Screenshots for people to look at, under test-output/ (git-ignored). */
export function outputDir(...parts: string[]): string {
  const dir = join(PROJECT_ROOT, 'test-output', ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}

// Playwright starts Chromium in a process group of its own and kills it (and
// removes its profile folder) when the test process exits, Ctrl-C included.
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: requireChromium(),
    // This machine's network is closed: keep Chromium from reaching out (it would retry many connections at once).
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
