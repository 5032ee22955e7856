// Search on the real data, from the index the build wrote: the top-3 hit rate
// of real queries (English, Hindi, Sanskrit as people type it), the result
// contract, the filters, and the parameters' errors.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../../src/contract/manifest.ts';
import { FILES } from '../../src/layout.ts';
import { hiFold, looseLatin, looseQuery } from '../../src/search/normalize.ts';
import { matchLoose } from '../../src/search/match.ts';
import { LIMIT_MAX, parseSearch } from '../../src/contract/search-parameters.ts';
import { loadSearcher, MAX_QUERY_CHARS, search, type SearchParams, type Searcher } from '../../src/search/query.ts';
import { hook } from '../helpers/fs.ts';
import { testDist } from '../helpers/dist.ts';

interface QueryCase {
  q: string;
  kind: string;
  expect: string[];
  params?: Omit<SearchParams, 'q'>;
  /** How the query is typed: NFD (decomposed), raw (as written here), else NFC. */
  form?: 'NFD' | 'raw';
  set?: string;
}

const CASES = (JSON.parse(readFileSync(new URL('./queries.json', import.meta.url), 'utf8')) as QueryCase[]).map((c) => ({
  ...c,
  q: c.form === 'NFD' ? c.q.normalize('NFD') : c.form === 'raw' ? c.q : c.q.normalize('NFC'),
}));

let s: Searcher;
let manifest: Manifest;
test.before(hook(async () => {
  const { distDir } = await testDist();
  manifest = JSON.parse(readFileSync(join(distDir, FILES.manifest), 'utf8'));
  s = await loadSearcher(readFileSync(join(distDir, FILES.searchIndex), 'utf8'), undefined, { cacheSize: 0 });
}));

test(`top-3 hit rate of ${CASES.length} real queries is 100 %`, () => {
  const byKind = new Map<string, [number, number]>();
  const misses: string[] = [];
  for (const c of CASES) {
    const top = search(s, { q: c.q, ...c.params }).results.slice(0, 3).map((r) => r._id);
    const hit = top.some((id) => c.expect.includes(id));
    const k = byKind.get(c.kind) ?? [0, 0];
    byKind.set(c.kind, [k[0] + (hit ? 1 : 0), k[1] + 1]);
    if (!hit) misses.push(`${c.q} → ${top.join(', ') || 'nothing'} (expected ${c.expect.join(' or ')})`);
  }
  const hits = CASES.length - misses.length;
  console.log(`\n    search: top-3 hit rate ${hits}/${CASES.length} (${((100 * hits) / CASES.length).toFixed(1)} %); ${[...byKind].map(([k, [h, n]]) => `${k} ${h}/${n}`).join(', ')}${misses.length ? `\n    missed: ${misses.join('; ')}` : ''}`);
  assert.ok(CASES.length >= 93);
  assert.is(hits, CASES.length, misses.join('\n'));
});

test('the kinds people type are all in the set', () => {
  const kinds = new Set(CASES.map((c) => c.kind));
  for (const k of ['en-phrase', 'en-typo', 'iast', 'ascii', 'devanagari', 'hindi']) assert.ok([...kinds].some((x) => x.startsWith(k)), `${k} in ${[...kinds].join(', ')}`);
  for (const q of ['karmanye vadhikaraste ma phaleshu', 'dharmakshetre kurukshetre']) assert.ok(CASES.some((c) => c.q === q), q);
});

test('results: fields, snippets of at most 200 characters, ranges inside them', () => {
  for (const q of ['lotus leaf', 'yada yada hi dharmasya', 'यदा यदा हि धर्मस्य', 'कर्म करने मात्र में तुम्हारा अधिकार है', 'krishna']) {
    const r = search(s, { q, limit: LIMIT_MAX });
    assert.ok(r.total >= r.results.length && r.results.length > 0, q);
    for (const v of r.results) {
      assert.is(v._id, `BG${v.chapter}.${v.verse}`);
      assert.ok(v.verse <= manifest.content.versesPerChapter[v.chapter - 1], 'never a colophon');
      assert.ok(typeof v.speaker === 'string' && typeof v.score === 'number');
      assert.ok(v.matches.length > 0 && v.matches.length <= 3);
      for (const m of v.matches) {
        assert.ok(m.snippet.length <= 200, `${v._id} ${m.field}: ${m.snippet.length}`);
        assert.ok(m.ranges.length > 0);
        for (const [a, b] of m.ranges) assert.ok(0 <= a && a < b && b <= m.snippet.length, `${m.field} [${a},${b}]`);
        if (m.field.endsWith('.et') || m.field.endsWith('.ht')) assert.ok(m.author, m.field);
      }
    }
  }
});

