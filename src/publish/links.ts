// The link graph in dist/, as the links' three routes build it: each verse's
// links (slok/{ch}/{sl}/links.json), every work cited (works.json) and each
// named work's citations (works/{work}.json). The graph is the import's
// (content/links.json); a content/ imported before links were mined has it
// mined here, the same way (readLinks: the build reads it once, when first
// asked, as the builders' input's links()).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LINKS_FILE, mineLinks, worksList, type LinkGraph } from '../content/links.ts';
import type { Content } from '../content/read.ts';
import type { BuildInput, BuiltFile } from '../contract/build-input.ts';
import { WORK_SLUG } from '../contract/paths.ts';

/** The graph the import wrote, or mined from the records when content/ has none. */
export function readLinks(contentDir: string, content: Content): LinkGraph {
  try {
    return JSON.parse(readFileSync(join(contentDir, LINKS_FILE), 'utf8')) as LinkGraph;
  } catch {
    return mineLinks(content.verses.map((v) => v.record), content.chapters.map((c) => c.record.verses_count));
  }
}

/** /slok/{ch}/{sl}/links: each verse's links, colophons too. */
export const verseLinkFiles = (input: BuildInput): BuiltFile[] =>
  input.links().verses.map((v) => {
    const [ch, sl] = v.ref.slice(2).split('.');
    return { at: { ch, sl }, json: v };
  });

/** /works: every other work cited, most cited first. */
export const worksFile = (input: BuildInput): BuiltFile[] => [{ json: worksList(input.links()) }];

/** /works/{work}: each named work's citations, by its slug. */
export const workFiles = (input: BuildInput): BuiltFile[] => input.links().works.filter((w) => WORK_SLUG.test(w.slug)).map((w) => ({ at: { work: w.slug }, json: w }));
