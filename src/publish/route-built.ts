// The files the routes build themselves: each route that declares a builder
// (its `build`, src/contract/route.ts) has it run in the pass of its part of
// the build (`madeBy`; none: the first build), and each file it makes is
// written where the route's `file` says, its parameters filled in.
import type { BuildInput, BuiltFile } from '../contract/build-input.ts';
import { pathParameters } from '../contract/paths.ts';
import { filled } from '../contract/route-file.ts';
import { ROUTES, type RouteSpec } from '../contract/routes/index.ts';
import type { BuildPart } from '../layout.ts';

/** The routes that build their own files, each with the part it builds in. */
const BUILDERS = (ROUTES as readonly RouteSpec[]).filter((r) => r.build);

/** The parts the routes build in (null: the first build). */
export const BUILT_PARTS: ReadonlySet<BuildPart | null> = new Set(BUILDERS.map((r) => r.madeBy ?? null));

/** Every file the routes of this part build, as the build's files: a route whose builder names no file, or a file twice, stops the build. */
export async function routeBuiltFiles(input: BuildInput, part: BuildPart | null, routes: readonly RouteSpec[] = BUILDERS): Promise<Array<{ path: string; body: Buffer }>> {
  const out: Array<{ path: string; body: Buffer }> = [];
  for (const r of routes) {
    if (!r.build) continue;
    if ((r.madeBy ?? null) !== part) continue;
    if (r.file === undefined) throw new Error(`the route ${r.id} has a builder but no file to write`);
    for (const f of await r.build!(input)) out.push({ path: placed(r, f), body: bodyOf(f) });
  }
  const seen = new Set<string>();
  for (const { path } of out) {
    if (seen.has(path)) throw new Error(`${path} is built twice by the routes' builders`);
    seen.add(path);
  }
  return out;
}

const bodyOf = (f: BuiltFile) => Buffer.from('json' in f ? JSON.stringify(f.json) : f.body);

/** Where a built file goes: the route's file with the values it names; one it leaves out is the builder's mistake, not a file named 0. */
function placed(r: RouteSpec, f: BuiltFile): string {
  const at = f.at ?? {};
  const missing = pathParameters(r.file!).find((name) => !(name in at));
  if (missing) throw new Error(`the route ${r.id}'s builder made a file without its {${missing}}`);
  return filled(r.file!, at);
}
