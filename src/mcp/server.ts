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
import { McpError, type CallToolResult, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import * as z from 'zod';
import { MAX_VERSES_PER_CALL, readCitation } from '../content/citations.ts';
import { findRefs, MAX_FIND_LENGTH, refAnswer } from '../content/find-refs.ts';
import { isDate, utcDate } from '../content/day.ts';
import { projectRecord, type Lang, type Projection } from '../content/projection.ts';
import { projectionValue } from '../contract/values.ts';
import { isRefused, PARAMETERS as P, type Parameter, type SearchLang } from '../contract/parameters.ts';
import { PATH_PARAMETERS, type PathParameter } from '../contract/path-parameters.ts';
import type { VerseRecord } from '../content/schema.ts';
import { NOT_FOUND } from '../contract/errors.ts';
import { MCP_RESOURCES, MCP_TOOLS } from '../contract/mcp.ts';
import { speakerIndex } from '../contract/query.ts';
import { parseSearch } from '../contract/search-parameters.ts';
import { Budget } from './budget.ts';
import type { Library } from './library.ts';
import { authorsText, chapterText, lemmaText, rootText, meterText, searchText, verseText, linksText, versionsText, wordsText } from './text.ts';
import { DCS_ATTRIBUTION } from '../content/dcs/attribution.ts';
import { ROOTS_ATTRIBUTION } from '../content/roots/attribution.ts';
import type { LemmaEntry } from '../content/dcs/served.ts';

/** Occurrences get_lemma lists by default, and at most (the whole concordance is /lemma/{lemma}). */
const LEMMA_SHOWN = 100;
const LEMMA_SHOWN_MAX = 500;

/** The MCP error code for a resource that does not exist (the MCP specification's). */
const RESOURCE_NOT_FOUND = -32002;

/**
 * A JSON-RPC error's message as sent: without the "MCP error -32002: " the
 * SDK's McpError puts before it (its own errors and ours), since a client
 * (the SDK's own) puts that prefix on what it receives, and the error would
 * read it twice.
 */
export function wordedOnce(message: JSONRPCMessage): JSONRPCMessage {
  if (!('error' in message) || typeof message.error?.message !== 'string') return message;
  return { ...message, error: { ...message.error, message: message.error.message.replace(/^(?:MCP error -?\d+: )+/, '') } };
}

/** A transport whose errors are worded once (wordedOnce), for every way the server is spoken to. */
function onceWorded<T extends Transport>(transport: T): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(wordedOnce(message), options);
  return transport;
}

export const SERVER_INFO = { name: 'gita', title: 'Bhagavad Gita', version: '1.0.0' };

const instructions = (facts: Library['facts']) => `The Bhagavad Gita: ${facts.chapters} chapters, ${facts.verses} verses (plus a closing colophon per chapter), each with the Sanskrit, a transliteration and its ${facts.commentaries.length} commentaries (translations and commentaries in English, Hindi and Sanskrit).
Cite with get_verses (references as people write them: "2.47", "BG 2.47-50", "18.65-66", "2.72-3.2", a chapter "12"); find verses by words or topic with search; get_chapter for a chapter's name and summary; get_words for a verse's word-by-word meanings with each word's lemma and grammar; get_lemma for every verse where a lemma occurs (karman, ātman, dharma); get_root for a verbal root (dhātu) with its dhātupāṭha entries and every word made from it (sthā, gam, kṛ); get_meter for a verse's meter, each syllable light or heavy${facts.versions.length ? `; get_versions for a verse in other translations (${facts.versions.map((v) => `${v.id}, ${v.language}`).join('; ')}), each with a credit to show with its text` : ''}. Pass lang ("en", "hi" or "sa") and authors to keep answers small.
The verse texts are GPL-3.0 (vedicscriptures/bhagavad-gita). ${DCS_ATTRIBUTION}: credit it when you use the lemmas and grammar.`;

const error = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/** A tool's argument: a parameter of the API (its definition: schema, wording, values), optional or not, and what it does in this tool when that says more. */
interface Arg {
  param: Parameter | PathParameter;
  optional?: true;
  about?: string;
}

