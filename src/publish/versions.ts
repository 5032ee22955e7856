// The versions in dist/: the list (versions/index.json, what /versions
// answers), each version with its audit (versions/{id}/index.json), and each
// verse record's texts in every version (slok/C/V/versions.json): the text,
// its notes and the version's credit, which travels with the text (CC BY-SA
// asks for it); a version that lacks the verse is named missing, never
// filled from another.
import type { VerseVersion, VerseVersions, VersionFile } from '../content/versions/model.ts';
import type { VerseRecord } from '../content/schema.ts';
import { FILES } from '../layout.ts';

/** Each verse record's texts in every version, in the versions' order. */
export function verseVersions(versions: readonly VersionFile[], verses: readonly VerseRecord[]): VerseVersions[] {
  const byRef = versions.map((v) => new Map(v.texts.map((t) => [t.ref, t])));
  return verses.map((r) => ({
    ref: r._id,
    versions: versions.map((v, i): VerseVersion => {
      const t = byRef[i].get(r._id);
      return t ? { id: v.id, language: v.language, credit: v.credit, text: t.text, ...(t.notes?.length && { notes: t.notes }) } : { id: v.id, language: v.language, credit: v.credit, text: null, missing: true };
    }),
  }));
}

const json = (path: string, value: unknown) => ({ path, body: Buffer.from(JSON.stringify(value)) });

/** The files: the list, each version with its audit (not its texts: they are per verse, and whole in the downloads), each verse's texts. */
export function versionAssets(versions: readonly VersionFile[], verses: readonly VerseRecord[]): Array<{ path: string; body: Buffer }> {
  const listed = versions.map(({ audit: _audit, texts: _texts, ...v }) => v);
  return [
    json(FILES.versions, { versions: listed }),
    ...versions.map(({ texts: _texts, ...v }) => json(FILES.version(v.id), v)),
    ...verseVersions(versions, verses).map((vv) => {
      const [ch, sl] = vv.ref.slice(2).split('.');
      return json(FILES.verseVersions(ch, sl), vv);
    }),
  ];
}
