// Swami Sivananda's word-by-word list (words.ts) joined to the DCS's words:
// each entry covers none, one or several DCS words in order (कर्मणि one,
// the compound कर्मफलहेतुः three: karma, phala, hetuḥ). An alignment over
// both sequences, as a spell checker aligns letters: an entry takes the run
// of DCS words whose unsandhied forms spell it most nearly, an entry or a
// word may be left out (the DCS's speaker lines are not in the list), and
// a pairing whose letters differ too much is never made.
import { editDistance } from '../edit-distance.ts';
import type { DcsWord } from './conllu.ts';
import { spelling } from './letters.ts';

/** Most DCS words one entry may cover (the longest compounds of the lists). */
const MAX_RUN = 8;
/** Most differing letters, per letter of the longer side, for a pairing to be made. */
const MAX_DISTANCE = 0.34;
/** What leaving out an entry, or a DCS word, costs: more than any pairing made. */
const SKIP_ENTRY = 1;
const SKIP_WORD = 0.6;

/** Letters from which a spelling is never paired: far past any entry or run of 8 words (the longest are under 70). */
const MAX_LETTERS = 256;

/** Letters that differ (Levenshtein) per letter of the longer side; Infinity as soon as it must exceed MAX_DISTANCE. */
function distance(a: string, b: string): number {
  if (a === b) return 0;
  const longer = Math.max(a.length, b.length);
  if (longer >= MAX_LETTERS) return Infinity;
  return editDistance(a, b, Math.floor(longer * MAX_DISTANCE)) / longer;
}

/** For each entry (its IAST), the positions of the DCS words it covers, [] where none aligns. */
export function joinWords(entries: readonly string[], words: readonly DcsWord[]): number[][] {
  const n = entries.length;
  const m = words.length;
  const keys = entries.map(spelling);
  const own = words.map((w) => spelling(w.unsandhied));
  const form = words.map((w) => spelling(w.form));
  // The runs of words from each position, spelled unsandhied and as they stand: made once, tried against every entry.
  const runs = own.map((_, j) => {
    const out: Array<[string, string]> = [];
    for (let k = 1, u = '', f = ''; k <= MAX_RUN && j + k <= m; k++) out.push([(u += own[j + k - 1]), (f += form[j + k - 1])]);
    return out;
  });
  // cost[i][j]: the least cost of aligning the first i entries with the first j words.
  const cost = Array.from({ length: n + 1 }, () => new Float64Array(m + 1).fill(Infinity));
  const back: Array<Array<[number, number]>> = Array.from({ length: n + 1 }, () => new Array(m + 1));
  cost[0][0] = 0;
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      const here = cost[i][j];
      if (here === Infinity) continue;
      const relax = (ii: number, jj: number, c: number) => {
        if (here + c < cost[ii][jj]) {
          cost[ii][jj] = here + c;
          back[ii][jj] = [i, j];
        }
      };
      if (i < n) relax(i + 1, j, SKIP_ENTRY);
      if (j < m) relax(i, j + 1, SKIP_WORD);
      if (i === n) continue;
      const key = keys[i];
      const from = runs[j] ?? [];
      for (let k = 1; k <= from.length; k++) {
        const [unsandhied, surface] = from[k - 1];
        // A compound's members stand as stems (karma, phala): its last member's form, or the forms with sandhi, spell the entry.
        // The lengths alone bound the distance: too short, try a longer run; too long, no longer run will do.
        const shortest = Math.min(unsandhied.length, surface.length);
        if (shortest * (1 - MAX_DISTANCE) > key.length) break;
        if (Math.max(unsandhied.length, surface.length) < key.length * (1 - MAX_DISTANCE)) continue;
        const d = Math.min(distance(key, unsandhied), distance(key, surface));
        if (d <= MAX_DISTANCE) relax(i + 1, j + k, d * k ** 0.5);
      }
    }
  }
  const out: number[][] = entries.map(() => []);
  for (let i = n, j = m; i || j; ) {
    const [pi, pj] = back[i][j];
    if (pi === i - 1 && pj < j) for (let p = pj; p < j; p++) out[pi].push(p);
    [i, j] = [pi, pj];
  }
  return out;
}
