// The word analysis against the Digital Corpus of Sanskrit's own files, read
// here line by line with nothing of the importer: every verse's served words,
// the numbering of chapter 13, the unnumbered sentences (placed by hand
// below), the concordance's counts, the joins, and the import's errors.
import { DHATUPATHA_ATTRIBUTION } from '../../src/content/roots/attribution.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, readFileSync, writeFileSync, chmodSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { testDist } from '../helpers/dist.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { SHARED_DATA, hook, tempDir, readJson } from '../helpers/fs.ts';
import { requireProgram } from '../helpers/programs.ts';
import { importContent } from '../../src/content/import.ts';
import { ContentError } from '../../src/content/validate.ts';
import { APP_RUNTIMES, startServer, type Running } from '../helpers/server.ts';
import { fetchRaw } from '../helpers/http.ts';

const DCS = resolve(PROJECT_ROOT, '../shared/dcs-gita');
const ATTRIBUTION = 'Word analysis: The Digital Corpus of Sanskrit (DCS), Oliver Hellwig, CC BY 4.0';

interface Line { id: number; form: string; lemma: string; pos: string; features: Record<string, string>; unsandhied: string; token: string }
interface Sentence { chapter: number; counter: number | null; text: string; words: Line[] }

/** The files as they stand: sentences, their numbers, their word lines (range lines give each word its sandhi string). */
function readDcsFiles(): Sentence[] {
  const out: Sentence[] = [];
  for (let ch = 1; ch <= 18; ch++) {
    let s: Sentence | null = null;
    let range: { to: number; form: string } | null = null;
    for (const line of readFileSync(join(DCS, `bhagavadgita_chapter_${ch}.conllu`), 'utf8').split('\n')) {
      if (line.startsWith('# text = ')) out.push((s = { chapter: ch, counter: null, text: line.slice(9), words: [] }));
      else if (line.startsWith('# sent_counter = ')) s!.counter = Number(line.slice(17));
      else if (/^\d/.test(line)) {
        const c = line.split('\t');
        if (c[0].includes('-')) {
          range = { to: Number(c[0].split('-')[1]), form: c[1] };
          continue;
        }
        const id = Number(c[0]);
        const misc = Object.fromEntries(c[9].split('|').map((p) => p.split('=')));
        const features = c[5] && c[5] !== '_' ? Object.fromEntries(c[5].split('|').map((p) => p.split('='))) : {};
        s!.words.push({ id, form: c[1], lemma: c[2], pos: c[3], features, unsandhied: misc.Unsandhied, token: range ? range.form : c[1] });
        if (range && id === range.to) range = null;
      }
    }
  }
  return out;
}

/** The sentences without a number, placed by reading them against the verses (by hand, not by the importer). */
const UNNUMBERED: Array<[string, string]> = [
  ['dhṛtarāṣṭraḥ uvāca', 'BG1.1'], ['dharma kṣetre kurukṣetre', 'BG1.1'],
  ['saṃjayaḥ uvāca', 'BG2.1'], ['tam tathā kṛpayā āviṣṭam', 'BG2.1'],
  ['śrī bhagavān uvāca', 'BG2.2'], ['kutas tvā kaśmalam', 'BG2.2'],
  ['klaibyam mā sma gamaḥ', 'BG2.3'], ['na etat tvayi upapadyate', 'BG2.3'], ['kṣudram hṛdaya daurbalyam', 'BG2.3'],
  ['arjunaḥ uvāca', 'BG2.4'], ['katham bhīṣmam aham', 'BG2.4'],
  ['evam uktvā hṛṣīkeśam', 'BG2.9'], ['tam uvāca hṛṣīkeśaḥ', 'BG2.10'], ['gatāsūn a gatāsūn', 'BG2.11'],
  ['na jāyate mriyate', 'BG2.20'], ['ajaḥ nityaḥ śāśvataḥ', 'BG2.20'], ['katham sa puruṣaḥ', 'BG2.21'], ['vāsāṃsi jīrṇāni', 'BG2.22'],
  ['na enam chindanti', 'BG2.23'], ['na enam dahati', 'BG2.23'],
  ['śrī bhagavān uvāca', 'BG2.55'], ['prajahāti yadā kāmān', 'BG2.55'],
];