test('highlights are the matched words of the original text', () => {
  const m = search(s, { q: 'thy right is to work only' }).results[0].matches.find((x) => x.field === 'siva.et')!;
  assert.equal(m.ranges.map(([a, b]) => m.snippet.slice(a, b)), ['Thy right is to work only']);
  const d = search(s, { q: 'karmanye vadhikaraste ma phaleshu' }).results[0].matches[0];
  assert.is(d.field, 'transliteration');
  assert.equal(d.ranges.map(([a, b]) => d.snippet.slice(a, b)), ['karmaṇyevādhikāraste mā phaleṣu']);
  assert.is(search(s, { q: 'dharmakshetre kurukshetre' }).results[0]._id, 'BG1.1');
});

test('Sanskrit: every place of a query word is marked; a word of the verse outranks a piece of a compound', () => {
  // BG3.8: "niyataṃ kuru karma tvaṃ karma jyāyo hyakarmaṇaḥ ... prasiddhyedakarmaṇaḥ".
  const r = search(s, { q: 'karma', limit: 50 });
  const v38 = r.results.find((x) => x._id === 'BG3.8')!;
  const t = v38.matches.find((m) => m.field === 'transliteration')!;
  const marked = t.ranges.map(([a, b]) => [a, t.snippet.slice(a, b)] as const);
  const standalone = [...t.snippet.matchAll(/(?<![\p{L}\p{M}])karma(?![\p{L}\p{M}])/gu)].map((m) => m.index);
  assert.is(standalone.length, 2, 'BG3.8 has "karma" twice as a word');
  for (const at of standalone) assert.ok(marked.some(([a, w]) => a === at && w === 'karma'), `the word at ${at} is marked: ${JSON.stringify(marked)}`);
  assert.ok(marked.length >= 4, 'the pieces inside its compounds are marked too');
  // Whole words first: among the verses found by their Sanskrit alone, every one that holds "karma" as a word
  // (or an inflection of it) comes before every one that holds it only inside a compound.
  const loose = (id: string) => s.head.verses.find((v) => `BG${v.chapter}.${v.verse}` === id)!.texts[1].normalize('NFD').replace(/\p{M}/gu, '');
  const sanskritOnly = r.results.filter((x) => x.matches.every((m) => m.field === 'transliteration' || m.field === 'slok' || m.field === 'lemmas'));
  const kinds = sanskritOnly.map((x) => (/(?:^|[^a-z])karma/i.test(loose(x._id)) ? 'word' : 'inside'));
  assert.ok(kinds.includes('word'), kinds.join(' '));
  assert.ok(!kinds.includes('inside') || kinds.lastIndexOf('word') < kinds.indexOf('inside'), `${sanskritOnly.map((x, i) => `${x._id} ${kinds[i]}`).join(', ')}`);
  // The rule itself, on two texts that hold the query equally: as a word (or its inflection) it scores higher than inside a compound.
  const q = looseQuery('karma');
  const score = (text: string) => matchLoose(looseLatin(text), q, text, [q]).quality;
  assert.ok(score('niyataṃ kuru karma tvaṃ') > score('śarīrayātrāpi ca te na prasiddhyedakarmaṇaḥ'));
  assert.is(score('karmaṇyevādhikāraste'), score('kuru karma tvaṃ'), 'an inflection is the word');
  assert.ok(r.results.slice(0, 10).some((x) => x._id === 'BG2.47'), 'BG2.47 (karmaṇy-, karma-phala) is among the first ten');
});

