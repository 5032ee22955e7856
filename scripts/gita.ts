// gita : the operator's command-line tool (keys now; usage with the usage store).
import { parseArgs } from 'node:util';
import { loadConfig, parseDailyLimit, ConfigError } from '../src/config.ts';
import { FileKeyStore } from '../src/keys/file-store.ts';
import type { KeyRecord, KeyStore } from '../src/keys/store.ts';
import { fail, run } from '../src/cli/run.ts';

const HELP: Record<string, string> = {
  main: `
Usage: gita <command> [options]

Commands:
  keys create --name NAME [--limit N/day]   make a key (printed once, alone on the last line)
  keys list [--json]                        list keys (ids, names, limits; never the keys)
  keys revoke ID                            revoke a key at once

Settings come from the environment as for the server (GITA_DATA_DIR, REDIS_URL,
GITA_KEY_LIMIT); --data-dir overrides GITA_DATA_DIR. Every command answers --help.
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
      name: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

const showLimit = (n: number) => (n === 0 ? 'unlimited' : `${n}/day`);

function table(keys: KeyRecord[]): string {
  if (!keys.length) return 'no keys yet (gita keys create --name NAME)';
  const rows = keys.map((k) => [k.id, k.name, showLimit(k.limit), k.plan, k.created.slice(0, 19).replace('T', ' '), k.revoked ? `revoked ${k.revoked.slice(0, 10)}` : 'active']);
  const head = ['ID', 'NAME', 'LIMIT', 'PLAN', 'CREATED (UTC)', 'STATE'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [head, ...rows].map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}

async function openStore(dataDir: string): Promise<KeyStore> {
  return FileKeyStore.open(dataDir);
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
  const config = loadConfig(process.env, { 'data-dir': values['data-dir'] });
  if (group !== 'keys' || !action) fail(`unknown command: ${topic || '(none)'}\n${HELP.main}`, 2);

  const store = await openStore(config.dataDir);
  try {
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
    await store.close();
  }
});
