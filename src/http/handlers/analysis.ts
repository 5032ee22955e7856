// The word analysis (src/content/dcs/): a verse's words, a lemma's
// occurrences, every lemma. All are files of dist/ streamed from disk (the
// build's analysis.ts): nothing of the 10,547 words is held per worker. A
// lemma is found by its file's name: its IAST, else its ASCII spelling.
import { foldLemma, lemmaQuery } from '../../content/dcs/lemma.ts';
import { FILES } from '../../layout.ts';
import type { Handler } from '../context.ts';
import { badRequest, notFound } from '../respond.ts';

export const analysis: Handler = (c) => c.file(FILES.analysis(c.at.ch!, c.at.sl!), false, undefined, notFound.verse);

export const lemma: Handler = (c) => {
  const q = lemmaQuery(c.at.lemma!);
  if ('error' in q) return badRequest(q.error);
  const exact = FILES.lemma(q.lemma);
  return c.file(c.served.streamed(exact) ? exact : FILES.lemma(foldLemma(q.lemma)), false, undefined, notFound.resource);
};

export const lemmas: Handler = (c) => c.file(FILES.lemmas, false, undefined, notFound.resource);