test('the words of a verse are searched; a match there outranks one deep in a long translation', () => {
  // BG2.47's words: "अकर्मणि in inaction".
  const r = search(s, { q: 'in inaction' });
  const v247 = r.results.find((x) => x._id === 'BG2.47');
  assert.ok(v247, r.results.map((x) => x._id).join(', '));
  const w = v247!.matches.find((m) => m.field === 'words');
  assert.ok(w && w.author === 'Swami Sivananda', 'the words field, with its author');
  assert.equal(w!.ranges.map(([a, b]) => w!.snippet.slice(a, b)), ['in inaction']);
  // A word that one verse has in its words and another only past the first 400 characters of a translation.
  const byId = new Map(s.head.verses.map((v, i) => [i, v]));
  let checked = 0;
  for (const q of ['equanimity', 'conquered', 'sacrifice', 'delusion', 'steady']) {
    const res = search(s, { q, lang: 'en', limit: 50 }).results;
    const pos = (id: string) => res.findIndex((x) => x._id === id);
    for (const a of res) {
      const wordsHit = a.matches.some((m) => m.field === 'words');
      if (!wordsHit) continue;
      for (const b of res) {
        const v = [...byId.values()].find((x) => `BG${x.chapter}.${x.verse}` === b._id)!;
        const onlyDeep = b.matches.every((m) => m.field !== 'words' && m.field.endsWith('.et')) && v.texts.every((t, i) => i < 3 || !t || !new RegExp(`\\b${q}`, 'i').test(t.slice(0, 400)));
        if (!onlyDeep || b.matches.length !== 1 || a.matches.length !== 1) continue;
        checked++;
        assert.ok(pos(a._id) < pos(b._id), `${q}: ${a._id} (in its words) before ${b._id} (deep in ${b.matches[0].field})`);
      }
    }
  }
  assert.ok(checked > 0, 'some pair was compared');
});

test('the repaired texts are searched: conquered and equanimity find verses upstream spelt "conered", "eanimity"', () => {
  for (const [q, id] of [['conquered', 'BG6.6'], ['equanimity', 'BG10.5']] as const) {
    assert.ok(search(s, { q, lang: 'en' }).results.slice(0, 3).some((r) => r._id === id), `${q} → ${id}`);
  }
  assert.is(search(s, { q: 'conered', lang: 'en' }).results.filter((r) => r.matches.some((m) => /conered/.test(m.snippet))).length, 0, 'no damaged form is left to find');
});

test('Hindi across a repaired comma: a phrase that spans one finds the verse, and its snippet shows the comma', () => {
  // BG2.47 tej.ht: "अधिकार है? फल में" upstream, "अधिकार है, फल में" now.
  const found = search(s, { q: 'अधिकार है फल में', lang: 'hi' });
  const hit = found.results.find((r) => r._id === 'BG2.47');
  assert.ok(hit && found.results.indexOf(hit) < 3, `BG2.47 in the top 3: ${found.results.map((r) => r._id).join(', ')}`);
  const snippet = hit!.matches.map((m) => m.snippet).join(' ');
  assert.not.match(snippet, /है\? फल/, 'no lost comma in what a reader is shown');
});

test('stems and typos: fruits finds fruit; one wrong letter in a word of five or more', () => {
  assert.ok(search(s, { q: 'fruits of action' }).total > 0);
  assert.is(search(s, { q: 'whenever there is a decline of rightousness' }).results[0]._id, 'BG4.7');
  const fruit = search(s, { q: 'fruit', limit: 50 }).results.map((r) => r._id);
  const fruits = search(s, { q: 'fruits', limit: 50 }).results.map((r) => r._id);
  assert.equal(fruits, fruit, 'the same stem');
});

test('filters: lang, ch, speaker, limit', () => {
  assert.ok(search(s, { q: 'dharma', ch: 4 }).results.every((r) => r.chapter === 4));
  assert.ok(search(s, { q: 'mind', speaker: 'arjuna' }).results.every((r) => r.speaker === 'अर्जुन'));
  assert.ok(search(s, { q: 'mind', speaker: 'अर्जुन' }).results.every((r) => r.speaker === 'अर्जुन'));
  assert.is(search(s, { q: 'lotus leaf', lang: 'hi' }).total, 0);
  // Sanskrit: the transliteration, and the verse's lemmas (the DCS's analysis).
  assert.ok(search(s, { q: 'dharma', lang: 'sa' }).results.every((r) => r.matches.every((m) => m.field === 'transliteration' || m.field === 'lemmas')));
  assert.is(search(s, { q: 'krishna' }).results.length, 10);
});

