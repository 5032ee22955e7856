// What the public files (/audit.json, /manifest.json) must never hold: a path
// of the machine that built them. Two nets: the folders this machine really
// has (the project, the folder it sits in, the content sources beside it, the
// temporary and home folders), found anywhere in the text; and any JSON string
// shaped like an absolute path (/a/b, C:\a, file:), wherever it came from.
import { homedir, tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../src/cli/run.ts';

/** This machine's folders, each ending in a separator (so "/work" does not match "/workers"); "/" alone is no evidence. */
export function machineFolders(): string[] {
  const folders = [PROJECT_ROOT, dirname(PROJECT_ROOT), resolve(PROJECT_ROOT, '../shared'), tmpdir(), homedir()];
  return [...new Set(folders.filter((f) => f.length > 1).map((f) => (f.endsWith('/') ? f : `${f}/`)))];
}

const ABSOLUTE = /(?:^|[\s("'=,])(?:\/[^\s/"'<>]+\/[^\s"'<>]*|[A-Za-z]:\\|file:)/;

/** Every place `text` (a JSON file) names a path of the build machine: the folder found, or the string that looks like an absolute path; empty when none. */
export function machinePathsIn(text: string): string[] {
  // The manifest's served paths (its keys with an object for value: "/root/sthā.json": {...}) are URLs, not folders:
  // a route's /root/ is no home folder, though the machine's may be /root.
  const scanned = text.replace(/"\/[^"\s]*"(?=\s*:\s*\{)/g, '""');
  const found = machineFolders().filter((f) => scanned.includes(f)).map((f) => `${f} in the text`);
  const walk = (v: unknown, at: string): void => {
    if (typeof v === 'string') {
      if (ABSOLUTE.test(v)) found.push(`${at}: ${JSON.stringify(v.length > 120 ? `${v.slice(0, 120)}…` : v)}`);
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}[${i}]`));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${at}.${k}`);
  };
  walk(JSON.parse(text), '$');
  return found;
}
