import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importContent } from '../../src/content/import.ts';
import { auditSummary } from '../../src/content/audit.ts';
import { defaultSource, expandSource } from '../../src/content/source.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { readContent, verseFile } from '../../src/content/read.ts';
import { COMMENTARY_KEYS, isSpecCommentary } from '../../src/content/schema.ts';
import { applyEdits, type Repair } from '../../src/content/repairs.ts';
import { mineLinks, type LinkGraph } from '../../src/content/links.ts';
import { applyVerseEdits, type VerseTextChange } from '../../src/content/verse-text.ts';
import { SHARED_DATA, linkedCopy, rewrite, tempDir, treeFingerprint, hook } from '../helpers/fs.ts';
import { breakFile, makeArchive, serve } from './import-helpers.ts';

const ERRATUM_FILE = join(SHARED_DATA, '..', 'gita-errata', 'bhagavadgita_chapter_18_slok_45.json');
const CORRECTED = verseFile(18, 45);
const COPY = join(SHARED_DATA, '..', 'gita-gita');

/** The independent copy's Hindi translations, read from its files: "BG12.3\0tej" → the text (trimmed). */
function copyTexts(): Map<string, string> {
  const verses = JSON.parse(readFileSync(join(COPY, 'verse.json'), 'utf8')) as Array<{ id: number; chapter_number: number; verse_number: number }>;
  const place = new Map(verses.map((v) => [v.id, `BG${v.chapter_number}.${v.verse_number}`]));
  const keys: Record<string, string> = { 'Swami Tejomayananda': 'tej', 'Swami Ramsukhdas': 'rams' };
  const out = new Map<string, string>();
  for (const t of JSON.parse(readFileSync(join(COPY, 'translation.json'), 'utf8')) as Array<{ authorName: string; verse_id: number; description: string }>) {
    if (keys[t.authorName]) out.set(`${place.get(t.verse_id)}\0${keys[t.authorName]}`, t.description.trim());
  }
  return out;
}

/**
 * Every record of `contentDir` equals the source's but for two things:
 * BG18.45's 21 classical commentaries are the erratum file's, and the texts
 * differ by exactly the repairs content/audit.json lists, each of them one of
 * the rules' changes (checked here for what each rule may change). Everything
 * else (the verse's Devanagari, speaker, transliteration, chapters, the key
 * order) is the source's, field by field; a record without a repair is the
 * source's file byte for byte.
 */
