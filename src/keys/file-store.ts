// Keys in GITA_DATA_DIR/keys.json, for a single server. The server keeps an
// index in memory and reloads it when the CLI changes the file.
import { existsSync, readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic.ts';
import { withLock } from '../fs/lock.ts';
import { hashKey, looksLikeKey, newKeyRecord, sameHash, VerifiedKeys } from './keys.ts';
import { StoreError, type KeyRecord, type KeyStore, type NewKey } from './store.ts';

interface KeyFile {
  version: 1;
  keys: KeyRecord[];
}

/** How stale the in-memory index may get if file-change events are lost. */
const RECHECK_MS = 250;

export class FileKeyStore implements KeyStore {
  readonly kind = 'file';
  readonly file: string;
  private byHash = new Map<string, KeyRecord>();
  private verified = new VerifiedKeys<KeyRecord>();
  private stamp = '';
  private checked = 0;
  private watcher: FSWatcher | null = null;

  private constructor(dir: string) {
    this.file = join(dir, 'keys.json');
  }

  /** Open the store; `watchChanges` keeps the index current while the server runs. */
  static async open(dir: string, watchChanges = false): Promise<FileKeyStore> {
    const store = new FileKeyStore(dir);
    await mkdir(dir, { recursive: true });
    await store.reload();
    if (watchChanges) {
      try {
        store.watcher = watch(dir, (_event, name) => {
          if (!name || name === 'keys.json') store.reload().catch(() => {});
        });
        store.watcher.unref();
      } catch {
        // No file events here: the periodic check in verify() still applies.
      }
    }
    return store;
  }

  verify(key: string): KeyRecord | null {
    const now = Date.now();
    if (now - this.checked > RECHECK_MS) {
      this.checked = now;
      if (this.currentStamp() !== this.stamp) this.reloadSync();
    }
    const seen = this.verified.get(key);
    if (seen) return seen;
    if (!looksLikeKey(key)) return null;
    const hash = hashKey(key);
    const record = this.byHash.get(hash);
    if (!record || record.revoked || !sameHash(record.hash, hash)) return null;
    this.verified.set(key, record);
    return record;
  }

  async create(input: NewKey): Promise<{ key: string; record: KeyRecord }> {
    const { key, record } = newKeyRecord(input);
    await this.update((keys) => keys.push(record));
    return { key, record };
  }

  async list(): Promise<KeyRecord[]> {
    return (await this.readFile()).keys;
  }

  async revoke(id: string): Promise<boolean> {
    let found = false;
    await this.update((keys) => {
      const record = keys.find((k) => k.id === id);
      if (record && !record.revoked) record.revoked = new Date().toISOString();
      found = !!record;
    });
    return found;
  }

  async close(): Promise<void> {
    this.watcher?.close();
  }

  private async update(change: (keys: KeyRecord[]) => void): Promise<void> {
    await withLock(this.file, async () => {
      const data = await this.readFile();
      change(data.keys);
      await writeFileAtomic(this.file, JSON.stringify(data, null, 2) + '\n');
    });
    await this.reload();
  }

  private currentStamp(): string {
    try {
      const s = statSync(this.file);
      return `${s.mtimeMs}:${s.size}:${s.ino}`;
    } catch {
      return '';
    }
  }

  private index(data: KeyFile, stamp: string) {
    this.byHash = new Map(data.keys.map((k) => [k.hash, k]));
    this.verified.clear();
    this.stamp = stamp;
  }

  private async reload(): Promise<void> {
    const stamp = this.currentStamp();
    this.index(await this.readFile(), stamp);
  }

  private reloadSync(): void {
    // Rare (the file changed and no event came): a synchronous read keeps verify() synchronous.
    const stamp = this.currentStamp();
    try {
      this.index(parseKeyFile(readFileSync(this.file, 'utf8'), this.file), stamp);
    } catch {
      // keep the last good index; the next check tries again
    }
  }

  private async readFile(): Promise<KeyFile> {
    if (!existsSync(this.file)) return { version: 1, keys: [] };
    return parseKeyFile(await readFile(this.file, 'utf8'), this.file);
  }
}

function parseKeyFile(text: string, file: string): KeyFile {
  let data: KeyFile;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new StoreError(`${file}: not valid JSON (${(err as Error).message}); restore it from a backup or move it aside`);
  }
  if (data?.version !== 1 || !Array.isArray(data.keys)) throw new StoreError(`${file}: expected {"version":1,"keys":[...]}`);
  return data;
}
