// The meter over HTTP (/slok/{ch}/{sl}/meter, /meters) on the real server
// over loopback: each answer the build's file, read against the record it
// scans (its pādas stand in the served Devanagari, in order, their
// syllables spelling them and weighing what their pattern says), every
// verse counted once under the meter its own answer names, the colophons
// prose, the 404s worded.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOT_FOUND } from '../../src/contract/errors.ts';
import { FILES } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import type { VerseScan } from '../../src/content/meter/scan.ts';
import type { MeterSummary } from '../../src/content/meter/report.ts';
import type { VerseRecord } from '../../src/content/schema.ts';
import { hook, tempDir } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { fetchRaw } from '../helpers/http.ts';
import { startServer, type Running } from '../helpers/server.ts';

let dist: string;
let content: string;
let server: Running;
let counts: number[];
const file = (path: string) => JSON.parse(readFileSync(join(dist, path), 'utf8'));
const get = async (path: string) => {
  const r = await fetchRaw(server.url, path);
  return { ...r, json: () => JSON.parse(r.text) };
};
/** Every verse of the build (no colophon), as [ch, sl]. */
const verses = () => counts.flatMap((n, i) => Array.from({ length: n }, (_, v) => [i + 1, v + 1] as const));

test.before(hook(async () => {
  ({ distDir: dist, contentDir: content } = await testDist());
  server = await startServer('node', { dist, dataDir: tempDir('gita-data-') });
  counts = file(FILES.manifest).content.versesPerChapter;
}));
test.after(hook(async () => {
  await server?.stop();
}));

test('/slok/{ch}/{sl}/meter: the build\'s file, the alias the same; BG2.47 an anuṣṭubh of four pathyā pādas of eight', async () => {
  const r = await get('/slok/2/47/meter');
  assert.is(r.status, 200);
  const m = r.json() as VerseScan;
  assert.equal(m, file(filled(ROUTE['verse-meter'].file!, { ch: 2, sl: 47 })));
  assert.equal((await get('/slok/2/47/meter.json')).json(), m, 'the alias');
  assert.is(m.ref, 'BG2.47');
  assert.is(m.meter, 'anuṣṭubh');
  assert.equal(m.padas.map((p) => [p.syllables.length, p.form]), [[8, 'pathyā'], [8, 'pathyā'], [8, 'pathyā'], [8, 'pathyā']]);
  assert.equal(m.padas[1].syllables.map((s) => s.iast).join(' '), 'mā pha le ṣu ka dā ca na');
  assert.is(m.padas[1].pattern, 'GLGLLGLL');
  assert.ok(m.regular);
});

test('every verse\'s pādas stand in its served Devanagari, in order; their syllables spell them and weigh what the pattern says', async () => {
  for (const [ch, sl] of verses()) {
    const m = file(filled(ROUTE['verse-meter'].file!, { ch, sl })) as VerseScan;
    const slok = (file(FILES.verse(ch, sl)) as VerseRecord).slok.replace(/-?\n/g, ' ');
    let at = 0;
    for (const p of m.padas) {
      assert.is(p.syllables.map((s) => s.text).join(''), p.text.replace(/[\s-]/g, ''), `${m.ref}: ${p.text}`);
      assert.is(p.syllables.map((s) => s.weight).join(''), p.pattern, m.ref);
      // A pāda cut inside joined words starts inside a word: found from where the last one ended.
      const found = slok.indexOf(p.text.split(' ')[0], at);
      assert.ok(found >= at, `${m.ref}: ${p.text} after ${at} in ${slok}`);
      at = found + 1;
    }
  }
});

test('a colophon is prose: 200, no pādas, said in its notes; a verse that is not there is the verse 404', async () => {
  const r = await get('/slok/2/73/meter');
  assert.is(r.status, 200);
  assert.equal(r.json(), { ref: 'BG2.73', meter: 'prose', padas: [], regular: true, notes: ["the chapter's colophon: prose, not measured"] });
  for (const p of ['/slok/2/74/meter', '/slok/19/1/meter', '/slok/2/0/meter', '/slok/2/47/meter/x']) {
    const missing = await get(p);
    assert.is(missing.status, 404, p);
    assert.is(missing.text, NOT_FOUND.verse, p);
  }
});

test('/meters: every verse once, under the meter its own answer names; the irregular ones those not regular; the colophons prose', async () => {
  const r = await get('/meters');
  assert.is(r.status, 200);
  const s = r.json() as MeterSummary;
  assert.equal(s, file(ROUTE.meters.file!));
  assert.equal((await get('/meters.json')).json(), s, 'the alias');
  const all = verses();
  assert.is(s.verses, all.length);
  assert.is(s.meters.reduce((n, m) => n + m.count, 0), all.length);
  const under = new Map(s.meters.flatMap((m) => m.verses.map((ref) => [ref, m.meter] as const)));
  assert.is(under.size, all.length, 'no verse twice');
  const scans = all.map(([ch, sl]) => file(filled(ROUTE['verse-meter'].file!, { ch, sl })) as VerseScan);
  for (const v of scans) assert.is(under.get(v.ref), v.meter, v.ref);
  assert.equal(s.irregular.map((v) => v.ref), scans.filter((v) => !v.regular).map((v) => v.ref));
  assert.equal(s.prose, counts.map((n, i) => `BG${i + 1}.${n + 1}`));
  assert.ok(s.meters[0].meter === 'anuṣṭubh' && s.meters[0].count > 600, JSON.stringify(s.meters.map((m) => [m.meter, m.count])));
  // BG11.20 c: the 7th syllable heavy where the named pādas want it light.
  const v = s.irregular.find((x) => x.ref === 'BG11.20')!;
  assert.equal(v.padas.map((p) => [p.pada, p.breaks.map((b) => [b.at, b.weight, b.wanted])]), [['c', [[7, 'G', 'L']]]]);
});