function assertSameRecords(contentDir: string, source = SHARED_DATA) {
  const audit = JSON.parse(readFileSync(join(contentDir, 'audit.json'), 'utf8')) as {
    repairs?: { changes: Repair[] };
    supplements?: { results: Array<{ record: string; key: string; field: string; status: string }> };
    verseText?: { changes: VerseTextChange[]; colophons: Array<{ record: string; speaker: string }> };
  };
  // The verse text: each field of a record is upstream's with the listed changes made, at their places (verse-shared ones in the text the others left).
  const verseChanges = new Map<string, VerseTextChange[]>();
  for (const c of audit.verseText?.changes ?? []) verseChanges.set(`${c.record}\0${c.field}`, [...(verseChanges.get(`${c.record}\0${c.field}`) ?? []), c]);
  const verseField = (id: string, field: string, base: string) => {
    const listed = verseChanges.get(`${id}\0${field}`) ?? [];
    let text = base;
    for (const stage of [listed.filter((c) => c.rule !== 'verse-shared'), listed.filter((c) => c.rule === 'verse-shared')]) {
      for (const c of stage) assert.is(text.slice(c.position, c.position + c.before.length), c.before, `${id} ${field}: the change ${JSON.stringify(c.before)} -> ${JSON.stringify(c.after)} stands where it says`);
      text = applyVerseEdits(text, stage);
    }
    return text;
  };
  const silenced = new Map((audit.verseText?.colophons ?? []).map((c) => [c.record, c.speaker]));
  // The texts the independent copy supplied: their base is the copy's file, not upstream's placeholder.
  const copy = audit.supplements ? copyTexts() : new Map<string, string>();
  const supplied = new Set((audit.supplements?.results ?? []).filter((r) => r.status === 'applied').map((r) => `${r.record}\0${r.key}\0${r.field}`));
  const changes = new Map<string, Repair[]>();
  for (const c of audit.repairs?.changes ?? []) {
    const k = `${c.record}\0${c.key}\0${c.field}`;
    changes.set(k, [...(changes.get(k) ?? []), c]);
    const english = c.field === 'et' || c.field === 'ec';
    if (c.rule === 'qu') assert.ok(english && c.after.replace(/qu/i, '') === c.before && c.after.length === c.before.length + 2, `a qu repair only puts "qu" back: ${c.before} -> ${c.after}`);
    else if (c.rule === 'question-mark') assert.ok(english && c.before === '?' && (c.after === ',' || c.after === ';'), `a question-mark repair only changes the mark: ${c.before} -> ${c.after}`);
    else if (c.rule === 'heading') assert.ok(c.position === 0 && c.after === '' && /^(Hindi|English|Sanskrit) (Translation|Commentary) By /.test(c.before), `a heading cut: ${c.before}`);
    else if (c.rule === 'place-comma') assert.ok(c.key === 'siva' && english && c.before === '?' && c.after === ',', `a comma among numbers: ${c.before} -> ${c.after}`);
    else if (c.rule === 'abhinav-period') assert.ok(c.key === 'abhinav' && c.field === 'sc' && c.before === '?' && c.after === '.', `a lost period: ${c.before} -> ${c.after}`);
    else if (c.rule === 'sanskrit-comma') assert.ok(c.field === 'sc' && c.before === '?' && (c.after === ',' || c.after === ''), `a Sanskrit comma: ${c.before} -> ${c.after}`);
    else if (c.rule === 'hindi-comma') assert.ok((c.field === 'ht' || c.field === 'hc') && c.before === '?' && c.after === ',', `a Hindi comma: ${c.before} -> ${c.after}`);
    else if (c.rule === 'hindi-visarga') assert.ok((c.field === 'ht' || c.field === 'hc') && c.before === '?' && c.after === 'ः', `a Hindi visarga: ${c.before} -> ${c.after}`);
    else assert.unreachable(`an unknown rule: ${c.rule}`);
  }
  const fix = JSON.parse(readFileSync(ERRATUM_FILE, 'utf8'));
  for (const sub of ['chapter', 'slok']) {
    const names = readdirSync(join(source, sub)).sort();
    assert.equal(readdirSync(join(contentDir, sub)).sort(), names, `${sub}/ holds the same files`);
    for (const name of names) {
      const a = readFileSync(join(source, sub, name));
      const b = readFileSync(join(contentDir, sub, name));
      if (a.equals(b)) continue;
      const was = JSON.parse(a.toString('utf8'));
      const now = JSON.parse(b.toString('utf8'));
      // A colophon whose speaker the audit lists has none; every other key stays, in order.
      const keys = Object.keys(was).filter((k) => !(k === 'speaker' && silenced.get(was._id) === was.speaker));
      assert.equal(Object.keys(now), keys, `${name} keeps its key order`);
      for (const key of keys) {
        const base = `${sub}/${name}` === CORRECTED && isSpecCommentary(key) ? fix[key] : was[key];
        if (typeof base !== 'object') {
          const expected = key === 'slok' || key === 'transliteration' ? verseField(was._id, key, base) : base;
          if (now[key] !== expected) assert.unreachable(`${name} ${key} differs from its source by more than its listed verse-text changes`);
          continue;
        }
        assert.equal(Object.keys(now[key]), Object.keys(base), `${name} ${key} keeps its fields`);
        for (const field of Object.keys(base)) {
          const listed = changes.get(`${was._id}\0${key}\0${field}`) ?? [];
          const from = supplied.has(`${was._id}\0${key}\0${field}`) ? copy.get(`${was._id}\0${key}`)! : base[field];
          if (from !== base[field]) assert.match(base[field], /did not comment on this sloka/, `${was._id} ${key}.${field}: only a placeholder is supplied`);
          const expected = applyEdits(from, listed);
          if (now[key][field] !== expected) assert.unreachable(`${name} ${key}.${field} differs from its source by more than its ${listed.length} listed repairs`);
        }
      }
    }
  }
  const now = JSON.parse(readFileSync(join(contentDir, CORRECTED), 'utf8'));
  assert.ok(now.siva.et.startsWith('18.45 '), 'the English of 18.45, not 5.10');
}


