// The upstream dataset, named once: the import's default archive, the errata's
// provenance and the license notes of the docs all point here.

/** The upstream repository and the commit `../shared/gita-data` was copied from (see its SOURCE.md). */
export const UPSTREAM = { repository: 'vedicscriptures/bhagavad-gita', commit: '43dfc8db815d01e15a347ea294b089334cf2aa17' } as const;

export const UPSTREAM_URL = `https://github.com/${UPSTREAM.repository}`;

/** The archive of a GitHub repository at a commit, tag or branch, as GitHub serves it. */
export const githubArchive = (repository: string, ref: string) => `https://codeload.github.com/${repository}/tar.gz/${ref}`;

export const UPSTREAM_ARCHIVE = githubArchive(UPSTREAM.repository, UPSTREAM.commit);
