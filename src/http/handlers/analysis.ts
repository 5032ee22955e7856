// A lemma's occurrences, a root's words and the lemma's reading page (src/content/dcs/): files of
// dist/ streamed from disk (the build's analysis.ts), found by the file's
// name: the lemma's IAST, else its ASCII spelling. (A verse's analysis, its
// links, every lemma and the works serve their files as they are: their
// routes need no handler.)
import { lemmaFile, SPELLED } from '../../content/dcs/lemma.ts';
import { FILES } from '../../layout.ts';
import type { Handler } from '../context.ts';
import { badRequest, negotiated, notFound, notFoundPage } from '../respond.ts';

export const lemma: Handler = (c) => {
  const file = lemmaFile(c.at.lemma!, (path) => !!c.served.streamed(path));
  if (file === undefined) return notFound.resource;
  return typeof file === 'string' ? c.file(file, false, undefined, notFound.resource) : badRequest(file.error);
};

/** /root/{root}: a verbal root's words, found by its spelling as a lemma is. */
export const root: Handler = (c) => {
  const file = lemmaFile(c.at.root!, (path) => !!c.served.streamed(path), FILES.root, SPELLED.root);
  if (file === undefined) return notFound.resource;
  return typeof file === 'string' ? c.file(file, false, undefined, notFound.resource) : badRequest(file.error);
};

/** /read/root/{root}: the page the build wrote for it (or for its ASCII spelling); the reading pages' 404 page otherwise. */
export const readRoot: Handler = (c) => {
  const file = lemmaFile(c.at.root!, (path) => !!c.served.streamed(path), FILES.readRoot, SPELLED.root);
  if (typeof file === 'string') return c.file(file, false, undefined, notFoundPage.verse);
  return file === undefined ? negotiated(c.req, notFoundPage.verse) : badRequest(file.error);
};

/** /read/lemma/{lemma}: the page the build wrote for it (or for its ASCII spelling); the reading pages' 404 page otherwise. */
export const readLemma: Handler = (c) => {
  const file = lemmaFile(c.at.lemma!, (path) => !!c.served.streamed(path), FILES.readLemma);
  if (typeof file === 'string') return c.file(file, false, undefined, notFoundPage.verse);
  return file === undefined ? negotiated(c.req, notFoundPage.verse) : badRequest(file.error);
};


