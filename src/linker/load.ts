// The verses the tagger's card shows, fetched from the API (CORS, no
// credentials) once per verse and kept for the page's life.
import { shownVerse, verseUrl, versionUrl, type InVersions, type ShownVerse } from './verse.ts';
import type { AuthorNames, LinkerOptions } from './options.ts';

const json = <T>(url: string) =>
  fetch(url, { credentials: 'omit' }).then((r) => {
    if (!r.ok) throw new Error(`${r.status}`);
    return r.json() as Promise<T>;
  });

export class Verses {
  /** Each verse's answer, asked for once (a failure is forgotten, so the next hover asks again). */
  private readonly asked = new Map<string, Promise<ShownVerse>>();

  constructor(
    private readonly options: LinkerOptions,
    private readonly names: AuthorNames,
  ) {}

  load(ch: number, sl: number): Promise<ShownVerse> {
    const { options, names } = this;
    const key = `${ch}.${sl}`;
    let found = this.asked.get(key);
    if (!found) {
      // With a version, its text beside the verse's record: two requests at once.
      found = Promise.all([json<Record<string, unknown>>(verseUrl(options, ch, sl)), options.version ? json<InVersions>(versionUrl(options, ch, sl)) : undefined]).then(([record, inVersions]) => shownVerse(record, options, names, inVersions));
      found.catch(() => this.asked.delete(key));
      this.asked.set(key, found);
    }
    return found;
  }
}
