// The parts of the guides that are generated from the code's own tables (the
// routes, the parameters, the errors, the settings), so that the guides cannot
// drift from what the server does. Each sits in its guide between two
// comments, `<!-- generated: NAME -->` and `<!-- end of generated: NAME -->`;
// `npm run docs` rewrites them, and a test fails when one is stale.
import { describeTools } from '../mcp/server.ts';
import type { Manifest } from '../contract/manifest.ts';
import { SETTINGS } from '../config.ts';
import { ERRORS, METHOD_NOT_ALLOWED, NOT_FOUND } from '../contract/errors.ts';
import { MAX_HEADER_BYTES, MAX_URL_LENGTH } from '../contract/limits.ts';
import { QUERY_RULES } from '../contract/query-rules.ts';
import { LISTED_ROUTES, type Access } from '../contract/routes/index.ts';
import { PARAMETER_ERRORS, PARAMETERS, type ParameterFacts } from '../contract/parameters.ts';

const ACCESS: Record<Access, string> = {
  open: 'open',
  metered: 'counted',
  key: 'your key',
};

/** A table cell: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function routes(): string {
  const rows = LISTED_ROUTES.map((r) => `| \`${r.methods.includes('POST') ? 'POST' : 'GET'} ${r.path}\` | ${ACCESS[r.access]} | ${cell(r.summary)} | \`${r.id === 'register' || r.id === 'mcp' ? `POST ${r.path}` : r.example}\` |`);
  return [
    '| route | access | what it answers | example |',
    '|---|---|---|---|',
    ...rows,
    '',
    '*open*: anybody, neither counted nor limited. *counted*: a key is optional (unless the operator requires one); each answer counts against a daily quota. *your key*: needs your own key, not counted. Every GET route answers HEAD too.',
  ].join('\n');
}

function parameters(facts: ParameterFacts): string {
  const takenBy = new Map<string, { routes: string[]; values: string }>();
  for (const r of LISTED_ROUTES) {
    for (const [name, p] of QUERY_RULES[r.id].taken) {
      const values = p.values(facts);
      const key = `${name}\u0000${values}`;
      const entry = takenBy.get(key) ?? { routes: [], values };
      entry.routes.push(`\`${r.path}\``);
      takenBy.set(key, entry);
    }
  }
  const rows = [...takenBy].map(([key, { routes, values }]) => `| \`${key.split('\u0000')[0]}\` | ${cell(values)} | ${routes.join(', ')} |`);
  const misses = [...new Set(LISTED_ROUTES.flatMap((r) => [...QUERY_RULES[r.id].near].map(([miss, meant]) => `\`${miss}\` (${meant})`)))];
  return [
    '| parameter | values | routes |',
    '|---|---|---|',
    ...rows,
    `| \`api_key\` | ${cell(PARAMETERS.api_key.values(facts))} | every route |`,
    '',
    `Near misses a route refuses with a 400 naming the parameter meant: ${misses.join(', ')}. Other parameters are ignored (cache busters).`,
  ].join('\n');
}

const NO_FACTS: ParameterFacts = { versesPerChapter: [], speakers: [] };

function errors(): string {
  const json = (body: unknown) => `\`${JSON.stringify(body)}\``;
  const rows = [
    `| 400 | ${json({ error: PARAMETER_ERRORS.value('lang', 'fr', 'a language here', PARAMETERS.lang.values(NO_FACTS)) })} | a parameter's value it does not take; also ${cell(json({ error: PARAMETER_ERRORS.twice('lang', 2) }))} and ${cell(json({ error: PARAMETER_ERRORS.nearMiss('language', 'lang', PARAMETERS.lang.values(NO_FACTS)) }))}; on \`/read\`, the same sentence as an HTML page |`,
    `| 401 | ${json(ERRORS.keyRequired.body)}, ${json(ERRORS.keyInvalid.body)} | no key where one is required; a key that is not valid |`,
    `| 404 | \`${NOT_FOUND.chapter}\`, \`${NOT_FOUND.verse}\`, \`${NOT_FOUND.resource}\` (text/plain) | the wording of the path's family; under \`/read/\` the same as an HTML page |`,
    `| 405 | \`${METHOD_NOT_ALLOWED}\` | another method than the route's, with \`Allow\` |`,
    `| 413 | ${json(ERRORS.payloadTooLarge.body)} | a body over the route's limit |`,
    `| 414 | ${json(ERRORS.uriTooLong.body)} | a request target over ${MAX_URL_LENGTH.toLocaleString('en-US')} bytes |`,
    `| 429 | ${json(ERRORS.rateLimited.body)} | over the daily quota or the burst window, with \`Retry-After\` |`,
    `| 431 | ${json(ERRORS.headersTooLarge.body)} | a header block over ${MAX_HEADER_BYTES / 1024} kB |`,
    `| 500 | ${json(ERRORS.internal.body)} | a failure of the server, logged for the operator |`,
    `| 503 | ${json(ERRORS.starting.body)}, ${json(ERRORS.busy.body)} | a server still preparing its build, or too much heavy work in flight, with \`Retry-After\`; not counted |`,
  ];
  return ['| status | body | when |', '|---|---|---|', ...rows].join('\n');
}

function settings(): string {
  const rows = SETTINGS.map((s) => `| \`${s.env}\` | \`--${s.flag}\` | ${s.default ? `\`${s.default}\`` : 'unset'} | ${cell(s.help)} |`);
  return ['| variable | flag | default | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** Every generated block by name, made from the code's tables and the content's facts. */
export function generatedBlocks(facts: Manifest['content']): Record<string, string> {
  return { routes: routes(), parameters: parameters(facts), errors: errors(), settings: settings(), 'mcp-tools': mcpTools(facts) };
}

/** docs/mcp.md's list of tools, from the definitions the MCP server registers (src/mcp/server.ts). */
function mcpTools(facts: Manifest['content']): string {
  const rows = describeTools(facts).map((t) => `| \`${t.name}\` | ${t.args.map((a) => `\`${a}\``).join(', ') || 'none'} | ${t.title} |`);
  return ['| tool | arguments | what it answers |', '|---|---|---|', ...rows].join('\n');
}

const BLOCK = /<!-- generated: ([a-z-]+) -->\n[\s\S]*?<!-- end of generated: \1 -->/g;

/** A guide with its generated blocks made anew (an unknown block name is an error naming it). */
export function fillGenerated(markdown: string, blocks: Record<string, string>, file: string): string {
  return markdown.replace(BLOCK, (_all, name: string) => {
    if (!(name in blocks)) throw new Error(`${file}: no generated block is called "${name}" (there are: ${Object.keys(blocks).join(', ')})`);
    return `<!-- generated: ${name} -->\n${blocks[name]}\n<!-- end of generated: ${name} -->`;
  });
}
