// Which version folders an import read, and whether they changed since: an
// operator who drops a translation into versions/ (or edits one) sees it on
// the next start, as a change of the import code is seen (importer.ts).
// Their files are compared by name, size and time, as the build's inputs are.
import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../paths.ts';
import { createHash } from 'node:crypto';
import fg from 'fast-glob';
import { defaultBuiltinDirs, type BuiltinDirs } from './builtin.ts';
import { defaultVersionDirs } from './dropin.ts';

/** What content/manifest.json records of the versions' sources. */
export interface VersionSources {
  /** The import read the default folders (versions/ in the project, the built-ins beside it): a start looks there again, for a folder added since. */
  defaults: boolean;
  /** The folders read: the drop-in folders' parents, and the built-ins' folders; relative to the project, so that content/ names no folder of the machine that imported it. */
  dirs: string[];
  /** Every file under them: name, size, time. */
  fingerprint: string;
}

const folders = (dirs: readonly string[], builtins: BuiltinDirs) => [...dirs, ...Object.values(builtins).filter((d): d is string => typeof d === 'string')];

function fingerprintOf(dirs: readonly string[]): string {
  const hash = createHash('sha256');
  for (const dir of dirs) {
    // The folders themselves are compared by name apart (relative to the project): here, what they hold.
    hash.update('\0');
    if (!existsSync(dir)) continue;
    for (const file of fg.sync('**/*', { cwd: dir, dot: false }).sort()) {
      const s = statSync(join(dir, file));
      hash.update(`${file}:${s.size}:${s.mtimeMs}\n`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

export function versionSources(used: { dirs: readonly string[]; builtins: BuiltinDirs } | false, defaults: boolean, projectRoot = PROJECT_ROOT): VersionSources {
  const dirs = used ? folders(used.dirs, used.builtins) : [];
  return { defaults, dirs: dirs.map((d) => relative(projectRoot, resolve(d)) || '.'), fingerprint: fingerprintOf(dirs) };
}

/** Why the versions of content/ are not what their folders hold now, or null. `recorded` absent: an import older than the record (importer.ts says so). */
export function versionSourcesChanged(recorded: VersionSources | undefined, projectRoot: string): string | null {
  if (!recorded) return null;
  const dirs = recorded.defaults ? folders(defaultVersionDirs(projectRoot), defaultBuiltinDirs(projectRoot)) : recorded.dirs.map((d) => resolve(projectRoot, d));
  if (dirs.map((d) => relative(projectRoot, d) || '.').join('\0') !== recorded.dirs.join('\0')) return 'a version folder was added or removed';
  return fingerprintOf(dirs) === recorded.fingerprint ? null : 'a version folder changed';
}