/** A schema's type without its list of values: a value not taken is the tool's error, worded as the API's 400 (the description lists the values). */
function withoutEnums(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'enum') continue;
    out[k] = v && typeof v === 'object' && !Array.isArray(v) ? withoutEnums(v as Record<string, unknown>) : v;
  }
  return out;
}

/**
 * A tool's input schema from the API's own parameter definitions
 * (contract/parameters.ts, path-parameters.ts): each argument's JSON Schema
 * (a list as an array) and its description with the values it takes, worded
 * as the routes' 400s word them. The tool's answer checks the values with
 * the same readers the routes use.
 */
function toolArgs(facts: Library['facts'], args: Record<string, Arg>): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(args).map(([name, a]) => {
      const p = a.param;
      const schema = z.fromJSONSchema(withoutEnums(('json' in p && p.json ? p.json : p.schema)(facts)) as Parameters<typeof z.fromJSONSchema>[0]);
      const description = `${a.about ?? p.about(facts)}${'values' in p ? ` Values: ${p.values(facts)}.` : ''}`;
      return [name, (a.optional ? schema.optional() : schema).describe(description)];
    }),
  );
}

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
  const connect = server.connect.bind(server);
  server.connect = (transport) => connect(onceWorded(transport));
  return server;
}

/** Each tool as the docs list it, from the definitions the server registers: its name, title and arguments, in order. */
export function describeTools(facts: Library['facts']): Array<{ name: string; title: string; args: string[] }> {
  const tools: Array<{ name: string; title: string; args: string[] }> = [];
  const lister = {
    registerTool: (name: string, config: { title?: string; inputSchema?: Record<string, unknown> }) => void tools.push({ name, title: config.title ?? name, args: Object.keys(config.inputSchema ?? {}) }),
    registerResource: () => {},
  };
  // The tools' handlers read the library when called: listing them needs its facts alone.
  for (const register of define({ facts } as Library)) register(lister as unknown as McpServer);
  return tools;
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
  const speakerSlugs = facts.speakers.map((s) => s.slug ?? s.name);
  const chapter: Arg = { param: PATH_PARAMETERS.ch, about: 'The chapter number.' };
  const verse: Arg = { param: PATH_PARAMETERS.sl, about: 'The verse number (its colophon: verses_count + 1).' };
  /** The error for a verse beyond its chapter (the chapter's range named), or null. */
  const beyond = (ch: number, sl: number) => (ch > counts.length || sl > counts[ch - 1] + 1 ? error(`${NOT_FOUND.verse} (chapter ${ch} has verses 1 to ${counts[ch - 1] ?? 0})`) : null);

  /** lang, authors and marks, checked as the HTTP API checks them (the same sentences). */
  function projectionOf(lang: string | undefined, authors: readonly string[] | undefined, marks?: string): { projection: Projection | null } | { error: string } {
    const q = new URLSearchParams();
    if (lang !== undefined) q.set('lang', lang);
    if (authors !== undefined) q.set('authors', authors.join(','));
    if (marks !== undefined) q.set('marks', marks);
    return projectionValue(q, facts);
  }
  const isCommentary = (key: string) => facts.commentaries.some((c) => c.key === key);
  const project = (r: VerseRecord, p: Projection | null) => (p ? (projectRecord(r, p, isCommentary) as VerseRecord) : r);

  /** A result of verses: the readable text, and the records as structuredContent. */
  const versesResult = (records: VerseRecord[], p: Projection | null, extra: Record<string, unknown> = {}): CallToolResult => ({
    content: [{ type: 'text', text: records.map((r) => verseText(r, p?.lang, p?.authors)).join('\n\n---\n\n') }],
    structuredContent: { ...extra, verses: records },
  });

  const projectionArgs: Record<string, Arg> = {
    lang: { param: P.lang, optional: true },
    authors: { param: P.authors, optional: true },
    marks: { param: P.marks, optional: true, about: `How structuredContent's records write the transliteration's marks: source (the default), as the API serves the record, byte for byte (saṅgo.astvakarmaṇi); iast, as the text of this result shows it (saṅgo'stvakarmaṇi, | for the danda).` },
  };

  server.registerTool(
    'get_verses',
    {
      title: 'Get verses by reference',
      description: `Verses of the Bhagavad Gita by reference, as people cite them: "2.47", "BG 2.47", "Gita 2:47", "2.47-50", "2.72-3.2" (across chapters), "12" (a whole chapter), several separated by commas ("2.47, 18.66"). At most ${MAX_VERSES_PER_CALL} verses per call. Returns each verse's Sanskrit, transliteration (with IAST marks) and a translation with its author; structuredContent has refs (canonical labels) and the records (marks="iast" writes their transliteration as the text does). Without lang or authors a record carries every commentary: pass lang="en" (and authors such as ["siva"]) for shorter answers.`,
      inputSchema: toolArgs(facts, { ref: { param: P.ref, about: 'The reference: "2.47", "BG 2.47-50", "18.65-66", "2.72-3.2", "12", or several separated by commas.' }, ...projectionArgs }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const { ref, lang, authors, marks } = args as { ref: string; lang?: Lang; authors?: string[]; marks?: string };
      const cited = readCitation(ref, counts);
      if (!cited.ok) return error(cited.error.kind === 'missing' ? `${NOT_FOUND.verse} ${cited.error.message}` : cited.error.message);
      const p = projectionOf(lang, authors, marks);
      if ('error' in p) return error(p.error);
      // The budget of one call (over HTTP, a batch shares it: src/mcp/budget.ts refuses its calls before they run).
      const over = new Budget().charge({ verses: cited.verses.length, bytes: cited.verses.reduce((n, { ch, sl }) => n + library.recordBytes(ch, sl, lang), 0) });
      if (over) return error(over);
      const records = await Promise.all(cited.verses.map(async ({ ch, sl }) => (await library.verse(ch, sl))!));
      return versesResult(records.map((r) => project(r, p.projection)), p.projection, { refs: cited.refs });
    },
  );

  server.registerTool(
    'find_refs',
    {
      title: 'Find the Gita references in a text',
      description: `Every reference to the Bhagavad Gita in a text, as people write them ("Gita 2.47", "BG 18:66", "chapter two, verse forty-seven of the Gita", "गीता 2।47"), with where each stands in the text, its canonical form (what get_verses takes) and whether the verses exist; the same reader as POST /refs and the page tagger. For a text that cites the Gita: find what it cites, then get_verses to read it. At most ${MAX_FIND_LENGTH.toLocaleString('en-US')} characters.`,
      inputSchema: { text: z.string().max(MAX_FIND_LENGTH).describe('The text to read: prose, a message, an article.') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const { text } = args as { text: string };
      const found = findRefs(text, counts);
      if (!found.ok) return error(found.error.message);
      const refs = found.refs.map(refAnswer);
      const lines = refs.map((r) => `${r.ref}${r.exists ? '' : ' (no such verse)'}: "${r.text}" at ${r.start}-${r.end}`);
      return { content: [{ type: 'text', text: refs.length ? lines.join('\n') : 'No Gita reference in the text.' }], structuredContent: { refs, more: found.more } };
    },
  );

  server.registerTool(
    'get_chapter',
    {
      title: 'Get a chapter',
      description: `One chapter of the Bhagavad Gita (1 to ${counts.length}): its Sanskrit name, transliteration, English title, meaning, number of verses and summary (English and Hindi). For its verses, call get_verses with the chapter number as ref.`,
      inputSchema: toolArgs(facts, { ch: chapter }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const { ch } = args as { ch: number };
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
      inputSchema: toolArgs(facts, { ch: { param: P.ch, optional: true, about: 'Draw from this chapter only.' }, speaker: { param: P.speaker, optional: true, about: "Draw from this speaker's verses only." }, ...projectionArgs }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const { ch, speaker, lang, authors, marks } = args as { ch?: number; speaker?: string; lang?: Lang; authors?: string[]; marks?: string };
      let sp = -1;
      if (speaker !== undefined) {
        sp = speakerIndex(speaker, facts.speakers);
        if (sp < 0) return error(`speaker: ${JSON.stringify(speaker)} is not a speaker here; expected one of ${speakerSlugs.join(', ')}`);
      }
      const p = projectionOf(lang, authors, marks);
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
      inputSchema: toolArgs(facts, { date: { param: P.date, optional: true }, ...projectionArgs }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const { date, lang, authors, marks } = args as { date?: string; lang?: Lang; authors?: string[]; marks?: string };
      const day = date ?? utcDate();
      if (!isDate(day)) return error(`date: ${JSON.stringify(date)} is not a date; expected YYYY-MM-DD, such as ${utcDate()}`);
      const p = projectionOf(lang, authors, marks);
      if ('error' in p) return error(p.error);
      const pick = library.dayVerse(day);
      return versesResult([project((await library.verse(pick.ch, pick.sl))!, p.projection)], p.projection, { date: day });
    },
  );

  server.registerTool(
    'search',
    {
      title: 'Search the verses',
      description: `Search the ${facts.verses} verses by words: the English and Hindi translations, the versions (${(facts.versions ?? []).map((v) => `${v.id}, ${v.language}`).join('; ') || 'none in this build'}: a Telugu one in Telugu script), and the Sanskrit in Devanagari or transliteration typed any way (IAST, or plain ASCII such as "karmanye vadhikaraste"). A version's text comes with its credit, to show with it. Returns the best matching verses with snippets, and total (how many match): page with offset (the next page is offset + limit); an empty answer says why. A query in Latin letters with lang "hi" searches the Hindi through its Devanagari spelling. Call get_verses on a result to read it whole.`,
      inputSchema: toolArgs(facts, {
        q: { param: P.q },
        lang: { param: P.searchLang, optional: true, about: 'Search only the texts in this language (a version\'s language too: te, the Telugu, typed in Telugu script).' },
        ch: { param: P.ch, optional: true, about: 'Search only this chapter.' },
        limit: { param: P.limit, optional: true, about: 'How many verses to return.' },
        offset: { param: P.offset, optional: true },
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const { q, lang, ch, limit, offset } = args as { q: string; lang?: SearchLang; ch?: number; limit?: number; offset?: number };
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
      inputSchema: toolArgs(facts, { ch: chapter, sl: verse }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const { ch, sl } = args as { ch: number; sl: number };
      const outside = beyond(ch, sl);
      if (outside) return outside;
      const words = await library.words(ch, sl);
      return { content: [{ type: 'text', text: wordsText(ch, sl, words) }], structuredContent: { ch, sl, words } };
    },
  );

  server.registerTool(
    'get_links',
    {
      title: 'What cites a verse, and what its commentaries cite',
      description: 'The links of one verse, mined from its 22 commentaries: cites (other Gita verses its commentaries cite, as BG2.47 or BG7.16-18, with the commentary key, field and the citation as written), citedBy (the commentaries of other verses that cite it), covers (its commentaries written on a group of verses), external (other works cited: Upaniṣads, Brahma-sūtra, Mahābhārata, Purāṇas..., with the place in them). For following a verse through the commentaries.',
      inputSchema: toolArgs(facts, { ch: chapter, sl: verse }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const { ch, sl } = args as { ch: number; sl: number };
      const outside = beyond(ch, sl);
      if (outside) return outside;
      const links = await library.links(ch, sl);
      if (!links) return error(NOT_FOUND.verse);
      return { content: [{ type: 'text', text: linksText(links) }], structuredContent: { ...links } };
    },
  );

  server.registerTool(
    'get_versions',
    {
      title: 'A verse in other translations',
      description: `One verse in the versions this server holds beyond the 22 commentaries (${facts.versions.map((v) => `${v.id}: ${v.title}, ${v.language}`).join('; ') || 'none in this build'}), each with its credit, which must be shown with its text (their licenses ask for it); a version that lacks the verse says so, and is never filled from another.`,
      inputSchema: toolArgs(facts, { ch: chapter, sl: verse, version: { param: P.version, optional: true, about: 'Only these versions, in this order (default: all).' } }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const { ch, sl, version } = args as { ch: number; sl: number; version?: string[] };
      const outside = beyond(ch, sl);
      if (outside) return outside;
      const chosen = version ? P.version.read(version.join(','), facts) : undefined;
      if (isRefused(chosen)) return error(chosen.error);
      const all = await library.versions(ch, sl);
      if (!all) return error(NOT_FOUND.verse);
      const vv = chosen ? { ref: all.ref, versions: chosen.map((id) => all.versions.find((v) => v.id === id)!) } : all;
      return { content: [{ type: 'text', text: versionsText(vv) }], structuredContent: { ...vv } };
    },
  );

  server.registerTool(
    'get_meter',
    {
      title: "A verse's meter",
      description: "One verse scanned: its meter by name (anuṣṭubh, triṣṭubh, upajāti, indravajrā...), each pāda's syllables light (L) or heavy (G) with its pattern and form (an anuṣṭubh's pathyā or vipulā, a named pāda of eleven), whether it scans, and the syllables that break a pattern; a colophon is prose. For reciting a verse by its rhythm, or checking its text.",
      inputSchema: toolArgs(facts, { ch: chapter, sl: verse }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const { ch, sl } = args as { ch: number; sl: number };
      const outside = beyond(ch, sl);
      if (outside) return outside;
      const scan = await library.meter(ch, sl);
      if (!scan) return error(NOT_FOUND.verse);
      return { content: [{ type: 'text', text: meterText(scan) }], structuredContent: { ...scan } };
    },
  );

  server.registerTool(
    'get_lemma',
    {
      title: 'Every occurrence of a lemma',
      description: `Every verse where a Sanskrit lemma occurs, in verse order, with the form and its grammar there (a concordance): karman, ātman, dharma, yoga. The lemma in IAST, in ASCII as typed (atman), or in Devanagari (आत्मन्). limit caps the occurrences listed (default ${LEMMA_SHOWN}). ${DCS_ATTRIBUTION}.`,
      inputSchema: { ...toolArgs(facts, { lemma: { param: PATH_PARAMETERS.lemma } }), limit: z.number().int().min(1).max(LEMMA_SHOWN_MAX).optional().describe(`Occurrences to list, 1 to ${LEMMA_SHOWN_MAX}.`) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const { lemma, limit } = args as { lemma: string; limit?: number };
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
    'get_root',
    {
      title: 'A verbal root across the Gita',
      description: `A Sanskrit verbal root (dhātu) and every verbal word of the Gita made from it: its dhātupāṭha entries (class, voice, traditional meaning), the English meanings its words have in the word lists, and its words grouped by preverb (sam + upa + sthā) with their verses. The root by its citation form in IAST (sthā), in ASCII as typed (stha), or in Devanagari (स्था). limit caps the places listed per group (default ${LEMMA_SHOWN}). ${ROOTS_ATTRIBUTION}.`,
      inputSchema: { ...toolArgs(facts, { root: { param: PATH_PARAMETERS.root } }), limit: z.number().int().min(1).max(LEMMA_SHOWN_MAX).optional().describe(`Places to list per group, 1 to ${LEMMA_SHOWN_MAX}.`) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const { root, limit } = args as { root: string; limit?: number };
      const found = await library.root(root);
      if (!found) return error(`${NOT_FOUND.resource} (no verbal root ${JSON.stringify(root)} in the Gita)`);
      if ('error' in found) return error(found.error);
      const shown = limit ?? LEMMA_SHOWN;
      const roots = 'roots' in found ? found.roots : [found];
      return { content: [{ type: 'text', text: roots.map((r) => rootText(r, shown)).join('\n\n') }], structuredContent: { ...found } };
    },
  );

  server.registerTool(
    'get_authors',
    {
      title: 'The translators and commentators',
      description: `Who wrote the ${facts.commentaries.length} translations and commentaries, by key (what authors= takes): for each text field its language (en, hi, sa), its kind (translation, commentary, or word-by-word and commentary), on how many of the ${facts.verses} verses it has a real text, and the corrections applied; where the texts come from and their license. Give key for one.`,
      inputSchema: toolArgs(facts, { key: { param: PATH_PARAMETERS.key, optional: true, about: 'One commentary key; without it, every one.' } }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      const { key } = args as { key?: string };
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
