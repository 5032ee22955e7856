// A verse in the versions (/slok/{ch}/{sl}/versions): its file of the build
// (publish/versions.ts), streamed; ?version= keeps the versions it names, in
// its order, cut from the verse's file and kept. (/versions and
// /versions/{id} serve their files as they are: their routes need no handler.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filled } from '../../contract/route-file.ts';
import { ROUTE } from '../../contract/routes/index.ts';
import type { Handler } from '../context.ts';
import { notFound } from '../respond.ts';

export const verseVersions: Handler<'verse-versions'> = (c) => {
  const s = c.served;
  const path = filled(ROUTE['verse-versions'].file!, c.at);
  const chosen = c.valid.version;
  if (!chosen) return c.file(path, false, undefined, notFound.verse);
  if (!s.streamed(path)) return notFound.verse;
  return c.derived(`${path}\0${chosen.join(',')}`, () => {
    const all = JSON.parse(readFileSync(join(s.dist.dir, path), 'utf8')) as { ref: string; versions: Array<{ id: string }> };
    return Buffer.from(JSON.stringify({ ref: all.ref, versions: chosen.map((id) => all.versions.find((v) => v.id === id)!) }));
  });
};
