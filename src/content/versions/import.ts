// The versions imported: the built-in ones (Besant's English, the Telugu of
// Wikisource) and every operator's folder, each read, checked and repaired
// into the one model, then written into <content>/versions/ whole: staged
// beside it and swapped in, so that a refused folder leaves what was there.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceDir, stagingDir } from '../../fs/atomic.ts';
import type { Content } from '../read.ts';
import { surface, type Analysis } from '../dcs/read.ts';
import { ContentError } from '../validate.ts';
import { assemble } from './assemble.ts';
import { besantFrom, readBesant } from './besant.ts';
import { BESANT, TELUGU, type BuiltinDirs } from './builtin.ts';
import { readDropIn, versionFolders } from './dropin.ts';
import type { Version, VersionFile } from './model.ts';
import { rulesOf } from './rules.ts';
import { readTelugu } from './telugu.ts';
import { compareWithBesant, type BesantWitnessReport } from './witness.ts';

export const VERSIONS_DIR = 'versions';
export const VERSIONS_INDEX = 'index.json';

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
}

/** What the audit says of the versions: each one's counts, and Besant's Devanagari against the served verse. */
export interface VersionsReport {
  versions: Array<Pick<Version, 'id' | 'verses' | 'colophons'> & { from: string; missing: number; repaired: boolean; counts: Record<string, number>; defects: number; notes: number }>;
  /** Absent when Besant's version is not imported. */
  besantWitness?: BesantWitnessReport;
}

/** Read every version, refuse any that fails a check (ContentError, naming the file and line), and write them all; Besant's Devanagari too, a witness of the verse. */
export async function importVersions(o: VersionsOptions): Promise<{ versions: VersionFile[]; report: VersionsReport; devanagari?: ReadonlyMap<string, string> }> {
  const { versions, devanagari } = await readVersions(o);
  const report: VersionsReport = {
    versions: versions.map((v) => ({ id: v.id, from: v.audit.from, verses: v.verses, colophons: v.colophons, missing: v.missing.length, repaired: v.audit.repaired, counts: v.audit.counts, defects: v.audit.defects.length, notes: v.audit.notes })),
  };
  if (devanagari) report.besantWitness = compareWithBesant(devanagari, o.records.verses.map((v) => v.record), witnessesOf(o.witnesses));
  await writeVersions(join(o.content, VERSIONS_DIR), versions);
  return { versions, report, devanagari };
}

async function readVersions(o: VersionsOptions): Promise<{ versions: VersionFile[]; devanagari?: Map<string, string> }> {
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
  // An operator's text is taken as the operator gives it: no repair rule touches it.
  for (const folder of versionFolders(o.dirs ?? [])) versions.push(assemble(await readDropIn(folder), [], counts, repairs));
  const ids = new Map<string, string>();
  for (const v of versions) {
    const other = ids.get(v.id);
    if (other) throw new ContentError([{ file: v.audit.from, path: '$.id', expected: `the id "${v.id}" is taken by ${other}: each version needs its own` }]);
    ids.set(v.id, v.audit.from);
  }
  return { versions, devanagari };
}

/** The other witnesses' texts by ref: the DCS's words as they stand, gita/gita's Devanagari. */
export function witnessesOf(w: VersionsOptions['witnesses']) {
  const dcs = new Map(Object.entries(w?.analysis?.verses ?? {}).map(([ref, words]) => [ref, surface(words)]));
  return { dcs, gitaGita: w?.gitaGita ?? new Map<string, string>() };
}

/** versions/<id>.json for each version and versions/index.json listing them, staged and swapped in whole. */
async function writeVersions(target: string, versions: VersionFile[]): Promise<void> {
  const staged = await stagingDir(target);
  try {
    for (const v of versions) await writeFile(join(staged, `${v.id}.json`), JSON.stringify(v) + '\n');
    const index = versions.map(({ audit: _audit, texts: _texts, ...listed }) => listed);
    await writeFile(join(staged, VERSIONS_INDEX), JSON.stringify({ versions: index }, null, 1) + '\n');
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
