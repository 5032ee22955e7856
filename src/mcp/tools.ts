// What the tools whose route serves its built file do when called, each
// named by its route's tool (`run`: imported on the first call), reading the
// build through a Library; the tools that give their route's own answer are
// in answered.ts, and a tool that declares none answers its route's file as
// it is (fileTool). Each answers text a model can quote and
// structuredContent with the records as the API serves them; a bad argument
// is a tool error in the API's own words.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ChapterRecord } from '../content/schema.ts';
import type { LemmaChoice, LemmaEntry } from '../content/dcs/served.ts';
import type { AuthorEntry } from '../content/author-entry.ts';
import type { VerseLinks } from '../content/links.ts';
import type { VerseScan } from '../content/meter/shapes.ts';
import type { VerseVersions } from '../content/versions/model.ts';
import type { Word } from '../content/words.ts';
import { NOT_FOUND } from '../contract/errors.ts';
import { LEMMA_SHOWN } from '../contract/limits.ts';
import type { ToolRoute } from '../contract/mcp.ts';
import { isRefused, PARAMETERS as P } from '../contract/parameters.ts';
import type { Library } from './library.ts';
import { routeFileOf } from '../contract/route-file.ts';
import { toolError, type Args, type Runner } from './result.ts';
import { authorsText, chapterText, lemmaText, linksText, meterText, versionsText, wordsText } from './text.ts';

export type { Runner };

/** The error for a verse beyond its chapter (the chapter's range named), or null. */
export function beyond(library: Library, ch: number, sl: number): CallToolResult | null {
  const counts = library.facts.versesPerChapter;
  return ch > counts.length || sl > counts[ch - 1] + 1 ? toolError(`${NOT_FOUND.verse} (chapter ${ch} has verses 1 to ${counts[ch - 1] ?? 0})`) : null;
}

/**
 * The route's answer where the route serves its built file as it is (the
 * same file its handler serves: route-file.ts): the file's JSON; its 400 (a
 * spelling that cannot be a lemma or a root) as its message; null where the
 * build has none, which the tool words as a 404 with what it knows.
 */
export async function fileAnswer<T>(r: ToolRoute, args: Args, library: Library): Promise<{ answer: T } | { error: string } | null> {
  const file = routeFileOf(r, args, (path) => library.has(path));
  if (file === undefined) return null;
  if (typeof file !== 'string') return file;
  const answer = await library.json<T>(file);
  return answer === undefined ? null : { answer };
}

export async function getChapter(args: Args, library: Library, r: ToolRoute): Promise<CallToolResult> {
  const found = await fileAnswer<ChapterRecord>(r, args, library);
  if (!found || 'error' in found) return toolError(`${NOT_FOUND.chapter} (chapters 1 to ${library.facts.versesPerChapter.length})`);
  return { content: [{ type: 'text', text: chapterText(found.answer) }], structuredContent: { chapter: found.answer } };
}

export async function getWords(args: Args, library: Library, r: ToolRoute): Promise<CallToolResult> {
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

export async function getVersions(args: Args, library: Library, r: ToolRoute): Promise<CallToolResult> {
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

export async function getLemma(args: Args, library: Library, r: ToolRoute): Promise<CallToolResult> {
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

/** /authors's answer, whole or the entry of one key (what /authors/{key} answers). */
export async function getAuthors(args: Args, library: Library, r: ToolRoute): Promise<CallToolResult> {
  const { key } = args as { key?: string };
  const found = await fileAnswer<AuthorEntry[]>(r, args, library);
  const all = found && 'answer' in found ? found.answer : [];
  const chosen = key === undefined ? all : all.filter((a) => a.key === key);
  if (!chosen.length) return toolError(`key: ${JSON.stringify(key)} is not a commentary here; expected one of ${all.map((a) => a.key).join(', ')}`);
  return { content: [{ type: 'text', text: authorsText(chosen) }], structuredContent: key === undefined ? { authors: chosen } : { author: chosen[0] } };
}

/**
 * A tool whose route serves its built file and that needs no words of its
 * own: the file's JSON as its text and its structuredContent; not found in
 * its route's words, a spelling refused in its route's. What a tool that
 * declares no `run` answers.
 */
export const fileTool: Runner = async (args, library, r) => {
  const found = await fileAnswer<object>(r, args, library);
  if (!found) return toolError(`${NOT_FOUND[r.notFound]} (${r.tool.name} ${JSON.stringify(args)})`);
  if ('error' in found) return toolError(found.error);
  return { content: [{ type: 'text', text: JSON.stringify(found.answer) }], structuredContent: Array.isArray(found.answer) ? { items: found.answer } : { ...found.answer } };
};

export const getLinks = verseFile<VerseLinks>(linksText);
export const getMeter = verseFile<VerseScan>(meterText);
