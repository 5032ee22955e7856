// Before serving: import the content and build dist/ when either is missing
// or stale, so that a fresh clone serves with one command.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PROJECT_ROOT } from '../paths.ts';
import type { BuildSummary } from './build.ts';
import type { Effort } from './compress.ts';
import { BuildError } from './build-error.ts';
import type { Content } from '../content/read.ts';
import { importedByThisCode } from '../content/importer.ts';
import { staleness, writeStamp } from './stamp.ts';
import { recoverDir } from '../fs/atomic.ts';
import { AUDIT_FILE, auditSummary } from '../content/audit.ts';
import { LATER_PARTS } from '../contract/manifest.ts';
import { leftOutLines } from '../content/versions/left-out.ts';

export interface EnsureOptions {
  contentDir: string;
  distDir: string;
  cacheDir: string | null;
  stampFile: string;
  say: (line: string) => void;
  /** Progress of the import and the build (src/cli/progress.ts); its stage is ended before each `say`. */
  progress?: Progress;
  /**
   * 'quick' (the default): a dist/ for serving here, built with quick
   * compression when one is needed, and any current dist/ will do. 'full':
   * only a dist/ compressed as it is published will do.
   */
  effort?: Effort;
  /** Called when a build is needed; what it returns is called once dist/ is ready or the preparation failed (npm start: a 503 on the port meanwhile). */
  whilePreparing?: () => Promise<() => Promise<void>>;
  /**
   * Build the records, the pages and the search first, and leave the cards,
   * downloads, reading pages, word analysis and the derived files' twins (manifest.pending) for later: ensureBuilt
   * then says so by resolving true, and the caller builds the rest once it
   * serves (background.ts). `npm start` does, to answer a few seconds sooner.
   */
  later?: boolean;
  /**
   * Import and build in a process of their own (`bin/run.mjs prepare`), which
   * says and shows its progress itself, on this process's stdout and stderr,
   * or line by line to the function given. A server that built in its own
   * process would keep what the build allocated: after a fresh `npm start`
   * it held 490-550 MB, where a start on a built dist/ holds 140 (the history of docs/benchmarks.md).
   */
  apart?: true | ((line: string) => void);
}

/** What a client meets until the background build is loaded. */
const LATER_NOTE = "their routes answer 503 with Retry-After until then (the language forms are cut from the records meanwhile); what lacks its twin is compressed on demand; /healthz lists what is pending";

type Progress = ((message: string, done?: number, total?: number) => void) & { end?: () => void };

/** Build (and stamp) dist/ from content/; the one way both `npm run build` and `npm start` build. */
export async function buildAndStamp(o: Omit<EnsureOptions, 'say' | 'stampFile'> & { stampFile: string | null; seed?: string; content?: Content; publicUrl?: string | null; png?: boolean }): Promise<BuildSummary> {
  const { build } = await import('./build.ts');
  const effort = o.effort ?? 'full';
  const summary = await build({ contentDir: o.contentDir, outDir: o.distDir, cacheDir: o.cacheDir, seed: o.seed, publicUrl: o.publicUrl, png: o.png, progress: o.progress, effort, content: o.content, later: o.later });
  if (o.stampFile) await writeStamp(o.stampFile, o.distDir, o.contentDir, summary.manifest, effort);
  return summary;
}

/** Import and build when needed. True when dist/ was built with parts left for later (`later`): the caller builds the rest. */
export async function ensureBuilt(o: EnsureOptions): Promise<boolean> {
  recoverDir(o.contentDir);
  recoverDir(o.distDir);
  const effort = o.effort ?? 'quick';
  const why = staleness(o.stampFile, o.contentDir, o.distDir, effort);
  if (!why) return false;
  const progress: Progress = o.progress ?? (() => {});
  const say = (line: string) => {
    progress.end?.();
    o.say(line);
  };
  // Apart, the child process says it (it checks again, and finds the same).
  if (!o.apart) say(`${why}: preparing it (import and build${effort === 'quick' ? ', quick compression: `npm run build` makes the published sizes' : ''})`);
  const release = await o.whilePreparing?.();
  try {
    await (o.apart ? prepareApart(o, effort) : prepare(o, effort, progress, say));
  } finally {
    await release?.();
  }
  return o.later === true;
}

/** `npm run prepare:dist` in a child process, stopped with this one: Ctrl-C or SIGTERM stop both, and this one then dies of the same signal. */
async function prepareApart(o: EnsureOptions, effort: Effort): Promise<void> {
  const args = ['--content', o.contentDir, '--out', o.distDir, ...(o.cacheDir ? ['--cache', o.cacheDir] : ['--no-cache']), '--stamp', o.stampFile, '--effort', effort, ...(o.later ? ['--later'] : [])];
  const relay = typeof o.apart === 'function' ? o.apart : undefined;
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin', 'run.mjs'), 'prepare', ...args], { cwd: PROJECT_ROOT, stdio: ['ignore', relay ? 'pipe' : 'inherit', relay ? 'pipe' : 'inherit'] });
  const lines: string[] = [];
  if (relay) {
    for (const stream of [child.stdout!, child.stderr!])
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        relay(line);
      });
  }
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  const stop = () => child.kill();
  for (const signal of STOP_SIGNALS) process.on(signal, forward);
  process.once('exit', stop);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', (err) => reject(new BuildError(`the preparation could not start: ${err.message}`)));
    child.once('close', (c, s) => resolve([c, s]));
  }).finally(() => {
    for (const signal of STOP_SIGNALS) process.off(signal, forward);
    process.off('exit', stop);
  });
  if (signal && (STOP_SIGNALS as readonly string[]).includes(signal)) process.kill(process.pid, signal);
  if (code !== 0) {
    const why = lines.filter((l) => l.startsWith('error: ')).at(-1)?.slice('error: '.length);
    throw new BuildError(`dist/ could not be prepared (${signal ?? `exit ${code}`})${why ? `: ${why}` : relay ? '' : '; the lines above say why'}`);
  }
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

async function prepare(o: EnsureOptions, effort: Effort, progress: Progress, say: (line: string) => void): Promise<void> {
  // Loaded only when needed: the build's modules (the card's shaper, ajv) would double the start-up time.
  const [{ importContent }, { defaultSource }] = await Promise.all([import('../content/import.ts'), import('../content/source.ts')]);
  let content: Content | undefined;
  if (!existsSync(join(o.contentDir, 'slok')) || !existsSync(join(o.contentDir, AUDIT_FILE)) || !importedByThisCode(o.contentDir)) {
    // A server's import: an operator's version folder with problems is left out (listed in /healthz and the log), never the whole service.
    const s = await importContent({ from: defaultSource(PROJECT_ROOT), contentDir: o.contentDir, progress: (m, d, t) => progress(`import: ${m}`, d, t), badVersionFolders: 'leave-out' });
    content = s.content;
    say(`imported ${s.chapters} chapters and ${s.verses + s.colophons} verse records; ${auditSummary(s.audit, s.audit.errata, s.audit.resolved.length, s.audit.repairs, s.audit.supplements, s.audit.verseText)}`);
    for (const line of leftOutLines(s.audit.versions?.leftOut ?? [])) say(line);
  }
  const s = await buildAndStamp({ ...o, effort, content, progress: (m, d, t) => progress(`build: ${m}`, d, t) });
  say(`built ${s.files} files in ${(s.ms / 1000).toFixed(1)} s${o.later ? `; ${LATER_PARTS.join(', ')} follow in the background (${LATER_NOTE})` : ''}`);
}
