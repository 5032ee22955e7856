// Import: source → content/. Everything is read and validated first, then
// audited, corrected by the errata and audited again; the new content is
// staged beside content/ and swapped in only when all of it is good.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { writeFile as writeFileCallback } from 'node:fs';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { recoverDir, replaceDir, stagingDir } from '../fs/atomic.ts';
import { AUDIT_FILE, auditContent, type AuditFile, type Finding } from './audit.ts';
import { applyErrata, defaultErrataDir, ERRATA, type ErratumResult } from './errata.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { readContent, isColophon, type Content } from './read.ts';
import { openSource, sourceName, type Progress } from './source.ts';
import { repairContent } from './repairs.ts';
import { applySupplements, defaultSupplementsDir, type SupplementReport } from './supplements.ts';
import { importerFingerprint } from './importer.ts';
import { ANALYSIS_FILE, analysisFile } from './dcs/store.ts';
import { defaultDcsDir, readDcs, type Analysis } from './dcs/read.ts';
import { mendVerses } from './verse-repairs.ts';
import { LINKS_FILE, mineLinks } from './links.ts';
import { importVersions, witnessesOf } from './versions/import.ts';
import { meterAudit } from './meter/audit.ts';
import { defaultBuiltinDirs, type BuiltinDirs } from './versions/builtin.ts';
import { defaultVersionDirs } from './versions/dropin.ts';
import { versionSources } from './versions/sources.ts';
import { defaultDhatupathaDir, importRoots, ROOTS_FILE } from './roots/store.ts';

export interface ImportSummary {
  chapters: number;
  verses: number;
  colophons: number;
  commentators: number;
  bytes: number;
  audit: AuditFile;
  /** The records as written to content/, so that a build right after (npm start's) need not read and validate them again. */
  content: Content;
}

export interface ImportOptions {
  from: string;
  contentDir: string;
  progress?: Progress;
  /**
   * The errata: a folder holding their files, null to read them online,
   * false to import the source as it is (to audit upstream uncorrected).
   * Default: ../shared/gita-errata when it exists, else online.
   */
  errata?: string | null | false;
  /** Refuse the import when a finding is left that no erratum resolves. */
  strict?: boolean;
  /** Mend the damaged texts by the rules of repairs.ts (default); false: upstream's texts as they are. */
  repairs?: boolean;
  /**
   * The independent copy of the Hindi translations (supplements.ts): a folder
   * holding its files, null to read them online, false to leave upstream's
   * placeholders. Default: ../shared/gita-gita when it exists, else online.
   */
  supplements?: string | null | false;
  /**
   * The Digital Corpus of Sanskrit's analysis of every word (src/content/dcs/):
   * a folder holding its 18 CoNLL-U files, or false (or null: none found) to
   * import without it. Default: ../shared/dcs-gita when it exists.
   */
  dcs?: string | null | false;
  /**
   * The dhātupāṭha (src/content/roots/): a folder holding dhatupatha.tsv, or
   * false (or null: none found) to import the word analysis without roots.
   * Default: ../shared/dhatupatha when it exists.
   */
  dhatupatha?: string | null | false;
  /**
   * The versions (src/content/versions/): the built-in ones' sources and the
   * operator's folders, or false to import none. Default: ../shared's
   * besant-gita and telugu-wikisource when they exist, and versions/ in the
   * project when it exists.
   */
  versions?: { dirs: readonly string[]; builtins: BuiltinDirs } | false;
  /** An operator's version folder with problems: 'refuse' (the default) fails the import naming every problem; 'leave-out' (a server's own import) imports the rest and lists it (src/content/versions/import.ts). */
  badVersionFolders?: 'refuse' | 'leave-out';
}

/** Thrown by a strict import that found what no erratum resolves; content/ is left as it was. */
export class AuditError extends Error {
  override name = 'AuditError';
  constructor(readonly findings: Finding[]) {
    super(`the audit found what no erratum resolves (--strict):\n  ${findings.map((f) => f.summary).join('\n  ')}`);
  }
}

