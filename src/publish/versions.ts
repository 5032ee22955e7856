// The versions in dist/, as their three routes build them: the list
// (versions/index.json, what /versions answers), each version with its audit
// (versions/{version}/index.json), and each verse record's texts in every
// version (slok/{ch}/{sl}/versions.json): the text, its notes and the
// version's credit, which travels with the text (CC BY-SA asks for it); a
// version that lacks the verse is named missing, never filled from another.
import type { VerseVersion, VerseVersions, VersionFile } from '../content/versions/model.ts';
import type { VerseRecord } from '../content/schema.ts';
import type { BuildInput, BuiltFile } from '../contract/build-input.ts';

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

/** /versions: the list, each version without its audit and texts. */
export const versionListFile = (input: BuildInput): BuiltFile[] => [{ json: { versions: input.versions.map(({ audit: _audit, texts: _texts, ...v }) => v) } }];

/** /versions/{version}: each version with its audit (not its texts: they are per verse, and whole in the downloads). */
export const versionFiles = (input: BuildInput): BuiltFile[] => input.versions.map(({ texts: _texts, ...v }) => ({ at: { version: v.id }, json: v }));

/** /slok/{ch}/{sl}/versions: each verse record's texts in every version. */
export const verseVersionFiles = (input: BuildInput): BuiltFile[] =>
  verseVersions(input.versions, input.content.verses.map((v) => v.record)).map((vv) => {
    const [ch, sl] = vv.ref.slice(2).split('.');
    return { at: { ch, sl }, json: vv };
  });
