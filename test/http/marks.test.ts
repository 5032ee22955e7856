// One transliteration on offer. The records keep the source's ASCII marks
// (saṅgo.astvakarmaṇi, a lone "." for the danda); ?marks=iast writes the
// transliteration with IAST's marks by the one function the reading pages,
// cards, the tagger's card and MCP text use (iastMarks, src/content/display.ts).
// Checked here on every record of the build: that form maps back to the
// record by the documented rule and each of its marks stands where the
// Devanagari has one; the API answers it; the reading page (served and
// static), the card's text, MCP and the client in static mode show exactly it;
// and without marks nothing changed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../../src/http/app.ts';
import type { Dist } from '../../src/http/assets.ts';
import { endMark, iastMarks, withoutMarker } from '../../src/content/display.ts';
import type { VerseRecord } from '../../src/content/schema.ts';
import { FILES } from '../../src/layout.ts';
import { shownVerse } from '../../src/linker/verse.ts';
import { verseText } from '../../src/mcp/text.ts';
import { createClient } from '../../src/client/index.ts';
import { hook } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';
import { inProcessApp } from '../helpers/app.ts';

let distDir: string;
let dist: Dist;
let app: App;
/** Every record of the build (719: the verses and the colophons), with its file's bytes. */
let records: Array<{ ch: number; sl: number; bytes: Buffer; record: VerseRecord }>;

test.before(hook(async () => {
  ({ distDir } = await testDist());
  ({ dist, app } = await inProcessApp(distDir));
  records = dist.manifest.content.versesPerChapter.flatMap((n, i) =>
    Array.from({ length: n + 1 }, (_, v) => {
      const bytes = readFileSync(join(distDir, FILES.verse(i + 1, v + 1)));
      return { ch: i + 1, sl: v + 1, bytes, record: JSON.parse(bytes.toString()) as VerseRecord };
    }),
  );
}));

const get = async (url: string, init: { method?: string; body?: string } = {}) => {
  const r = await app.handle({ method: init.method ?? 'GET', url, header: (n) => (n === 'content-type' && init.body ? 'application/json' : undefined), ip: '10.0.0.9', body: async () => (init.body ? Buffer.from(init.body) : null) });
  // A file of dist/ is streamed by the server (r.file): read here.
  const bytes = r.file ? readFileSync(join(distDir, r.file)) : Array.isArray(r.body) ? Buffer.concat(r.body) : Buffer.from((r.body as Uint8Array | string | undefined) ?? []);
  return { status: r.status, bytes, text: bytes.toString() };
};

/**
 * The documented rule read backwards (docs/api.md, "The transliteration's
 * marks"), written here apart from iastMarks: IAST's lone danda "|" is the
 * source's ".", its avagraha "'" the source's ".a"; the closing "||2-47||"
 * and every letter are the same in both.
 */
