// What each tool does when called, by its name: a runner per tool the routes
// declare (contract/mcp.ts), reading the build through a Library. Typed by
// the tools' names, so a tool without its runner, or a runner without its
// tool, does not compile. Each answers text a model can quote and
// structuredContent with the records as the API serves them; a bad argument
// is a tool error in the API's own words.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readCitation } from '../content/citations.ts';
import { findRefs, refAnswer } from '../content/find-refs.ts';
import { isDate, utcDate } from '../content/day.ts';
import { projectRecord, type Lang, type Projection } from '../content/projection.ts';
import type { ChapterRecord, VerseRecord } from '../content/schema.ts';
import type { LemmaChoice, LemmaEntry } from '../content/dcs/served.ts';
import type { AuthorEntry } from '../content/author-entry.ts';
import type { VerseLinks } from '../content/links.ts';
import type { VerseScan } from '../content/meter/shapes.ts';
import type { RootAnswer, RootChoice } from '../content/roots/shapes.ts';
import type { VerseVersions } from '../content/versions/model.ts';
import type { Word } from '../content/words.ts';
import { NOT_FOUND } from '../contract/errors.ts';
import { LEMMA_SHOWN } from '../contract/limits.ts';
import type { McpToolName, ToolRoute } from '../contract/mcp.ts';
import { isRefused, PARAMETERS as P, type SearchLang } from '../contract/parameters.ts';
import { speakerIndex } from '../contract/query.ts';
import { parseSearch } from '../contract/search-parameters.ts';
import { projectionValue } from '../contract/values.ts';
import { Budget } from './budget.ts';
import type { Library } from './library.ts';
import { routeFileOf } from '../contract/route-file.ts';
import { authorsText, chapterText, lemmaText, linksText, meterText, rootText, searchText, versionsText, verseText, wordsText } from './text.ts';

/** A tool's arguments, as the SDK checked them against its input schema. */
type Args = Record<string, unknown>;
/** A tool's runner: its arguments, the build it reads, and its route (whose file it may answer). */
export type Runner = (args: Args, library: Library, route: ToolRoute) => Promise<CallToolResult>;

export const toolError = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/** lang, authors and marks, checked as the HTTP API checks them (the same sentences). */
function projectionOf(library: Library, lang: string | undefined, authors: readonly string[] | undefined, marks?: string): { projection: Projection | null } | { error: string } {
  const q = new URLSearchParams();
  if (lang !== undefined) q.set('lang', lang);
  if (authors !== undefined) q.set('authors', authors.join(','));
  if (marks !== undefined) q.set('marks', marks);
  return projectionValue(q, library.facts);
}

function project(library: Library, r: VerseRecord, p: Projection | null): VerseRecord {
  return p ? (projectRecord(r, p, (key) => library.facts.commentaries.some((c) => c.key === key)) as VerseRecord) : r;
}

/** A result of verses: the readable text, and the records as structuredContent. */
function versesResult(records: VerseRecord[], p: Projection | null, extra: Record<string, unknown> = {}): CallToolResult {
  return { content: [{ type: 'text', text: records.map((r) => verseText(r, p?.lang, p?.authors)).join('\n\n---\n\n') }], structuredContent: { ...extra, verses: records } };
}

/** The error for a verse beyond its chapter (the chapter's range named), or null. */
function beyond(library: Library, ch: number, sl: number): CallToolResult | null {
  const counts = library.facts.versesPerChapter;
  return ch > counts.length || sl > counts[ch - 1] + 1 ? toolError(`${NOT_FOUND.verse} (chapter ${ch} has verses 1 to ${counts[ch - 1] ?? 0})`) : null;
}

/**
 * The route's answer where the route serves its built file as it is (the
 * same file its handler serves: route-file.ts): the file's JSON; its 400 (a
 * spelling that cannot be a lemma or a root) as its message; null where the
 * build has none, which the tool words as a 404 with what it knows.
 */
async function fileAnswer<T>(r: ToolRoute, args: Args, library: Library): Promise<{ answer: T } | { error: string } | null> {
  const file = routeFileOf(r, args, (path) => library.has(path));
  if (file === undefined) return null;
  if (typeof file !== 'string') return file;
  const answer = await library.json<T>(file);
  return answer === undefined ? null : { answer };
}

/** One drawn or picked verse, projected. */
async function oneVerse(library: Library, args: Args, pick: () => { ch: number; sl: number } | CallToolResult, extra?: Record<string, unknown>): Promise<CallToolResult> {
  const { lang, authors, marks } = args as { lang?: Lang; authors?: string[]; marks?: string };
  const p = projectionOf(library, lang, authors, marks);
  if ('error' in p) return toolError(p.error);
  const place = pick();
  if ('content' in place) return place;
  return versesResult([project(library, (await library.verse(place.ch, place.sl))!, p.projection)], p.projection, extra);
}