let archive: string;

test.before(hook(async () => {
  archive = await makeArchive(SHARED_DATA);
}));

/** The import of the shared folder with everything on, made once and read by the tests that only read it. */
let sharedImport: Promise<{ contentDir: string; summary: Awaited<ReturnType<typeof importContent>> }> | null = null;
const importShared = () =>
  (sharedImport ??= (async () => {
    const contentDir = join(tempDir(), 'content');
    return { contentDir, summary: await importContent({ from: SHARED_DATA, contentDir }) };
  })());

test('imports the shared folder; every record equals its source', async () => {
  const { contentDir, summary } = await importShared();
  const { audit, content, ...counts } = summary;
  assert.equal(counts, { chapters: 18, verses: 701, colophons: 18, commentators: 22, bytes: summary.bytes });
  // The records it hands to a build right after (npm start's) are those it wrote, as a build would read them.
  const written = await readContent(contentDir);
  assert.equal(content.chapters.map((c) => c.file), written.chapters.map((c) => c.file));
  assert.equal(content.verses.map((v) => v.file), written.verses.map((v) => v.file));
  assert.ok(content.verses.every((v, i) => v.bytes.equals(written.verses[i].bytes)), 'the same bytes');
  assert.equal(content.verses.map((v) => v.record), written.verses.map((v) => v.record));
  assert.equal(audit.findings, [], 'with the errata the current upstream audits clean');
  assert.equal(audit.errata.map((e) => [e.id, e.status, e.keys.length]), [['BG18.45-commentaries', 'applied', 21]]);
  assert.equal(audit.resolved.map((f) => [f.record, f.by]), [['BG18.45', 'BG18.45-commentaries']]);
  assert.ok(summary.bytes > 30_000_000);
  assertSameRecords(contentDir);
  const manifest = JSON.parse(readFileSync(join(contentDir, 'manifest.json'), 'utf8'));
  assert.is(Object.keys(manifest.files).length, 18 + 719);
  assert.ok(readFileSync(join(contentDir, 'LICENSE'), 'utf8').includes('GNU GENERAL PUBLIC LICENSE'));
  assert.equal(manifest.errata, ['BG18.45-commentaries']);
  // content/audit.json is the summary's audit whole (the suites that share one import read it there).
  assert.equal(JSON.parse(readFileSync(join(contentDir, 'audit.json'), 'utf8')), JSON.parse(JSON.stringify(audit)));
  assert.equal(JSON.parse(readFileSync(join(contentDir, 'audit.json'), 'utf8')).findings, []);
  // The link graph, mined from the records as written: content/links.json, and its counts in the audit, adding up.
  const graph = JSON.parse(readFileSync(join(contentDir, 'links.json'), 'utf8')) as LinkGraph;
  assert.equal(graph, JSON.parse(JSON.stringify(mineLinks(written.verses.map((v) => v.record), written.chapters.map((c) => c.record.verses_count)))), 'mined from the texts as written');
  assert.equal(audit.links, graph.counts);
  assert.is(graph.verses.length, 719);
  assert.is(audit.links!.cites, graph.verses.reduce((n, v) => n + v.cites.length, 0));
  assert.is(audit.links!.covers, graph.verses.reduce((n, v) => n + v.covers.length, 0));
  assert.is(audit.links!.external.named + audit.links!.external.unnamed + audit.links!.external.unlabelled, graph.verses.reduce((n, v) => n + v.external.length, 0), "every place cited: under a named work, an unnamed abbreviation, or none written");
  assert.is(audit.links!.external.named, graph.works.reduce((n, w) => n + w.count, 0));
  assert.ok(audit.links!.mentions.gita >= audit.links!.cites, 'every citation kept is a mention');
});

