// The versions (/versions, /versions/{id}, /slok/{ch}/{sl}/versions): files
// of the build (publish/versions.ts), streamed; ?version= keeps the versions
// it names, in its order, cut from the verse's file and kept.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PARAMETERS, readParameter, isRefused } from '../../contract/parameters.ts';
import { FILES } from '../../layout.ts';
import type { Handler } from '../context.ts';
import { badRequest, notFound } from '../respond.ts';

export const versions: Handler = (c) => c.file(FILES.versions, false, undefined, notFound.resource);
export const version: Handler = (c) => c.file(FILES.version(c.at.version!), false, undefined, notFound.resource);

export const verseVersions: Handler = (c) => {
  const s = c.served;
  const path = FILES.verseVersions(c.at.ch!, c.at.sl!);
  const chosen = readParameter(c.query, PARAMETERS.version, s.dist.manifest.content);
  if (isRefused(chosen)) return badRequest(chosen.error);
  if (!chosen) return c.file(path, false, undefined, notFound.verse);
  if (!s.streamed(path)) return notFound.verse;
  return c.derived(`${path}\0${chosen.join(',')}`, () => {
    const all = JSON.parse(readFileSync(join(s.dist.dir, path), 'utf8')) as { ref: string; versions: Array<{ id: string }> };
    return Buffer.from(JSON.stringify({ ref: all.ref, versions: chosen.map((id) => all.versions.find((v) => v.id === id)!) }));
  });
};
