// Before serving: import the content and build dist/ when either is missing
// or stale, so that a fresh clone serves with one command.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths.ts';
import type { BuildSummary } from './build.ts';
import { staleness, writeStamp } from './stamp.ts';
import { recoverDir } from '../fs/atomic.ts';
import { AUDIT_FILE, auditSummary } from '../content/audit.ts';

export interface EnsureOptions {
  contentDir: string;
  distDir: string;
  cacheDir: string | null;
  stampFile: string;
  say: (line: string) => void;
}

/** Build (and stamp) dist/ from content/; the one way both `npm run build` and `npm start` build. */
export async function buildAndStamp(o: Omit<EnsureOptions, 'say'> & { seed?: string; png?: boolean; progress?: (m: string, d?: number, t?: number) => void }): Promise<BuildSummary> {
  const { build } = await import('./build.ts');
  const summary = await build({ contentDir: o.contentDir, outDir: o.distDir, cacheDir: o.cacheDir, seed: o.seed, png: o.png, progress: o.progress });
  await writeStamp(o.stampFile, o.distDir, o.contentDir, summary.manifest);
  return summary;
}

export async function ensureBuilt(o: EnsureOptions): Promise<void> {
  recoverDir(o.contentDir);
  recoverDir(o.distDir);
  const why = staleness(o.stampFile, o.contentDir, o.distDir);
  if (!why) return;
  o.say(`${why}: preparing it (import and build)`);
  // Loaded only when needed: the build's modules (the card's shaper, ajv) would double the start-up time.
  const [{ importContent }, { defaultSource }] = await Promise.all([import('../content/import.ts'), import('../content/source.ts')]);
  if (!existsSync(join(o.contentDir, 'slok')) || !existsSync(join(o.contentDir, AUDIT_FILE))) {
    const s = await importContent({ from: defaultSource(PROJECT_ROOT), contentDir: o.contentDir });
    o.say(`imported ${s.chapters} chapters and ${s.verses + s.colophons} verse records; ${auditSummary(s.audit, s.audit.errata, s.audit.resolved.length, s.audit.repairs)}`);
  }
  const s = await buildAndStamp(o);
  o.say(`built ${s.files} files in ${(s.ms / 1000).toFixed(1)} s`);
}
