// The index's postings held compactly answer as MiniSearch's own Maps do: term
// by term against the serialized index the build wrote, and search by search
// against the engine loaded by MiniSearch's own loader (same hits, same
// scores, same order), for the real queries and for a seeded draw of terms,
// exact and with one edit, in every field and with filters.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FILES } from '../../src/layout.ts';
import { MiniSearchEngine, type Group, type QueryTerm } from '../../src/search/engine.ts';
import { compactTerms, type SerializedTermData } from '../../src/search/postings.ts';
import { loadSearcher, search, type SearchParams } from '../../src/search/query.ts';
import { mulberry32 } from '../../scripts/mulberry32.mjs';
import { hook } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';

const SEED = 20261126;

let bundle: string;
let serialized: [string, SerializedTermData][];
let compact: MiniSearchEngine;
let plain: MiniSearchEngine;
test.before(hook(async () => {
  const { distDir } = await testDist();
  bundle = readFileSync(join(distDir, FILES.searchIndex), 'utf8');
  const parsed = JSON.parse(bundle) as { index: { index: [string, SerializedTermData][] } };
  serialized = parsed.index.index;
  compact = new MiniSearchEngine();
  plain = new MiniSearchEngine({ compactPostings: false });
  await compact.load(JSON.parse(bundle).index);
  await plain.load(JSON.parse(bundle).index);
}));

test('every term: fields, documents and frequencies as the serialized index has them, in its order', () => {
  const terms = compactTerms(serialized);
  assert.is(terms.length, serialized.length);
  assert.ok(terms.length > 10_000, `${terms.length} terms`);
  let postings = 0;
  for (let t = 0; t < terms.length; t++) {
    const [term, fields] = terms[t];
    const [sTerm, sData] = serialized[t];
    assert.is(term, sTerm);
    assert.equal([...fields.keys()], Object.keys(sData).map(Number), term);
    assert.is(fields.size, Object.keys(sData).length);
    assert.is(fields.get(99), undefined);
    for (const [field, docs] of Object.entries(sData)) {
      const p = fields.get(Number(field))!;
      assert.ok(fields.has(Number(field)));
      assert.equal([...p.entries()], Object.entries(docs).map(([d, f]) => [Number(d), f]), `${term} in field ${field}`);
      assert.equal([...p.keys()], Object.keys(docs).map(Number));
      assert.is(p.size, Object.keys(docs).length);
      for (const [d, f] of Object.entries(docs)) assert.is(p.get(Number(d)), f);
      assert.is(p.get(-1), undefined);
      assert.is(p.has(1_000_000), false);
      postings += p.size;
    }
  }
  assert.ok(postings > 100_000, `${postings} postings`);
});

test('a serialized index out of order, or with a frequency that is not a count, is refused by name', () => {
  assert.throws(() => compactTerms([['karma', { 0: { 5: 1, x: 2 } }]]), /term "karma", field 0: document id "x"/);
  assert.throws(() => compactTerms([['yoga', { 1: { 2: 1.5 } }]]), /term "yoga", field 1, document 2: frequency 1.5/);
});

test('the real queries: the same answers as with MiniSearch\'s own loader', async () => {
  const a = await loadSearcher(bundle, compact, { cacheSize: 0 });
  const b = await loadSearcher(bundle, plain, { cacheSize: 0 });
  const queries: SearchParams[] = (JSON.parse(readFileSync(new URL('./queries.json', import.meta.url), 'utf8')) as { q: string; params?: object }[]).map((c) => ({ q: c.q, ...c.params }));
  assert.ok(queries.length > 50);
  for (const q of [...queries, { q: 'karma yoga', ch: 3 }, { q: 'arjuna', sp: 'Krishna' }, { q: 'कर्म', lang: 'hi' } as const]) {
    const x = search(a, q);
    assert.ok(x.total >= 0);
    assert.equal(x, search(b, q), JSON.stringify(q));
  }
});

test(`a draw of terms (seed ${SEED}): exact, with one edit, in pairs, with filters, the same hits and scores`, () => {
  const next = mulberry32(SEED);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const groups: Group[] = ['en', 'hi', 'sa'];
  let hits = 0;
  for (let i = 0; i < 400; i++) {
    const word = pick(serialized)[0];
    // One letter changed, so that the fuzzy path walks the tree to neighbours.
    const edited = word.length >= 5 && next() < 0.5 ? word.slice(0, 2) + 'a' + word.slice(3) : word;
    const terms: QueryTerm[] = [{ term: edited, fuzzy: edited.length >= 5 }];
    if (next() < 0.3) terms.push({ term: pick(serialized)[0], fuzzy: false });
    const filter = next() < 0.2 ? { ch: 1 + Math.floor(next() * 18) } : {};
    for (const group of groups) {
      const x = compact.search(group, terms, filter, 1_000);
      assert.equal(x, plain.search(group, terms, filter, 1_000), `${group} ${JSON.stringify(terms)} ${JSON.stringify(filter)}`);
      hits += x.length;
    }
  }
  assert.ok(hits > 400, `${hits} hits in all`);
});

test.run();
