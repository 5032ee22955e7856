// The commentaries described in dist/, as their two routes build them: every
// one (authors/index.json, what /authors answers) and each by its key
// (authors/{key}/index.json), from the build input's authors (described once
// per build: the docs page reads them too).
import type { BuildInput, BuiltFile } from '../contract/build-input.ts';
import { AUTHOR_KEY } from '../contract/paths.ts';

/** /authors: every commentary described, in the order of the records. */
export const authorListFile = (input: BuildInput): BuiltFile[] => [{ json: input.authors() }];

/** /authors/{key}: each commentary whose key a path can name. */
export const authorFiles = (input: BuildInput): BuiltFile[] => input.authors().filter((a) => AUTHOR_KEY.test(a.key)).map((a) => ({ at: { key: a.key }, json: a }));
