// Work of the import that no step after it needs until content/ is written:
// the link graph (1.7 s of CPU) and the roots (0.3 s), done on a worker
// thread (scripts/import-thread.ts, through bin/run.mjs, which bundles it)
// while this thread repairs the texts, writes the records and scans the
// meter. On a machine with a second core the first import, and so a fresh
// `npm start`'s first answer, comes that much sooner; the results are the
// very ones the same functions make here (the same code, given a copy of the
// same records).
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths.ts';
import type { LinkCounts, MinedRecord } from './links.ts';
import type { DcsWord } from './dcs/conllu.ts';
import type { RootsAudit } from './roots/store.ts';

export type ThreadJob = { job: 'links'; records: readonly MinedRecord[]; versesPerChapter: readonly number[] } | { job: 'roots'; dir: string; verses: Record<string, DcsWord[]> };

export interface ImportThread {
  /** The link graph mined (links.ts, mineLinks): content/links.json's text and the counts for the audit. */
  links(records: readonly MinedRecord[], versesPerChapter: readonly number[]): Promise<{ file: string; counts: LinkCounts }>;
  /** The roots read against the dhātupāṭha (roots/store.ts, importRoots). */
  roots(dir: string, verses: Record<string, DcsWord[]>): Promise<{ file: string; audit: RootsAudit }>;
  /** End the thread (what it has not answered fails). */
  close(): Promise<void>;
}

/** The thread, started now so that it has loaded its code by the time the first job comes. */
export function importThread(): ImportThread {
  const worker = new Worker(join(PROJECT_ROOT, 'bin', 'run.mjs'), { argv: ['import-thread'] });
  const waiting = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void }>();
  let next = 0;
  let failed: Error | null = null;
  const fail = (err: Error) => {
    failed ??= err;
    for (const w of waiting.values()) w.reject(failed);
    waiting.clear();
  };
  worker.on('message', ({ id, result, error }: { id: number; result?: never; error?: string }) => {
    const w = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) w?.reject(new Error(`the import's thread failed: ${error}`));
    else w?.resolve(result!);
  });
  worker.on('error', (err) => fail(new Error(`the import's thread failed: ${err.message}`)));
  worker.on('exit', (code) => fail(new Error(`the import's thread ended (exit ${code})`)));
  // Not unref'd: while the import awaits its answer, the thread is what keeps the process up (importContent ends it).
  const post = <T>(job: ThreadJob): Promise<T> => {
    if (failed) return Promise.reject(failed);
    const id = next++;
    const answer = new Promise<T>((resolve, reject) => waiting.set(id, { resolve: resolve as (v: never) => void, reject }));
    worker.postMessage({ id, ...job });
    return answer;
  };
  return {
    links: (records, versesPerChapter) => post({ job: 'links', records, versesPerChapter }),
    roots: (dir, verses) => post({ job: 'roots', dir, verses }),
    close: async () => {
      await worker.terminate();
    },
  };
}
