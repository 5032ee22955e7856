// A build that cannot go on: its message names the file and what is wrong,
// and the command line prints it alone, without a stack. Apart from build.ts
// so that what only reports one (ensure.ts) need not load the build.
export class BuildError extends Error {
  override name = 'BuildError';
}