export async function importContent({ from, contentDir, progress = () => {}, errata = defaultErrataDir(PROJECT_ROOT), strict = false, repairs = true, supplements = defaultSupplementsDir(PROJECT_ROOT), dcs = defaultDcsDir(PROJECT_ROOT), dhatupatha = defaultDhatupathaDir(PROJECT_ROOT), versions: asked, badVersionFolders = 'refuse' }: ImportOptions): Promise<ImportSummary> {
  const versions = asked ?? { dirs: defaultVersionDirs(PROJECT_ROOT), builtins: defaultBuiltinDirs(PROJECT_ROOT) };
  // An import that died between its two renames left content/ aside: put it back first.
  recoverDir(contentDir);
  const source = await openSource(from, progress);
  try {
    const read = await readContent(source.dir, (done, total) => progress('validating', done, total));
    progress('auditing');
    const corrected = await auditAndCorrect(read, from, errata, supplements);
    const { auditFile, results, gitaGita } = corrected;
    let content = corrected.content;
    // The verse text cross-checked with its witnesses (the DCS's words, gita/gita's Devanagari) and mended where they decide (with the repairs).
    let analysis: Analysis | undefined;
    if (dcs) {
      progress('reading the word analysis');
      analysis = await readDcs(dcs, content);
    }
    progress('cross-checking the verse text');
    const verseText = mendVerses(content, analysis, gitaGita, repairs);
    auditFile.verseText = verseText.report;
    for (const d of verseText.report.disagreements.filter((x) => x.outcome === 'undecided')) {
      auditFile.findings.push({ record: d.record, kind: 'verse-text', summary: `${d.record}: the Devanagari reads ${JSON.stringify(d.slok)}, the transliteration ${JSON.stringify(d.transliteration)}, and no witness decides`, texts: ['slok', 'transliteration'], keys: [], names: [] });
    }
    if (strict && auditFile.findings.length) throw new AuditError(auditFile.findings);
    // The word analysis, placed on the verses as they now stand (the mended text; the repairs below touch no transliteration).
    content = verseText.content;
    if (dcs && repairs) analysis = await readDcs(dcs, content);
    if (analysis) auditFile.analysis = analysis.report;
    // Each verbal word's root, read from its lemma against the dhātupāṭha; what cannot be read is listed in the audit, never guessed.
    let roots: string | undefined;
    if (analysis && dhatupatha) {
      progress('reading the roots');
      const read = importRoots(dhatupatha, analysis.verses);
      roots = read.file;
      auditFile.roots = read.audit;
    }
    // Repairs come after the errata (an erratum's text is upstream's too) and the audit (they change no reference).
    if (repairs) {
      progress('repairing');
      const repaired = await repairContent(content);
      content = repaired.content;
      auditFile.repairs = repaired.report;
    }

    // The link graph, mined from the texts as they are served (after the repairs: abhinav.sc's references read with their periods).
    progress('mining links');
    const links = mineLinks(content.verses.map((v) => v.record), content.chapters.map((c) => c.record.verses_count));
    auditFile.links = links.counts;

    progress('writing');
    const applied = results.filter((r) => r.status === 'applied').map((r) => r.id);
    const summary = await writeContent(contentDir, { from, sourceDir: source.dir, content, auditFile, applied, analysis, roots, gitaGita, links, versions, defaultVersions: asked === undefined, badVersionFolders, repairs }, progress);
    return { ...summary, audit: auditFile, content };
  } finally {
    await source.close();
  }
}

/**
 * The records audited, corrected by the errata and supplemented from the
 * independent copy, and audited again: the findings an erratum resolved
 * are listed apart, by the erratum that did. Also returned: what each
 * erratum did, and gita/gita's Devanagari of each verse (a witness of the
 * verse text) when the copy was read.
 */
