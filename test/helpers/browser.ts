// Debian's Chromium, driven by playwright-core, for what a person sees.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { PROJECT_ROOT } from '../../src/paths.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Screenshots for people to look at, under test-output/ (git-ignored). */
export function outputDir(...parts: string[]): string {
  const dir = join(PROJECT_ROOT, 'test-output', ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`the browser tests need Chromium at ${CHROMIUM}: install Debian's chromium package (the CI script does), or set CHROMIUM_PATH`);
  return chromium.launch({
    executablePath: CHROMIUM,
    // This machine's network is closed: keep Chromium from reaching out (it would retry many connections at once).
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
