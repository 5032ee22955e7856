// npm run content [-- --from SOURCE] : import the scripture into content/.
import { delimiter, resolve } from 'node:path';
import { flags, PROJECT_ROOT, run } from '../src/cli/run.ts';
import { formatBytes } from '../src/cli/format.ts';
import { reporter } from '../src/cli/progress.ts';
import { auditSummary } from '../src/content/audit.ts';
import { rootsSummaryLine } from '../src/content/roots/store.ts';
import { defaultErrataDir } from '../src/content/errata.ts';
import { defaultSupplementsDir } from '../src/content/supplements.ts';
import { defaultDcsDir } from '../src/content/dcs/read.ts';
import { importContent } from '../src/content/import.ts';
import { defaultBuiltinDirs } from '../src/content/versions/builtin.ts';
import { versionsSummary } from '../src/content/versions/import.ts';
import { meterSummary } from '../src/content/meter/audit.ts';
import { defaultSource } from '../src/content/source.ts';
import { PATHS } from '../src/paths.ts';

const usage = `
Usage: npm run content [-- --from SOURCE] [--content DIR] [--errata DIR | --no-errata] [--supplements DIR | --no-supplements] [--dcs DIR | --no-dcs] [--versions DIRS | --no-versions] [--no-repairs] [--strict]

Imports the Bhagavad Gita dataset into content/, validating every file first,
then audits every record, applies the errata (src/content/errata.json) and
audits again; the findings go to content/audit.json. On any error content/
is left exactly as it was.

SOURCE is a folder in the upstream layout (chapter/, slok/) or a .tar.gz of
it, as a local path or an http(s) URL, or github:OWNER/REPO@REF for that
repository's archive at a commit, tag or branch. Default: ../shared/gita-data
when it exists, else upstream at the pinned commit.

  --from SOURCE    where to import from
  --content DIR    where to write (default: content/)
  --errata DIR     a folder holding the errata's files (default: ../shared/gita-errata
                   when it exists, else each file is downloaded from upstream)
  --no-errata      import the source without the errata (to audit upstream uncorrected)
  --supplements DIR  a folder holding the independent copy of the Hindi translations
                   (src/content/supplements.json; default: ../shared/gita-gita when it
                   exists, else its files are downloaded at the listed commit)
  --no-supplements leave upstream's placeholders where the copy has the text
  --dcs DIR        a folder holding the Digital Corpus of Sanskrit's analysis of every
                   word (bhagavadgita_chapter_<N>.conllu; default: ../shared/dcs-gita
                   when it exists, else none)
  --no-dcs         import without the word analysis
  --versions DIRS  the operator's versions: folders separated by "${delimiter}", each a version
                   folder (version.json and verses.ndjson or verses.tsv) or a folder of
                   them (default: versions/ when it exists); the built-in versions come
                   from ../shared/besant-gita and ../shared/telugu-wikisource (docs/versions.md)
  --no-versions    import no versions (content/versions/ is not written)
  --no-repairs     leave upstream's texts as they are: no "qu" put back, no "?" read as
                   a comma or a visarga, no stray heading cut (with --no-errata and
                   --no-supplements: upstream byte for byte)
  --strict         fail when the audit finds what no erratum resolves
  --quiet          no progress lines
`;

run(async () => {
  const { values } = flags(usage, {
    from: { type: 'string' },
    content: { type: 'string' },
    errata: { type: 'string' },
    'no-errata': { type: 'boolean' },
    supplements: { type: 'string' },
    'no-supplements': { type: 'boolean' },
    dcs: { type: 'string' },
    'no-dcs': { type: 'boolean' },
    versions: { type: 'string' },
    'no-versions': { type: 'boolean' },
    strict: { type: 'boolean' },
    'no-repairs': { type: 'boolean' },
    quiet: { type: 'boolean' },
  });
  const from = values.from ?? defaultSource(PROJECT_ROOT);
  const contentDir = resolve(values.content ?? PATHS.content);
  const errata = values['no-errata'] ? false : values.errata ? resolve(values.errata) : defaultErrataDir(PROJECT_ROOT);
  const supplements = values['no-supplements'] ? false : values.supplements ? resolve(values.supplements) : defaultSupplementsDir(PROJECT_ROOT);
  const dcs = values['no-dcs'] ? false : values.dcs ? resolve(values.dcs) : defaultDcsDir(PROJECT_ROOT);
  // Without --versions the import reads the default folders and records that it did, so that a start sees a versions/ made later.
  const versions = values['no-versions'] ? false : values.versions ? { dirs: values.versions.split(delimiter).filter(Boolean).map((d) => resolve(d)), builtins: defaultBuiltinDirs(PROJECT_ROOT) } : undefined;
  const progress = reporter(process.stderr, values.quiet);
  const started = Date.now();
  const s = await importContent({ from, contentDir, progress, errata, supplements, dcs, versions, strict: values.strict, repairs: !values['no-repairs'] });
  progress.end();
  console.log(
    `imported ${s.chapters} chapters, ${s.verses} verses, ${s.colophons} colophons, ${s.commentators} commentators, ` +
      `${formatBytes(s.bytes)} from ${from} into ${contentDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const a = s.audit.analysis;
  console.log(
    a
      ? `word analysis (DCS, CC BY 4.0): ${a.words} words of ${a.verses} verses, ${a.lemmas} lemmas; ${a.unnumbered.length} unnumbered sentences placed; ${a.spelling.length} verses whose DCS words do not spell their transliteration (${a.spelling.filter((n) => n.kind === 'lacks').length} lacking part of it): content/audit.json`
      : 'no word analysis imported (--dcs DIR)',
  );
  if (s.audit.versions) console.log(versionsSummary(s.audit.versions));
  if (s.audit.meter) console.log(meterSummary(s.audit.meter));
  if (s.audit.roots) console.log(rootsSummaryLine(s.audit.roots));
  console.log(auditSummary(s.audit, s.audit.errata, s.audit.resolved.length, s.audit.repairs, s.audit.supplements, s.audit.verseText));
});