async function auditAndCorrect(read: Content, from: string, errata: string | null | false, supplements: string | null | false): Promise<{ content: Content; auditFile: AuditFile; results: ErratumResult[]; gitaGita?: Map<string, string> }> {
  let content = read;
  const counts = content.chapters.map((c) => c.record.verses_count);
  const audit = (c: Content) => auditContent(c.verses.map((v) => v.record), counts);
  const before = audit(content);
  let results: ErratumResult[] = [];
  if (errata !== false) ({ content, results } = await applyErrata(content, ERRATA, errata));
  // The texts upstream lacks, from an independent copy (and that copy compared with the content).
  let supplemented: SupplementReport | undefined;
  let gitaGita: Map<string, string> | undefined;
  if (supplements !== false) ({ content, report: supplemented, verseTexts: gitaGita } = await applySupplements(content, supplements));
  const after = results.some((r) => r.status === 'applied') || supplemented?.results.some((r) => r.status === 'applied') ? audit(content) : before;
  const still = new Set(after.findings.map((f) => `${f.record}\0${f.kind}`));
  const resolved = before.findings
    .filter((f) => !still.has(`${f.record}\0${f.kind}`))
    .map((f) => ({ ...f, by: results.find((r) => r.record === f.record && r.status === 'applied')?.id ?? results.map((r) => r.id).join(', ') }));
  const auditFile: AuditFile = {
    version: 1,
    source: sourceName(from),
    ...after,
    errata: results.map((r) => {
      const e = ERRATA.find((x) => x.id === r.id)!;
      return { ...r, reason: e.reason, source: e.source, history: e.history };
    }),
    resolved,
    ...(supplemented && { supplements: supplemented }),
  };
  return { content, auditFile, results, gitaGita };
}

/** What content/ is written from. */
interface Written {
  from: string;
  sourceDir: string;
  content: Content;
  auditFile: AuditFile;
  /** The errata applied, by id. */
  applied: string[];
  analysis?: Analysis;
  /** content/roots.json's text, when the roots were read. */
  roots?: string;
  gitaGita?: Map<string, string>;
  links: ReturnType<typeof mineLinks>;
  versions: ImportOptions['versions'];
  badVersionFolders: 'refuse' | 'leave-out';
  /** The versions were read from the default folders (a start looks there again). */
  defaultVersions: boolean;
  repairs: boolean;
}

/**
 * content/ written whole: the records, upstream's license and notes, the
 * manifest, the analysis, the links, the versions and the audit, into a
 * folder staged beside it and swapped in; on any error (a refused version
 * too) content/ is left as it was.
 */
