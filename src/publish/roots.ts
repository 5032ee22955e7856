// The roots' files of dist/, as their three routes build them: each root's
// answer (root/{root}.json, and its ASCII spelling's), every root
// (roots.json) and each root's reading page (read/root/{root}/). The answers
// are made once per build and shared by the three (keyed by the build's input).
import type { BuildInput, BuiltFile } from '../contract/build-input.ts';
import { asciiRootAnswers, rootAnswers, rootIndex } from '../content/roots/served.ts';
import type { RootAnswer, RootChoice } from '../content/roots/shapes.ts';
import { rootPage } from '../pages/root.ts';
import { analysedVerses, perBuild } from './per-build.ts';

interface Answers {
  /** Each root's answer, most frequent first. */
  roots: RootAnswer[];
  /** Each file's name (the IAST root, or an ASCII spelling that is no root) with its answer. */
  named: Array<readonly [string, RootAnswer | RootChoice]>;
}

/** The roots' answers of this build, or null when the content has no analysis or no roots. */
const answersOf = perBuild((input): Answers | null => {
  const roots = input.roots();
  if (!input.dcs() || !roots) return null;
  const list = rootAnswers(roots.lemmas, analysedVerses(input), input.meaningOf());
  return { roots: list, named: [...list.map((a) => [a.root, a] as const), ...asciiRootAnswers(list)] };
});

/** /root/{root}: each root's answer under its IAST name and the ASCII spellings that are no root. */
export const rootFiles = (input: BuildInput): BuiltFile[] => (answersOf(input)?.named ?? []).map(([root, json]) => ({ at: { root }, json }));

/** /roots: every root, most frequent first. */
export const rootIndexFile = (input: BuildInput): BuiltFile[] => {
  const answers = answersOf(input);
  return answers ? [{ json: rootIndex(answers.roots) }] : [];
};

/** /read/root/{root}: each root's page, under the same names as its file. */
export const rootPages = (input: BuildInput): BuiltFile[] => (answersOf(input)?.named ?? []).map(([root, answer]) => ({ at: { root }, body: rootPage(answer, input.base) }));
