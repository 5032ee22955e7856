// The Gita as a Model Context Protocol server: tools an assistant calls to
// cite, look up and search verses, and resources it can read. Built on the
// official SDK over a Library, so the same server runs on stdio (`gita mcp`,
// from dist/) and over Streamable HTTP (POST /mcp).
//
// Every answer is text a model can quote (reference, Sanskrit,
// transliteration, a translation and its author) plus structuredContent with
// the records as the API serves them. A bad argument is a tool result with
// isError and a sentence saying what to send instead; the SDK answers an
// unknown tool or malformed arguments the same way, and an unknown method
// with a JSON-RPC error.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import * as z from 'zod';
import { MAX_REF_LENGTH, MAX_VERSES_PER_CALL, readCitation } from '../content/citations.ts';
import { isDate, utcDate } from '../content/day.ts';
import { LANGS, projectRecord, type Lang, type Projection } from '../content/projection.ts';
import { projectionValue } from '../contract/values.ts';
import type { VerseRecord } from '../content/schema.ts';
import { NOT_FOUND } from '../contract/errors.ts';
import { MCP_RESOURCES, MCP_TOOLS } from '../contract/mcp.ts';
import { speakerIndex } from '../contract/query.ts';
import { LIMIT_DEFAULT, LIMIT_MAX, MAX_QUERY_LENGTH, OFFSET_MAX, parseSearch } from '../contract/search-parameters.ts';
import { Budget } from './budget.ts';
import type { Library } from './library.ts';
import { authorsText, chapterText, lemmaText, searchText, verseText, linksText, wordsText } from './text.ts';
import { DCS_ATTRIBUTION } from '../content/dcs/attribution.ts';
import { MAX_LEMMA_LENGTH } from '../content/dcs/lemma.ts';
import type { LemmaEntry } from '../content/dcs/served.ts';

/** Occurrences get_lemma lists by default, and at most (the whole concordance is /lemma/{lemma}). */
const LEMMA_SHOWN = 100;
const LEMMA_SHOWN_MAX = 500;

/** The MCP error code for a resource that does not exist (the MCP specification's). */
const RESOURCE_NOT_FOUND = -32002;

export const SERVER_INFO = { name: 'gita', title: 'Bhagavad Gita', version: '1.0.0' };

const instructions = (facts: Library['facts']) => `The Bhagavad Gita: ${facts.chapters} chapters, ${facts.verses} verses (plus a closing colophon per chapter), each with the Sanskrit, a transliteration and its ${facts.commentaries.length} commentaries (translations and commentaries in English, Hindi and Sanskrit).
Cite with get_verses (references as people write them: "2.47", "BG 2.47-50", "18.65-66", "2.72-3.2", a chapter "12"); find verses by words or topic with search; get_chapter for a chapter's name and summary; get_words for a verse's word-by-word meanings with each word's lemma and grammar; get_lemma for every verse where a lemma occurs (karman, ātman, dharma). Pass lang ("en", "hi" or "sa") and authors to keep answers small.
The verse texts are GPL-3.0 (vedicscriptures/bhagavad-gita). ${DCS_ATTRIBUTION}: credit it when you use the lemmas and grammar.`;

const error = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/**
 * One Ajv for every server: the SDK makes one per server otherwise, and over
 * HTTP there is a server per request (it was a third of a call's time).
 */
let validator: AjvJsonSchemaValidator | undefined;

/** A library's tools and resources, made once (zod schemas are costly to build) and registered on each new server. */
const registrations = new WeakMap<Library, Array<(server: McpServer) => void>>();

/** A new MCP server over `library`: one per stdio session, one per HTTP request. */
export function createMcpServer(library: Library): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: instructions(library.facts), capabilities: { tools: {}, resources: {} }, jsonSchemaValidator: (validator ??= new AjvJsonSchemaValidator()) });
  let regs = registrations.get(library);
  if (!regs) registrations.set(library, (regs = define(library)));
  for (const register of regs) register(server);
  return server;
}

