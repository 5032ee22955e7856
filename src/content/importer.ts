// Which import code made content/: a fingerprint of the code that shapes it
// (the import, its rules, errata and supplements), written into
// content/manifest.json as `importer`. content/ made by other code (an older
// checkout's rules) is imported again before a build (src/publish/ensure.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashSources } from '../fs/fingerprint.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { versionSourcesChanged, type VersionSources } from './versions/sources.ts';

/** The code that shapes content/ (the import, its rules and lists, and what it imports): content/ imported by other code is imported again. */
export const IMPORT_SHAPING = ['src/content/**/*', 'src/fs/**/*', 'src/paths.ts', 'src/contract/paths.ts', 'package-lock.json'];

/** A fingerprint of the import code, recorded in content/manifest.json as `importer`. */
export function importerFingerprint(): string {
  return hashSources(createHash('sha256'), IMPORT_SHAPING).digest('hex').slice(0, 16);
}

/** Was content/ imported by the import code of this checkout? (No record of it: an import older than the record, so no.) */
export function importedByThisCode(contentDir: string): boolean {
  return importStaleness(contentDir) === null;
}

/** Why content/ must be imported again (other import code, or version folders changed since), or null. */
export function importStaleness(contentDir: string): string | null {
  let manifest: { importer?: string; versions?: VersionSources };
  try {
    manifest = JSON.parse(readFileSync(join(contentDir, 'manifest.json'), 'utf8'));
  } catch {
    return 'content/ has no manifest';
  }
  if (manifest.importer !== importerFingerprint()) return 'content/ was imported by other import code (its rules, errata or supplements changed)';
  const versions = versionSourcesChanged(manifest.versions, PROJECT_ROOT);
  return versions && `content/ was imported before ${versions}`;
}

