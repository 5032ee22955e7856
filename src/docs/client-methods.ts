// The typed client's methods that answer their route's file as it is, written
// from the routes that declare `answers` (src/contract/route.ts) into
// src/client/file-methods.ts: each method's signature, its doc comment (the
// route's clientAbout, else its summary), and its answer's types exported.
// A plain interface, so that client.d.ts stays plain TypeScript: no route
// table, no library. `npm run docs` writes it; test/client/routes.test.ts
// fails while it is stale. Their bodies are one function's (src/client/files.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PATH_PARAMETERS } from '../contract/path-parameters.ts';
import { pathParameters } from '../contract/paths.ts';
import { ROUTES, type RouteSpec } from '../contract/routes/index.ts';
import { PROJECT_ROOT } from '../paths.ts';

/** Where it is written, from the project's root. */
export const FILE_METHODS_FILE = 'src/client/file-methods.ts';

const NO_FACTS = { versesPerChapter: [], speakers: [] };

/** TypeScript's own names an answer's type may use: not imported. */
const GLOBAL_TYPES = new Set(['Array', 'ReadonlyArray', 'Record', 'Partial', 'Readonly', 'Pick', 'Omit']);

/** A route declaring `answers` must be one the generic body can call: its file, by GET, with its path's parameters alone. */
function refusal(r: RouteSpec): string | undefined {
  if (!r.client) return 'it declares no client method';
  if (!r.file) return 'it has no file a static host could answer';
  if (r.query.length || r.body || r.files === 'lang') return 'its method would take more than its path parameters (a query, a body, a language): write it by hand';
  if (r.spelled && pathParameters(r.path).length !== 1) return 'a method by spelling takes the spelling alone';
  if (!r.methods.includes('GET')) return 'it is not read by GET';
  if (!r.answers!.from.startsWith('content/') || !existsSync(join(PROJECT_ROOT, 'src', `${r.answers!.from}.ts`))) return `its answer's module is not one of src/content/: ${r.answers!.from}`;
  const unknown = pathParameters(r.path).find((p) => !PATH_PARAMETERS[p]);
  return unknown ? `its path parameter ${unknown} is not one of path-parameters.ts` : undefined;
}

/** A path parameter as the method's argument: its name and type (a number where its schema is an integer). */
function argument(name: string): string {
  const p = PATH_PARAMETERS[name];
  return `${p.argument ?? name}: ${p.schema(NO_FACTS).type === 'integer' ? 'number' : 'string'}`;
}

const comment = (text: string) => text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ');

/** The source of src/client/file-methods.ts, from the routes. */
export function fileMethodsSource(routes: readonly RouteSpec[] = ROUTES as readonly RouteSpec[]): string {
  const declaring = routes.filter((r) => r.answers);
  const imports = new Map<string, Set<string>>();
  const methods: string[] = [];
  for (const r of declaring) {
    const why = refusal(r);
    if (why) throw new Error(`route ${r.id} declares answers, but ${why}`);
    const { type, from } = r.answers!;
    const names = imports.get(from) ?? new Set<string>();
    for (const [name] of type.matchAll(/\b[A-Z]\w*/g)) if (!GLOBAL_TYPES.has(name)) names.add(name);
    imports.set(from, names);
    methods.push(`  /** ${comment(r.clientAbout ?? r.summary)} */`, `  ${r.client}(${pathParameters(r.path).map(argument).join(', ')}): Promise<${type}>;`);
  }
  const modules = [...imports].sort(([a], [b]) => a.localeCompare(b));
  const exported = modules.flatMap(([, names]) => [...names]).sort();
  return [
    '// Written by `npm run docs` from the routes that declare `answers`',
    '// (src/contract/routes/): do not edit. The client\'s methods that answer',
    '// their route\'s file as it is, and the types they answer; their bodies are',
    '// one function\'s (files.ts).',
    ...modules.map(([from, names]) => `import type { ${[...names].sort().join(', ')} } from '../${from}.ts';`),
    '',
    '/** What the methods of FileMethods answer. */',
    `export type { ${exported.join(', ')} };`,
    '',
    '/** The methods that answer their route\'s file as it is: in static mode, the same file of the static host. */',
    'export interface FileMethods {',
    ...methods,
    '}',
    '',
  ].join('\n');
}
