// The words a Gita reference is written with: the names of the book, the
// words for chapter and verse, numbers in words, and the few small words
// that join them ("of the", Hindi के). Each word is looked up by its key
// (wordKey), so that case, diacritics and the usual variants of a spelling
// are one word. Pure and dependency-free: the tagger bundles it.
import {
  DIGIT_ORDINAL_ENDINGS, ENGLISH_HUNDRED, ENGLISH_TEN_ORDINALS, ENGLISH_TENS, ENGLISH_UNIT_ORDINALS, ENGLISH_UNITS,
  HINDI_CARDINALS, HINDI_HUNDRED, HINDI_ORDINAL_ENDINGS, HINDI_OWN_ORDINALS,
} from './number-words.ts';

export type WordClass =
  /** A whole name of the Gita: Gita, Bhagavadgita, BG, गीता, भगवद्गीता, श्रीमद्भगवद्गीता. */
  | { kind: 'name' }
  /** The first word of a name written in two or three: Bhagavad (Gita), Srimad (Bhagavad Gita); `then` is the kind of word that may follow. */
  | { kind: 'lead'; then: 'gita' | 'bhagavad' }
  | { kind: 'chapter'; abbr: boolean }
  | { kind: 'verse'; abbr: boolean }
  /** A number in words: `tens` (twenty...ninety) may take a unit after it ("forty-seven"). */
  | { kind: 'number'; value: number; ordinal: boolean; tens: boolean }
  /** What makes digits an ordinal: 2nd, 47th, 18वें. */
  | { kind: 'ending' }
  /** English "of", "the", "s" (of "Gita's"), and "to", "through", "thru" between two numbers. */
  | { kind: 'of' | 'the' | 's' | 'to' }
  /** Hindi's "of": के, का, की ("गीता के दूसरे अध्याय"). */
  | { kind: 'ke' };

/**
 * A word's key: compatibility forms folded (full-width letters), Latin
 * diacritics dropped (Gītā, Śrīmad), lower case, joiners dropped, and in
 * Devanagari a chandrabindu or a nasal consonant with a virama before a
 * consonant written as an anusvara (पाँच, पांच; पन्द्रह, पंद्रह).
 */
export function wordKey(word: string): string {
  // Plain ASCII is most words of English prose: no normalization to do.
  if (/^[A-Za-z]*$/.test(word)) return word.toLowerCase();
  return word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u200c\u200d]/g, '')
    .toLowerCase()
    .normalize('NFC')
    .replace(/\u0901/g, '\u0902')
    .replace(/[\u0919\u091e\u0923\u0928\u092e]\u094d(?=[\u0915-\u0939])/g, '\u0902');
}

const words = new Map<string, WordClass>();
const add = (list: string, c: WordClass) => {
  for (const w of list.split(' ')) words.set(wordKey(w), c);
};

add('gita bhagavadgita srimadbhagavadgita shrimadbhagavadgita bg गीता भगवद्गीता श्रीमद्भगवद्गीता', { kind: 'name' });
add('bhagavad srimadbhagavad shrimadbhagavad भगवद् श्रीमद्भगवद्', { kind: 'lead', then: 'gita' });
add('srimad shrimad श्रीमद्', { kind: 'lead', then: 'bhagavad' });
add('chapter chapters adhyaya अध्याय', { kind: 'chapter', abbr: false });
add('ch chap', { kind: 'chapter', abbr: true });
add('verse verses sloka slokas shloka shlokas text texts श्लोक श्लोकः श्लोकों', { kind: 'verse', abbr: false });
add('v vv vs', { kind: 'verse', abbr: true });
add('of', { kind: 'of' });
add('the', { kind: 'the' });
add('s', { kind: 's' });
add('to through thru', { kind: 'to' });
add('के का की', { kind: 'ke' });
add(DIGIT_ORDINAL_ENDINGS, { kind: 'ending' });

const number = (w: string, value: number, ordinal: boolean, tens = false) => words.set(wordKey(w), { kind: 'number', value, ordinal, tens });
ENGLISH_UNITS.split(' ').forEach((w, i) => number(w, i + 1, false));
ENGLISH_UNIT_ORDINALS.split(' ').forEach((w, i) => number(w, i + 1, true));
ENGLISH_TENS.split(' ').forEach((w, i) => number(w, 20 + 10 * i, false, true));
ENGLISH_TEN_ORDINALS.split(' ').forEach((w, i) => number(w, 20 + 10 * i, true));
number(ENGLISH_HUNDRED[0], 100, false);
number(ENGLISH_HUNDRED[1], 100, true);
const hindi = [...HINDI_CARDINALS.split(' '), HINDI_HUNDRED];
hindi.forEach((w, i) => {
  number(w, i + 1, false);
  // Every ordinal but those with words of their own is the cardinal and an ending (सातवाँ, सैंतालीसवें).
  if (!HINDI_OWN_ORDINALS.some(([n]) => n === i + 1)) for (const end of HINDI_ORDINAL_ENDINGS.split(' ')) number(w + end, i + 1, true);
});
for (const [n, list] of HINDI_OWN_ORDINALS) for (const w of list.split(' ')) number(w, n, true);

/** What a word is in a reference, by its key; undefined for any other word. */
export function wordClass(key: string): WordClass | undefined {
  return words.get(key);
}

/** A Roman numeral's value (i to xxxix and l), or undefined when the letters are not one written the usual way. */
export function romanValue(s: string): number | undefined {
  const m = /^(l?)(x{0,3})(ix|iv|v?i{0,3})$/.exec(s);
  if (!m || !s) return undefined;
  const ones: Record<string, number> = { '': 0, i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9 };
  return (m[1] ? 50 : 0) + m[2].length * 10 + ones[m[3]];
}

/**
 * Words that make the number before them an amount, never a verse: "Gita
 * 2.47, 1.5 million", "2.5 percent", "3.5 km". By key (wordKey: case and
 * diacritics folded); "%" is a mark and "per cent" two words, read apart.
 */
export const AMOUNT_WORDS: ReadonlySet<string> = new Set(
  [
    // Magnitudes, English and Indian, and their Hindi words.
    'hundred', 'hundreds', 'thousand', 'thousands', 'million', 'millions', 'billion', 'billions', 'trillion', 'mn', 'bn', 'lakh', 'lakhs', 'crore', 'crores',
    'सौ', 'हज़ार', 'हजार', 'लाख', 'करोड़', 'करोड', 'अरब',
    // Shares.
    'percent', 'pct', 'प्रतिशत',
    // Currencies written after the amount.
    'dollars', 'dollar', 'usd', 'rupees', 'rupee', 'rs', 'inr', 'euros', 'euro', 'eur', 'pounds', 'gbp', 'yen', 'रुपये', 'रुपए', 'रुपया',
    // Units of length, weight, volume, time and data.
    'km', 'kms', 'kilometres', 'kilometers', 'metres', 'meters', 'cm', 'mm', 'miles', 'mi', 'feet', 'ft', 'inches', 'kg', 'kgs', 'grams', 'gm', 'lb', 'lbs', 'tonnes', 'tons', 'litres', 'liters', 'ml',
    'hours', 'hrs', 'minutes', 'mins', 'seconds', 'secs', 'kb', 'mb', 'gb', 'tb', 'kbps', 'mbps',
  ].map(wordKey),
);
