// The system parts some suites need (programs and fonts from Debian packages,
// which npm ci does not install), checked in one place. A suite calls
// requireProgram() or requireFont() first thing in its before hook: without
// the part it fails at once with one line naming the package, instead of
// failing later with a stack trace or a riddle (a width that is not what it
// should be), or hanging on a half-made setup. .ci/run installs every package
// named here.
//
// GITA_TEST_MISSING (comma-separated names: a program as requireProgram is
// called, a path by its last part, a font by its family, or any part by its
// Debian package: `chromium,wrk,fonts-noto-core`) makes those parts count as
// missing on a machine that has them: test/runner/ uses it to see a run
// without them.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { basename, delimiter, isAbsolute, join } from 'node:path';

/** A missing system part: its message is the one line a person needs, so no stack is printed with it. */
export class MissingPart extends Error {
  override name = 'MissingPart';
  constructor(message: string) {
    super(message);
    // uvu prints a failed test's stack under its message: a one-line stack keeps the report to one line.
    this.stack = message;
  }
}

/** The one line for a missing part, e.g. `missing system part: wrk (Debian package wrk; .ci/run installs it)`. */
export function missingPart(what: string, debianPackage: string, how = '.ci/run installs it'): MissingPart {
  return new MissingPart(`missing system part: ${what} (Debian package ${debianPackage}; ${how})`);
}

const simulated = () => new Set((process.env.GITA_TEST_MISSING ?? '').split(',').map((s) => s.trim()).filter(Boolean));

const runnable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

// Daemons such as nginx live in /usr/sbin, which a user's PATH often lacks.
const SBIN = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** Where `name` (a command, or an absolute path) is, or null. */
export function findProgram(name: string): string | null {
  if (simulated().has(basename(name))) return null;
  if (isAbsolute(name)) return runnable(name) ? name : null;
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...SBIN];
  return dirs.map((d) => join(d, name)).find(runnable) ?? null;
}

/** The program's path; throws MissingPart (one line naming the Debian package) when it is not there. */
export function requireProgram(name: string, debianPackage: string): string {
  const found = simulated().has(debianPackage) ? null : findProgram(name);
  if (!found) throw missingPart(name, debianPackage);
  return found;
}

/**
 * Throws MissingPart (one line naming the Debian package) unless a font of
 * `family` is installed, as fontconfig lists it: Chromium on Linux finds its
 * fonts through fontconfig alone, so a suite that measures what it draws
 * depends on what fc-list sees (FONTCONFIG_FILE included).
 */
export function requireFont(family: string, debianPackage: string): void {
  const missing = simulated();
  if (missing.has(family) || missing.has(debianPackage)) throw missingPart(`the font ${family}`, debianPackage);
  const fcList = requireProgram('fc-list', 'fontconfig');
  // One family a line, or several names of one family separated by commas.
  const families = execFileSync(fcList, [':', 'family'], { encoding: 'utf8' }).split('\n').flatMap((line) => line.split(','));
  if (!families.includes(family)) throw missingPart(`the font ${family}`, debianPackage);
}
