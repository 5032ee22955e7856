// A snippet of at most 200 characters (UTF-16 code units, which for this data are also code
// points) of the original text, around the highlights, with the highlight ranges
// re-based on the snippet. Cuts fall on spaces and are marked with "…".
import type { Range } from './match.ts';
import { SNIPPET_MAX } from '../contract/limits.ts';

export { SNIPPET_MAX };
const ELLIPSIS = '…';

export interface Snippet {
  snippet: string;
  ranges: Range[];
}

export function cutSnippet(text: string, from: number, ranges: Range[], max = SNIPPET_MAX): Snippet {
  let body = from;
  while (body < text.length && /\s/.test(text[body])) body++;
  let end = text.length;
  while (end > body && /\s/.test(text[end - 1])) end--;
  const inBody = ranges.filter((r) => r[0] >= body && r[1] <= end);
  if (end - body <= max) return rebase(text.slice(body, end), body, inBody, '', '');

  // Window start: the one (anchored a little before some highlight) that holds the most
  // highlights; ties go to the earliest. Room is left for the two ellipses.
  const room = max - 2;
  let bestStart = body;
  let bestCount = -1;
  const anchors = inBody.length ? inBody.map((r) => Math.max(body, r[0] - 30)) : [body];
  for (const a of anchors) {
    const s = Math.min(a, end - room);
    const count = inBody.filter((r) => r[0] >= s && r[1] <= s + room).length;
    if (count > bestCount) {
      bestCount = count;
      bestStart = s;
    }
  }
  let s = Math.max(body, bestStart);
  let e = Math.min(end, s + room);
  // Snap to word boundaries without cutting into a highlight.
  if (s > body) {
    const sp = text.indexOf(' ', s);
    const firstHi = inBody.find((r) => r[1] > s);
    if (sp !== -1 && sp + 1 < e && (!firstHi || sp + 1 <= firstHi[0])) s = sp + 1;
  }
  if (e < end) {
    const sp = text.lastIndexOf(' ', e);
    const lastHi = [...inBody].reverse().find((r) => r[0] < e);
    if (sp > s && (!lastHi || sp >= lastHi[1])) e = sp;
  }
  const kept = inBody.filter((r) => r[0] >= s && r[1] <= e);
  return rebase(text.slice(s, e).trimEnd(), s, kept, s > body ? ELLIPSIS : '', e < end ? ELLIPSIS : '');
}

function rebase(slice: string, offset: number, ranges: Range[], pre: string, post: string): Snippet {
  const shift = pre.length - offset;
  return {
    snippet: pre + slice + post,
    ranges: ranges.map((r) => [r[0] + shift, Math.min(r[1], offset + slice.length) + shift] as Range),
  };
}
