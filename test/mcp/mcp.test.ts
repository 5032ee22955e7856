// The MCP server through both transports, with the SDK's own client: stdio
// (`gita mcp --dist`, a real process) and Streamable HTTP (the web handler on
// loopback). Every expectation is read from the built dist/ itself.
import { MCP_RESOURCES, MCP_TOOLS } from '../../src/contract/mcp.ts';
import { test, suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { MAX_VERSES_PER_CALL } from '../../src/content/citations.ts';
import { dailyIndex } from '../../src/content/daily.ts';
import { projectRecord } from '../../src/content/projection.ts';
import { NOT_FOUND } from '../../src/contract/errors.ts';
import { FILES } from '../../src/layout.ts';
import { filled } from '../../src/contract/route-file.ts';
import { ROUTE } from '../../src/contract/routes/index.ts';
import { distLibrary } from '../../src/mcp/library.ts';
import { answersOf } from '../../src/http/local-answers.ts';
import { MCP_MAX_BODY, mcpHandler } from '../../src/mcp/http.ts';
import { PROJECT_ROOT } from '../../src/paths.ts';
import type { Manifest } from '../../src/contract/manifest.ts';
import { ownProcess } from '../helpers/cleanup.ts';
import { testDist } from '../helpers/dist.ts';
import { httpClient, loopback, stdioClient, textOf } from './helpers.ts';

const { distDir } = await testDist();
const read = (path: string) => JSON.parse(readFileSync(join(distDir, path), 'utf8'));
const manifest = read(FILES.manifest) as Manifest;
const counts = manifest.content.versesPerChapter;
const isCommentary = (k: string) => manifest.content.commentaries.some((c) => c.key === k);

const WORDS_2_47 = read(filled(ROUTE['verse-words'].file!, { ch: 2, sl: 47 })) as Array<{ word: string; transliteration: string; meaning: string }>;

type Structured = Record<string, any>;
const call = async (client: Client, name: string, args: Record<string, unknown>) => {
  const r = await client.callTool({ name, arguments: args });
  return { text: textOf(r as { content?: unknown }), isError: !!r.isError, data: (r.structuredContent ?? {}) as Structured };
};

/** The same checks over each transport. */
function transportSuite(name: string, open: () => Promise<{ client: Client; close: () => Promise<void> }>) {
  const s = suite<{ client: Client; close: () => Promise<void> }>(name);
  s.before(async (ctx) => {
    Object.assign(ctx, await open());
  });
  s.after(async (ctx) => ctx.close());

  s('lists the twelve tools, each described with an input schema, and the two resource templates', async ({ client }) => {
    const { tools } = await client.listTools();
    assert.equal(tools.map((t) => t.name).sort(), ['find_refs', 'get_authors', 'get_chapter', 'get_lemma', 'get_links', 'get_meter', 'get_root', 'get_verses', 'get_versions', 'get_words', 'random_verse', 'search', 'verse_of_the_day']);
    // The contract's list (which the route table, OpenAPI and the docs show) is what the server registers, in its order.
    assert.equal(tools.map((t) => t.name), [...MCP_TOOLS]);
    for (const t of tools) {
      assert.ok((t.description ?? '').length > 60, `${t.name} has a description a model can act on`);
      assert.is(t.inputSchema.type, 'object');
    }
    const verses = tools.find((t) => t.name === 'get_verses')!;
    assert.equal(verses.inputSchema.required, ['ref']);
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.equal(resourceTemplates.map((r) => r.uriTemplate).sort(), ['gita://chapter/{ch}', 'gita://verse/{ch}/{sl}']);
    assert.equal(resourceTemplates.map((r) => r.uriTemplate), [...MCP_RESOURCES]);
    assert.is((await client.listResources()).resources.length, counts.length);
  });

  s('get_verses: a range as people write it, the records whole and in order, readable text beside them', async ({ client }) => {
    const r = await call(client, 'get_verses', { ref: 'BG 2:47-50, 18.66' });
    assert.not.ok(r.isError, r.text);
    assert.equal(r.data.refs, ['BG2.47-50', 'BG18.66']);
    assert.equal(r.data.verses, [...[47, 48, 49, 50].map((sl) => read(FILES.verse(2, sl))), read(FILES.verse(18, 66))]);
    const first = read(FILES.verse(2, 47));
    // The readable text shows the verse with the script's own marks and the translation without its "2.47 "; the records stay upstream's.
    const slok = 'कर्मण्येवाधिकारस्ते मा फलेषु कदाचन ।\nमा कर्मफलहेतुर्भूर्मा ते सङ्गोऽस्त्वकर्मणि ॥२-४७॥';
    const translit = "karmaṇyevādhikāraste mā phaleṣu kadācana |\nmā karmaphalaheturbhūrmā te saṅgo'stvakarmaṇi ||2-47||";
    for (const piece of ['Bhagavad Gita 2.47', slok, translit, `\n${first.siva.et.trim().replace(/^2\.47 /, '')}`, first.siva.author, 'Bhagavad Gita 18.66']) assert.ok(r.text.includes(piece), piece);
    assert.ok(first.slok.endsWith('||२-४७||') && first.transliteration.includes('saṅgo.astvakarmaṇi'), 'the record keeps upstream\'s marks');
    assert.not.match(r.text, /\n2\.4\d /);
  });

  s('get_verses: a placeholder is never the translation shown', async ({ client }) => {
    // BG12.18: every Hindi translation upstream has is "... did not comment on this sloka"; venkat.sc of 2.47 is one too.
    for (const args of [{ ref: '12.18', lang: 'hi' }, { ref: '12.18' }, { ref: '2.47', lang: 'sa', authors: ['venkat'] }]) {
      const r = await call(client, 'get_verses', args);
      assert.not.ok(r.isError, r.text);
      assert.not.match(r.text, /did not comment/i, JSON.stringify(args));
    }
  });

  s('get_verses: lang and authors project the records as the API does', async ({ client }) => {
    const r = await call(client, 'get_verses', { ref: '२.४७', lang: 'en', authors: ['purohit'] });
    assert.not.ok(r.isError, r.text);
    assert.equal(r.data.verses, [projectRecord(read(FILES.verse(2, 47)), { lang: 'en', authors: ['purohit'] }, isCommentary)]);
    assert.ok(r.text.includes(read(FILES.verse(2, 47)).purohit.et.trim().replace(/^2\.47 /, '')), 'the translation shown is the author asked for');
    const en = await call(client, 'get_verses', { ref: '3.1', lang: 'en' });
    assert.equal(en.data.verses, [read(FILES.verse(3, 1, 'en'))], 'lang=en is the static en.json form');
  });

  s('get_verses: problems are tool errors that say what to send instead', async ({ client }) => {
    const unreadable = await call(client, 'get_verses', { ref: '2.47, John 3:16' });
    assert.ok(unreadable.isError);
    assert.ok(unreadable.text.includes('"John 3:16"'), unreadable.text);
    const missing = await call(client, 'get_verses', { ref: '2.99' });
    assert.ok(missing.isError);
    assert.ok(missing.text.startsWith(NOT_FOUND.verse), missing.text);
    assert.ok(missing.text.includes(`1 to ${counts[1]}`), missing.text);
    const many = await call(client, 'get_verses', { ref: '1, 2' });
    assert.ok(many.isError);
    assert.ok(many.text.includes(String(MAX_VERSES_PER_CALL)), many.text);
    const lang = await call(client, 'get_verses', { ref: '2.47', lang: 'fr' });
    assert.ok(lang.isError, 'a language the schema does not list');
    const author = await call(client, 'get_verses', { ref: '2.47', authors: ['nobody'] });
    assert.ok(author.isError);
    assert.ok(author.text.includes('"nobody" is not a commentary here'), author.text);
    for (const args of [{}, { ref: 47 }, { ref: ['2.47'] }, { ref: 'x'.repeat(5000) }, { ref: '2.47', authors: 'siva' }]) {
      const bad = await call(client, 'get_verses', args);
      assert.ok(bad.isError, JSON.stringify(args).slice(0, 60));
    }
    const unknown = await client.callTool({ name: 'no_such_tool', arguments: {} });
    assert.ok(unknown.isError);
  });

  s('get_authors: every commentary described, or one by key; an unknown key is a tool error naming the keys', async ({ client }) => {
    const all = await call(client, 'get_authors', {});
    assert.not.ok(all.isError);
    assert.equal(all.data.authors, read(ROUTE.authors.file!));
    assert.match(all.text, /^tej: Swami Tejomayananda; ht \(hi translation, \d+ verses\)$/m);
    const one = await call(client, 'get_authors', { key: 'siva' });
    assert.equal(one.data.author, read(filled(ROUTE.author.file!, { key: 'siva' })));
    const bad = await call(client, 'get_authors', { key: 'nobody' });
    assert.ok(bad.isError);
    assert.match(bad.text, /^key: "nobody" is not a commentary here; expected one of tej, siva/);
  });

  s('get_chapter, verse_of_the_day, random_verse, get_words, search', async ({ client }) => {
    const ch = await call(client, 'get_chapter', { ch: 2 });
    assert.equal(ch.data.chapter, read(FILES.chapter(2)));
    assert.ok(ch.text.includes(read(FILES.chapter(2)).name));
    assert.ok((await call(client, 'get_chapter', { ch: counts.length + 1 })).isError);

    const picks = counts.flatMap((n, i) => Array.from({ length: n }, (_, k) => [i + 1, k + 1]));
    for (const date of ['2026-01-01', '2030-12-31']) {
      const [c, v] = picks[dailyIndex(date, picks.length)];
      const day = await call(client, 'verse_of_the_day', { date });
      assert.equal(day.data.verses, [read(FILES.verse(c, v))], date);
      assert.is(day.data.date, date);
    }
    const today = await call(client, 'verse_of_the_day', {});
    assert.is(today.data.date, new Date().toISOString().slice(0, 10));
    for (const date of ['2026-02-30', 'tomorrow', '2026-1-1']) assert.ok((await call(client, 'verse_of_the_day', { date })).isError, date);

    for (let i = 0; i < 5; i++) {
      const r = await call(client, 'random_verse', { speaker: 'arjuna', ch: 1, lang: 'en' });
      const [v] = r.data.verses;
      assert.is(v.speaker, 'अर्जुन');
      assert.is(v.chapter, 1);
      assert.ok(v.verse <= counts[0], 'never a colophon');
    }
    assert.ok((await call(client, 'random_verse', { speaker: 'nobody' })).isError);
    assert.ok((await call(client, 'random_verse', { speaker: 'dhritarashtra', ch: 2 })).isError, 'no verse of that speaker there');

    const words = await call(client, 'get_words', { ch: 2, sl: 47 });
    assert.ok(WORDS_2_47.length > 5, 'the build wrote the word list');
    assert.equal(words.data.words, WORDS_2_47);
    for (const w of WORDS_2_47) assert.ok(words.text.includes(`${w.word} (${w.transliteration}): ${w.meaning} [`), w.word);
    assert.equal((await call(client, 'get_words', { ch: 2, sl: counts[1] + 1 })).data.words, [], 'a colophon: an empty list');
    assert.ok((await call(client, 'get_words', { ch: 2, sl: 99 })).isError);

    const found = await call(client, 'search', { q: 'karmanye vadhikaraste', limit: 3 });
    assert.is(found.data.results[0]._id, 'BG2.47');
    assert.ok(found.text.includes('Bhagavad Gita 2.47'));
    const inChapter = await call(client, 'search', { q: 'yoga', ch: 6, lang: 'en', limit: 5 });
    assert.ok(inChapter.data.results.length > 0 && inChapter.data.results.every((x: { chapter: number }) => x.chapter === 6));
    for (const args of [{ q: '' }, { q: 'yoga', limit: 0 }, { q: 'yoga', limit: 51 }, { q: 'x'.repeat(501) }, { q: 'yoga', offset: -1 }]) assert.ok((await call(client, 'search', args)).isError, JSON.stringify(args).slice(0, 40));
    const paged = await call(client, 'search', { q: 'karma', limit: 5, offset: 5 });
    assert.equal([paged.data.limit, paged.data.offset], [5, 5]);
    assert.ok(paged.text.includes(`match "karma"; 6 to 10 of them (the next: offset 10)`), paged.text.slice(0, 120));
    const none = await call(client, 'search', { q: 'who am I' });
    assert.match(none.text, /^No verse matches "who am I": .*searched as one phrase/);
    // A version's language, and its text with its credit, once.
    const telugu = await call(client, 'search', { q: 'కర్మలను', lang: 'te', limit: 3 });
    assert.not.ok(telugu.isError, telugu.text);
    assert.ok(telugu.data.results.every((x: { matches: Array<{ version: string }> }) => x.matches[0].version === 'telugu-wikisource'));
    assert.is(telugu.text.match(/^Credit \(telugu-wikisource\): .*CC BY-SA 4\.0/gm)?.length, 1, telugu.text);
    assert.match((await call(client, 'search', { q: 'karma', lang: 'ta' })).text, /^lang: "ta" is not a language here; expected one of en, hi, sa, te$/);
  });

  s('get_links: the verse\'s links as the build wrote them, in lines a model can read; a verse that does not exist is a tool error', async ({ client }) => {
    const r = await call(client, 'get_links', { ch: 3, sl: 5 });
    assert.not.ok(r.isError, r.text);
    assert.equal(r.data, read(filled(ROUTE['verse-links'].file!, { ch: 3, sl: 5 })));
    assert.ok(r.text.startsWith('BG3.5: cites '), r.text.slice(0, 80));
    assert.ok(r.text.includes('cites BG18.15 (rams.hc: गीता 18। 15)'), 'each citation with who wrote it and how');
    assert.ok((await call(client, 'get_links', { ch: 2, sl: 99 })).isError);
    assert.ok((await call(client, 'get_links', { ch: 19, sl: 1 })).isError);
  });

  s('get_versions: the verse in the versions as the build wrote them, each credited; chosen and ordered; a version lacking it says so; unknown ids are a tool error', async ({ client }) => {
    const r = await call(client, 'get_versions', { ch: 1, sl: 13 });
    assert.not.ok(r.isError, r.text);
    assert.equal(r.data, read(filled(ROUTE['verse-versions'].file!, { ch: 1, sl: 13 })));
    const besant = r.data.versions[0];
    assert.ok(r.text.includes(`BG1.13, besant (en): ${besant.text}`), r.text.slice(0, 120));
    assert.ok(r.text.includes(`Credit: ${besant.credit}`), 'the credit goes with the text');
    assert.ok(r.text.includes('BG1.13, telugu-wikisource (te): this version lacks the verse.'));
    const chosen = await call(client, 'get_versions', { ch: 2, sl: 47, version: ['telugu-wikisource'] });
    assert.equal(chosen.data.versions.map((v: { id: string }) => v.id), ['telugu-wikisource']);
    assert.match(chosen.text, /^BG2\.47, telugu-wikisource \(te\): [\u0C00-\u0C7F]/);
    const unknown = await call(client, 'get_versions', { ch: 2, sl: 47, version: ['nope'] });
    assert.ok(unknown.isError);
    assert.match(unknown.text, /^version: "nope" is not a version here/);
    assert.ok((await call(client, 'get_versions', { ch: 2, sl: 99 })).isError);
  });

  s('get_meter: the verse scanned as the build wrote it, each pāda\'s syllables and weights in the text; a colophon is prose; a verse not there is a tool error', async ({ client }) => {
    const r = await call(client, 'get_meter', { ch: 11, sl: 20 });
    assert.not.ok(r.isError, r.text);
    assert.equal(r.data, read(filled(ROUTE['verse-meter'].file!, { ch: 11, sl: 20 })));
    assert.match(r.text, /^BG11\.20: triṣṭubh, it does not scan\./);
    const c = r.data.padas[2];
    assert.ok(r.text.includes(`c. ${c.text}: ${c.syllables.map((s: { iast: string }) => s.iast).join(' ')}: ${c.pattern}, irregular; breaks at 7 (${c.breaks[0].text} G, L wanted)`), r.text);
    const anushtubh = await call(client, 'get_meter', { ch: 2, sl: 47 });
    assert.match(anushtubh.text, /^BG2\.47: anuṣṭubh, it scans \(halves: pathyā, pathyā\)/);
    assert.ok(anushtubh.text.includes('b. मा फलेषु कदाचन: mā pha le ṣu ka dā ca na: GLGLLGLL, pathyā'), anushtubh.text);
    const colophon = await call(client, 'get_meter', { ch: 2, sl: 73 });
    assert.match(colophon.text, /^BG2\.73: prose\./);
    assert.ok((await call(client, 'get_meter', { ch: 2, sl: 99 })).isError);
  });

  s('find_refs: the references of a text, where they stand, as POST /refs finds them; its text bounded', async ({ client }) => {
    const text = 'As the Gita (2.47) says, and in chapter eighteen, verse sixty-six of the Gita; not Gita 19.1, nor Gita 1 2 3 4.';
    const r = await call(client, 'find_refs', { text });
    assert.not.ok(r.isError, r.text);
    const refs = r.data.refs as Array<{ start: number; end: number; text: string; ref: string; exists: boolean }>;
    assert.equal(refs.map((f) => `${f.ref} ${f.exists}`), ['BG2.47 true', 'BG18.66 true', 'BG19.1 false']);
    for (const f of refs) assert.is(text.slice(f.start, f.end), f.text);
    assert.match(r.text, /BG18\.66: "chapter eighteen, verse sixty-six of the Gita"/);
    const listed = (await client.listTools()).tools.find((t) => t.name === 'find_refs')!;
    assert.is((listed.inputSchema.properties as Record<string, { maxLength?: number }>).text.maxLength, 100_000, 'bounded as POST /refs is');
  });

  s('resources: chapters and verses by URI, colophons too; a missing one is a JSON-RPC error', async ({ client }) => {
    const chapter = await client.readResource({ uri: 'gita://chapter/3' });
    assert.equal(JSON.parse((chapter.contents[0] as { text: string }).text), read(FILES.chapter(3)));
    const colophon = await client.readResource({ uri: `gita://verse/2/${counts[1] + 1}` });
    assert.equal(JSON.parse((colophon.contents[0] as { text: string }).text), read(FILES.verse(2, counts[1] + 1)));
    for (const uri of [`gita://verse/2/${counts[1] + 2}`, 'gita://chapter/19', 'gita://verse/x/1', 'gita://nothing']) {
      try {
        await client.readResource({ uri });
        assert.unreachable(uri);
      } catch (err) {
        assert.instance(err, Error);
        assert.ok([-32002, -32602].includes((err as { code: number }).code), `${uri}: ${(err as Error).message}`);
        // Worded once: the official client puts "MCP error -32002: " before what the server says, so the server says it without.
        assert.is((err as Error).message.match(/MCP error -?\d+:/g)?.length, 1, `${uri}: ${(err as Error).message}`);
      }
    }
  });

  s.run();
}

transportSuite('stdio', async () => {
  const { client } = await stdioClient(distDir);
  return { client, close: () => client.close() };
});

// Its tools' routes answered as `gita mcp` answers them: by the server's handlers, in-process.
const library = await distLibrary(distDir, answersOf(distDir));
const web = await loopback(mcpHandler(library));
transportSuite('streamable HTTP', async () => {
  const client = await httpClient(web.url);
  return { client, close: () => client.close() };
});

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(web.url, { method: 'POST', body, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } });
const rpc = (method: string, params: unknown = {}, id: unknown = 1) => JSON.stringify({ jsonrpc: '2.0', id, method, params });