/** Every chapter and verse file of `contentDir` is the shared folder's, byte for byte. */
function assertUpstreamBytes(contentDir: string) {
  for (const sub of ['chapter', 'slok']) {
    for (const name of readdirSync(join(SHARED_DATA, sub))) {
      if (!readFileSync(join(SHARED_DATA, sub, name)).equals(readFileSync(join(contentDir, sub, name)))) assert.unreachable(`${sub}/${name} differs from upstream`);
    }
  }
}

/**
 * An import as upstream wrote it: no errata, repairs or supplements (so every record is the source's bytes), no
 * word analysis or versions. What a source's path decides (a folder, an archive, a download) is read and written
 * the same, at about half the work of an import with everything on.
 */
const AS_UPSTREAM = { errata: false, repairs: false, supplements: false, dcs: false, versions: false } as const;

test('without repairs and errata the content is upstream byte for byte; the audit says no repairs', async () => {
  const contentDir = join(tempDir(), 'content');
  const summary = await importContent({ from: SHARED_DATA, contentDir, ...AS_UPSTREAM });
  assertUpstreamBytes(contentDir);
  assert.is(summary.audit.repairs, undefined);
  assert.match(auditSummary(summary.audit, summary.audit.errata, 0, summary.audit.repairs), /no repairs/);
});

test('imports a .tar.gz from a local path', async () => {
  const contentDir = join(tempDir(), 'content');
  await importContent({ from: archive, contentDir, ...AS_UPSTREAM });
  assertUpstreamBytes(contentDir);
});

test('imports a .tar.gz over real HTTP, replacing what was there', async () => {
  const body = readFileSync(archive);
  const { url, server } = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/x-gzip', 'content-length': body.length });
    res.end(body);
  });
  try {
    // A folder an import made before (a hard-linked copy: the new import replaces the folder, never writing through).
    const contentDir = await linkedCopy((await importShared()).contentDir);
    writeFileSync(join(contentDir, 'stray.txt'), 'left from before');
    await importContent({ from: `${url}/tar.gz/dbc3e1f`, contentDir, ...AS_UPSTREAM });
    assertUpstreamBytes(contentDir);
    assert.not.ok(treeFingerprint(contentDir).has('stray.txt'), 'the new import replaces the folder whole');
  } finally {
    server.close();
  }
});


/** A copy of the source with every record changed by `change` (re-serialized as upstream writes them). */
async function changeAll(change: (record: Record<string, any>) => void): Promise<string> {
  const dir = await linkedCopy();
  for (const name of readdirSync(join(dir, 'slok'))) {
    const path = join(dir, 'slok', name);
    const record = JSON.parse(readFileSync(path, 'utf8'));
    change(record);
    rewrite(path, JSON.stringify(record, null, 4));
  }
  return dir;
}

test('the older layout, without speaker, still imports', async () => {
  const dir = await changeAll((r) => delete r.speaker);
  const contentDir = join(tempDir(), 'content');
  const summary = await importContent({ from: dir, contentDir });
  assert.is(summary.verses, 701);
  assert.equal(summary.audit.findings, []);
  const record = JSON.parse(readFileSync(join(contentDir, verseFile(2, 47)), 'utf8'));
  assert.is(record.speaker, undefined);
  assert.equal(Object.keys(record).slice(0, 5), ['_id', 'chapter', 'verse', 'slok', 'transliteration']);
});

test('speaker is served verbatim in upstream key order', async () => {
  const { contentDir } = await importShared();
  const record = JSON.parse(readFileSync(join(contentDir, verseFile(1, 1)), 'utf8'));
  assert.equal(Object.keys(record).slice(0, 5), ['_id', 'chapter', 'verse', 'speaker', 'slok']);
  assert.is(record.speaker, 'धृतराष्ट्र');
});