const sourceOf = (iast: string) => iast.replace(/(^|[ \t])\|(?=[ \t]|\n|$)/gm, '$1.').replace(/'/g, '.a');
const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;
const loneBars = (text: string) => count(text.replace(/\|\|/g, ''), /\|/g);

test("every record: the IAST form maps back to the record by the documented rule, leaves no ASCII mark, and puts each mark where the Devanagari has one", () => {
  assert.is(records.length, 719);
  let dandas = 0;
  let avagrahas = 0;
  const noDanda: string[] = [];
  for (const { record } of records) {
    const source = record.transliteration;
    const iast = iastMarks(source);
    assert.not.ok(source.includes("'") || loneBars(source), `${record._id}: the record has no IAST mark of its own, so the way back is one`);
    assert.not.ok(iast.includes('.'), `${record._id}: no ASCII mark left: ${iast}`);
    assert.is(sourceOf(iast), source, `${record._id}: mapped back, the record`);
    assert.is(iastMarks(iast), iast, `${record._id}: an IAST form stays as it is`);
    // A witness of its own: the Devanagari of the same record. One avagraha for each ऽ, one danda for each single |.
    assert.is(count(iast, /'/g), count(record.slok, /ऽ/g), `${record._id}: avagrahas`);
    if (loneBars(iast) !== loneBars(record.slok)) noDanda.push(record._id);
    dandas += loneBars(iast);
    avagrahas += count(iast, /'/g);
  }
  assert.is(dandas, 761, 'the dandas docs/api.md counts');
  assert.is(avagrahas, 224, 'the avagrahas docs/api.md counts');
  // BG2.19's transliteration runs its two lines into one, with no danda between (as upstream has it): no mark to write.
  assert.equal(noDanda, ['BG2.19']);
  const of = (ch: number, sl: number) => iastMarks(records.find((r) => r.ch === ch && r.sl === sl)!.record.transliteration);
  assert.is(of(2, 47), "karmaṇyevādhikāraste mā phaleṣu kadācana |\nmā karmaphalaheturbhūrmā te saṅgo'stvakarmaṇi ||2-47||");
  assert.ok(of(2, 64).includes('viṣayānindriyaiścaran | (or viyuktaistu)'), 'the danda before a note of a variant');
  assert.ok(of(18, 17).includes("hatvā'pi sa imām̐llokānna"), 'the avagraha and the candrabindu');
});

test('every record: /slok/C/V?marks=iast is the record with that transliteration, and /read/C/V (served and static), the card and MCP text show exactly it; without marks, the same bytes', async () => {
  const unescape = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const translit = (html: string, what: string) => {
    const m = /<p class="translit"[^>]*>([\s\S]*?)<\/p>/.exec(html);
    assert.ok(m, `${what}: a transliteration`);
    return unescape(m![1]);
  };
  for (const { ch, sl, bytes, record } of records) {
    const what = record._id;
    const plain = await get(`/slok/${ch}/${sl}`);
    assert.ok(plain.bytes.equals(bytes), `${what}: the record, byte for byte`);
    assert.ok((await get(`/slok/${ch}/${sl}?marks=source`)).bytes.equals(bytes), `${what}: marks=source is the record`);
    const marked = await get(`/slok/${ch}/${sl}?marks=iast`);
    assert.is(marked.status, 200, what);
    const iast = iastMarks(record.transliteration);
    assert.is(marked.text, JSON.stringify({ ...record, transliteration: iast }), `${what}: compact, in the record's order, only the transliteration written otherwise`);
    // The page keeps the closing mark and its number together (endMark: one space before it).
    const { body, mark } = endMark(iast);
    const shown = mark ? `${body} ${mark}` : iast;
    const page = await get(`/read/${ch}/${sl}`);
    assert.is(page.status, 200, what);
    assert.is(translit(page.text, what), shown, `${what}: the reading page shows what marks=iast answers`);
    assert.is(translit(readFileSync(join(distDir, 'read', String(ch), String(sl), 'index.html'), 'utf8'), what), shown, `${what}: the static page too`);
    // The card (and the tagger's card) show it without the closing marker; MCP's text shows it whole.
    assert.is(shownVerse(record, { lang: 'en', author: null }).transliteration, withoutMarker(iast).trim(), `${what}: the card`);
    assert.ok(verseText(record).includes(`\n${iast.trim()}`), `${what}: MCP's text`);
  }
});

test('lists and projections: marks=iast on every route that answers records, with lang, authors and fields', async () => {
  const rec = (ch: number, sl: number) => records.find((r) => r.ch === ch && r.sl === sl)!.record;
  const iast = (ch: number, sl: number) => iastMarks(rec(ch, sl).transliteration);
  const chapter = JSON.parse((await get('/chapter/2/slok?marks=iast&lang=en')).text) as VerseRecord[];
  assert.equal(chapter.map((r) => r.transliteration), records.filter((r) => r.ch === 2).map((r) => iastMarks(r.record.transliteration)));
  const whole = JSON.parse((await get('/chapter/18/slok?marks=iast')).text) as VerseRecord[];
  assert.equal(whole, records.filter((r) => r.ch === 18).map((r) => ({ ...r.record, transliteration: iastMarks(r.record.transliteration) })), 'a whole chapter, over 1 MB: sent in slices');
  assert.equal(JSON.parse((await get('/chapter/18/slok')).text), records.filter((r) => r.ch === 18).map((r) => r.record), 'and without marks, as before');
  const range = JSON.parse((await get('/slok/2/63-65?fields=transliteration&marks=iast')).text);
  assert.equal(range, [63, 64, 65].map((sl) => ({ _id: `BG2.${sl}`, chapter: 2, verse: sl, transliteration: iast(2, sl) })));
  const cited = JSON.parse((await get('/verses?ref=2.64,18.17&fields=transliteration,siva.et&marks=iast')).text);
  assert.equal(cited.verses.map((v: VerseRecord) => v.transliteration), [iast(2, 64), iast(18, 17)]);
  assert.is(cited.verses[0].siva.et, (rec(2, 64).siva as { et: string }).et, 'the commentaries never change');
  const random = JSON.parse((await get('/slok?marks=iast&fields=transliteration')).text) as VerseRecord;
  assert.is(random.transliteration, iast(random.chapter, random.verse));
  const today = JSON.parse((await get('/slok/today?marks=iast')).text) as VerseRecord;
  assert.equal(today, { ...rec(today.chapter, today.verse), transliteration: iast(today.chapter, today.verse) });
  const en = JSON.parse((await get('/slok/2/47/en.json?marks=iast')).text);
  assert.equal(en, { ...JSON.parse(readFileSync(join(distDir, FILES.verse(2, 47, 'en')), 'utf8')), transliteration: iast(2, 47) }, 'the static path of a language, with marks');
});

test("MCP: get_verses, random_verse and verse_of_the_day take marks for their records; a bad value is the API's sentence", async () => {
  const mcp = async (name: string, args: Record<string, unknown>) => {
    const r = await get('/mcp', { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }) });
    assert.is(r.status, 200);
    return JSON.parse(r.text).result as { isError?: boolean; content: Array<{ text: string }>; structuredContent?: { verses: VerseRecord[] } };
  };
  const rec = (ch: number, sl: number) => records.find((r) => r.ch === ch && r.sl === sl)!.record;
  const r = await mcp('get_verses', { ref: '2.64, 18.17', lang: 'en', authors: ['siva'], marks: 'iast' });
  assert.not.ok(r.isError, r.content[0].text);
  for (const [k, [ch, sl]] of [[2, 64], [18, 17]].entries()) {
    const iast = iastMarks(rec(ch, sl).transliteration);
    assert.is(r.structuredContent!.verses[k].transliteration, iast);
    assert.ok(r.content[0].text.includes(iast.trim()), 'the text and the records say the same');
  }
  const plain = await mcp('get_verses', { ref: '2.47' });
  assert.is(plain.structuredContent!.verses[0].transliteration, rec(2, 47).transliteration, 'without marks, the record');
  for (const tool of ['random_verse', 'verse_of_the_day']) {
    const one = (await mcp(tool, { marks: 'iast', lang: 'sa' })).structuredContent!.verses[0];
    assert.is(one.transliteration, iastMarks(rec(one.chapter, one.verse).transliteration), tool);
  }
  const bad = await mcp('get_verses', { ref: '2.47', marks: 'itrans' });
  assert.ok(bad.isError);
  assert.is(bad.content[0].text, 'marks: "itrans" is not a way of writing the marks; expected source (the default) or iast');
});

test('the client in static mode writes marks=iast itself, as the server answers it', async () => {
  const host = 'http://static.example/';
  const local = createClient({
    baseUrl: host,
    mode: 'static',
    fetch: async (input) => {
      const path = new URL(String(input)).pathname;
      try {
        return new Response(readFileSync(join(distDir, path)), { headers: { 'content-type': 'application/json' } });
      } catch {
        return new Response('No verse matching the query could be found.', { status: 404 });
      }
    },
  });
  for (const [ch, sl, o] of [[2, 47, { marks: 'iast' }], [2, 64, { marks: 'iast', lang: 'hi', fields: ['transliteration', 'tej'] }], [18, 17, { marks: 'source' }]] as const) {
    const query = new URLSearchParams(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
    assert.equal(await local.verse(ch, sl, o), JSON.parse((await get(`/slok/${ch}/${sl}?${query}`)).text), JSON.stringify(o));
  }
  assert.equal((await local.verses('2.47, 2.64', { marks: 'iast', fields: ['transliteration'] })).verses.map((v) => v.transliteration), JSON.parse((await get('/verses?ref=2.47,2.64&marks=iast&fields=transliteration')).text).verses.map((v: VerseRecord) => v.transliteration));
});

test.run();