/** The tools and resources, as calls to replay on a server. */
function define(library: Library): Array<(server: McpServer) => void> {
  const regs: Array<(server: McpServer) => void> = [];
  const names: string[] = [];
  const replay = (name: 'registerTool' | 'registerResource') =>
    ((...args: unknown[]) => {
      names.push(String(name === 'registerTool' ? args[0] : (args[1] as ResourceTemplate).uriTemplate));
      regs.push((s) => (s[name] as (...a: unknown[]) => unknown).apply(s, args));
    }) as unknown;
  // Typed as the server's own methods, so every definition below is checked against the SDK.
  const server = { registerTool: replay('registerTool') as McpServer['registerTool'], registerResource: replay('registerResource') as McpServer['registerResource'] };
  const facts = library.facts;
  const counts = facts.versesPerChapter;
  const chapterArg = (what: string) => z.number().int().min(1).max(counts.length).describe(what);
  const speakerSlugs = facts.speakers.map((s) => s.slug ?? s.name);

  /** lang and authors, checked as the HTTP API checks them (the same sentences). */
  function projectionOf(lang: string | undefined, authors: readonly string[] | undefined): { projection: Projection | null } | { error: string } {
    const q = new URLSearchParams();
    if (lang !== undefined) q.set('lang', lang);
    if (authors !== undefined) q.set('authors', authors.join(','));
    return projectionValue(q, facts);
  }
  const isCommentary = (key: string) => facts.commentaries.some((c) => c.key === key);
  const project = (r: VerseRecord, p: Projection | null) => (p ? (projectRecord(r, p, isCommentary) as VerseRecord) : r);

  /** A result of verses: the readable text, and the records as structuredContent. */
  const versesResult = (records: VerseRecord[], p: Projection | null, extra: Record<string, unknown> = {}): CallToolResult => ({
    content: [{ type: 'text', text: records.map((r) => verseText(r, p?.lang, p?.authors)).join('\n\n---\n\n') }],
    structuredContent: { ...extra, verses: records },
  });

  const projectionArgs = {
    lang: z.enum(LANGS as [Lang, ...Lang[]]).optional().describe('Keep only the texts in this language: en (English), hi (Hindi) or sa (Sanskrit commentaries). The verse itself (slok, transliteration) is always kept.'),
    authors: z
      .array(z.string().max(40))
      .max(50)
      .optional()
      .describe(`Keep only these commentaries/translations, by key: ${facts.commentaries.map((c) => `${c.key} (${c.author})`).join(', ')}.`),
  };

  server.registerTool(
    'get_verses',
    {
      title: 'Get verses by reference',
      description: `Verses of the Bhagavad Gita by reference, as people cite them: "2.47", "BG 2.47", "Gita 2:47", "2.47-50", "2.72-3.2" (across chapters), "12" (a whole chapter), several separated by commas ("2.47, 18.66"). At most ${MAX_VERSES_PER_CALL} verses per call. Returns each verse's Sanskrit, transliteration and a translation with its author; structuredContent has refs (canonical labels) and the records. Without lang or authors a record carries every commentary: pass lang="en" (and authors such as ["siva"]) for shorter answers.`,
      inputSchema: {
        ref: z.string().max(MAX_REF_LENGTH).describe('The reference: "2.47", "BG 2.47-50", "18.65-66", "2.72-3.2", "12", or several separated by commas.'),
        ...projectionArgs,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ ref, lang, authors }) => {
      const cited = readCitation(ref, counts);
      if (!cited.ok) return error(cited.error.kind === 'missing' ? `${NOT_FOUND.verse} ${cited.error.message}` : cited.error.message);
      const p = projectionOf(lang, authors);
      if ('error' in p) return error(p.error);
      // The budget of one call (over HTTP, a batch shares it: src/mcp/budget.ts refuses its calls before they run).
      const over = new Budget().charge({ verses: cited.verses.length, bytes: cited.verses.reduce((n, { ch, sl }) => n + library.recordBytes(ch, sl, lang), 0) });
      if (over) return error(over);
      const records = await Promise.all(cited.verses.map(async ({ ch, sl }) => (await library.verse(ch, sl))!));
      return versesResult(records.map((r) => project(r, p.projection)), p.projection, { refs: cited.refs });
    },
  );

  server.registerTool(
    'get_chapter',
    {
      title: 'Get a chapter',
      description: `One chapter of the Bhagavad Gita (1 to ${counts.length}): its Sanskrit name, transliteration, English title, meaning, number of verses and summary (English and Hindi). For its verses, call get_verses with the chapter number as ref.`,
      inputSchema: { ch: chapterArg('The chapter number.') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ ch }) => {
      const c = await library.chapter(ch);
      if (!c) return error(`${NOT_FOUND.chapter} (chapters 1 to ${counts.length})`);
      return { content: [{ type: 'text', text: chapterText(c) }], structuredContent: { chapter: c } };
    },
  );

  server.registerTool(
    'random_verse',
    {
      title: 'A random verse',
      description: `A verse of the Bhagavad Gita drawn at random (never a chapter colophon), optionally from one chapter and/or one speaker (${speakerSlugs.join(', ')}).`,
      inputSchema: {
        ch: chapterArg('Draw from this chapter only.').optional(),
        speaker: z.string().max(40).optional().describe(`Draw from this speaker's verses only: ${speakerSlugs.join(', ')}.`),
        ...projectionArgs,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ ch, speaker, lang, authors }) => {
      let sp = -1;
      if (speaker !== undefined) {
        sp = speakerIndex(speaker, facts.speakers);
        if (sp < 0) return error(`speaker: ${JSON.stringify(speaker)} is not a speaker here; expected one of ${speakerSlugs.join(', ')}`);
      }
      const p = projectionOf(lang, authors);
      if ('error' in p) return error(p.error);
      const pick = library.randomVerse(ch ?? 0, sp);
      if (!pick) return error(`${NOT_FOUND.verse} (no verse of that speaker in chapter ${ch})`);
      return versesResult([project((await library.verse(pick.ch, pick.sl))!, p.projection)], p.projection);
    },
  );

  server.registerTool(
    'verse_of_the_day',
    {
      title: 'Verse of the day',
      description: 'The verse of the day: the same for everybody during a UTC day (the API\'s /slok/today and the daily card agree on it). Give date (YYYY-MM-DD) for another day\'s; without it, today\'s (UTC).',
      inputSchema: {
        date: z.string().max(10).optional().describe('A date, YYYY-MM-DD; default today (UTC).'),
        ...projectionArgs,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ date, lang, authors }) => {
      const day = date ?? utcDate();
      if (!isDate(day)) return error(`date: ${JSON.stringify(date)} is not a date; expected YYYY-MM-DD, such as ${utcDate()}`);
      const p = projectionOf(lang, authors);
      if ('error' in p) return error(p.error);
      const pick = library.dayVerse(day);
      return versesResult([project((await library.verse(pick.ch, pick.sl))!, p.projection)], p.projection, { date: day });
    },
  );

  server.registerTool(
    'search',
    {
      title: 'Search the verses',
      description: `Search the ${facts.verses} verses by words: the English and Hindi translations, and the Sanskrit in Devanagari or transliteration typed any way (IAST, or plain ASCII such as "karmanye vadhikaraste"). Returns the best matching verses with snippets, and total (how many match): page with offset (the next page is offset + limit); an empty answer says why. A query in Latin letters with lang "hi" searches the Hindi through its Devanagari spelling. Call get_verses on a result to read it whole.`,
      inputSchema: {
        q: z.string().max(MAX_QUERY_LENGTH).describe('The words to search for, in English, Hindi or Sanskrit.'),
        lang: z.enum(LANGS as [Lang, ...Lang[]]).optional().describe('Search only the texts in this language (en, hi, sa).'),
        ch: chapterArg('Search only this chapter.').optional(),
        limit: z.number().int().min(1).max(LIMIT_MAX).optional().describe(`How many verses to return (1 to ${LIMIT_MAX}, default ${LIMIT_DEFAULT}).`),
        offset: z.number().int().min(0).max(OFFSET_MAX).optional().describe('How many of the best matches to skip (default 0): the next page starts at offset + limit, up to total.'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ q, lang, ch, limit, offset }) => {
      const params = new URLSearchParams({ q });
      if (lang !== undefined) params.set('lang', lang);
      if (ch !== undefined) params.set('ch', String(ch));
      if (limit !== undefined) params.set('limit', String(limit));
      if (offset !== undefined) params.set('offset', String(offset));
      const parsed = parseSearch(params, facts);
      if ('error' in parsed) return error(parsed.error);
      const found = await library.search(parsed.params);
      return { content: [{ type: 'text', text: searchText(q, found) }], structuredContent: { ...found } };
    },
  );

  server.registerTool(
    'get_words',
    {
      title: 'Word-by-word meanings',
      description: `The words of one verse with their transliteration and meaning (word by word), each with the Digital Corpus of Sanskrit words it covers (form, lemma, part of speech, grammar: "locative singular neuter"), for explaining a verse or its Sanskrit. An empty list where the build has no word list for the verse. ${DCS_ATTRIBUTION}.`,
      inputSchema: { ch: chapterArg('The chapter number.'), sl: z.number().int().min(1).max(1000).describe('The verse number.') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ ch, sl }) => {
      if (ch > counts.length || sl > counts[ch - 1] + 1) return error(`${NOT_FOUND.verse} (chapter ${ch} has verses 1 to ${counts[ch - 1] ?? 0})`);
      const words = await library.words(ch, sl);
      return { content: [{ type: 'text', text: wordsText(ch, sl, words) }], structuredContent: { ch, sl, words } };
    },
  );

  server.registerTool(
    'get_links',
    {
      title: 'What cites a verse, and what its commentaries cite',
      description: 'The links of one verse, mined from its 22 commentaries: cites (other Gita verses its commentaries cite, as BG2.47 or BG7.16-18, with the commentary key, field and the citation as written), citedBy (the commentaries of other verses that cite it), covers (its commentaries written on a group of verses), external (other works cited: Upaniṣads, Brahma-sūtra, Mahābhārata, Purāṇas..., with the place in them). For following a verse through the commentaries.',
      inputSchema: { ch: chapterArg('The chapter number.'), sl: z.number().int().min(1).max(1000).describe('The verse number.') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ ch, sl }) => {
      if (ch > counts.length || sl > counts[ch - 1] + 1) return error(`${NOT_FOUND.verse} (chapter ${ch} has verses 1 to ${counts[ch - 1] ?? 0})`);
      const links = await library.links(ch, sl);
      if (!links) return error(NOT_FOUND.verse);
      return { content: [{ type: 'text', text: linksText(links) }], structuredContent: { ...links } };
    },
  );

  server.registerTool(
    'get_lemma',
    {
      title: 'Every occurrence of a lemma',
      description: `Every verse where a Sanskrit lemma occurs, in verse order, with the form and its grammar there (a concordance): karman, ātman, dharma, yoga. The lemma in IAST, in ASCII as typed (atman), or in Devanagari (आत्मन्). limit caps the occurrences listed (default ${LEMMA_SHOWN}). ${DCS_ATTRIBUTION}.`,
      inputSchema: { lemma: z.string().min(1).max(MAX_LEMMA_LENGTH).describe('The lemma: IAST, ASCII or Devanagari.'), limit: z.number().int().min(1).max(LEMMA_SHOWN_MAX).optional().describe(`Occurrences to list, 1 to ${LEMMA_SHOWN_MAX}.`) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ lemma, limit }) => {
      const found = await library.lemma(lemma);
      if (!found) return error(`${NOT_FOUND.resource} (no lemma ${JSON.stringify(lemma)} in the Gita)`);
      if ('error' in found) return error(found.error);
      const shown = limit ?? LEMMA_SHOWN;
      const entries = 'lemmas' in found ? found.lemmas : [found];
      const cut = (e: LemmaEntry) => ({ ...e, occurrences: e.occurrences.slice(0, shown) });
      return {
        content: [{ type: 'text', text: entries.map((e) => lemmaText(e, shown)).join('\n\n') }],
        structuredContent: 'lemmas' in found ? { query: found.query, lemmas: found.lemmas.map(cut) } : cut(found),
      };
    },
  );

  server.registerTool(
    'get_authors',
    {
      title: 'The translators and commentators',
      description: `Who wrote the ${facts.commentaries.length} translations and commentaries, by key (what authors= takes): for each text field its language (en, hi, sa), its kind (translation, commentary, or word-by-word and commentary), on how many of the ${facts.verses} verses it has a real text, and the corrections applied; where the texts come from and their license. Give key for one.`,
      inputSchema: { key: z.string().max(40).optional().describe(`One commentary key: ${facts.commentaries.map((c) => c.key).join(', ')}.`) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ key }) => {
      const all = await library.authors();
      const chosen = key === undefined ? all : all.filter((a) => a.key === key);
      if (!chosen.length) return error(`key: ${JSON.stringify(key)} is not a commentary here; expected one of ${all.map((a) => a.key).join(', ')}`);
      return { content: [{ type: 'text', text: authorsText(chosen) }], structuredContent: key === undefined ? { authors: chosen } : { author: chosen[0] } };
    },
  );

  const json = (uri: URL, value: unknown) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(value) }] });
  const number = (v: string | string[] | undefined) => (typeof v === 'string' && /^[1-9][0-9]{0,3}$/.test(v) ? Number(v) : 0);

  server.registerResource(
    'chapter',
    new ResourceTemplate('gita://chapter/{ch}', {
      list: async () => ({
        resources: (await library.chapters()).map((c) => ({ uri: `gita://chapter/${c.chapter_number}`, name: `Chapter ${c.chapter_number}: ${c.translation}`, mimeType: 'application/json' })),
      }),
    }),
    { title: 'A chapter of the Bhagavad Gita', description: 'A chapter record: name, translation, verses_count, meaning and summary.', mimeType: 'application/json' },
    async (uri, { ch }) => {
      const c = await library.chapter(number(ch));
      if (!c) throw new McpError(RESOURCE_NOT_FOUND, `${NOT_FOUND.chapter} (${uri.href}; chapters 1 to ${counts.length})`);
      return json(uri, c);
    },
  );

  server.registerResource(
    'verse',
    new ResourceTemplate('gita://verse/{ch}/{sl}', { list: undefined }),
    { title: 'A verse of the Bhagavad Gita', description: 'A verse record with every commentary (sl up to verses_count + 1, the chapter colophon).', mimeType: 'application/json' },
    async (uri, { ch, sl }) => {
      const r = await library.verse(number(ch), number(sl));
      if (!r) throw new McpError(RESOURCE_NOT_FOUND, `${NOT_FOUND.verse} (${uri.href})`);
      return json(uri, r);
    },
  );

  // What the route table, OpenAPI and the docs say the server offers (contract/mcp.ts) is what it registers, in order.
  const said = [...MCP_TOOLS, ...MCP_RESOURCES].join(', ');
  if (names.join(', ') !== said) throw new Error(`MCP: the server registers ${names.join(', ')}; contract/mcp.ts says ${said}`);
  return regs;
}