async function getVerses(args: Args, library: Library): Promise<CallToolResult> {
  const { ref, lang, authors, marks } = args as { ref: string; lang?: Lang; authors?: string[]; marks?: string };
  const cited = readCitation(ref, library.facts.versesPerChapter);
  if (!cited.ok) return toolError(cited.error.kind === 'missing' ? `${NOT_FOUND.verse} ${cited.error.message}` : cited.error.message);
  const p = projectionOf(library, lang, authors, marks);
  if ('error' in p) return toolError(p.error);
  // The budget of one call (over HTTP, a batch shares it: src/mcp/budget.ts refuses its calls before they run).
  const over = new Budget().charge({ verses: cited.verses.length, bytes: cited.verses.reduce((n, { ch, sl }) => n + library.recordBytes(ch, sl, lang), 0) });
  if (over) return toolError(over);
  const records = await Promise.all(cited.verses.map(async ({ ch, sl }) => (await library.verse(ch, sl))!));
  return versesResult(records.map((r) => project(library, r, p.projection)), p.projection, { refs: cited.refs });
}

async function findRefsIn(args: Args, library: Library): Promise<CallToolResult> {
  const found = findRefs((args as { text: string }).text, library.facts.versesPerChapter);
  if (!found.ok) return toolError(found.error.message);
  const refs = found.refs.map(refAnswer);
  const lines = refs.map((r) => `${r.ref}${r.exists ? '' : ' (no such verse)'}: "${r.text}" at ${r.start}-${r.end}`);
  return { content: [{ type: 'text', text: refs.length ? lines.join('\n') : 'No Gita reference in the text.' }], structuredContent: { refs, more: found.more } };
}

async function getChapter(args: Args, library: Library, r: ToolRoute): Promise<CallToolResult> {
  const found = await fileAnswer<ChapterRecord>(r, args, library);
  if (!found || 'error' in found) return toolError(`${NOT_FOUND.chapter} (chapters 1 to ${library.facts.versesPerChapter.length})`);
  return { content: [{ type: 'text', text: chapterText(found.answer) }], structuredContent: { chapter: found.answer } };
}

function randomVerse(args: Args, library: Library): Promise<CallToolResult> {
  const { ch, speaker } = args as { ch?: number; speaker?: string };
  const speakers = library.facts.speakers;
  const sp = speaker === undefined ? -1 : speakerIndex(speaker, speakers);
  if (sp < 0 && speaker !== undefined) return Promise.resolve(toolError(`speaker: ${JSON.stringify(speaker)} is not a speaker here; expected one of ${speakers.map((s) => s.slug ?? s.name).join(', ')}`));
  return oneVerse(library, args, () => library.randomVerse(ch ?? 0, sp) ?? toolError(`${NOT_FOUND.verse} (no verse of that speaker in chapter ${ch})`));
}

function verseOfTheDay(args: Args, library: Library): Promise<CallToolResult> {
  const { date } = args as { date?: string };
  const day = date ?? utcDate();
  if (!isDate(day)) return Promise.resolve(toolError(`date: ${JSON.stringify(date)} is not a date; expected YYYY-MM-DD, such as ${utcDate()}`));
  return oneVerse(library, args, () => library.dayVerse(day), { date: day });
}

async function searchVerses(args: Args, library: Library): Promise<CallToolResult> {
  const { q, lang, ch, limit, offset } = args as { q: string; lang?: SearchLang; ch?: number; limit?: number; offset?: number };
  const params = new URLSearchParams({ q });
  for (const [name, value] of Object.entries({ lang, ch, limit, offset })) if (value !== undefined) params.set(name, String(value));
  const parsed = parseSearch(params, library.facts);
  if ('error' in parsed) return toolError(parsed.error);
  const found = await library.search(parsed.params);
  return { content: [{ type: 'text', text: searchText(q, found) }], structuredContent: { ...found } };
}

async function getWords(args: Args, library: Library, r: ToolRoute): Promise<CallToolResult> {
  const { ch, sl } = args as { ch: number; sl: number };
  const outside = beyond(library, ch, sl);
  if (outside) return outside;
  const found = await fileAnswer<Word[]>(r, args, library);
  // A verse the build wrote no list for has none (the route's file is [] then).
  const words = found && 'answer' in found ? found.answer : [];
  return { content: [{ type: 'text', text: wordsText(ch, sl, words) }], structuredContent: { ch, sl, words } };
}

