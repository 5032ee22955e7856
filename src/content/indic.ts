// The "?" of the Hindi and Sanskrit texts: the source these texts were taken
// from turned the edition's commas into "?", so a "?" there is a lost comma,
// a lost visarga, or (in Hindi) a real question. Decided by rules a reader
// of the language would apply, measured against a hand-labelled random
// sample (test/content/fixtures/hindi-question-marks.json); where a rule
// cannot tell, the "?" stays and is counted as undecided.
//
// - Sanskrit (sc): the dandas and avagrahas survived, and no sc text holds a
//   real "?", ";" or "!": a "?" right after a Devanagari letter and before a
//   space, a letter or the end is a comma ("?," loses its "?"). Anything
//   else, such as abhinav.sc's manuscript sigla (S??N, S??K, (?N) and the
//   Latin citations beside them (RV? X? 90), stays as it is.
// - Hindi (ht, hc): a "?" right after an adverb whose visarga was typed as a
//   colon ("अत?" for अतः) is that visarga; a "?" that ends a text or a line,
//   or closes a clause holding a question word (क्या, क्यों, कैसे, कौन,
//   किस..., not their look-alikes किसी, कभी, क्योंकि), is a question and
//   stays; any other "?" ends a clause that goes on: a comma.

/** Devanagari letters, vowel signs and marks (not the dandas, not digits). */
const DEVANAGARI = /[\u0900-\u0963\u0971-\u097f]/;

/** Words that ask: their forms as whole words. Their look-alikes (किसी, कभी, कहीं, क्योंकि, कोई) are not here. */
export const QUESTION_WORDS: ReadonlySet<string> = new Set([
  'क्या', 'क्यों', 'क्यूँ', 'क्योंकर', 'कैसे', 'कैसा', 'कैसी', 'कौन', 'कौनसा', 'कौनसी', 'कौनसे', 'कौन-सा', 'कौन-सी', 'कौन-से',
  'किस', 'किसका', 'किसकी', 'किसके', 'किसको', 'किसे', 'किसने', 'किससे', 'किसमें', 'किसपर', 'किसलिये', 'किसलिए', 'किसप्रकार',
  'किन', 'किनका', 'किनकी', 'किनके', 'किनको', 'किन्हें', 'किनसे', 'किनमें', 'किन्होंने',
  'कहाँ', 'कहां', 'कब', 'कितना', 'कितनी', 'कितने', 'किधर',
]);

/** Where a clause ends in these texts: a danda, a full stop, a "?" (lost comma or not), "!", a new line. */
const CLAUSE_END = /[।॥|.?!\n]/;

export type HindiMark = 'question' | 'comma' | 'visarga' | 'undecided';

/** Words written with a visarga in the Hindi texts (अतः, पुनः, स्वतः...), and how often; and how often each stands without one. */
export interface VisargaWords {
  /** The word without its visarga → times written with it. */
  withVisarga: Map<string, number>;
  /** Words as they stand (no visarga) → times. */
  plain: Map<string, number>;
}

const WORD = /[\u0900-\u0963\u0971-\u097f]+/g;

/**
 * Count, over the Hindi texts, the words written with a final visarga (ः, or
 * the ASCII colon some texts type for it: "अत:") and the words as they stand
 * (a word before a "?" is neither: that is what is being decided).
 */
export function visargaWords(texts: Iterable<string>): VisargaWords {
  const withVisarga = new Map<string, number>();
  const plain = new Map<string, number>();
  for (const text of texts) {
    for (const m of text.matchAll(WORD)) {
      const w = m[0];
      const next = text[m.index + w.length];
      const stem = w.endsWith('ः') ? w.slice(0, -1) : next === ':' ? w : null;
      if (stem) withVisarga.set(stem, (withVisarga.get(stem) ?? 0) + 1);
      else if (next !== '?') plain.set(w, (plain.get(w) ?? 0) + 1);
    }
  }
  return { withVisarga, plain };
}

/** The word that ends just before `at` (Devanagari letters only), or ''. */
function wordBefore(text: string, at: number): string {
  let i = at;
  while (i > 0 && DEVANAGARI.test(text[i - 1])) i--;
  return text.slice(i, at);
}

/** The clause that a "?" at `at` closes: back to the previous clause end. */
export function clauseBefore(text: string, at: number): string {
  let i = at - 1;
  while (i >= 0 && !CLAUSE_END.test(text[i])) i--;
  return text.slice(i + 1, at);
}

const TOKEN_EDGE = /^[\s"'“”‘’(),;:\-–—]+|[\s"'“”‘’(),;:\-–—]+$/g;

/** Does the clause hold a question word, as a whole word? */
export function asks(clause: string): boolean {
  for (const raw of clause.split(/[\s,;:()"“”]+/)) {
    const token = raw.replace(TOKEN_EDGE, '');
    if (QUESTION_WORDS.has(token)) return true;
  }
  return false;
}

/**
 * What the "?" at `at` of a Hindi text stands for. `words`: the visarga
 * words of the Hindi texts. A visarga: the word is written with one at least
 * twice elsewhere, and more often so than without; or it is an adverb in -त
 * (-तः) that opens a sentence.
 */
export function hindiMark(text: string, at: number, words: VisargaWords): HindiMark {
  const word = wordBefore(text, at);
  if (word) {
    const withIt = words.withVisarga.get(word) ?? 0;
    if (withIt >= 2 && withIt > (words.plain.get(word) ?? 0)) return 'visarga';
    // An adverb in -तः (अतः, वस्तुतः, सारांशतः, सम्भवतः) opening a sentence: the texts drop its visarga elsewhere too, so counts cannot tell.
    if (word.length > 1 && word.endsWith('त') && /(?:^|[।॥|.!\n]\s*)$/.test(text.slice(0, at - word.length))) return 'visarga';
  }
  const after = text.slice(at + 1);
  // The end of a text or of a line: a question (a lost comma never ends one).
  if (/^[\s"'”’)\]]*$/.test(after) || /^[ \t]*(?:\n|["'”’)]\s*\n)/.test(after)) return 'question';
  // Before a danda: the sentence ends there, so it asked something.
  if (/^\s*[।॥|]/.test(after)) return 'question';
  // "??" or "?!": not a comma's place; left.
  if (/^[?!]/.test(after)) return 'undecided';
  // Between two numbers ("11। 15? 17"): a list of verses.
  if (/[0-9०-९]$/.test(text.slice(0, at)) && /^ ?[0-9०-९]/.test(after)) return 'comma';
  if (asks(clauseBefore(text, at))) return 'question';
  // A lost comma sits between two words of a clause that goes on; anything else is left.
  if (!DEVANAGARI.test(text[at - 1] ?? '') && !/[)\]"'”’]/.test(text[at - 1] ?? '')) return 'undecided';
  return /^\s*\S/.test(after) ? 'comma' : 'undecided';
}

export type SanskritMark = 'comma' | 'undecided';

/** What the "?" at `at` of a Sanskrit text stands for: a comma after a Devanagari letter (before a space, a letter, a comma or the end); anything else is left. */
export function sanskritMark(text: string, at: number): SanskritMark {
  if (!DEVANAGARI.test(text[at - 1] ?? '')) return 'undecided';
  const next = text[at + 1];
  return next === undefined || next === ' ' || next === ',' || next === '\u00a0' || DEVANAGARI.test(next) ? 'comma' : 'undecided';
}
