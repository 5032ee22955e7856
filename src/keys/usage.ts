// Usage: answered requests per caller (a key, or an anonymous client
// address), per UTC day, per route. Counting is a synchronous increment in
// memory; stores write the counts in batches (a file once a second, or a
// Redis pipeline), never one write per request.
import { existsSync, renameSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeStaleTemps, writeFileAtomic } from '../fs/atomic.ts';
import { StoreError, type KeyRecord } from './store.ts';
import { DayClock, utcDay } from '../content/day.ts';

export interface UsageRow {
  day: string;
  subject: string;
  route: string;
  count: number;
}

/** One day of a caller's usage, as /usage answers it. */
export interface DayUsage {
  /** The UTC day, YYYY-MM-DD. */
  date: string;
  requests: number;
  /** Requests per route id (refused ones as rate-limited). */
  routes: Record<string, number>;
}

/** What /usage answers: the key, its limit, today's counts with what remains, and the last days, today first. */
export interface UsageAnswer {
  key: Pick<KeyRecord, 'id' | 'name' | 'plan' | 'created'>;
  limit: { perDay: number; unlimited: boolean };
  /** remaining: null when the key is unlimited; resets: the next UTC midnight. */
  today: DayUsage & { remaining: number | null; resets: string };
  days: DayUsage[];
}

export interface UsageStore {
  readonly kind: string;
  /** Count `n` requests (a JSON-RPC batch is one per message). */
  count(subject: string, route: string, n?: number): void;
  /** Counts, newest day first, over the last `days` days (today included); one subject or all. */
  read(days: number, subject?: string): Promise<UsageRow[]>;
  /** Write what is buffered now. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Subjects: a key by its id, an anonymous caller by its address. */
export const keySubject = (id: string) => `key:${id}`;
export const anonSubject = (ip: string) => `anon:${ip}`;

/** How many days of counts are kept. */
export const RETENTION_DAYS = 90;

/** day → subject → route → count */
export type Counts = Map<string, Map<string, Map<string, number>>>;

export function add(counts: Counts, day: string, subject: string, route: string, n: number) {
  let bySubject = counts.get(day);
  if (!bySubject) counts.set(day, (bySubject = new Map()));
  let byRoute = bySubject.get(subject);
  if (!byRoute) bySubject.set(subject, (byRoute = new Map()));
  byRoute.set(route, (byRoute.get(route) ?? 0) + n);
}

export function lastDays(days: number, now = Date.now()): string[] {
  return Array.from({ length: Math.max(1, days) }, (_, i) => utcDay(now - i * 86_400_000));
}

export function rowsOf(counts: Counts, days: string[], subject?: string): UsageRow[] {
  const rows: UsageRow[] = [];
  for (const day of days) {
    const bySubject = counts.get(day);
    if (!bySubject) continue;
    for (const [s, byRoute] of bySubject) {
      if (subject && s !== subject) continue;
      for (const [route, count] of byRoute) rows.push({ day, subject: s, route, count });
    }
  }
  return rows;
}

interface UsageFile {
  version: 1;
  days: Record<string, Record<string, Record<string, number>>>;
}

/**
 * The embedded store: counts in memory, written to GITA_DATA_DIR/usage.json
 * at least once a second when they changed, and on close, atomically
 * (temporary file, fsync, rename). A kill -9 loses at most the last second.
 */
export class FileUsageStore implements UsageStore {
  readonly kind = 'file';
  readonly file: string;
  private counts: Counts = new Map();
  private dirty = false;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private clock = new DayClock();
  /** Set when a corrupt file was found at start-up and moved aside. */
  recovered: { from: string; to: string; reason: string } | null = null;

  private constructor(dir: string) {
    this.file = join(dir, 'usage.json');
  }

  /**
   * Open the store. A corrupt or partial file is never silently dropped: it
   * is moved aside (usage.json.corrupt-<time>) and reported in `recovered`,
   * and counting starts again from zero.
   */
  static async open(dir: string, options: { flushEveryMs?: number; readOnly?: boolean } = {}): Promise<FileUsageStore> {
    const { flushEveryMs = 1000, readOnly = false } = options;
    const store = new FileUsageStore(dir);
    // A server killed while it wrote left a temporary file: it holds nothing usage.json lacks but its last second.
    if (!readOnly) await removeStaleTemps(store.file);
    if (existsSync(store.file)) {
      try {
        store.counts = parseUsageFile(await readFile(store.file, 'utf8'), store.file);
      } catch (err) {
        if (readOnly) throw err;
        const aside = `${store.file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        renameSync(store.file, aside);
        store.recovered = { from: store.file, to: aside, reason: (err as Error).message };
      }
    }
    if (flushEveryMs > 0 && !readOnly) {
      store.timer = setInterval(() => void store.flush().catch(() => {}), flushEveryMs);
      store.timer.unref();
    }
    return store;
  }

  count(subject: string, route: string, n = 1): void {
    add(this.counts, this.clock.at(), subject, route, n);
    this.dirty = true;
  }

  /** Counts made elsewhere (the workers of a cluster send theirs here, to the one store). */
  merge(rows: readonly UsageRow[]): void {
    for (const r of rows) add(this.counts, r.day, r.subject, r.route, r.count);
    if (rows.length) this.dirty = true;
  }

  async read(days: number, subject?: string): Promise<UsageRow[]> {
    return this.rows(days, subject);
  }

  /** The same, at once. */
  rows(days: number, subject?: string): UsageRow[] {
    return rowsOf(this.counts, lastDays(days), subject);
  }

  flush(): Promise<void> {
    // One write at a time, each the whole current state; a failed one must not stop the next.
    this.writing = this.writing.catch(() => {}).then(async () => {
      if (!this.dirty) return;
      this.dirty = false;
      const keep = new Set(lastDays(RETENTION_DAYS));
      for (const day of this.counts.keys()) if (!keep.has(day)) this.counts.delete(day);
      try {
        await writeFileAtomic(this.file, serialize(this.counts));
      } catch (err) {
        this.dirty = true;
        throw err;
      }
    });
    return this.writing;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}

function serialize(counts: Counts): string {
  const days: UsageFile['days'] = {};
  for (const [day, bySubject] of [...counts].sort()) {
    days[day] = {};
    for (const [subject, byRoute] of bySubject) days[day][subject] = Object.fromEntries(byRoute);
  }
  return JSON.stringify({ version: 1, days } satisfies UsageFile);
}

export function parseUsageFile(text: string, file: string): Counts {
  let data: UsageFile;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new StoreError(`${file}: not valid JSON (${(err as Error).message})`);
  }
  if (data?.version !== 1 || typeof data.days !== 'object' || data.days === null) throw new StoreError(`${file}: expected {"version":1,"days":{...}}`);
  const counts: Counts = new Map();
  for (const [day, bySubject] of Object.entries(data.days)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || typeof bySubject !== 'object' || !bySubject) throw new StoreError(`${file}: $.days["${day}"]: expected a day of counts`);
    for (const [subject, byRoute] of Object.entries(bySubject)) {
      for (const [route, n] of Object.entries(byRoute ?? {})) {
        if (!Number.isInteger(n) || n < 0) throw new StoreError(`${file}: $.days["${day}"]["${subject}"]["${route}"]: expected a count, got ${JSON.stringify(n)}`);
        add(counts, day, subject, route, n);
      }
    }
  }
  return counts;
}
