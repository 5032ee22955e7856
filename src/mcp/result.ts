// What a tool's runner is and answers: text a model can quote beside the
// records as structuredContent, or a tool error in the API's own words.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Lang } from '../content/projection.ts';
import type { VerseRecord } from '../content/schema.ts';
import type { ToolRoute } from '../contract/mcp.ts';
import type { Library } from './library.ts';
import { verseText } from './text.ts';

/** A tool's arguments, as the SDK checked them against its input schema. */
export type Args = Record<string, unknown>;
/** A tool's runner: its arguments, the build it reads, and its route (whose answer it gives). */
export type Runner = (args: Args, library: Library, route: ToolRoute) => Promise<CallToolResult>;

export const toolError = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/** A result of verses: the readable text (in the language and by the authors asked for), and the records as structuredContent. */
export function versesResult(records: VerseRecord[], lang: Lang | undefined, authors: readonly string[] | undefined, extra: Record<string, unknown> = {}): CallToolResult {
  return { content: [{ type: 'text', text: records.map((r) => verseText(r, lang, authors)).join('\n\n---\n\n') }], structuredContent: { ...extra, verses: records } };
}
