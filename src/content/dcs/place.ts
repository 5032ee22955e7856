// Every DCS sentence placed on one of this project's verses. The DCS numbers
// the verses of the Critical Edition: it lacks our BG13.1 (arjuna uvāca
// prakṛtiṃ puruṣaṃ caiva...), so our 13.N is its 13.(N-1). A sentence without
// a number (22 in chapters 1 and 2) is placed by its letters: on the verse,
// from the last one placed to the next numbered one, whose transliteration
// holds it best; a speaker line (saṃjayaḥ uvāca) with the verse it introduces.
// A placement the letters do not bear out is an error, never a guess.
import type { ContentProblem } from '../validate.ts';
import type { DcsSentence } from './conllu.ts';
import { containment, skeleton } from './letters.ts';

/** The chapter whose numbering differs, and by how much (our number = the DCS's + shift). */
export const SHIFTED = { chapter: 13, shift: 1 } as const;

/** Below this share of its letters found in the verse, an unnumbered sentence is not placed there. */
export const PLACEMENT_MIN = 0.8;

export interface Placed {
  sentence: DcsSentence;
  verse: number;
  /** How it was placed: by its number, or (no number) by its letters, or as a speaker line with the next. */
  by: 'number' | 'letters' | 'speaker';
  /** For a placement by letters: the share of its letters the verse holds. */
  score?: number;
}

/** "saṃjayaḥ uvāca", "śrī bhagavān uvāca": a sentence that only names who speaks. */
export const isSpeakerLine = (s: DcsSentence) => s.words.length <= 3 && s.words.at(-1)!.form === 'uvāca';

/**
 * Place a chapter's sentences. `transliterations[v - 1]` is our verse v's
 * (colophon excluded). Problems name the file and the sentence's line.
 */
export function placeChapter(file: string, chapter: number, sentences: DcsSentence[], transliterations: string[], problems: ContentProblem[]): Placed[] {
  const count = transliterations.length;
  const shift = chapter === SHIFTED.chapter ? SHIFTED.shift : 0;
  const skeletons = transliterations.map(skeleton);
  const placed: Placed[] = [];
  let pending: DcsSentence[] = [];
  let last = 1;
  const problem = (s: DcsSentence, expected: string) => problems.push({ file, path: `line ${s.line}`, expected });

  // The sentences without a number between the last verse placed and `next`.
  const resolve = (next: number) => {
    let cursor = last;
    const run: Placed[] = [];
    for (const s of pending) {
      if (isSpeakerLine(s)) {
        run.push({ sentence: s, verse: 0, by: 'speaker' });
        continue;
      }
      const own = skeleton(s.words.map((w) => w.form).join(' '));
      let best = { verse: cursor, score: -1 };
      for (let v = cursor; v <= next; v++) {
        const score = containment(own, skeletons[v - 1]);
        if (score > best.score) best = { verse: v, score };
      }
      if (best.score < PLACEMENT_MIN) problem(s, `expected a sentence whose letters stand in one of the verses ${chapter}.${cursor} to ${chapter}.${next}; the best, ${chapter}.${best.verse}, holds ${Math.round(best.score * 100)} % of them`);
      cursor = best.verse;
      run.push({ sentence: s, verse: best.verse, by: 'letters', score: Math.round(best.score * 1000) / 1000 });
    }
    // A speaker line goes with the sentence after it (or the next numbered verse).
    for (let i = run.length - 1, after = next; i >= 0; i--) {
      if (run[i].by === 'speaker') run[i].verse = after;
      after = run[i].verse;
    }
    placed.push(...run);
    pending = [];
  };

  for (const s of sentences) {
    if (s.counter === null) {
      pending.push(s);
      continue;
    }
    const verse = s.counter + shift;
    if (verse < 1 || verse > count) {
      problem(s, `expected a sent_counter from ${1 - shift} to ${count - shift} (chapter ${chapter} has ${count} verses${shift ? `; the DCS numbers its verse N as our N+${shift}` : ''}), got ${s.counter}`);
      continue;
    }
    if (verse < last) problem(s, `expected verses in order: sent_counter ${s.counter} after a sentence of verse ${last - shift}`);
    if (pending.length) resolve(verse);
    placed.push({ sentence: s, verse, by: 'number' });
    last = verse;
  }
  if (pending.length) resolve(count);
  return placed;
}