test('colophons are not searched; BG18.45 is searched as corrected', () => {
  assert.not.ok(search(s, { q: 'iti srimadbhagavadgitasu' }).results.some((r) => r.verse > manifest.content.versesPerChapter[r.chapter - 1]));
  assert.equal(search(s, { q: 'lotus leaf', limit: 50 }).results.filter((r) => r._id === 'BG18.45'), [], "5.10's words are not 18.45's");
  assert.is(search(s, { q: 'devoted to his own duty attains perfection' }).results[0]._id, 'BG18.45');
});

test('placeholders are neither indexed nor matched; the displayed transliteration finds its verse', () => {
  for (const q of ['did not comment on this sloka', 'Tejomayananda did not comment', 'no purport for this verse']) {
    // The words alone match real texts ("not", "purport"); no match is a placeholder's.
    const snippets = search(s, { q, limit: 50 }).results.flatMap((r) => r.matches.map((m) => `${r._id} ${m.field}: ${m.snippet}`));
    assert.equal(snippets.filter((m) => /did not comment|no purport for this verse/i.test(m)), [], q);
  }
  // What a reading page shows ("saṅgo'stvakarmaṇi", with IAST's avagraha) finds the verse as upstream's "saṅgo.astvakarmaṇi" does.
  assert.is(search(s, { q: "saṅgo'stvakarmaṇi" }).results[0]._id, 'BG2.47');
  assert.is(search(s, { q: 'saṅgo.astvakarmaṇi' }).results[0]._id, 'BG2.47');
});

test('one Sanskrit loose form for IAST, ASCII and Devanagari, NFC or NFD', () => {
  const forms = ['karmaṇyevādhikāraste', 'karmanyevadhikaraste', 'karmanye vadhikaraste', 'कर्मण्येवाधिकारस्ते', 'कर्मण्येवाधिकारस्ते'.normalize('NFD')];
  assert.is(new Set(forms.map(looseQuery)).size, 1);
  assert.is(looseQuery('dharmakshetre kurukshetre'), looseQuery('dharmakṣetre kurukṣetre'));
  assert.is(looseQuery('sarva dharmaan parityajya maam'), looseQuery('sarvadharmānparityajya mām'));
  assert.is(hiFold('हज़ार'), hiFold('हज़ार'.normalize('NFD')));
});

test('parameters: q required and at most 200 characters; lang, ch, speaker, limit checked, naming the parameter', () => {
  const facts = manifest.content;
  const parse = (q: string) => parseSearch(new URLSearchParams(q), facts);
  assert.equal(parse('q=lotus&lang=en&ch=5&speaker=Krishna&limit=3'), { params: { q: 'lotus', lang: 'en', ch: 5, speaker: 'krishna', limit: 3 } });
  assert.equal(parse(`q=x&speaker=${encodeURIComponent('अर्जुन'.normalize('NFD'))}`), { params: { q: 'x', speaker: 'arjuna' } });
  const bad: Array<[string, RegExp]> = [
    ['', /^q: missing/],
    ['q=', /^q: empty/],
    ['q=%20%20', /^q: empty/],
    [`q=${'a'.repeat(201)}`, /^q: 201 characters; at most 200$/],
    ['q=a&q=b', /^q: given 2 times/],
    ['q=a&lang=fr', /^lang: "fr" is not a language here; expected one of en, hi, sa, te$/],
    ['q=a&lang=TE', /^lang: "TE" is not a language here/],
    ['q=a&lang=te-IN', /^lang: /],
    ["q=a&ch=19", /^ch: "19" is not a chapter; expected a chapter, 1 to 18$/],
    ["q=a&offset=-1", /^offset: "-1" is not a number of results to skip; expected 0 \(the default\) to 10000/],
    ["q=a&offset=1e2", /^offset: /],
    ["q=a&offset=10001", /^offset: /],
    ["q=a&offset=0&offset=10", /^offset: given 2 times/],
    ['q=a&ch=02', /^ch: /],
    ['q=a&speaker=bhishma', /^speaker: "bhishma" is not a speaker here; expected one of krishna, arjuna, sanjaya, dhritarashtra/],
    ['q=a&limit=0', /^limit: "0" is not a number of results; expected 1 to 50/],
    ['q=a&limit=51', /^limit: /],
    ['q=a&limit=ten', /^limit: /],
  ];
  for (const [q, re] of bad) {
    const r = parse(q);
    assert.ok('error' in r, q);
    assert.match((r as { error: string }).error, re, q);
  }
  // Bounded work: what comes after the first MAX_QUERY_CHARS characters is never searched.
  assert.ok(search(s, { q: 'lotus leaf' }).total > 0);
  assert.is(search(s, { q: `${'x'.repeat(MAX_QUERY_CHARS)} lotus leaf` }).total, 0, 'the words past the limit are cut');
  assert.is(search(s, { q: 'x'.repeat(500) }).results.length, 0);
});

