// The import's thread (src/content/import-thread.ts), run by bin/run.mjs in a
// worker thread: mines the link graph and reads the roots while the import's
// own thread repairs, writes and scans. Not a command: it answers the jobs
// its parent posts ({ id, job, ... }) with { id, result } or { id, error }.
import { parentPort } from 'node:worker_threads';
import { mineLinks } from '../src/content/links.ts';
import { importRoots } from '../src/content/roots/store.ts';
import type { ThreadJob } from '../src/content/import-thread.ts';

if (!parentPort) throw new Error('scripts/import-thread.ts runs in the import\'s worker thread (src/content/import-thread.ts), not as a command');
const port = parentPort;

port.on('message', ({ id, ...job }: ThreadJob & { id: number }) => {
  try {
    if (job.job === 'links') {
      // links.json's text made here too: what crosses back is one string and the counts for the audit.
      const graph = mineLinks(job.records, job.versesPerChapter);
      port.postMessage({ id, result: { file: JSON.stringify(graph) + '\n', counts: graph.counts } });
    } else {
      port.postMessage({ id, result: importRoots(job.dir, job.verses) });
    }
  } catch (err) {
    port.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