test('the reading page names the meter and carries its marks, the server\'s as the static copy; a colophon\'s none', async () => {
  const block = (page: string) => /<details class="meter">[\s\S]*?<\/details>/.exec(page)?.[0];
  const served = block((await get('/read/11/20')).text);
  assert.ok(served?.includes('Meter: <span lang="sa-Latn">triṣṭubh</span>'), served?.slice(0, 200));
  assert.is(served, block(readFileSync(join(dist, FILES.readVerse(11, 20)), 'utf8')));
  assert.is(block((await get('/read/2/73')).text), undefined);
  assert.match(block((await get('/read/2/47?lang=hi')).text) ?? '', /छन्द: <span lang="sa">अनुष्टुभ्<\/span>/);
});

test("the import's audit has a finding for each verse /meters lists as not scanning, with what the witnesses read there", () => {
  const audit = JSON.parse(readFileSync(join(content, 'audit.json'), 'utf8'));
  const s = file(ROUTE.meters.file!) as MeterSummary;
  assert.equal(audit.meter.findings.map((f: { ref: string }) => f.ref), s.irregular.map((v) => v.ref));
  assert.equal(audit.meter.witnesses, ['dcs', 'gita-gita', 'besant']);
  assert.equal(audit.meter.scansElsewhere, [{ ref: 'BG11.20', witnesses: ['dcs'] }]);
  assert.not.ok(audit.findings.some((f: { kind: string }) => /meter/.test(f.kind)), 'never among the fatal findings');
  assert.equal(file(FILES.audit).meter, audit.meter, 'served in /audit.json as imported');
});

test('?meter= on /slok: a draw among the verses of those meters, combining with ch and speaker; none is 404', async () => {
  const s = file(ROUTE.meters.file!) as MeterSummary;
  const of = (m: string) => s.meters.find((x) => x.meter === m)!.verses;
  const family = [...of('upajāti'), ...of('indravajrā')];
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    const r = await get('/slok?meter=upajati,INDRAVAJR%C4%80&fields=_id');
    assert.is(r.status, 200);
    const id = r.json()._id;
    assert.ok(family.includes(id), id);
    seen.add(id);
  }
  assert.ok(seen.size > 5, `a draw, not one verse: ${[...seen]}`);
  for (let i = 0; i < 10; i++) assert.ok(['BG2.8', 'BG2.22'].includes((await get('/slok?ch=2&meter=upaj%C4%81ti&fields=_id')).json()._id));
  const arjuna = (await get('/slok?meter=tristubh&speaker=arjuna&fields=_id,speaker')).json();
  assert.ok(of('triṣṭubh').includes(arjuna._id), arjuna._id);
  assert.is((await get('/slok?ch=1&meter=indravajra')).status, 404);
});

test('?meter= on /verses: the reference\'s verses of those meters, in its order; none is 404', async () => {
  const s = file(ROUTE.meters.file!) as MeterSummary;
  const upajati = s.meters.find((x) => x.meter === 'upajāti')!.verses;
  const r = await get('/verses?ref=11&meter=upajati&fields=_id');
  assert.is(r.status, 200);
  assert.equal(r.json(), { refs: ['BG11'], verses: upajati.filter((v) => v.startsWith('BG11.')).map((v) => ({ _id: v, chapter: 11, verse: Number(v.split('.')[1]) })) });
  assert.equal((await get('/verses/11?meter=upajati&fields=_id')).json(), r.json(), 'the path form');
  assert.equal((await get('/verses?ref=2.47-50&meter=anushtubh&fields=_id')).json().verses.length, 4);
  assert.is((await get('/verses?ref=2.47&meter=tristubh')).status, 404);
  assert.is((await get('/verses?ref=2.73&meter=anustubh')).status, 404, 'a colophon is no verse of a meter');
});

test('a bad ?meter= is a 400 naming the meters; each is read once, bounded', async () => {
  const cases: Array<[string, RegExp]> = [
    ['/slok?meter=hexameter', /^meter: "hexameter" is not a meter; expected meter names, comma-separated, in IAST or plain ASCII: anuṣṭubh \(anustubh\), triṣṭubh \(tristubh\), jagatī \(jagati\), upajāti \(upajati\)/],
    ['/slok?meter=', /^meter: an empty value in ""/],
    ['/slok?meter=upajati,', /^meter: an empty value in "upajati,"/],
    ['/slok?meter=upajati&meter=tristubh', /^meter: given 2 times; give it once/],
    ['/slok?metre=upajati', /^metre: not a parameter of this route; did you mean meter\?/],
    ['/verses?ref=11&meter=prose', /^meter: "prose" is not a meter/],
    [`/verses?ref=11&meter=${'upajati,'.repeat(40)}`, /^meter: 320 characters; at most 200$/],
    ['/verses?ref=11&meter=__proto__', /^meter: "__proto__" is not a meter/],
  ];
  for (const [path, message] of cases) {
    const r = await get(path);
    assert.is(r.status, 400, path);
    assert.match(r.json().error, message, path);
  }
});

test.run();