test('paging: offset and limit walk every match once, in one order; the answer says total, limit and offset', () => {
  const first = search(s, { q: 'karma' });
  assert.equal([first.limit, first.offset], [10, 0]);
  assert.ok(first.total > LIMIT_MAX, `karma matches ${first.total} verses`);
  // Pages of every size, read one after another, list the same verses in the same order as pages of another size.
  const walk = (limit: number) => {
    const ids: string[] = [];
    for (let offset = 0; offset < first.total; offset += limit) {
      const page = search(s, { q: 'karma', limit, offset });
      assert.equal([page.total, page.limit, page.offset], [first.total, limit, offset]);
      ids.push(...page.results.map((r) => r._id));
    }
    return ids;
  };
  const by10 = walk(10);
  assert.is(by10.length, first.total, 'every match, once');
  assert.is(new Set(by10).size, first.total, 'never a verse twice');
  assert.equal(walk(7), by10);
  assert.equal(walk(LIMIT_MAX), by10);
  assert.equal(first.results.map((r) => r._id), by10.slice(0, 10), 'the first page is what a search without offset answers');
  // Past the last match: an empty page that says why.
  const past = search(s, { q: 'karma', offset: first.total });
  assert.equal(past.results, []);
  assert.match(past.hint!, new RegExp(`^offset ${first.total} is past the last of the ${first.total} matching verses`));
  assert.not.ok(first.hint, 'no hint on a page with results');
});

test('a Latin query asked of the Hindi is searched through its Devanagari spelling', () => {
  const hi = search(s, { q: 'karma', lang: 'hi' });
  assert.ok(hi.total > 50, `${hi.total}`);
  assert.equal(hi.searched, { devanagari: 'कर्म' });
  assert.ok(hi.results.every((r) => r.matches.some((m) => m.field.endsWith('.ht') && m.ranges.length)), 'marked in the Hindi');
  assert.ok(hi.results[0].matches.some((m) => m.ranges.some(([a, b]) => m.snippet.slice(a, b).startsWith('कर्म'))));
  assert.is(search(s, { q: 'karma', lang: 'hi' }).total, search(s, { q: 'कर्म', lang: 'hi' }).total, 'the same as typing it in Devanagari');
  assert.ok(search(s, { q: 'dharma', lang: 'hi' }).total > 0);
  assert.ok(search(s, { q: 'bhakti', lang: 'hi' }).total > 0);
});

test('stop words alone are searched as a phrase; an empty answer says why', () => {
  const the = search(s, { q: 'the' });
  assert.ok(the.total > 100, `${the.total}`);
  assert.equal(the.searched, { phrase: 'the' });
  assert.ok(the.results[0].matches[0].ranges.length > 0);
  const phrase = search(s, { q: 'who is' });
  for (const r of phrase.results) {
    const m = r.matches[0];
    assert.match(m.snippet.slice(m.ranges[0][0], m.ranges[0][1]).toLowerCase(), /^who\W{1,3}is$/, r._id);
  }
  const none = search(s, { q: 'who am I' });
  assert.is(none.total, 0);
  assert.match(none.hint!, /only common words \(who, am, i\), which were searched as one phrase/);
  const narrowed = search(s, { q: 'lotus leaf', ch: 1 });
  assert.is(narrowed.total, 0);
  assert.match(narrowed.hint!, /of chapter 1; try without ch$/);
  assert.match(search(s, { q: 'qwxzv' }).hint!, /^no verse matches "qwxzv"/);
  assert.match(search(s, { q: 'xyzzyq', lang: 'hi' }).hint!, /the Hindi was searched as /);
});

test.run();
