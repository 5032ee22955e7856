// What the import suites share (import.test.ts and import-errors.test.ts,
// two files so that they run side by side): an archive of a folder, a
// loopback server, and a failing import that must leave content/ unchanged.
import { createServer, type Server } from 'node:http';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import * as tar from 'tar';
import { importContent, type ImportOptions } from '../../src/content/import.ts';
import { linkedCopy, rewrite, tempDir, treeFingerprint } from '../helpers/fs.ts';
import { testContent } from '../helpers/dist.ts';

/** An archive laid out as upstream's: one top folder holding chapter/ and slok/. */
export async function makeArchive(sourceDir: string, top = 'bhagavad-gita-43dfc8d'): Promise<string> {
  const work = tempDir('gita-tar-');
  await cp(sourceDir, join(work, top), { recursive: true });
  const file = join(tempDir('gita-archive-'), 'archive.tar.gz');
  await tar.c({ gzip: true, cwd: work, file, portable: true }, [top]);
  return file;
}

/** A real HTTP server on loopback; `handler` decides each answer. */
export async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}

/**
 * Import `from` over a good content/ and expect an error naming what `expect`
 * lists; content/ must not change. The good content/ is the shared import,
 * copied as hard links (an import replaces content/ whole, never a file in place).
 */
export async function expectFailure(from: string, expect: RegExp[], options: Partial<ImportOptions> = {}) {
  const contentDir = join(tempDir(), 'content');
  execFileSync('cp', ['-al', (await testContent()).contentDir, contentDir]);
  const before = treeFingerprint(contentDir);
  let message = '';
  try {
    await importContent({ from, contentDir, ...options });
  } catch (err) {
    message = (err as Error).message;
  }
  assert.ok(message, 'the import fails');
  if (process.env.DEBUG_TEST) console.log(message.slice(0, 300));
  for (const re of expect) assert.match(message, re);
  assert.equal(treeFingerprint(contentDir), before, 'content/ is exactly as it was');
  const leftovers = readdirSync(join(contentDir, '..')).filter((n) => n !== 'content');
  assert.equal(leftovers, [], 'no staging folder is left behind');
}

export const breakFile = async (file: string, change: (record: Record<string, any>) => void) => {
  const dir = await linkedCopy();
  const path = join(dir, file);
  const record = JSON.parse(readFileSync(path, 'utf8'));
  change(record);
  rewrite(path, JSON.stringify(record, null, 4));
  return dir;
};
