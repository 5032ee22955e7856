// Is dist/ current? The build leaves a stamp (outside dist/, which must stay
// byte-identical across machines) recording what it was built from: the
// content files' names, sizes and times, and the code that shapes the output.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { writeFileAtomic } from '../fs/atomic.ts';
import { hashSources } from '../fs/fingerprint.ts';
import type { Manifest } from '../contract/manifest.ts';
import type { Effort } from './compress.ts';
import { AUDIT_FILE } from '../content/audit.ts';
import { importStaleness } from '../content/importer.ts';

/** Source files whose change changes what the build writes. */
export const OUTPUT_SHAPING = [
  'src/publish/**/*', 'src/card/**/*', 'src/content/**/*', 'src/docs/**/*', 'src/pages/**/*', 'src/client/**/*', 'src/linker/**/*', 'src/search/**/*', 'src/cli/format.ts', 'src/fs/**/*', 'src/paths.ts', 'tsconfig.json', 'src/layout.ts', 'src/config.ts', 'src/guides.ts', 'docs/*.md',
  'src/contract/**/*', 'src/keys/limits.ts', 'src/mcp/budget.ts', 'package.json', 'package-lock.json',
];

export function inputsFingerprint(contentDir: string): string {
  const hash = hashSources(createHash('sha256'), OUTPUT_SHAPING);
  for (const file of fg.sync(['chapter/*', 'slok/*', 'versions/*'], { cwd: contentDir }).sort()) {
    const s = statSync(join(contentDir, file));
    hash.update(`${file}:${s.size}:${s.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

export function writeStamp(stampFile: string, distDir: string, contentDir: string, manifest: Manifest, effort: Effort = 'full'): Promise<void> {
  return writeFileAtomic(stampFile, JSON.stringify({ dist: distDir, build: manifest.build, inputs: inputsFingerprint(contentDir), effort }) + '\n');
}

/**
 * Why dist/ needs a build, or null when it is current. `needs`: 'full' when
 * only a dist/ compressed as it is published will do (the benchmark), 'quick'
 * when either will (serving on this machine).
 */
export function staleness(stampFile: string, contentDir: string, distDir: string, needs: Effort = 'quick'): string | null {
  if (!existsSync(join(contentDir, 'slok'))) return 'content/ is missing';
  if (!existsSync(join(contentDir, AUDIT_FILE))) return 'content/ was imported before audits and errata';
  const reimport = importStaleness(contentDir);
  if (reimport) return reimport;
  const manifestFile = join(distDir, 'manifest.json');
  if (!existsSync(manifestFile)) return 'dist/ is missing';
  let stamp: { dist?: string; build?: string; inputs?: string; effort?: Effort };
  let manifest: Manifest;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    return 'dist/ has no build stamp';
  }
  if (stamp.dist !== distDir || stamp.build !== manifest.build) return 'dist/ was not built from this checkout';
  // A start that stopped before its background build was done (ensure.ts) left it so.
  if (manifest.pending?.length) return `dist/ is unfinished (no ${manifest.pending.join(', ')} yet)`;
  // Stamps from before there were two efforts were all made at 'full'.
  if (needs === 'full' && (stamp.effort ?? 'full') !== 'full') return 'dist/ was compressed quickly (by npm start), not as it is published';
  if (stamp.inputs !== inputsFingerprint(contentDir)) return 'content/ or the build code changed since dist/ was built';
  return null;
}
