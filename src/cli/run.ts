// Shared plumbing for the entry scripts: flags, help, and errors that end the
// process with one clear line instead of a stack.
import { parseArgs, type ParseArgsConfig } from 'node:util';
export { PROJECT_ROOT } from '../paths.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

export function flags<O extends Options>(usage: string, options: O, argv = process.argv.slice(2)) {
  try {
    const parsed = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
    if ((parsed.values as { help?: boolean }).help) {
      process.stdout.write(usage.trim() + '\n');
      process.exit(0);
    }
    return parsed as { values: { [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string }; positionals: string[] };
  } catch (err) {
    fail(`${(err as Error).message}\n\n${usage.trim()}`, 2);
  }
}

export function fail(message: string, code = 1): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(code);
}

/** Run `main`, turning any error into `error: <message>` and a non-zero exit. */
export function run(main: () => Promise<void>): void {
  main().catch((err: Error) => {
    const known = ['ContentError', 'SourceError', 'AuditError', 'ErratumError', 'BuildError', 'UsageError', 'StoreError', 'ConfigError', 'DistError', 'PortInUseError', 'LockedError'].includes(err?.name);
    fail(known ? err.message : (err?.stack ?? String(err)));
  });
}