/** Each of our verses' words from the files: chapter 13's numbers one up, the unnumbered where UNNUMBERED says, in file order. */
function expected(sentences: Sentence[]): Map<string, Line[]> {
  const by = new Map<string, Line[]>();
  let u = 0;
  for (const s of sentences) {
    let ref: string;
    if (s.counter === null) {
      const [start, at] = UNNUMBERED[u++];
      assert.ok(s.text.startsWith(start), `unnumbered sentence ${u}: "${s.text}" starts "${start}"`);
      ref = at;
    } else ref = `BG${s.chapter}.${s.counter + (s.chapter === 13 ? 1 : 0)}`;
    by.set(ref, [...(by.get(ref) ?? []), ...s.words]);
  }
  assert.is(u, UNNUMBERED.length, 'every unnumbered sentence seen');
  return by;
}

let distDir = '';
let contentDir = '';
let sentences: Sentence[] = [];
let want = new Map<string, Line[]>();
const served = (path: string) => readJson(join(distDir, path));

test.before(hook(async () => {
  // Debian's sqlite3 reads the SQLite download below: without it the suite fails at once, before the build.
  requireProgram('sqlite3', 'sqlite3');
  ({ distDir, contentDir } = await testDist());
  sentences = readDcsFiles();
  want = expected(sentences);
}));

test('every verse\'s served analysis is the DCS files\' words, in order, FEATS as an object', () => {
  const facts = served('content.json');
  let words = 0;
  let verses = 0;
  facts.versesPerChapter.forEach((count: number, i: number) => {
    for (let v = 1; v <= count + 1; v++) {
      const ref = `BG${i + 1}.${v}`;
      const a = served(`slok/${i + 1}/${v}/analysis.json`);
      assert.is(a.ref, ref);
      // The DCS credited; the roots' dhātupāṭha beside it, as each verbal word carries its root.
      assert.ok(a.attribution.endsWith(ATTRIBUTION) && a.attribution.includes(DHATUPATHA_ATTRIBUTION), a.attribution);
      const lines = want.get(ref) ?? [];
      assert.is(a.words.length, lines.length, `${ref}: number of words`);
      lines.forEach((l, k) => {
        const w = a.words[k];
        const what = `${ref} word ${k + 1}`;
        assert.is(w.form, l.form, `${what}: form`);
        assert.is(w.lemma, l.lemma, `${what}: lemma`);
        assert.is(w.pos, l.pos, `${what}: pos`);
        assert.equal(w.features, l.features, `${what}: features`);
        assert.is(w.unsandhied, l.unsandhied, `${what}: unsandhied`);
        assert.is(w.token, l.token, `${what}: token`);
      });
      if (lines.length) verses++;
      else assert.type(a.note, 'string', `${ref}: a note says why it has no words`);
      words += a.words.length;
    }
  });
  assert.is(words, 10547);
  assert.is(verses, 700);
});

test('chapter 13: our 13.N is the DCS\'s 13.(N-1); our 13.1 has no words', () => {
  const first = sentences.find((s) => s.chapter === 13 && s.counter === 1 && !/uvāca$/.test(s.text))!;
  const a = served('slok/13/2/analysis.json');
  assert.ok(a.words.some((w: Line) => w.form === first.words[0].form), 'the DCS\'s 13.1 is our 13.2');
  assert.is(served('slok/13/1/analysis.json').words.length, 0);
  assert.match(served('slok/13/1/analysis.json').note, /Critical Edition/);
  // Our 13.35 (the chapter's last) is the DCS's 13.34.
  const last = Math.max(...sentences.filter((s) => s.chapter === 13).map((s) => s.counter ?? 0));
  assert.is(last, 34);
  assert.ok(served('slok/13/35/analysis.json').words.length > 0);
  assert.is(served('slok/13/36/analysis.json').words.length, 0, 'the colophon');
});

