// The operators' version folders an import left out (a server's own import
// leaves a folder with problems out rather than fail), said the same way
// wherever they are said: the import's and the server's log, `npm run build`'s
// refusal. /healthz lists them as data (the build's manifest).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VERSIONS_DIR, VERSIONS_INDEX, type LeftOutVersion } from './model.ts';

/** How many problems of one folder a log or /healthz lists; the rest are counted. */
export const PROBLEMS_LISTED = 20;

/** The folders content/versions/index.json lists as left out ([] for none, or for content without versions). */
export function readLeftOut(contentDir: string): LeftOutVersion[] {
  const file = join(contentDir, VERSIONS_DIR, VERSIONS_INDEX);
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { leftOut?: LeftOutVersion[] }).leftOut ?? [];
}

type Listed = LeftOutVersion & { more?: number };

/** The folders a built dist/'s manifest lists as left out ([] for none, or when it cannot be read: the server says why elsewhere). */
export function leftOutOfBuild(distDir: string): Listed[] {
  try {
    return (JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) as { versionsLeftOut?: Listed[] }).versionsLeftOut ?? [];
  } catch {
    return [];
  }
}

/** Each folder's problems, at most `listed` of them, the rest counted in `more`. */
export function boundedLeftOut(leftOut: readonly Listed[], listed = PROBLEMS_LISTED): Listed[] {
  return leftOut.map((l) => {
    const more = l.problems.length - listed + (l.more ?? 0);
    return { folder: l.folder, problems: l.problems.slice(0, listed), ...(more > 0 && { more }) };
  });
}

/** The lines an operator reads: one a folder, then one a problem (at most `listed` of them, the rest counted). */
export function leftOutLines(leftOut: readonly Listed[], listed = PROBLEMS_LISTED): string[] {
  return boundedLeftOut(leftOut, listed).flatMap((l) => {
    const total = l.problems.length + (l.more ?? 0);
    return [
      `error: the version folder ${l.folder} is left out (${total} problem${total === 1 ? '' : 's'}); every other version is served; mend it and start again:`,
      ...l.problems.map((p) => `  ${p.file}: ${p.at}: ${p.problem}`),
      ...(l.more ? [`  ... and ${l.more} more`] : []),
    ];
  });
}
