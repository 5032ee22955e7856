// gita : the operator's command-line tool: keys and usage, in the same
// stores the server uses (GITA_DATA_DIR, or Redis with REDIS_URL); and
// `gita mcp`, the MCP server on stdio.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, parseDailyLimit, settingFlags, ConfigError } from '../src/config.ts';
import { openStores } from '../src/keys/stores.ts';
import type { KeyRecord } from '../src/keys/store.ts';
import { keySubject, type UsageRow } from '../src/keys/usage.ts';
import { fail, run } from '../src/cli/run.ts';
import { FILES } from '../src/layout.ts';
import { PATHS } from '../src/paths.ts';

const HELP: Record<string, string> = {
  main: `
Usage: gita <command> [options]

Commands:
  keys create --name NAME [--limit N/day]   make a key (printed once, alone on the last line)
  keys list [--json]                        list keys (ids, names, limits; never the keys)
  keys revoke ID                            revoke a key at once
  usage [--key ID] [--days N] [--json]      requests per caller, day and route
  mcp [--dist DIR]                          the MCP server on stdio, for AI assistants (see gita mcp --help)

Settings come from the environment or flags, as for the server (GITA_DATA_DIR,
REDIS_URL, GITA_REDIS_PREFIX, GITA_KEY_LIMIT). Every command answers --help.
`,
  usage: `
Usage: gita usage [--key ID] [--days N] [--json] [--data-dir DIR | --redis-url URL]

Answered requests per caller (a key, shown with its name, or an anonymous
client address), per UTC day and route, over the last N days (default 7,
today included). The embedded store is written once a second, so the last
second may not show yet.
`,
  keys: `
Usage: gita keys <create|list|revoke> [options]

  create --name NAME [--limit N/day]   make a key; the default limit is GITA_KEY_LIMIT (10000/day); 0: unlimited
  list [--json]                        list keys
  revoke ID                            revoke a key
`,
  'keys create': `
Usage: gita keys create --name NAME [--limit N/day] [--data-dir DIR]

Makes a key and prints it alone on the last line of output. It is stored only
as a hash: this is the one time it is shown.
`,
  'keys list': `
Usage: gita keys list [--json] [--data-dir DIR]

Lists keys: id, name, daily limit, plan, creation time and state. Keys themselves are never stored.
`,
  mcp: `
Usage: gita mcp [--dist DIR]

Runs the Model Context Protocol server on stdin/stdout, for an AI assistant
(Claude Desktop, VS Code and others start it themselves; see README.md, MCP).
It serves the built API in DIR (default: GITA_DIST, else the project's dist/;
npm run build makes it), with no network. Tools: get_verses, get_chapter,
random_verse, verse_of_the_day, search, get_words; resources gita://chapter/{ch}
and gita://verse/{ch}/{sl}. stdout carries JSON-RPC only; messages go to stderr.
`,
  'keys revoke': `
Usage: gita keys revoke ID [--data-dir DIR]

Revokes the key with that id (see \`gita keys list\`); servers refuse it from their next request.
`,
};

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      ...settingFlags,
      name: { type: 'string' },
      limit: { type: 'string' },
      key: { type: 'string' },
      days: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function usageTable(rows: UsageRow[], names: Map<string, string>): string {
  if (!rows.length) return 'no usage in that period';
  const shown = rows
    .map((r) => [r.subject.startsWith('key:') ? `${r.subject.slice(4)} (${names.get(r.subject) ?? '?'})` : r.subject, r.day, r.route, String(r.count)])
    .sort((a, b) => b[1].localeCompare(a[1]) || a[0].localeCompare(b[0]) || a[2].localeCompare(b[2]));
  const head = ['CALLER', 'DAY (UTC)', 'ROUTE', 'REQUESTS'];
  const widths = head.map((h, i) => Math.max(h.length, ...shown.map((r) => r[i].length)));
  return [head, ...shown].map((r) => r.map((c, i) => (i === 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd()).join('\n');
}

const showLimit = (n: number) => (n === 0 ? 'unlimited' : `${n}/day`);

function table(keys: KeyRecord[]): string {
  if (!keys.length) return 'no keys yet (gita keys create --name NAME)';
  const rows = keys.map((k) => [k.id, k.name, showLimit(k.limit), k.plan, k.created.slice(0, 19).replace('T', ' '), k.revoked ? `revoked ${k.revoked.slice(0, 10)}` : 'active']);
  const head = ['ID', 'NAME', 'LIMIT', 'PLAN', 'CREATED (UTC)', 'STATE'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [head, ...rows].map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}

run(async () => {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(process.argv.slice(2));
  } catch (err) {
    fail(`${(err as Error).message}\n${HELP.main}`, 2);
  }
  const { values, positionals } = parsed;
  const [group, action, ...rest] = positionals;
  const topic = [group, action].filter(Boolean).join(' ');
  if (values.help) {
    process.stdout.write((HELP[topic] ?? HELP[group ?? ''] ?? HELP.main).trim() + '\n');
    return;
  }
  if (group === 'mcp') {
    if (action) fail(`unknown command: ${topic}\n${HELP.mcp}`, 2);
    // Loaded here only: the key commands do not pay for the MCP SDK, nor for the server's handlers that answer its tools.
    const [{ serveStdio }, { answersOf }] = await Promise.all([import('../src/mcp/stdio.ts'), import('../src/http/local-answers.ts')]);
    const dist = ((values as Record<string, unknown>).dist as string | undefined) ?? process.env.GITA_DIST;
    const dir = dist ? resolve(dist) : PATHS.dist;
    if (!existsSync(join(dir, FILES.manifest))) fail(`${dir} holds no built API (no ${FILES.manifest.slice(1)}); run npm run build, or give --dist DIR`);
    await serveStdio(dir, answersOf(dir));
    return;
  }
  const config = loadConfig(process.env, values as Record<string, string | undefined>);
  if (!(group === 'keys' && action) && group !== 'usage') fail(`unknown command: ${topic || '(none)'}\n${HELP.main}`, 2);

  const stores = await openStores(config, { live: false });
  const store = stores.keys;
  try {
    if (group === 'usage') {
      const days = values.days === undefined ? 7 : Number(values.days);
      if (!Number.isInteger(days) || days < 1 || days > 90) fail('--days: expected a whole number from 1 to 90', 2);
      const keys = await store.list();
      if (values.key && !keys.some((k) => k.id === values.key)) fail(`no key with id ${values.key} (see gita keys list)`);
      const rows = await stores.usage.read(days, values.key ? keySubject(values.key) : undefined);
      const names = new Map(keys.map((k) => [keySubject(k.id), k.name]));
      console.log(values.json ? JSON.stringify(rows.map((r) => ({ ...r, ...(names.has(r.subject) && { name: names.get(r.subject) }) })), null, 2) : usageTable(rows, names));
      return;
    }
    switch (action) {
      case 'create': {
        if (!values.name?.trim()) fail(`keys create needs --name NAME\n${HELP['keys create']}`, 2);
        let limit: number;
        try {
          limit = values.limit !== undefined ? parseDailyLimit(values.limit, '--limit') : config.keyLimit;
        } catch (err) {
          fail((err as ConfigError).message, 2);
        }
        const { key, record } = await store.create({ name: values.name.trim(), limit, plan: 'operator' });
        console.log(`created ${record.id} "${record.name}", limit ${showLimit(record.limit)}, in the ${store.kind} store.`);
        console.log('The key is shown this once; keep it now:');
        console.log(key);
        break;
      }
      case 'list': {
        const keys = await store.list();
        console.log(values.json ? JSON.stringify(keys.map(({ hash: _hash, ...k }) => k), null, 2) : table(keys));
        break;
      }
      case 'revoke': {
        const id = rest[0];
        if (!id) fail(`keys revoke needs an ID\n${HELP['keys revoke']}`, 2);
        if (!(await store.revoke(id))) fail(`no key with id ${id} (see gita keys list)`);
        console.log(`revoked ${id}`);
        break;
      }
      default:
        fail(`unknown command: keys ${action}\n${HELP.keys}`, 2);
    }
  } finally {
    await stores.close();
  }
});
