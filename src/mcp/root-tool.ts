// The verbal roots' tool (get_root, declared on /root/{root}): the root's
// file, its dhātupāṭha entries and senses as text, and the first places of
// each group of its words, `limit` of them.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RootAnswer, RootChoice } from '../content/roots/shapes.ts';
import { NOT_FOUND } from '../contract/errors.ts';
import { LEMMA_SHOWN } from '../contract/limits.ts';
import type { ToolRoute } from '../contract/mcp.ts';
import type { Library } from './library.ts';
import { toolError, type Args } from './result.ts';
import { fileAnswer } from './tools.ts';

export async function getRoot(args: Args, library: Library, r: ToolRoute): Promise<CallToolResult> {
  const { root, limit } = args as { root: string; limit?: number };
  const found = await fileAnswer<RootAnswer | RootChoice>(r, args, library);
  if (!found) return toolError(`${NOT_FOUND.resource} (no verbal root ${JSON.stringify(root)} in the Gita)`);
  if ('error' in found) return toolError(found.error);
  const shown = limit ?? LEMMA_SHOWN;
  const roots = 'roots' in found.answer ? found.answer.roots : [found.answer];
  return { content: [{ type: 'text', text: roots.map((x) => rootText(x, shown)).join('\n\n') }], structuredContent: { ...found.answer } };
}

/** A root: its entries, its senses, and its words by preverb, the first `shown` places of each group. */
export function rootText(root: RootAnswer, shown: number): string {
  const entries = root.entries.map((e) => `${e.code} class ${e.class}, ${e.voice}, "${e.meaning.iast}"`).join('; ');
  const head = `√${root.root} (${root.devanagari}): ${root.count} verbal word${root.count === 1 ? '' : 's'} in ${root.verses} verse${root.verses === 1 ? '' : 's'}; dhātupāṭha ${entries}.`;
  const senses = root.senses.length ? [`Meanings in the word lists: ${root.senses.map((s) => `${s.meaning} (${s.count})`).join(', ')}.`] : [];
  const groups = root.groups.map((g) => {
    const places = g.forms.flatMap((f) => f.occurrences).slice(0, shown);
    const more = g.count > places.length ? `, ... ${g.count - places.length} more` : '';
    return `${g.lemma}${g.prefixes.length ? ` (${[...g.prefixes, root.root].join(' + ')})` : ''}${g.derived ? ` ${g.derived.kind} ${g.derived.stem}` : ''}: ${places.map((o) => `${o.ref} ${o.form}`).join(', ')}${more}`;
  });
  return [head, ...senses, ...groups, root.attribution].join('\n');
}