async function writeContent(contentDir: string, w: Written, progress: Progress): Promise<Omit<ImportSummary, 'audit' | 'content'>> {
  const { content, auditFile, analysis, gitaGita, versions, repairs } = w;
  const staged = await stagingDir(contentDir);
  try {
    const files: Record<string, string> = {};
    let bytes = 0;
    const all = [...content.chapters, ...content.verses];
    for (const { file, bytes: data } of all) {
      files[file] = createHash('sha256').update(data).digest('hex');
      bytes += data.length;
    }
    await writeAll(staged, all, (done) => progress('writing', done, all.length));
    // GPL-3.0: the license and the upstream notes travel with the data.
    for (const extra of ['LICENSE', 'SOURCE.md']) {
      if (existsSync(join(w.sourceDir, extra))) await copyFile(join(w.sourceDir, extra), join(staged, extra));
    }
    const byChapter = new Map(content.chapters.map((c) => [c.record.chapter_number, c.record]));
    const colophons = content.verses.filter((v) => isColophon(v.record, byChapter.get(v.record.chapter)!)).length;
    const commentators = new Set(content.verses.flatMap((v) => Object.keys(v.record).filter((k) => typeof v.record[k] === 'object')));
    const summary = {
      chapters: content.chapters.length,
      verses: content.verses.length - colophons,
      colophons,
      commentators: commentators.size,
      bytes,
    };
    // `importer`: which import code made content/, and `versions`: from which folders (a change of either means importing again: importer.ts).
    await writeFile(join(staged, 'manifest.json'), JSON.stringify({ source: sourceName(w.from), importer: importerFingerprint(), versions: versionSources(versions ?? false, w.defaultVersions), ...summary, errata: w.applied, files }, null, 2) + '\n');
    if (analysis) await writeFile(join(staged, ANALYSIS_FILE), analysisFile(analysis));
    if (w.roots) await writeFile(join(staged, ROOTS_FILE), w.roots);
    await writeFile(join(staged, LINKS_FILE), JSON.stringify(w.links) + '\n');
    // The versions into the staged folder too: a refused one leaves content/ as it was.
    const imported = versions ? await importVersions({ ...versions, content: staged, records: content, repairs, witnesses: { analysis, gitaGita }, badFolders: w.badVersionFolders }) : undefined;
    if (imported) auditFile.versions = imported.report;
    // The verses as served, scanned: one that does not scan is a finding of the meter's section, with what the witnesses (Besant's Devanagari among them) read there.
    progress('scanning the meter');
    auditFile.meter = meterAudit(content.verses.map((v) => v.record), content.chapters.map((c) => c.record.verses_count), { ...witnessesOf({ analysis, gitaGita }), besant: imported?.devanagari });
    await writeFile(join(staged, AUDIT_FILE), JSON.stringify(auditFile, null, 1) + '\n');
    await writeFile(join(staged, 'README.md'), CONTENT_README);
    await replaceDir(contentDir, staged);
    progress('writing', all.length, all.length);
    return summary;
  } catch (err) {
    await rm(staged, { recursive: true, force: true });
    throw err;
  }
}

const writeBytes = promisify(writeFileCallback);
/** How many record files are written at once. */
const AT_ONCE = 16;

/**
 * The records' files written into the staged folder, a few at a time: one
 * after another, each awaited through fs/promises, the 737 took 0.10 to 0.65 s
 * of wall time here; 16 at a time with the callback form of writeFile, 0.05
 * to 0.27 s and about half the CPU (as src/publish/writer.ts found).
 */
async function writeAll(staged: string, all: readonly { file: string; bytes: Buffer }[], progress: (done: number) => void): Promise<void> {
  for (const dir of new Set(all.map((f) => dirname(join(staged, f.file))))) await mkdir(dir, { recursive: true });
  let next = 0;
  let done = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < all.length) {
      const { file, bytes } = all[next++];
      await writeBytes(join(staged, file), bytes).catch((err: Error) => {
        failed = true;
        throw err;
      });
      progress(++done);
    }
  };
  // Every write ended, the failed one's too, before the caller removes the staged folder.
  const ended = await Promise.allSettled(Array.from({ length: AT_ONCE }, worker));
  const failure = ended.find((e) => e.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
}

const CONTENT_README = `# content/

Imported by \`npm run content\` from the dataset vedicscriptures/bhagavad-gita
(GNU GPL v3, see LICENSE), with the errata of src/content/errata.json applied and the English texts
mended by the rules of src/content/repairs.ts (each change is in audit.json).
Generated, git-ignored: do not edit by hand; import again.
\`analysis.json\`: the Digital Corpus of Sanskrit's analysis of every word,
placed on the verses (CC BY 4.0: Word analysis: The Digital Corpus of
Sanskrit (DCS), Oliver Hellwig), when it was imported.
\`links.json\`: the link graph mined from the commentaries (src/content/links.ts):
what each verse's commentaries cite, what cites it, the other works cited.
\`versions/\`: the translations beyond the commentaries (src/content/versions/),
one file each with its own audit, and \`versions/index.json\` listing them.
\`manifest.json\` lists each file's SHA-256; \`audit.json\` is the audit of the
records and what each erratum did.
`;
