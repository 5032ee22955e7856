// Projections cut from bytes equal JSON.stringify of the projected object,
// for every record and many random projections; and parameters are checked.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../../src/contract/manifest.ts';
import { LANGS, LANGUAGE_NAMES, LANGUAGES, projectRecord, projectionKey, projectionQuery, type Projection } from '../../src/content/projection.ts';
import { iastMarks } from '../../src/content/display.ts';
import { projectionValue } from '../../src/contract/values.ts';
import { TEXT_FIELDS, TEXT_FIELD_NAMES } from '../../src/content/schema.ts';
import { FILES } from '../../src/layout.ts';
import { indexRecord, projectBytes } from '../../src/content/slices.ts';
import { hook } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';

let dist: string;
let manifest: Manifest;
let isCommentary: (k: string) => boolean;
const seed = Number(process.env.TEST_SEED ?? Date.now() % 100000);
let state = seed;
const rnd = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];

test.before(hook(async () => {
  ({ distDir: dist } = await testDist());
  manifest = JSON.parse(readFileSync(join(dist, FILES.manifest), 'utf8'));
  const keys = new Set(manifest.content.commentaries.map((c) => c.key));
  isCommentary = (k) => keys.has(k);
}));

function randomProjection(): Projection {
  const p: Projection = {};
  const c = manifest.content.commentaries;
  if (rnd() < 0.5) p.lang = pick(LANGS);
  if (rnd() < 0.4) p.authors = [...new Set(Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => pick(c).key))].sort();
  if (rnd() < 0.4) {
    const f: string[] = [];
    for (let i = 0, n = 1 + Math.floor(rnd() * 5); i < n; i++) {
      const r = rnd();
      if (r < 0.3) f.push(pick(manifest.content.fields));
      else if (r < 0.6) f.push(pick(c).key);
      else {
        const k = pick(c);
        f.push(`${k.key}.${pick(Object.keys(k.fields))}`);
      }
    }
    p.fields = [...new Set(f)].sort();
  }
  if (rnd() < 0.3) p.marks = 'iast';
  return p;
}

test(`byte projections equal the object projection, every record (TEST_SEED=${seed})`, () => {
  let n = 0;
  manifest.content.versesPerChapter.forEach((count, i) => {
    for (let v = 1; v <= count + 1; v++) {
      const bytes = readFileSync(join(dist, FILES.verse(i + 1, v)));
      const index = indexRecord(bytes);
      const record = JSON.parse(bytes.toString());
      assert.is(projectBytes(bytes, index, {}, isCommentary).toString(), bytes.toString(), 'the empty projection is the record');
      for (let k = 0; k < 12; k++) {
        const p = randomProjection();
        const got = projectBytes(bytes, index, p, isCommentary).toString();
        const want = JSON.stringify(projectRecord(record, p, isCommentary));
        if (got !== want) assert.unreachable(`${record._id} ${projectionKey(p)}:\n${got.slice(0, 300)}\n${want.slice(0, 300)}`);
        n++;
      }
    }
  });
  assert.ok(n > 8000);
});

test('strings with escaped quotes and runs of backslashes are cut where JSON ends them', () => {
  const record = { _id: 'BG1.1', chapter: 1, verse: 1, slok: 'a "quoted" word \\', transliteration: '\\\\"', siva: { author: 'x\\', et: 'he said "no\\"', ec: '' }, sankar: { author: 'y', sc: '\\\\\\' } };
  const bytes = Buffer.from(JSON.stringify(record));
  const keys = new Set(['siva', 'sankar']);
  for (const p of [{}, { authors: ['siva'] }, { fields: ['slok', 'sankar.sc'] }, { lang: 'en' }] as Projection[]) {
    assert.is(projectBytes(bytes, indexRecord(bytes), p, (k) => keys.has(k)).toString(), JSON.stringify(projectRecord(record as never, p, (k) => keys.has(k))), projectionKey(p));
  }
});

test('projection rules: always _id, chapter, verse; author with every kept commentary; empty commentaries dropped', () => {
  const bytes = readFileSync(join(dist, FILES.verse(2, 47)));
  const full = JSON.parse(bytes.toString());
  const get = (p: Projection) => JSON.parse(projectBytes(bytes, indexRecord(bytes), p, isCommentary).toString());
  const en = get({ lang: 'en' });
  assert.equal(Object.keys(en.siva), ['author', 'et', 'ec']);
  assert.is(en.tej, undefined, 'tej has Hindi only');
  assert.is(en.slok, full.slok, 'plain fields stay');
  assert.equal(get({ authors: ['siva', 'tej'] }).tej, full.tej);
  assert.equal(Object.keys(get({ authors: ['siva'] })).filter((k) => isCommentary(k)), ['siva']);
  const f = get({ fields: ['siva.et', 'slok'] });
  assert.equal(Object.keys(f), ['_id', 'chapter', 'verse', 'slok', 'siva']);
  assert.equal(f.siva, { author: 'Swami Sivananda', et: full.siva.et });
  assert.equal(get({ fields: ['siva.et'], lang: 'hi' }), { _id: 'BG2.47', chapter: 2, verse: 47 }, 'each narrows the others');
  assert.equal(Object.keys(get({ fields: ['rams'], lang: 'hi', authors: ['rams', 'tej'] })), ['_id', 'chapter', 'verse', 'rams']);
});