test('by hand: BG2.47, its compound, a speaker line, the grammar in words', () => {
  const a = served('slok/2/47/analysis.json');
  assert.equal(a.words[0], { form: 'karmaṇi', unsandhied: 'karmaṇi', lemma: 'karman', pos: 'NOUN', features: { Case: 'Loc', Gender: 'Neut', Number: 'Sing' }, token: 'karmaṇyevādhikāraste', grammar: 'locative singular neuter' });
  assert.equal(a.words[1].features, {}, 'eva: no features, {}');
  assert.equal(a.words.slice(8, 11).map((w: Line) => w.lemma), ['karman', 'phala', 'hetu']);
  const words = served('slok/2/47/words.json');
  assert.equal(words[0].analysis.map((w: Line) => w.lemma), ['karman']);
  // Swami Sivananda keeps the compound and the verb after it as one entry: "कर्मफलहेतुः भूः".
  const compound = words.find((w: { word: string }) => w.word.startsWith('कर्मफलहेतुः'));
  assert.equal(compound.analysis.map((w: Line) => w.lemma), ['karman', 'phala', 'hetu', 'bhū']);
  const b = served('slok/2/1/analysis.json');
  assert.equal(b.words.slice(0, 2).map((w: Line) => w.form), ['saṃjayaḥ', 'uvāca'], 'the speaker line comes first');
  const verb = served('slok/2/47/analysis.json').words.find((w: Line) => w.form === 'astu');
  assert.is(verb.grammar, 'third person singular present imperative');
});

test('the concordance: karman counted from the files, in verse order; ASCII, Devanagari, the index', () => {
  const order = [...want.keys()];
  const occurrences = [...want].flatMap(([ref, lines]) => lines.filter((l) => l.lemma === 'karman').map((l) => ({ ref, form: l.form })));
  const k = served('lemma/karman.json');
  assert.is(k.count, occurrences.length);
  assert.is(k.occurrences.length, k.count);
  assert.equal(k.occurrences.map((o: { ref: string; form: string }) => ({ ref: o.ref, form: o.form })), occurrences);
  assert.ok(k.occurrences.every((o: { ref: string }, i: number) => i === 0 || order.indexOf(o.ref) >= order.indexOf(k.occurrences[i - 1].ref)));
  const all = served('lemmas.json');
  assert.is(all.lemmas.length, new Set(sentences.flatMap((s) => s.words.map((w) => w.lemma))).size);
  assert.is(all.lemmas.reduce((n: number, l: { count: number }) => n + l.count, 0), 10547);
  assert.ok(all.lemmas.every((l: { count: number }, i: number) => i === 0 || l.count <= all.lemmas[i - 1].count), 'most frequent first');
  assert.is(served('lemma/atman.json').lemma, 'ātman', 'ASCII as people type it');
  // Every lemma is named in IAST letters (what /lemma/{lemma} takes); the DCS's own letters for ṝ and ḷ written out.
  for (const l of all.lemmas) assert.match(l.lemma, /^[a-zāīūṛṝḷḹṃḥṅñṭḍṇśṣ]+$/u, l.lemma);
  assert.is(served('lemma/kḷp.json').dcs, 'k\uFFB1p');
  assert.is(served('lemma/kḷp.json').count, [...want.values()].flat().filter((l) => l.lemma === 'k\uFFB1p').length);
  assert.equal(served('lemma/nasa.json').lemmas.map((l: { lemma: string }) => l.lemma).sort(), ['nāsā', 'nāśa'].sort(), 'two lemmas typed alike: both');
  assert.equal(served('lemma/sama.json').also, ['samā', 'śama'], 'an exact spelling names the others typed alike');
});

