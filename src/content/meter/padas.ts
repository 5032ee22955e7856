// A verse's lines divided into its pādas, as the verse is measured rather
// than as it is printed: a printed line of an anuṣṭubh is two pādas of
// eight, a line of a triṣṭubh one pāda of eleven, and a text that runs its
// lines together (or has no lines, as the Digital Corpus of Sanskrit's) is
// cut where the syllables say. Each pāda is then scanned on its own, so
// that its last syllable weighs what it weighs in the pāda.
import type { Letter } from './letters.ts';
import type { PadaSize } from './shapes.ts';
import { cut, type Syllable } from './syllables.ts';

export type { PadaSize };

/** The syllables a pāda has in each family: anuṣṭubh, triṣṭubh, jagatī. */
export const PADA_SIZES = [8, 11, 12] as const satisfies readonly PadaSize[];

export interface Pada {
  /** The pāda as the text writes it, its words spaced as there. */
  text: string;
  syllables: Syllable[];
}

/** One way to cut a line into pādas, and what it costs. */
export interface Division {
  padas: Pada[];
  /** Syllables off the family's size, over all its pādas (a pāda of nine in an anuṣṭubh: 1). */
  deviation: number;
  /** Cuts that fall inside a written word (no space before the pāda). */
  inWords: number;
}

/** How far a line of n syllables is from a whole number of pādas of `size`. */
const misfit = (n: number, size: number) => Math.min(...[1, 2, 3, 4, 5, 6].map((k) => Math.abs(n - k * size)));

/** The family whose pāda size fits the lines' syllable counts best (anuṣṭubh first on a tie, then triṣṭubh). */
export function padaSize(counts: readonly number[]): PadaSize {
  let best: PadaSize = PADA_SIZES[0];
  for (const size of PADA_SIZES) if (counts.reduce((s, n) => s + misfit(n, size), 0) < counts.reduce((s, n) => s + misfit(n, best), 0)) best = size;
  return best;
}

/** Past this many pādas in one line the ways to cut it are too many to weigh (3 to the power of k): the line is cut evenly. */
const MAX_WEIGHED = 6;

/** Every way to write n as k parts, each within one syllable of size. */
function compositions(n: number, k: number, size: number): number[][] {
  if (k > MAX_WEIGHED) return [];
  if (k === 1) return Math.abs(n - size) <= 1 ? [[n]] : [];
  const out: number[][] = [];
  for (let first = size - 1; first <= size + 1; first++) if (first < n) for (const rest of compositions(n - first, k - 1, size)) out.push([first, ...rest]);
  return out;
}

/** n as k parts as even as they can be, the longer first: for a line too far from any whole number of pādas. */
const evenParts = (n: number, k: number) => Array.from({ length: k }, (_, i) => Math.floor(n / k) + (i < n % k ? 1 : 0));

/** The ways to divide one line into pādas of about `size` syllables, fewest syllables off the size first. */
export function divisions(letters: readonly Letter[], size: number): Division[] {
  const n = cut(letters).length;
  if (n === 0) return [];
  const k = Math.max(1, Math.round(n / size));
  const ways = compositions(n, k, size);
  return (ways.length ? ways : [evenParts(n, k)]).map((parts) => divideAt(letters, parts, size)).sort((a, b) => a.deviation - b.deviation || a.inWords - b.inWords);
}

/** The line cut into pādas of the given numbers of syllables (which add up to the line's). */
export function divideAt(letters: readonly Letter[], parts: readonly number[], size: number): Division {
  const cuts = cut(letters);
  // The first syllable of each pāda after the first, by the running count.
  const firsts = parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).reduce((s, c) => s + c, 0));
  const starts = [0, ...firsts.map((k) => boundary(letters, cuts[k].start))];
  return {
    padas: starts.map((from, i) => padaOf(letters.slice(from, starts[i + 1] ?? letters.length))),
    deviation: parts.reduce((s, c) => s + Math.abs(c - size), 0),
    inWords: firsts.filter((k) => letters[cuts[k].start - 1]?.kind !== 'space').length,
  };
}

/**
 * Where a pāda begins, given where its first syllable does. Between words
 * written apart the syllable's start is the word's. Where the text runs two
 * words together across the cut (पश्यैतान्समवेतान्, 1.25), the first of two
 * or more consonants ends the word before (paśyaitān | samavetān, as
 * jijīviṣāmas- | te'vasthitāḥ is printed in 2.6); a single consonant begins
 * the next pāda (kamalāsanastha- | mṛṣīn, 11.15).
 */
function boundary(letters: readonly Letter[], start: number): number {
  if (letters[start - 1]?.kind === 'space') return start;
  let consonants = 0;
  for (let i = start; i < letters.length && letters[i].kind !== 'vowel'; i++) if (letters[i].kind === 'consonant') consonants++;
  return consonants >= 2 ? start + 1 : start;
}

/** A pāda scanned on its own letters. */
export function padaOf(letters: readonly Letter[]): Pada {
  return {
    text: letters.map((l) => l.text).join('').replace(/\s+/g, ' ').trim(),
    syllables: cut(letters).map((c) => c.syllable),
  };
}
