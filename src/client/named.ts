// The methods that answer one thing by its name (a lemma, a root, a version,
// a work, a commentary): a name no path can spell is refused here, as the
// server would refuse it, without asking.
import { PARAMETERS } from '../contract/parameters.ts';
import { NOT_FOUND } from '../contract/errors.ts';
import { AUTHOR_KEY, VERSION_ID, WORK_SLUG } from '../contract/paths.ts';
import { foldLemma, MAX_LEMMA_LENGTH, type Spelled } from '../content/dcs/lemma-name.ts';
import type { ClientMethod } from '../contract/routes/client-paths.ts';
import { GitaError } from './error.ts';
import { at, list, withQuery } from './paths.ts';
import { get } from './transport.ts';
import type { State } from './state.ts';
import type { AuthorEntry } from './file-methods.ts';
import type { VerseVersions, VersionAudited, WorkCitations } from './types.ts';

/** A lemma or a root by its spelling: the server reads any; a static host has a file per IAST name and per ASCII spelling that is no name, so the first that exists. */
export async function bySpelling<T>(s: State, method: ClientMethod, what: Spelled, name: string): Promise<T> {
  const asked = name.normalize('NFC').toLowerCase();
  const path = (spelling: string) => at(s, method, { [what.name]: spelling });
  if (s.mode === 'server') return get<T>(s, path(asked));
  if (!asked || asked.length > MAX_LEMMA_LENGTH || /[/\\.\0]/.test(asked)) throw new GitaError(400, `${what.name}: expected a ${what.name} in IAST (${what.iast}) or in ASCII (${what.ascii})`, s.base);
  if (/[\u0900-\u097F]/.test(asked)) throw new GitaError(400, `${what.name}: a static host takes IAST or ASCII (${what.iast}, ${what.ascii}); Devanagari needs the server`, s.base);
  try {
    return await get<T>(s, path(asked));
  } catch (err) {
    if (!(err instanceof GitaError) || err.status !== 404 || foldLemma(asked) === asked) throw err;
    return get<T>(s, path(foldLemma(asked)));
  }
}

export async function version(s: State, id: string): Promise<VersionAudited> {
  // An id no path can spell is no version: the server's 404, without asking.
  if (!VERSION_ID.test(id)) throw new GitaError(404, NOT_FOUND.resource, s.base);
  return get(s, at(s, 'version', { version: id }));
}

export async function verseVersions(s: State, chapter: number, verse: number, o: { version?: readonly string[] } = {}): Promise<VerseVersions> {
  const path = at(s, 'verseVersions', { ch: chapter, sl: verse });
  if (s.mode === 'server') return get(s, withQuery(path, o.version ? `version=${list(o.version)}` : ''));
  // A static host has the verse in all of them: chosen here, read as the server reads ?version=.
  const all = await get<VerseVersions>(s, path);
  if (!o.version) return all;
  const chosen = PARAMETERS.version.read(o.version.join(','), { versesPerChapter: [], speakers: [], versions: all.versions });
  if ('error' in chosen) throw new GitaError(400, chosen.error, s.base);
  return { ref: all.ref, versions: chosen.map((id) => all.versions.find((v) => v.id === id)!) };
}

export async function work(s: State, slug: string): Promise<WorkCitations> {
  // A name no path can spell is no work: the server's 404, without asking.
  if (!WORK_SLUG.test(slug)) throw new GitaError(404, NOT_FOUND.resource, s.base);
  return get(s, at(s, 'work', { work: slug }));
}

export async function author(s: State, key: string): Promise<AuthorEntry> {
  // A key no path can spell (.., a slash) is no commentary: the server's 404, without asking.
  if (!AUTHOR_KEY.test(key)) throw new GitaError(404, NOT_FOUND.resource, s.base);
  return get(s, at(s, 'author', { key }));
}
