// The versions imported: the built-in ones (Besant's English, the Telugu of
// Wikisource) and every operator's folder, each read, checked and repaired
// into the one model, then written into <content>/versions/ whole: staged
// beside it and swapped in, so that a refused folder leaves what was there.
import { rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { replaceDir, stagingDir } from '../../fs/atomic.ts';
import type { Content } from '../read.ts';
import { surface, type Analysis } from '../dcs/read.ts';
import { ContentError, type ContentProblem } from '../validate.ts';
import { assemble } from './assemble.ts';
import { besantFrom, readBesant } from './besant.ts';
import { BESANT, TELUGU, type BuiltinDirs } from './builtin.ts';
import { readDropIn, versionFolders } from './dropin.ts';
import type { LeftOutVersion, Version, VersionFile } from './model.ts';
import { rulesOf } from './rules.ts';
import { readTelugu } from './telugu.ts';
import { compareWithBesant, type BesantWitnessReport } from './witness.ts';

export { VERSIONS_DIR, VERSIONS_INDEX } from './model.ts';
import { VERSIONS_DIR, VERSIONS_INDEX } from './model.ts';

export interface VersionsOptions {
  /** Folders of operators' versions: each a version folder (it holds version.json) or a folder of them. */
  dirs?: readonly string[];
  /** Where the built-in versions' sources are (false: one not imported). */
  builtins: BuiltinDirs;
  /** The content folder: the versions go to its versions/ folder. */
  content: string;
  /** The records as served: their chapters number the verses; their Devanagari is compared with Besant's. */
  records: Content;
  /** Make the built-in versions' repair rules (default); false: their texts as the sources have them. */
  repairs?: boolean;
  /** The other witnesses of the verse, for the comparison with Besant's Devanagari: the DCS's analysis, gita/gita's Devanagari by ref. */
  witnesses?: { analysis?: Analysis; gitaGita?: ReadonlyMap<string, string> };
  /**
   * An operator's folder with problems: 'refuse' (the default: the import
   * fails, naming every problem of every folder) or 'leave-out' (a server's
   * own import: the folder is left out, listed with its problems in
   * versions/index.json's `leftOut`, and the rest imported; an operator's
   * mistake must not take the service down).
   */
  badFolders?: 'refuse' | 'leave-out';
}

/** What the audit says of the versions: each one's counts, and Besant's Devanagari against the served verse. */
export interface VersionsReport {
  versions: Array<Pick<Version, 'id' | 'verses' | 'colophons'> & { from: string; missing: number; repaired: boolean; counts: Record<string, number>; defects: number; notes: number }>;
  /** The operators' folders left out ('leave-out'), each with its problems; absent when none was. */
  leftOut?: LeftOutVersion[];
  /** Absent when Besant's version is not imported. */
  besantWitness?: BesantWitnessReport;
}

/** Read every version, refuse any that fails a check (ContentError, naming the file and line), and write them all; Besant's Devanagari too, a witness of the verse. */
export async function importVersions(o: VersionsOptions): Promise<{ versions: VersionFile[]; report: VersionsReport; devanagari?: ReadonlyMap<string, string> }> {
  const { versions, devanagari, leftOut } = await readVersions(o);
  // Refused: every problem of every folder listed, so that one run shows them all.
  if (leftOut.length && o.badFolders !== 'leave-out') throw new ContentError(leftOut.flatMap((l) => l.problems), Infinity);
  const report: VersionsReport = {
    versions: versions.map((v) => ({ id: v.id, from: v.audit.from, verses: v.verses, colophons: v.colophons, missing: v.missing.length, repaired: v.audit.repaired, counts: v.audit.counts, defects: v.audit.defects.length, notes: v.audit.notes })),
    ...(leftOut.length && { leftOut: leftOut.map(publicLeftOut) }),
  };
  if (devanagari) report.besantWitness = compareWithBesant(devanagari, o.records.verses.map((v) => v.record), witnessesOf(o.witnesses));
  await writeVersions(join(o.content, VERSIONS_DIR), versions, report.leftOut);
  return { versions, report, devanagari };
}

/** A folder left out, with its problems as ContentErrors name them (full paths, for the import's own error). */
interface Refused {
  folder: string;
  problems: ContentProblem[];
}

async function readVersions(o: VersionsOptions): Promise<{ versions: VersionFile[]; devanagari?: Map<string, string>; leftOut: Refused[] }> {
  const counts = o.records.chapters.map((c) => c.record.verses_count);
  const repairs = o.repairs ?? true;
  const versions: VersionFile[] = [];
  let devanagari: Map<string, string> | undefined;
  if (o.builtins.besant) {
    const b = await readBesant(o.builtins.besant, counts);
    devanagari = b.devanagari;
    versions.push(assemble({ manifest: BESANT, from: besantFrom(o.builtins.besant), files: b.files, texts: b.texts, defects: b.defects }, rulesOf('besant'), counts, repairs));
  }
  if (o.builtins.telugu) versions.push(assemble({ manifest: TELUGU, ...(await readTelugu(o.builtins.telugu, counts, new Map(o.records.verses.map((v) => [v.record._id, v.record.transliteration])))) }, rulesOf('telugu'), counts, repairs));
  const { folders, problems } = versionFolders(o.dirs ?? []);
  const leftOut: Refused[] = problems.map((p) => ({ folder: p.file, problems: [p] }));
  const ids = new Map(versions.map((v) => [v.id, v.audit.from]));
  for (const folder of folders) {
    try {
      // An operator's text is taken as the operator gives it: no repair rule touches it.
      const v = assemble(await readDropIn(folder, counts), [], counts, repairs);
      const other = ids.get(v.id);
      if (other) throw new ContentError([{ file: join(folder, 'version.json'), path: '$.id', expected: `the id "${v.id}" is taken by ${other}: each version needs its own` }]);
      ids.set(v.id, v.audit.from);
      versions.push(v);
    } catch (err) {
      if (!(err instanceof ContentError)) throw err;
      leftOut.push({ folder, problems: err.problems });
    }
  }
  return { versions, devanagari, leftOut };
}

/** A folder left out as content/ and the served files name it: by its own name, each file by the folder's name and its own. */
function publicLeftOut({ folder, problems }: Refused): LeftOutVersion {
  const parent = dirname(folder);
  const named = (file: string) => (file === folder ? basename(folder) : relative(parent, file));
  return { folder: basename(folder), problems: problems.map((p) => ({ file: named(p.file), at: p.path, problem: p.expected })) };
}

/** The other witnesses' texts by ref: the DCS's words as they stand, gita/gita's Devanagari. */
export function witnessesOf(w: VersionsOptions['witnesses']) {
  const dcs = new Map(Object.entries(w?.analysis?.verses ?? {}).map(([ref, words]) => [ref, surface(words)]));
  return { dcs, gitaGita: w?.gitaGita ?? new Map<string, string>() };
}

/** versions/<id>.json for each version and versions/index.json listing them, staged and swapped in whole. */
async function writeVersions(target: string, versions: VersionFile[], leftOut: LeftOutVersion[] | undefined): Promise<void> {
  const staged = await stagingDir(target);
  try {
    for (const v of versions) await writeFile(join(staged, `${v.id}.json`), JSON.stringify(v) + '\n');
    const index = versions.map(({ audit: _audit, texts: _texts, ...listed }) => listed);
    await writeFile(join(staged, VERSIONS_INDEX), JSON.stringify({ versions: index, ...(leftOut && { leftOut }) }, null, 1) + '\n');
    await replaceDir(target, staged);
  } catch (err) {
    await rm(staged, { recursive: true, force: true });
    throw err;
  }
}

/** One line for the import's summary. */
export function versionsSummary(report: VersionsReport): string {
  const n = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
  const each = report.versions.map((v) => `${v.id} ${n(v.verses, 'verse')}${v.colophons ? ` and ${n(v.colophons, 'colophon')}` : ''}${v.missing ? `, ${v.missing} missing` : ''}${v.notes ? `, ${n(v.notes, 'note')}` : ''}`);
  const w = report.besantWitness;
  return `versions: ${each.join('; ') || 'none'}${w ? `; Besant's Devanagari against the served verse: ${w.agree} of ${w.compared} agree, ${w.differences.length} differences` : ''}`;
}
