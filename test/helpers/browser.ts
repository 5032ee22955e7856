// Debian's Chromium, driven by playwright-core, for what a person sees.
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium, type Browser, type ElementHandle, type Page } from 'playwright-core';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { tempDir } from './fs.ts';
import { requireFont, requireProgram } from './programs.ts';

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
export async function launch(env?: Record<string, string>): Promise<Browser> {
  return chromium.launch({
    executablePath: requireChromium(),
    // This machine's network is closed: keep Chromium from reaching out (it would retry many connections at once).
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    ...(env && { env: { ...process.env, ...env } as Record<string, string> }),
  });
}

/**
 * Chromium as on a machine with no Devanagari font: Chromium on Linux finds
 * fonts through fontconfig only, and this one's fontconfig sees this
 * machine's fonts that have no Devanagari letter (no क, U+0915), linked into
 * a folder of their own. A test using it checks first that Devanagari is
 * drawn as boxes there.
 */
export async function launchWithoutDevanagari(): Promise<Browser> {
  requireChromium();
  const fcList = requireProgram('fc-list', 'fontconfig');
  const files = (pattern: string) =>
    execFileSync(fcList, [pattern, 'file'], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.replace(/:\s*$/, '').trim())
      .filter(Boolean);
  const devanagari = new Set(files(':charset=915'));
  const dir = tempDir('gita-fonts-');
  mkdirSync(join(dir, 'fonts'));
  files(':').filter((f) => !devanagari.has(f)).forEach((f, i) => symlinkSync(f, join(dir, 'fonts', `${i}-${basename(f)}`)));
  writeFileSync(join(dir, 'fonts.conf'), `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${dir}/fonts</dir><cachedir>${dir}/cache</cachedir></fontconfig>\n`);
  return launch({ FONTCONFIG_FILE: join(dir, 'fonts.conf') });
}

/** The folder of Debian's DejaVu fonts (fonts-dejavu-core): Latin, Greek, Cyrillic, no Indic script. */
export const DEJAVU_DIR = '/usr/share/fonts/truetype/dejavu';

/**
 * Chromium as on a machine with Latin fonts only: its fontconfig lists one
 * folder, Debian's DejaVu fonts, so every Devanagari or Telugu letter that a
 * page does not bring a font for is drawn as a box. A test using it checks
 * first that such letters are drawn as boxes there.
 */
export async function launchWithLatinFontsOnly(): Promise<Browser> {
  requireChromium();
  requireFont('DejaVu Sans', 'fonts-dejavu-core');
  const dir = tempDir('gita-latin-fonts-');
  writeFileSync(join(dir, 'fonts.conf'), `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${DEJAVU_DIR}</dir><cachedir>${dir}/cache</cachedir></fontconfig>\n`);
  return launch({ FONTCONFIG_FILE: join(dir, 'fonts.conf') });
}

/**
 * A screenshot of a page or an element, taken again when Chromium refuses a
 * capture ("Unable to capture screenshot", which a loaded machine gives now
 * and then and the same capture a moment later does not): every suite's
 * screenshots go through here, so a refusal is never a test's failure.
 */
export async function screenshot(target: Pick<Page, 'screenshot'> | Pick<ElementHandle, 'screenshot'>, options: Parameters<Page['screenshot']>[0] = {}): Promise<Buffer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await (target as Page).screenshot(options);
    } catch (err) {
      if (attempt >= 3 || !/Unable to capture screenshot/.test(String((err as Error).message))) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

