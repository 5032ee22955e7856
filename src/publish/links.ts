// The link graph in dist/: each verse's links (slok/C/V/links.json), every
// work cited (works.json) and each named work's citations
// (works/{slug}.json). The graph is the import's (content/links.json); a
// content/ imported before links were mined has it mined here, the same way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LINKS_FILE, mineLinks, worksList, type LinkGraph } from '../content/links.ts';
import type { Content } from '../content/read.ts';
import { WORK_SLUG } from '../contract/paths.ts';
import { FILES } from '../layout.ts';

/** The graph the import wrote, or mined from the records when content/ has none. */
export function readLinks(contentDir: string, content: Content): LinkGraph {
  try {
    return JSON.parse(readFileSync(join(contentDir, LINKS_FILE), 'utf8')) as LinkGraph;
  } catch {
    return mineLinks(content.verses.map((v) => v.record), content.chapters.map((c) => c.record.verses_count));
  }
}

/** The files: compact JSON, one per verse (colophons too), the works list, one per named work. */
export function linkAssets(graph: LinkGraph): Array<{ path: string; body: Buffer }> {
  const json = (path: string, value: unknown) => ({ path, body: Buffer.from(JSON.stringify(value)) });
  const out = graph.verses.map((v) => {
    const [ch, sl] = v.ref.slice(2).split('.');
    return json(FILES.links(ch, sl), v);
  });
  out.push(json(FILES.works, worksList(graph)));
  for (const w of graph.works) if (WORK_SLUG.test(w.slug)) out.push(json(FILES.work(w.slug), w));
  return out;
}