/** A tool that answers its route's file for one verse as it is: its text made from it, the file's JSON as structuredContent. */
function verseFile<T extends object>(text: (found: T) => string): Runner {
  return async (args, library, r) => {
    const { ch, sl } = args as { ch: number; sl: number };
    const outside = beyond(library, ch, sl);
    if (outside) return outside;
    const found = await fileAnswer<T>(r, args, library);
    if (!found || 'error' in found) return toolError(NOT_FOUND.verse);
    return { content: [{ type: 'text', text: text(found.answer) }], structuredContent: { ...(found.answer as Record<string, unknown>) } };
  };
}

async function getVersions(args: Args, library: Library, r: ToolRoute): Promise<CallToolResult> {
  const { ch, sl, version } = args as { ch: number; sl: number; version?: string[] };
  const outside = beyond(library, ch, sl);
  if (outside) return outside;
  const chosen = version ? P.version.read(version.join(','), library.facts) : undefined;
  if (isRefused(chosen)) return toolError(chosen.error);
  const found = await fileAnswer<VerseVersions>(r, args, library);
  if (!found || 'error' in found) return toolError(NOT_FOUND.verse);
  const all = found.answer;
  // ?version= keeps the versions it names, in its order, as the route's handler cuts them.
  const vv = chosen ? { ref: all.ref, versions: chosen.map((id) => all.versions.find((v) => v.id === id)!) } : all;
  return { content: [{ type: 'text', text: versionsText(vv) }], structuredContent: { ...vv } };
}

async function getLemma(args: Args, library: Library, r: ToolRoute): Promise<CallToolResult> {
  const { lemma, limit } = args as { lemma: string; limit?: number };
  const found = await fileAnswer<LemmaEntry | LemmaChoice>(r, args, library);
  if (!found) return toolError(`${NOT_FOUND.resource} (no lemma ${JSON.stringify(lemma)} in the Gita)`);
  if ('error' in found) return toolError(found.error);
  const shown = limit ?? LEMMA_SHOWN;
  const answer = found.answer;
  const entries = 'lemmas' in answer ? answer.lemmas : [answer];
  // The route answers every occurrence; the tool lists the first `shown`.
  const cut = (e: LemmaEntry) => ({ ...e, occurrences: e.occurrences.slice(0, shown) });
  return {
    content: [{ type: 'text', text: entries.map((e) => lemmaText(e, shown)).join('\n\n') }],
    structuredContent: 'lemmas' in answer ? { query: answer.query, lemmas: answer.lemmas.map(cut) } : cut(answer),
  };
}

async function getRoot(args: Args, library: Library, r: ToolRoute): Promise<CallToolResult> {
  const { root, limit } = args as { root: string; limit?: number };
  const found = await fileAnswer<RootAnswer | RootChoice>(r, args, library);
  if (!found) return toolError(`${NOT_FOUND.resource} (no verbal root ${JSON.stringify(root)} in the Gita)`);
  if ('error' in found) return toolError(found.error);
  const shown = limit ?? LEMMA_SHOWN;
  const roots = 'roots' in found.answer ? found.answer.roots : [found.answer];
  return { content: [{ type: 'text', text: roots.map((x) => rootText(x, shown)).join('\n\n') }], structuredContent: { ...found.answer } };
}

/** /authors's answer, whole or the entry of one key (what /authors/{key} answers). */
async function getAuthors(args: Args, library: Library, r: ToolRoute): Promise<CallToolResult> {
  const { key } = args as { key?: string };
  const found = await fileAnswer<AuthorEntry[]>(r, args, library);
  const all = found && 'answer' in found ? found.answer : [];
  const chosen = key === undefined ? all : all.filter((a) => a.key === key);
  if (!chosen.length) return toolError(`key: ${JSON.stringify(key)} is not a commentary here; expected one of ${all.map((a) => a.key).join(', ')}`);
  return { content: [{ type: 'text', text: authorsText(chosen) }], structuredContent: key === undefined ? { authors: chosen } : { author: chosen[0] } };
}

/** Each tool's runner, by the name its route declares. */
export const RUNNERS: Record<McpToolName, Runner> = {
  get_verses: getVerses,
  find_refs: findRefsIn,
  get_chapter: getChapter,
  random_verse: randomVerse,
  verse_of_the_day: verseOfTheDay,
  search: searchVerses,
  get_words: getWords,
  get_links: verseFile<VerseLinks>(linksText),
  get_versions: getVersions,
  get_meter: verseFile<VerseScan>(meterText),
  get_lemma: getLemma,
  get_root: getRoot,
  get_authors: getAuthors,
};
