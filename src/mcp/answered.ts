// The tools that give their route's own answer (contract/route-call.ts): the
// route reads, selects, projects or searches, in-process, and the tool makes
// its text from the route's JSON and keeps its own shape and wording around
// it (records as {verses: [...]}, a 404 that says why), so a client sees
// what it saw when the tools did the work beside the routes.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readCitation } from '../content/citations.ts';
import { utcDate } from '../content/day.ts';
import type { FoundRefAnswer } from '../content/find-refs.ts';
import type { Lang } from '../content/projection.ts';
import type { VerseRecord } from '../content/schema.ts';
import { NOT_FOUND } from '../contract/errors.ts';
import { answerMessage } from '../contract/route-call.ts';
import type { SearchResponse } from '../search/query.ts';
import { Budget } from './budget.ts';
import { toolError, versesResult, type Args, type Runner } from './result.ts';
import { searchText } from './text.ts';

/** A verse tool's projection arguments. */
type Projected = { lang?: Lang; authors?: string[] };

/** The authors the text looks for a translation by, as the route's projection reads them (each once, sorted: parameters.ts). */
const shownAuthors = (authors: readonly string[] | undefined) => (authors ? [...new Set(authors)].sort() : undefined);

export const getVerses: Runner = async (args, library, r) => {
  const { ref, lang, authors } = args as { ref: string } & Projected;
  // The reference is read here for the call's cost (as budget.ts costs it); one that cannot be read is answered in the tool's words, the 404 saying why.
  const cited = readCitation(ref, library.facts.versesPerChapter);
  if (!cited.ok) return toolError(cited.error.kind === 'missing' ? `${NOT_FOUND.verse} ${cited.error.message}` : cited.error.message);
  // The budget of one call (over HTTP, a batch shares it: src/mcp/budget.ts refuses its calls before they run).
  const over = new Budget().charge({ verses: cited.verses.length, bytes: cited.verses.reduce((n, { ch, sl }) => n + library.recordBytes(ch, sl, lang), 0) });
  if (over) return toolError(over);
  const a = await library.answer(r.id, args);
  if (a.status !== 200) return toolError(answerMessage(a));
  const { refs, verses } = JSON.parse(a.body) as { refs: string[]; verses: VerseRecord[] };
  return versesResult(verses, lang, shownAuthors(authors), { refs });
};

export const findRefsIn: Runner = async (args, library, r) => {
  const { text } = args as { text: string };
  const a = await library.answer(r.id, { text });
  if (a.status === 200) {
    const { refs, more } = JSON.parse(a.body) as { refs: FoundRefAnswer[]; more: boolean };
    const lines = refs.map((x) => `${x.ref}${x.exists ? '' : ' (no such verse)'}: "${x.text}" at ${x.start}-${x.end}`);
    return { content: [{ type: 'text', text: refs.length ? lines.join('\n') : 'No Gita reference in the text.' }], structuredContent: { refs, more } };
  }
  // Never too large for the route: the tool's schema holds the text to what the finder reads, and as text/plain it is at most three bytes a character (route-call.ts).
  return toolError(answerMessage(a));
};

export const randomVerse: Runner = async (args, library, r) => {
  const { ch, speaker, lang, authors } = args as { ch?: number; speaker?: string } & Projected;
  const a = await library.answer(r.id, args);
  if (a.status === 200) return versesResult([JSON.parse(a.body) as VerseRecord], lang, shownAuthors(authors));
  if (a.status === 404) return toolError(`${NOT_FOUND.verse} (no verse of that speaker in chapter ${ch})`);
  const message = answerMessage(a);
  // The tool has named the speakers by slug alone since it was made (the API's 400 adds the Devanagari names it also takes).
  if (!message.startsWith('speaker: ')) return toolError(message);
  return toolError(`speaker: ${JSON.stringify(speaker)} is not a speaker here; expected one of ${library.facts.speakers.map((s) => s.slug ?? s.name).join(', ')}`);
};

export const verseOfTheDay: Runner = async (args, library, r) => {
  const { date, lang, authors } = args as { date?: string } & Projected;
  // The day named to the route: today's, read once, is the one the answer says it is (even at midnight).
  const day = date ?? utcDate();
  const a = await library.answer(r.id, { ...args, date: day });
  if (a.status === 200) return versesResult([JSON.parse(a.body) as VerseRecord], lang, shownAuthors(authors), { date: day });
  const message = answerMessage(a);
  // The tool's own sentence for a date it cannot read, with an example of one.
  return toolError(message.startsWith('date: ') ? `date: ${JSON.stringify(date)} is not a date; expected YYYY-MM-DD, such as ${utcDate()}` : message);
};

export const searchVerses: Runner = async (args: Args, library, r): Promise<CallToolResult> => {
  const { q } = args as { q: string };
  const a = await library.answer(r.id, args);
  if (a.status !== 200) return toolError(answerMessage(a));
  // The route's answer names the query first; the tool's structuredContent never did.
  const { query: _query, ...found } = JSON.parse(a.body) as SearchResponse & { query: string };
  return { content: [{ type: 'text', text: searchText(q, found) }], structuredContent: { ...found } };
};
