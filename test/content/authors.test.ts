// /authors against the source files themselves: the real texts counted here
// from ../shared/gita-data (with the errata's texts from ../shared/gita-errata
// put in their place), the repairs counted from the import's own list of
// changes, the kinds checked against what the texts look like.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { AuthorEntry } from '../../src/content/authors.ts';
import { projectionValue } from '../../src/contract/values.ts';
import { wordListSpan } from '../../src/content/words.ts';
import { REPAIR_RULES } from '../../src/content/repairs.ts';
import errataList from '../../src/content/errata.json' with { type: 'json' };
import supplementsList from '../../src/content/supplements.json' with { type: 'json' };
import { ROUTE_PATHS } from '../../src/contract/routes/paths.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import { filled } from '../../src/contract/route-file.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import { SHARED_DATA } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';

const { distDir, contentDir } = await testDist();
const authors = JSON.parse(readFileSync(join(distDir, ROUTE.authors.file!), 'utf8')) as AuthorEntry[];
const byKey = new Map(authors.map((a) => [a.key, a]));

type Raw = Record<string, unknown> & { _id: string; chapter: number; verse: number };
const chapterCounts = new Map<number, number>();
for (const f of readdirSync(join(SHARED_DATA, 'chapter'))) {
  const c = JSON.parse(readFileSync(join(SHARED_DATA, 'chapter', f), 'utf8'));
  chapterCounts.set(c.chapter_number, c.verses_count);
}
const raw: Raw[] = readdirSync(join(SHARED_DATA, 'slok')).map((f) => JSON.parse(readFileSync(join(SHARED_DATA, 'slok', f), 'utf8')));
// The errata's records: the listed keys taken from upstream's fixed file.
for (const e of errataList.errata) {
  const fixed = JSON.parse(readFileSync(resolve(PROJECT_ROOT, '../shared/gita-errata', basename(e.source.path)), 'utf8'));
  const at = raw.findIndex((r) => r._id === e.record);
  for (const k of e.keys) raw[at][k] = fixed[k];
}
// The supplements' records: the texts the independent copy has where upstream has a placeholder.
{
  const copy = resolve(PROJECT_ROOT, '../shared/gita-gita');
  const place = new Map((JSON.parse(readFileSync(join(copy, 'verse.json'), 'utf8')) as Array<{ id: number; chapter_number: number; verse_number: number }>).map((v) => [v.id, `BG${v.chapter_number}.${v.verse_number}`]));
  const texts = JSON.parse(readFileSync(join(copy, 'translation.json'), 'utf8')) as Array<{ authorName: string; verse_id: number; description: string }>;
  for (const s of supplementsList.supplements) {
    const author = supplementsList.fields.find((f) => f.key === s.key)!.authorName;
    const t = texts.find((x) => place.get(x.verse_id) === s.record && x.authorName === author)!;
    (raw.find((r) => r._id === s.record)![s.key] as Record<string, string>)[s.field] = t.description.trim();
  }
}
const verses = raw.filter((r) => r.verse <= chapterCounts.get(r.chapter)!);
// A placeholder, as read here: after its verse number, only the sentence that the commentator did not comment (or
// that there is no purport), and short; or "No commentary.". Anything else with words in it is real text.
const REFERENCE = /^[\s\u00a0]*(?:[।|]+[\s\u00a0]*)?[\d.\-–—\s]*(?:[।|]+)?[\s\u00a0]*/;
const placeholder = (t: string) => {
  const body = t.replace(REFERENCE, '').trim();
  return (body.length <= 200 && /did not comment|no purport/i.test(body)) || /^(?:--\s*)?No commentary\.?,?$/i.test(body);
};
const real = (t: unknown): t is string => typeof t === 'string' && t.replace(REFERENCE, '').trim() !== '' && !placeholder(t);
const realOn = (key: string, field: string) => verses.filter((r) => real((r[key] as Record<string, unknown> | undefined)?.[field])).length;
const textsOf = (key: string, field: string) => verses.map((r) => (r[key] as Record<string, unknown> | undefined)?.[field]).filter(real);

test('one entry per commentary key, in the records\' order: the 21 and prabhu', () => {
  assert.is(verses.length, 701);
  const first = raw.find((r) => r._id === 'BG1.1')!;
  assert.equal(authors.map((a) => a.key), Object.keys(first).filter((k) => typeof first[k] === 'object'));
  assert.is(authors.length, 22);
  assert.equal(byKey.get('tej')!.author, 'Swami Tejomayananda');
  assert.equal(Object.keys(byKey.get('tej')!.fields), ['ht']);
  assert.equal(Object.keys(byKey.get('sankar')!.fields), ['et', 'ht', 'sc'], 'the fields the content has, not the ones the schema expects');
});

