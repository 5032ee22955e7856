// What several routes' builders share, made once per build: the build hands
// every builder of one build the same input (src/contract/build-input.ts),
// and a value made from it is kept by it, and dropped with it.
import type { BuildInput } from '../contract/build-input.ts';
import type { AnalysisFile } from '../content/dcs/store.ts';

/** `make`, run once per build's input. */
export function perBuild<T>(make: (input: BuildInput) => T): (input: BuildInput) => T {
  const made = new WeakMap<BuildInput, { value: T }>();
  return (input) => {
    let kept = made.get(input);
    if (!kept) made.set(input, (kept = { value: make(input) }));
    return kept.value;
  };
}

export type AnalysedVerse = { ref: string; words: NonNullable<AnalysisFile['verses'][string]> };

/** The verses the analysis has words for, in the records' order, with their words: what the concordance and the roots are made of; [] without the analysis. */
export const analysedVerses = perBuild((input): AnalysedVerse[] => {
  const dcs = input.dcs();
  if (!dcs) return [];
  return input.content.verses.flatMap(({ record: v }) => {
    const ref = `BG${v.chapter}.${v.verse}`;
    const words = dcs.verses[ref];
    return words ? [{ ref, words }] : [];
  });
});