test("marks=iast: the transliteration alone written with IAST's marks (iastMarks), in bytes and as an object; the rest the record's", () => {
  const bytes = readFileSync(join(dist, FILES.verse(2, 47)));
  const full = JSON.parse(bytes.toString());
  const get = (p: Projection) => JSON.parse(projectBytes(bytes, indexRecord(bytes), p, isCommentary).toString());
  const iast = get({ marks: 'iast' });
  assert.is(iast.transliteration, "karmaṇyevādhikāraste mā phaleṣu kadācana |\nmā karmaphalaheturbhūrmā te saṅgo'stvakarmaṇi ||2-47||");
  assert.is(iast.transliteration, iastMarks(full.transliteration));
  assert.equal({ ...iast, transliteration: full.transliteration }, full);
  assert.equal(Object.keys(iast), Object.keys(full), 'in the record\'s order');
  assert.equal(get({ marks: 'iast', fields: ['slok'] }), { _id: 'BG2.47', chapter: 2, verse: 47, slok: full.slok }, 'nothing to write when the field is not kept');
  assert.equal(get({ marks: 'iast', lang: 'en', fields: ['transliteration'] }), { _id: 'BG2.47', chapter: 2, verse: 47, transliteration: iast.transliteration });
  assert.is.not(projectionKey({ marks: 'iast' }), projectionKey({}), 'a cache key of its own');
  assert.is(projectionQuery({ lang: 'en', marks: 'iast' }), 'lang=en&marks=iast');
  // A string with escapes is written back as JSON.stringify writes it.
  const odd = Buffer.from(JSON.stringify({ _id: 'BG1.1', chapter: 1, verse: 1, transliteration: 'a "q" \\ so.astu .\nb ||1-1||' }));
  assert.is(projectBytes(odd, indexRecord(odd), { marks: 'iast' }, () => false).toString(), JSON.stringify({ _id: 'BG1.1', chapter: 1, verse: 1, transliteration: 'a "q" \\ so\'stu |\nb ||1-1||' }));
});

test('the languages of lang= are the languages TEXT_FIELDS gives each text field', () => {
  for (const l of LANGS) for (const f of TEXT_FIELD_NAMES) assert.is((LANGUAGES[l] as readonly string[]).includes(f), TEXT_FIELDS[f].language === LANGUAGE_NAMES[l], `${l} ${f}`);
});

test('parameters: unknown, empty or repeated values are errors naming the parameter and what it accepts', () => {
  const facts = manifest.content;
  const parse = (q: string) => projectionValue(new URLSearchParams(q), facts);
  assert.equal(parse(''), { projection: null });
  assert.equal(parse('api_key=x&ch=2'), { projection: null });
  assert.equal(parse('lang=en&authors=tej,siva,siva&fields=slok,siva.et'), { projection: { lang: 'en', authors: ['siva', 'tej'], fields: ['siva.et', 'slok'] } });
  assert.equal(parse('marks=iast'), { projection: { marks: 'iast' } });
  assert.equal(parse('marks=source'), { projection: null }, 'the record as it is');
  assert.equal(parse('lang=sa&marks=source'), { projection: { lang: 'sa' } });
  const bad: Array<[string, RegExp]> = [
    ['lang=fr', /^lang: "fr" is not a language here; expected one of en, hi, sa$/],
    ['lang=', /^lang: empty; expected one of en, hi, sa$/],
    ['lang=en&lang=hi', /^lang: given 2 times/],
    ['authors=siva,nobody', /^authors: "nobody" is not a commentary here; expected commentary keys, comma-separated: tej, siva.* \(each described at \/authors\)$/],
    ['authors=siva,,tej', /^authors: an empty value/],
    ['authors=', /^authors: empty/],
    ['fields=slok,verse_text', /^fields: "verse_text" is not a field here; expected comma-separated: fields \(_id, chapter, verse, speaker, slok, transliteration\)/],
    ['fields=siva.ht', /^fields: "siva\.ht": siva has et, ec/],
    ['fields=siva.author', /author comes with every commentary kept/],
    ['fields=nobody.et', /"nobody" is not a commentary here/],
    ['fields=siva.__proto__', /siva has et, ec/],
    ['fields=siva.constructor', /siva has et, ec/],
    ['authors=__proto__', /"__proto__" is not a commentary here/],
    ['fields=toString', /"toString" is not a field here/],
    [`fields=${Array(201).fill('slok').join(',')}`, /201 values; at most 200/],
    ['marks=itrans', /^marks: "itrans" is not a way of writing the marks; expected source \(the default\) or iast$/],
    ['marks=', /^marks: empty; expected source \(the default\) or iast$/],
    ['marks=iast&marks=iast', /^marks: given 2 times/],
    ['marks=Iast', /^marks: "Iast" is not/],
  ];
  for (const [q, re] of bad) {
    const r = parse(q);
    assert.ok('error' in r, q);
    assert.match((r as { error: string }).error, re, q);
  }
  assert.equal(projectionValue(new URLSearchParams(''), facts, 'sa'), { projection: { lang: 'sa' } });
  assert.match((projectionValue(new URLSearchParams('lang=en'), facts, 'sa') as { error: string }).error, /the path asks for sa/);
});

test.run();