test('HTTP: stateless, so each request stands alone (no session, no initialize needed)', async () => {
  const r = await post(rpc('tools/call', { name: 'get_verses', arguments: { ref: '2.47', lang: 'en' } }));
  assert.is(r.status, 200);
  assert.is(r.headers.get('mcp-session-id'), null);
  const body = await r.json();
  assert.equal(body.result.structuredContent.verses, [read(FILES.verse(2, 47, 'en'))]);
  // Many at once, from many clients: none waits for another's session.
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(rpc('tools/call', { name: 'get_verses', arguments: { ref: `3.${i + 1}`, lang: 'en' } }, i)).then((x) => x.json())));
  answers.forEach((a, i) => assert.is(a.result.structuredContent.verses[0].verse, i + 1));
});

test('HTTP: bad requests are 4xx or JSON-RPC errors, never a 500', async () => {
  const big = await post(rpc('tools/call', { name: 'get_verses', arguments: { ref: '2.47'.padEnd(MCP_MAX_BODY + 1, ' ') } }));
  assert.is(big.status, 413);
  for (const broken of ['{', 'not json', '{"jsonrpc":"2.0","id":1,"method":', '\u0000', '']) {
    const r = await post(broken);
    assert.is(r.status, 400, JSON.stringify(broken));
    assert.is((await r.json()).error.code, -32700);
  }
  const unknownMethod = await post(rpc('gita/nothing'));
  assert.is(unknownMethod.status, 200);
  assert.is((await unknownMethod.json()).error.code, -32601);
  assert.is((await fetch(web.url)).status, 405, 'GET: no event stream on a stateless server');
  assert.is((await fetch(web.url, { method: 'DELETE' })).status, 405);
  const hostile = [
    '[]',
    '{}',
    'null',
    '42',
    JSON.stringify({ jsonrpc: '2.0', id: 1 }),
    JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'tools/list' }),
    rpc('tools/call', null),
    rpc('tools/call', { name: 'get_verses', arguments: null }),
    rpc('tools/call', { name: 'get_verses', arguments: { ref: { toString: 1 } } }),
    rpc('tools/call', { name: { a: 1 } }),
    rpc('tools/call', { name: 'get_lemma', arguments: { lemma: '../../package' } }),
    rpc('tools/call', { name: 'get_lemma', arguments: { lemma: 'a'.repeat(5000) } }),
    rpc('tools/call', { name: 'get_root', arguments: { root: '../../package' } }),
    rpc('tools/call', { name: 'get_root', arguments: { root: 'a'.repeat(5000) } }),
    rpc('tools/call', { name: 'get_root', arguments: { root: '__proto__' } }),
    rpc('tools/call', { name: 'get_lemma', arguments: { lemma: '__proto__', limit: 1e308 } }),
    rpc('tools/call', { name: 'get_links', arguments: { ch: 2, sl: 1e308 } }),
    rpc('tools/call', { name: 'get_links', arguments: { ch: '2', sl: '47' } }),
    rpc('tools/call', { name: 'get_versions', arguments: { ch: 2, sl: 47, version: ['__proto__', ...Array.from({ length: 500 }, () => 'besant')] } }),
    rpc('tools/call', { name: 'get_versions', arguments: { ch: 2, sl: 47, version: 'besant' } }),
    rpc('tools/call', { name: 'get_meter', arguments: { ch: 2, sl: 1e308 } }),
    rpc('tools/call', { name: 'get_meter', arguments: { ch: '__proto__', sl: -1 } }),
    rpc('resources/read', { uri: 'gita://verse/99999999999999999999/1' }),
    rpc('resources/read', { uri: 12 }),
    rpc('tools/list', {}, { id: 'object ids are not JSON-RPC' }),
    JSON.stringify(Array.from({ length: 200 }, (_, i) => JSON.parse(rpc('tools/list', {}, i)))),
    '{"__proto__":{"polluted":1},"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  ];
  for (const body of hostile) {
    const r = await post(body);
    assert.ok(r.status < 500, `${body.slice(0, 60)}: ${r.status}`);
    await r.arrayBuffer();
  }
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  // Answers are JSON whatever the Accept: a client that lists only application/json (or nothing) is answered too.
  const noAccept = await fetch(web.url, { method: 'POST', body: rpc('tools/list'), headers: { 'content-type': 'application/json' } });
  assert.is(noAccept.status, 200);
  assert.ok((await noAccept.json()).result.tools.length === MCP_TOOLS.length);
  const wrongType = await post(rpc('tools/list'), { 'content-type': 'text/plain' });
  assert.is(wrongType.status, 415);
});

