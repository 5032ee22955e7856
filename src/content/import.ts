// Import: source → content/. Everything is read and validated first; the new
// content is staged beside content/ and swapped in only when all of it is good.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { recoverDir, replaceDir, stagingDir } from '../fs/atomic.ts';
import { readContent, isColophon } from './read.ts';
import { openSource, type Progress } from './source.ts';

export interface ImportSummary {
  chapters: number;
  verses: number;
  colophons: number;
  commentators: number;
  bytes: number;
}

export interface ImportOptions {
  from: string;
  contentDir: string;
  progress?: Progress;
}

export async function importContent({ from, contentDir, progress = () => {} }: ImportOptions): Promise<ImportSummary> {
  // An import that died between its two renames left content/ aside: put it back first.
  recoverDir(contentDir);
  const source = await openSource(from, progress);
  try {
    const content = await readContent(source.dir, (done, total) => progress('validating', done, total));
    progress('writing');
    const staged = await stagingDir(contentDir);
    try {
      const files: Record<string, string> = {};
      let bytes = 0;
      for (const { file, bytes: data } of [...content.chapters, ...content.verses]) {
        await mkdir(dirname(join(staged, file)), { recursive: true });
        await writeFile(join(staged, file), data);
        files[file] = createHash('sha256').update(data).digest('hex');
        bytes += data.length;
      }
      // GPL-3.0: the license and the upstream notes travel with the data.
      for (const extra of ['LICENSE', 'SOURCE.md']) {
        if (existsSync(join(source.dir, extra))) await copyFile(join(source.dir, extra), join(staged, extra));
      }
      const byChapter = new Map(content.chapters.map((c) => [c.record.chapter_number, c.record]));
      const colophons = content.verses.filter((v) => isColophon(v.record, byChapter.get(v.record.chapter)!)).length;
      const commentators = new Set(content.verses.flatMap((v) => Object.keys(v.record).filter((k) => typeof v.record[k] === 'object')));
      const summary: ImportSummary = {
        chapters: content.chapters.length,
        verses: content.verses.length - colophons,
        colophons,
        commentators: commentators.size,
        bytes,
      };
      await writeFile(join(staged, 'manifest.json'), JSON.stringify({ source: from, ...summary, files }, null, 2) + '\n');
      await writeFile(join(staged, 'README.md'), CONTENT_README);
      await replaceDir(contentDir, staged);
      return summary;
    } catch (err) {
      await rm(staged, { recursive: true, force: true });
      throw err;
    }
  } finally {
    await source.close();
  }
}

const CONTENT_README = `# content/

Imported by \`npm run content\` from the dataset vedicscriptures/bhagavad-gita-data
(GNU GPL v3, see LICENSE). Generated, git-ignored: do not edit by hand; import again.
\`manifest.json\` lists each file's SHA-256.
`;
