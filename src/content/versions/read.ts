// The versions an import wrote (content/versions/), read back for the build:
// each version's file, in the order of the index. A content imported before
// versions were (or with --no-versions) has none, which is no error.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VersionFile } from './model.ts';
import { VERSIONS_DIR, VERSIONS_INDEX } from './import.ts';

export function readVersionFiles(contentDir: string): VersionFile[] {
  const dir = join(contentDir, VERSIONS_DIR);
  if (!existsSync(join(dir, VERSIONS_INDEX))) return [];
  const index = JSON.parse(readFileSync(join(dir, VERSIONS_INDEX), 'utf8')) as { versions: Array<{ id: string }> };
  return index.versions.map((v) => JSON.parse(readFileSync(join(dir, `${v.id}.json`), 'utf8')) as VersionFile);
}