test('search learns lemmas: karman finds every verse with any of its forms', async () => {
  const { loadSearcher, search } = await import('../../src/search/query.ts');
  const searcher = await loadSearcher(readFileSync(join(distDir, 'search/index.json'), 'utf8'));
  const verses = new Set([...want].filter(([, lines]) => lines.some((l) => l.lemma === 'karman')).map(([ref]) => ref));
  const found = new Set<string>();
  for (let ch = 1; ch <= 18; ch++) for (const r of search(searcher, { q: 'karman', ch, limit: 50 }).results) found.add(r._id);
  assert.equal([...verses].filter((v) => !found.has(v)), [], 'every verse where karman occurs');
  // BG3.8 holds karman only as karma (a compound's first part) and karmaṇaḥ: found by its lemmas.
  const r = search(searcher, { q: 'karman', ch: 3, limit: 50 }).results.find((x) => x._id === 'BG3.8')!;
  assert.ok(r.matches.some((m) => m.field === 'lemmas'), 'matched by the lemmas field');
});

test('the report: the joins, the placements, the verses the DCS spells otherwise (BG2.21 lacks its first half)', () => {
  const r = served('analysis-report.json');
  assert.ok(r.joins.rate >= 98, `join rate ${r.joins.rate}`);
  assert.is(r.joins.entries - r.joins.joined, r.unjoined.length);
  assert.is(r.placed.length, UNNUMBERED.length);
  const note = r.spelling.find((n: { ref: string }) => n.ref === 'BG2.21');
  assert.is(note.kind, 'lacks');
  assert.ok(!r.spelling.some((n: { ref: string }) => n.ref === 'BG2.47'), 'BG2.47 spells its transliteration');
  assert.is(readJson(join(contentDir, 'audit.json')).analysis.spelling.length, r.spelling.length);
});

test('a broken file: the error names the file, the line and what was expected; content/ left as it was', async () => {
  const dcs = tempDir('gita-dcs-');
  cpSync(DCS, dcs, { recursive: true });
  const file = join(dcs, 'bhagavadgita_chapter_2.conllu');
  chmodSync(file, 0o644);
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = lines.findIndex((l) => l.startsWith('1\tkarmaṇi\t'));
  lines[at] = lines[at].replace('\tNOUN\t', '\tNOUNISH\t');
  writeFileSync(file, lines.join('\n'));
  const out = join(tempDir('gita-dcs-content-'), 'content');
  const err = await importContent({ from: SHARED_DATA, contentDir: out, dcs }).then(() => null, (e) => e);
  assert.instance(err, ContentError);
  assert.match(err.message, `bhagavadgita_chapter_2.conllu: line ${at + 1}: expected a universal part of speech`);
  assert.not.ok(existsSync(out), 'nothing written');
});

