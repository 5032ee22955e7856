// Letters cut into syllables, each light (laghu, L) or heavy (guru, G) by
// the rules of Sanskrit prosody: heavy with a long vowel or a diphthong, an
// anusvāra (or candrabindu) or visarga, or two consonants or more before the
// next vowel, across word boundaries; light otherwise. The text given is one
// unit (a pāda): its last syllable is heavy only by what stands in it (a
// closing consonant, vyadārayat), never by the next pāda's first letters.
import type { Letter } from './letters.ts';
import type { Syllable, Weight } from './shapes.ts';

export type { Syllable, Weight };

/** A syllable and the letters it was cut from: [start, end) of the list. */
export interface Cut {
  syllable: Syllable;
  start: number;
  end: number;
}

/**
 * Where each syllable's letters start. The consonants between two vowels
 * begin the second syllable, as the Devanagari writes them (ka-rma, not
 * kar-ma), except the consonants that end a word: they stay with their word
 * (dhārtarāṣṭrān | ka-pi-dhva-jaḥ). An anusvāra, visarga or avagraha stays
 * with the vowel before it.
 */
function starts(letters: readonly Letter[], nuclei: number[]): number[] {
  return nuclei.map((n, j) => {
    if (j === 0) return 0;
    const from = nuclei[j - 1] + 1;
    for (let i = n - 1; i >= from; i--) if (letters[i].kind === 'space') return i + 1;
    for (let i = from; i < n; i++) if (letters[i].kind === 'consonant') return i;
    return n;
  });
}

/** Heavy by nature (a long vowel, an anusvāra or visarga) or by position (consonants before the next vowel: two, or one at the end of the unit). */
function weight(letters: readonly Letter[], nucleus: number, next: number | undefined): Weight {
  if (letters[nucleus].long) return 'G';
  const after = letters.slice(nucleus + 1, next ?? letters.length);
  if (after.some((l) => l.kind === 'nasal' || l.kind === 'visarga')) return 'G';
  const consonants = after.filter((l) => l.kind === 'consonant').length;
  return consonants >= (next === undefined ? 1 : 2) ? 'G' : 'L';
}

/** The syllables of one unit (a pāda, or a line to be divided), with the letters each came from. */
export function cut(letters: readonly Letter[]): Cut[] {
  const nuclei = letters.flatMap((l, i) => (l.kind === 'vowel' ? [i] : []));
  const from = starts(letters, nuclei);
  return nuclei.map((n, j) => {
    const start = from[j];
    const end = j + 1 < nuclei.length ? from[j + 1] : letters.length;
    const own = letters.slice(start, end).filter((l) => l.kind !== 'space');
    return {
      syllable: { text: own.map((l) => l.text).join(''), iast: own.map((l) => l.iast).join(''), weight: weight(letters, n, nuclei[j + 1]) },
      start,
      end,
    };
  });
}

/** The syllables of one unit. */
export const syllabify = (letters: readonly Letter[]): Syllable[] => cut(letters).map((c) => c.syllable);

/** A pattern written as the weights in a row: "GLGG...". */
export const pattern = (syllables: readonly Syllable[]): string => syllables.map((s) => s.weight).join('');
