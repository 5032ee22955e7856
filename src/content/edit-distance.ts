// Edit distance (Levenshtein): how many letters must be put in, taken out or
// changed to make one spelling the other. The content compares spellings so
// twice: a verse's two fields with their witnesses (verse-text.ts), and the
// word lists with the DCS's words (dcs/join.ts), which asks thousands of
// times with a bound, so the table's two rows are kept between calls and a
// bound ends the count as soon as it is passed.

let previous = new Uint32Array(256);
let current = new Uint32Array(256);

/**
 * The letters (UTF-16 units) that differ between `a` and `b`; Infinity as
 * soon as every way on must cost more than `most`.
 */
export function editDistance(a: string, b: string, most = Infinity): number {
  if (b.length >= previous.length) [previous, current] = [new Uint32Array(b.length + 1), new Uint32Array(b.length + 1)];
  let prev = previous;
  let row = current;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
      row[j] = v;
      if (v < least) least = v;
    }
    if (least > most) return Infinity;
    [prev, row] = [row, prev];
  }
  return prev[b.length];
}
