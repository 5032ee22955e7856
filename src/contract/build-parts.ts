// Which part of the build makes each file of dist/: a route's file by the
// route's `madeBy`, its language forms by the language forms' part, and the
// few files no route answers by the list below. The server answers 503 for a
// file of a part still being made after a fresh start, MCP says so, and the
// build checks each pass's files against it (publish/build.ts), so that what
// the routes declare and what the passes write cannot drift apart.
import { cardName, FILES, LANG_FORMS, pngName, THEMES, type BuildPart } from '../layout.ts';
import { ROUTES, type RouteSpec } from './routes/index.ts';

/** A file of dist/ (its parameters in braces, each one path segment) and the part that makes it; null: the first build. */
export interface PartFile {
  file: string;
  part: BuildPart | null;
}

/** The files of dist/ of a later part that no route answers with its `file`: every other unrouted file is the first build's. */
export const UNROUTED_PARTS: readonly PartFile[] = [
  { file: FILES.analysisReport, part: 'word analysis' },
  { file: FILES.searchIndex, part: 'search' },
  { file: FILES.searchModule, part: 'search' },
  { file: FILES.client, part: 'client and tagger' },
  { file: FILES.clientTypes, part: 'client and tagger' },
  { file: FILES.linker, part: 'client and tagger' },
  // The downloads route names its file by a parameter of its own, not by a `file`.
  ...Object.values(FILES.downloads).map((file) => ({ file, part: 'downloads' as const })),
];

/** A route's files: its `file`, that file in each theme (a themed card's), and its language forms, which the language forms' part makes. */
export function routeFiles(r: RouteSpec): PartFile[] {
  if (r.file === undefined) return [];
  const part = r.madeBy ?? null;
  const themed = r.themed ? themedForms(r.file) : [];
  const langs = r.files === 'lang' ? LANG_FORMS.map((lang) => ({ file: langForm(r.file!, lang), part: 'language forms' as const })) : [];
  return [{ file: r.file, part }, ...themed.map((file) => ({ file, part })), ...langs];
}

/** A file's language form: en.json beside index.json (layout.ts LANG_FORMS). */
function langForm(file: string, lang: string): string {
  if (!file.endsWith('/index.json')) throw new Error(`a route with language forms answers an index.json: ${file}`);
  return `${file.slice(0, -'index.json'.length)}${lang}.json`;
}

/** A card's file in its forced themes (gita-light.svg, gita-dark.svg beside gita.svg; the same for PNG). */
function themedForms(file: string): string[] {
  for (const name of [cardName, pngName]) {
    if (file.endsWith(`/${name('auto')}`)) return THEMES.filter((t) => t !== 'auto').map((t) => `${file.slice(0, -name('auto').length)}${name(t)}`);
  }
  throw new Error(`a themed route's file is a card: ${file}`);
}

/** Every file of dist/ whose part is declared: the routes' files and the unrouted ones. */
export const PART_FILES: readonly PartFile[] = [...(ROUTES as readonly RouteSpec[]).flatMap(routeFiles), ...UNROUTED_PARTS];

/** A template as a pattern: each `{x}` one path segment, the rest as written. */
export const templatePattern = (file: string) => new RegExp(`^${file.split(/\{\w+\}/).map(escape).join('[^/]+')}$`);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATTERNS = PART_FILES.map((f) => ({ pattern: templatePattern(f.file), part: f.part }));

/** The part of a build a file of dist/ belongs to (null: the first build makes it). */
export function partOf(path: string): BuildPart | null {
  for (const f of PATTERNS) if (f.pattern.test(path)) return f.part;
  return null;
}