test('a new top-level field is kept verbatim and reported with its type and count; a new commentary too', async () => {
  const dir = await changeAll((r) => {
    if (r.chapter === 3) r.meter = r.verse % 2 ? 'anuṣṭubh' : 7;
    if (r.chapter === 4) r.newc = { author: 'Someone', et: 'A translation' };
  });
  const contentDir = join(tempDir(), 'content');
  const summary = await importContent({ from: dir, contentDir });
  assert.equal(summary.audit.newFields, [
    { name: 'meter', kind: 'field', types: ['integer', 'string'], records: 44 },
    { name: 'newc', kind: 'commentary', types: ['object'], records: 43 },
  ]);
  const record = JSON.parse(readFileSync(join(contentDir, verseFile(3, 5)), 'utf8'));
  assert.is(record.meter, 'anuṣṭubh');
  assert.is(Object.keys(record).pop(), 'meter', 'kept where upstream put it');
  assert.match(auditSummary(summary.audit), /new fields: meter \(integer\|string, 44 records\), newc \(commentary, 43 records\)/);
});

test('without errata the audit names BG18.45 (all 21 commentaries) and nothing else; --strict refuses it', async () => {
  const contentDir = join(tempDir(), 'content');
  const { audit } = await importContent({ from: SHARED_DATA, contentDir, errata: false });
  assert.equal(audit.findings.map((f) => f.record), ['BG18.45']);
  assert.equal([...audit.findings[0].keys].sort(), [...COMMENTARY_KEYS].sort());
  assert.is(audit.findings[0].texts.length, 27);
  assert.ok(audit.findings[0].names.includes('BG5.10'));
  assert.equal(audit.errata, []);
  const before = treeFingerprint(contentDir);
  let message = '';
  await importContent({ from: SHARED_DATA, contentDir, errata: false, strict: true }).catch((err) => (message = err.message));
  assert.match(message, /--strict/);
  assert.match(message, /BG18\.45: 27 texts of 21 commentaries name 5\.10/);
  assert.equal(treeFingerprint(contentDir), before, 'a refused import changes nothing');
  await importContent({ from: SHARED_DATA, contentDir, strict: true });
  assertSameRecords(contentDir);
});

test('an erratum upstream has since applied is reported obsolete and changes nothing', async () => {
  const fix = JSON.parse(readFileSync(ERRATUM_FILE, 'utf8'));
  const dir = await breakFile(CORRECTED, (r) => {
    for (const k of COMMENTARY_KEYS) r[k] = fix[k];
  });
  const contentDir = join(tempDir(), 'content');
  // Without repairs, which would mend this record's English like any other's.
  const { audit } = await importContent({ from: dir, contentDir, repairs: false });
  assert.equal(audit.errata.map((e) => [e.status, e.keys]), [['obsolete', []]]);
  assert.equal(audit.findings, []);
  assert.ok(readFileSync(join(contentDir, CORRECTED)).equals(readFileSync(join(dir, CORRECTED))), 'the record is served as upstream has it');
});

test('github:OWNER/REPO@REF is short for the archive URL; a malformed one is refused', () => {
  assert.is(expandSource('github:vedicscriptures/bhagavad-gita@43dfc8d'), 'https://codeload.github.com/vedicscriptures/bhagavad-gita/tar.gz/43dfc8d');
  assert.is(expandSource('github:me/fork@refs/heads/main'), 'https://codeload.github.com/me/fork/tar.gz/refs/heads/main');
  assert.is(expandSource('/some/folder'), '/some/folder');
  for (const bad of ['github:x', 'github:a/b', 'github:a/b@', 'github:a/../b@main', 'github:a/b@../x', 'github:a/b@x?y=1', 'github:-a/b@c']) {
    assert.throws(() => expandSource(bad), /expected github:OWNER\/REPO@REF/, bad);
  }
});

test('the default source is the shared copy, else upstream at the pinned commit', () => {
  assert.is(defaultSource(PROJECT_ROOT), SHARED_DATA);
  assert.is(defaultSource('/nowhere/project'), 'https://codeload.github.com/vedicscriptures/bhagavad-gita/tar.gz/43dfc8db815d01e15a347ea294b089334cf2aa17');
});

test.run();
