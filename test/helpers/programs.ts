// The system parts some suites need (programs from Debian packages, which
// npm ci does not install), checked in one place. A suite calls
// requireProgram() first thing in its before hook: without the program it
// fails at once with one line naming the package, instead of failing later
// with a stack trace, or hanging on a half-made setup. .ci/run installs every
// package named here.
//
// GITA_TEST_MISSING (comma-separated names, as requireProgram is called, a
// path by its last part: `chromium,wrk`) makes those parts count as missing on
// a machine that has them: test/runner/ uses it to see a run without them.
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
  const found = findProgram(name);
  if (!found) throw missingPart(name, debianPackage);
  return found;
}
