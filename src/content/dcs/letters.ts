// Two ways of reading a verse's letters, to compare the DCS's words with the
// record's transliteration. `spelling`: the letters alone (no spaces,
// punctuation, avagraha or verse marker), a nasal before a consonant written
// one way (saṃjaya, sañjaya): equal when both spell the same verse. `skeleton`:
// blind to sandhi (its consonants, voiced and voiceless alike, no vowels,
// visarga, r, y or v), for placing a sentence that carries no verse number.
// (The verse's two fields are compared word for word by another fold,
// verse-text.ts's `fieldLetters`, which keeps the avagraha's a: see there.)

const LETTER = /[^a-zāīūṛṝḷḹṃḥṅñṭḍṇśṣ]/g;
const CONSONANT = 'kgcjṭḍtdpbṅñṇnmyrlvśṣsh';

export function spelling(text: string): string {
  const s = text
    .normalize('NFC')
    .toLowerCase()
    // The verse's marker, ||2-47||, and a note of a variant reading, (or saṃśayam): no words of the verse.
    .replace(/\|\|[^|]*\|\|/g, '')
    .replace(/\((?:or|var)\b[^)]*\)/g, '')
    // Upstream writes avagraha as "." or "'" before the elided a (saṅgo.astu); the DCS as "'" alone ('stu).
    .replace(/(?<=[a-zāīūṛṃḥ])[.'’ऽ]a/g, '')
    .replace(LETTER, '')
    .replace(/[ṃmnṅñṇ](?=[kgcjṭḍtdpbśṣsh])/g, 'ṃ');
  return s;
}

const SKELETON: Record<string, string> = { g: 'k', j: 'c', ḍ: 'ṭ', d: 't', b: 'p', ṅ: 'n', ñ: 'n', ṇ: 'n', m: 'n', ṃ: 'n', ś: 's', ṣ: 's' };

export function skeleton(text: string): string {
  let out = '';
  for (const ch of spelling(text)) {
    if (!CONSONANT.includes(ch) && ch !== 'ṃ') continue;
    if (ch === 'r' || ch === 'y' || ch === 'v') continue;
    out += SKELETON[ch] ?? ch;
  }
  return out;
}

/** How much of `part` is found, in order, in `whole` (0 to 1): its longest common subsequence over its length. */
export function containment(part: string, whole: string): number {
  if (!part.length) return 1;
  let prev = new Uint16Array(whole.length + 1);
  let row = new Uint16Array(whole.length + 1);
  for (let i = 1; i <= part.length; i++) {
    for (let j = 1; j <= whole.length; j++) row[j] = part[i - 1] === whole[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], row[j - 1]);
    [prev, row] = [row, prev];
  }
  return prev[whole.length] / part.length;
}
