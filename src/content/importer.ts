// Which import code made content/: a fingerprint of the code that shapes it
// (the import, its rules, errata and supplements), written into
// content/manifest.json as `importer`. content/ made by other code (an older
// checkout's rules) is imported again before a build (src/publish/ensure.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashSources } from '../fs/fingerprint.ts';

/** The code that shapes content/ (the import, its rules and lists, and what it imports): content/ imported by other code is imported again. */
export const IMPORT_SHAPING = ['src/content/**/*', 'src/fs/**/*', 'src/paths.ts', 'package-lock.json'];

/** A fingerprint of the import code, recorded in content/manifest.json as `importer`. */
export function importerFingerprint(): string {
  return hashSources(createHash('sha256'), IMPORT_SHAPING).digest('hex').slice(0, 16);
}

/** Was content/ imported by the import code of this checkout? (No record of it: an import older than the record, so no.) */
export function importedByThisCode(contentDir: string): boolean {
  try {
    return JSON.parse(readFileSync(join(contentDir, 'manifest.json'), 'utf8')).importer === importerFingerprint();
  } catch {
    return false;
  }
}

