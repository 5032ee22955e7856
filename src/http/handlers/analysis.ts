// The word analysis (src/content/dcs/): a verse's words, a lemma's
// occurrences, every lemma. All are files of dist/ streamed from disk (the
// build's analysis.ts): nothing of the 10,547 words is held per worker. A
// lemma is found by its file's name: its IAST, else its ASCII spelling.
import { lemmaFile } from '../../content/dcs/lemma.ts';
import { FILES } from '../../layout.ts';
import type { Handler } from '../context.ts';
import { badRequest, negotiated, notFound, notFoundPage } from '../respond.ts';

export const analysis: Handler = (c) => c.file(FILES.analysis(c.at.ch!, c.at.sl!), false, undefined, notFound.verse);

export const lemma: Handler = (c) => {
  const file = lemmaFile(c.at.lemma!, (path) => !!c.served.streamed(path));
  if (file === undefined) return notFound.resource;
  return typeof file === 'string' ? c.file(file, false, undefined, notFound.resource) : badRequest(file.error);
};

/** /read/lemma/{lemma}: the page the build wrote for it (or for its ASCII spelling); the reading pages' 404 page otherwise. */
export const readLemma: Handler = (c) => {
  const file = lemmaFile(c.at.lemma!, (path) => !!c.served.streamed(path), FILES.readLemma);
  if (typeof file === 'string') return c.file(file, false, undefined, notFoundPage.verse);
  return file === undefined ? negotiated(c.req, notFoundPage.verse) : badRequest(file.error);
};

/** A verse's links, the works cited, one work's citations: files of the build (links.ts), streamed. */
export const verseLinks: Handler = (c) => c.file(FILES.links(c.at.ch!, c.at.sl!), false, undefined, notFound.verse);
export const works: Handler = (c) => c.file(FILES.works, false, undefined, notFound.resource);
export const work: Handler = (c) => c.file(FILES.work(c.at.work!), false, undefined, notFound.resource);

export const lemmas: Handler = (c) => c.file(FILES.lemmas, false, undefined, notFound.resource);