test('served over HTTP: the routes, the 404s and 400s', async () => {
  const runtime = APP_RUNTIMES[0];
  const server: Running = await startServer(runtime, { dist: distDir, dataDir: tempDir('gita-dcs-data-') });
  try {
    const get = (p: string) => fetchRaw(server.url, p);
    const a = await get('/slok/2/47/analysis');
    assert.is(a.status, 200);
    assert.is(a.text, readFileSync(join(distDir, 'slok/2/47/analysis.json'), 'utf8'));
    assert.is((await get('/slok/2/47/analysis.json')).status, 200);
    assert.is((await get('/slok/2/99/analysis')).status, 404);
    for (const p of ['/lemma/karman', '/lemma/karman.json', '/lemma/KARMAN', `/lemma/${encodeURIComponent('आत्मन्')}`, `/lemma/${encodeURIComponent('ātman')}`, '/lemma/atman']) {
      const r = await get(p);
      assert.is(r.status, 200, p);
      assert.ok(['karman', 'ātman'].includes(JSON.parse(r.text).lemma), p);
    }
    const unknown = await get('/lemma/xyzzy');
    assert.is(unknown.status, 404);
    assert.is(unknown.text, 'No resource matching the query could be found.');
    for (const p of ['/lemma/a.b', `/lemma/${'a'.repeat(65)}`, '/lemma/%F0%9F%98%80']) assert.is((await get(p)).status, 400, p);
    assert.is((await get(`/lemma/${'a'.repeat(3000)}`)).status, 414);
    assert.is(JSON.parse((await get('/lemmas')).text).count, served('lemmas.json').count);

    // Readers: a verse's page names each word's lemma and grammar, with the credit; a lemma's page marks each occurrence.
    const verse = await get('/read/2/47');
    assert.match(verse.text, /\/read\/lemma\/karman" lang="sa-Latn">karman<\/a> \(locative singular neuter noun\)/, 'the lemma under कर्मणि');
    assert.ok(verse.text.includes(ATTRIBUTION), 'the credit on the verse page');
    const page = await get('/read/lemma/atman');
    assert.is(page.status, 200);
    assert.is((page.text.match(/<mark>/g) ?? []).length, served('lemma/ātman.json').count, 'every occurrence highlighted');
    assert.ok(page.text.includes(ATTRIBUTION));
    assert.is((await get('/read/lemma/xyzzy')).status, 404);

    // MCP: get_words carries the analysis, get_lemma the occurrences.
    const rpc = async (name: string, args: unknown) => {
      const r = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }) });
      return (await r.json()).result;
    };
    const w = await rpc('get_words', { ch: 2, sl: 47 });
    assert.equal(w.structuredContent.words[0].analysis.map((a: Line) => a.lemma), ['karman']);
    assert.match(w.content[0].text, 'karman: locative singular neuter noun');
    const l = await rpc('get_lemma', { lemma: 'karman', limit: 3 });
    assert.is(l.structuredContent.count, served('lemma/karman.json').count);
    assert.is(l.structuredContent.occurrences.length, 3);
    assert.match(l.content[0].text, ATTRIBUTION);
    assert.ok((await rpc('get_lemma', { lemma: 'xyzzy' })).isError);

    // The client, over the server and over the static files.
    const { createClient } = await import('../../src/client/index.ts');
    const remote = createClient({ baseUrl: server.url });
    assert.is((await remote.analysis(2, 47)).words[0].lemma, 'karman');
    const atman = await remote.lemma('आत्मन्');
    assert.is('lemma' in atman && atman.lemma, 'ātman');
    assert.is((await remote.lemmas()).count, served('lemmas.json').count);
    const files = createClient({ baseUrl: 'https://static.example/', mode: 'static', fetch: async (url) => {
      const path = decodeURIComponent(new URL(String(url)).pathname);
      return existsSync(join(distDir, path)) ? new Response(readFileSync(join(distDir, path)), { headers: { 'content-type': 'application/json' } }) : new Response('No resource matching the query could be found.', { status: 404 });
    } });
    const folded = await files.lemma('atman');
    assert.is('lemma' in folded && folded.lemma, 'ātman', 'static: the ASCII spelling\'s file');
  } finally {
    await server.stop();
  }
});

test('the SQLite download: one row per DCS word, features as JSON, the credit in meta', () => {
  const db = join(distDir, 'downloads/gita.sqlite');
  const sql = (q: string) => JSON.parse(execFileSync('sqlite3', ['-readonly', '-json', db, q], { encoding: 'utf8' }) || '[]');
  assert.equal(sql('SELECT count(*) AS n FROM analysis'), [{ n: 10547 }]);
  const rows = sql("SELECT position, form, unsandhied, lemma, pos, features FROM analysis WHERE ref = 'BG2.47' ORDER BY position");
  const lines = want.get('BG2.47')!;
  assert.equal(rows.map((r: { form: string; lemma: string; pos: string; unsandhied: string; features: string }) => [r.form, r.lemma, r.pos, r.unsandhied, JSON.parse(r.features)]), lines.map((l) => [l.form, l.lemma, l.pos, l.unsandhied, l.features]));
  assert.match(sql("SELECT value FROM meta WHERE key = 'analysis_license'")[0].value, ATTRIBUTION);
  const json = readJson(join(distDir, 'downloads/gita.json'));
  assert.is(json.analysis.attribution, ATTRIBUTION);
  assert.is(Object.values(json.analysis.verses).flat().length, 10547);
});

test.run();