test('verses: the verses whose text is real, counted in the source files', () => {
  // tej.ht, by hand: all 701 verses, the two he "did not comment" on upstream (BG12.3, BG12.18) supplied by the copy.
  assert.is(byKey.get('tej')!.fields.ht!.verses, realOn('tej', 'ht'));
  assert.is(realOn('tej', 'ht'), 701);
  assert.equal(byKey.get('tej')!.fields.ht!.supplements.map((s) => s.record), ['BG12.3', 'BG12.18']);
  assert.is(byKey.get('tej')!.fields.ht!.supplements[0].license, 'The Unlicense');
  assert.equal(byKey.get('siva')!.fields.et!.supplements, []);
  for (const a of authors) for (const [f, d] of Object.entries(a.fields)) assert.is(d!.verses, realOn(a.key, f), `${a.key}.${f}`);
});

test('lang follows the field; kind is what the texts are', () => {
  const lang = { et: 'en', ec: 'en', ht: 'hi', hc: 'hi', sc: 'sa' } as Record<string, string>;
  for (const a of authors) for (const [f, d] of Object.entries(a.fields)) assert.is(d!.lang, lang[f], `${a.key}.${f}`);
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[xs.length >> 1];
  for (const a of authors) {
    for (const [f, d] of Object.entries(a.fields)) {
      const m = median(textsOf(a.key, f).map((t) => t.length));
      // A translation is a few lines; every text called one is short in the middle.
      if (d!.kind === 'translation') assert.ok(m < 200, `${a.key}.${f}: a translation of median ${m} characters`);
    }
  }
  const kinds = Object.fromEntries(authors.flatMap((a) => Object.entries(a.fields).map(([f, d]) => [`${a.key}.${f}`, d!.kind])));
  assert.equal(
    Object.keys(kinds).filter((k) => kinds[k] === 'translation'),
    ['tej.ht', 'siva.et', 'purohit.et', 'san.et', 'adi.et', 'gambir.et', 'rams.ht', 'prabhu.et'],
  );
  assert.is(kinds['siva.ec'], 'word-by-word and commentary');
  const lists = textsOf('siva', 'ec').filter((t) => wordListSpan(t)).length;
  assert.ok(lists > 650, `siva.ec opens with the verse word by word on ${lists} verses`);
  for (const k of ['chinmay.hc', 'rams.hc', 'madhav.sc', 'raman.et', 'abhinav.et', 'sankar.et', 'sankar.ht', 'prabhu.ec']) assert.is(kinds[k], 'commentary', k);
});

test('repairs by rule, from the import\'s list of changes; errata on the fields of the keys they took; the source', () => {
  const audit = JSON.parse(readFileSync(join(contentDir, 'audit.json'), 'utf8')) as { repairs: { changes: Array<{ key: string; field: string; rule: string }> } };
  for (const a of authors) {
    const mine = audit.repairs.changes.filter((c) => c.key === a.key);
    assert.equal(a.repairs, Object.fromEntries(REPAIR_RULES.map((r) => [r.id, mine.filter((c) => c.rule === r.id).length])), a.key);
    for (const [f, d] of Object.entries(a.fields)) assert.is(Object.values(d!.repairs).reduce((x, y) => x + y, 0), mine.filter((c) => c.field === f).length, `${a.key}.${f}`);
  }
  assert.ok(byKey.get('siva')!.repairs['question-mark'] > 1000, 'siva.ec lost its commas to "?"');
  assert.equal(byKey.get('tej')!.fields.ht!.errata, [{ id: 'BG18.45-commentaries', record: 'BG18.45' }]);
  assert.equal(byKey.get('prabhu')!.fields.et!.errata, [], 'the erratum left prabhu as it was');
  assert.equal(byKey.get('tej')!.source, { repository: 'vedicscriptures/bhagavad-gita', commit: '43dfc8db815d01e15a347ea294b089334cf2aa17', url: 'https://github.com/vedicscriptures/bhagavad-gita/tree/43dfc8db815d01e15a347ea294b089334cf2aa17', license: 'GPL-3.0' });
});

test('a file per key, equal to its entry; the 400 of authors= names the route', () => {
  for (const a of authors) assert.equal(JSON.parse(readFileSync(join(distDir, filled(ROUTE.author.file!, { key: a.key })), 'utf8')), a, a.key);
  const refused = projectionValue(new URLSearchParams('authors=nobody'), { commentaries: authors.map((a) => ({ key: a.key, fields: {} })), fields: [] });
  assert.match((refused as { error: string }).error, new RegExp(`each described at ${ROUTE_PATHS.authors}\\)$`));
});

test.run();