test('stdio: stdout carries JSON-RPC only, and the log line goes to stderr', async () => {
  const proc = ownProcess(spawn(process.execPath, [join(PROJECT_ROOT, 'bin', 'gita.mjs'), 'mcp', '--dist', distDir], { stdio: ['pipe', 'pipe', 'pipe'] }));
  let out = '';
  let err = '';
  // Decoded as a stream: a chunk may end inside a character.
  proc.stdout.setEncoding('utf8').on('data', (d) => (out += d));
  proc.stderr.setEncoding('utf8').on('data', (d) => (err += d));
  const lines = [
    rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }, 1),
    JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    'this is not json',
    rpc('tools/call', { name: 'get_verses', arguments: { ref: 'BG 2.47' } }, 2),
    rpc('tools/call', { name: 'get_verses', arguments: { ref: 'nonsense' } }, 3),
  ];
  proc.stdin.write(lines.join('\n') + '\n');
  const deadline = Date.now() + 20_000;
  // Requests are answered as they finish, not in order: wait for both.
  while (!(/"id":2\b/.test(out) && /"id":3\b/.test(out)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  proc.stdin.end();
  const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
  assert.is(code, 0, err);
  const messages = out.trim().split('\n').map((l) => JSON.parse(l));
  for (const m of messages) assert.is(m.jsonrpc, '2.0');
  assert.equal(messages.find((m) => m.id === 2).result.structuredContent.verses, [read(FILES.verse(2, 47))]);
  assert.ok(messages.find((m) => m.id === 3).result.isError);
  assert.match(err, /serving .* on stdio/);
});

test('stdio: no built API there is one line on stderr and a failing exit, nothing on stdout', async () => {
  const proc = ownProcess(spawn(process.execPath, [join(PROJECT_ROOT, 'bin', 'gita.mjs'), 'mcp', '--dist', join(distDir, 'no-such-dir')], { stdio: ['pipe', 'pipe', 'pipe'] }));
  let out = '';
  let err = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
  assert.is.not(code, 0);
  assert.is(out, '');
  assert.match(err, /no built API/);
});

test.after(() => web.close());
test.run();
