// What the docs page shows of the answers, from the content of this build:
// the sample responses under each route (trimmed for reading), and the bytes
// an example asks for, whole and narrowed by a projection.
import type { Manifest } from '../contract/manifest.ts';
import { SPEAKERS, type VerseRecord } from '../content/schema.ts';
import { LANGS, type Projection } from '../content/projection.ts';
import { projectionValue } from '../contract/values.ts';
import { indexRecord, projectBytes } from '../content/slices.ts';
import { formatBytes } from '../cli/format.ts';
import { USAGE_DAYS } from '../contract/limits.ts';
import { ROUTES, type RouteId } from '../contract/routes/index.ts';
import { FILES } from '../layout.ts';
import { html, type Raw } from '../pages/html.ts';
import type { DocsInput } from './page-input.ts';

/** A response trimmed for reading: long strings cut, long objects shortened with a note of what was left out. */
export function trimmed(value: unknown, maxString = 90, maxKeys = 7): unknown {
  if (typeof value === 'string') return value.length > maxString ? `${value.slice(0, maxString)}…` : value;
  if (Array.isArray(value)) return value.length > 2 ? [...value.slice(0, 1).map((v) => trimmed(v, maxString, maxKeys)), `… ${value.length - 1} more`] : value.map((v) => trimmed(v, maxString, maxKeys));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const kept = entries.slice(0, maxKeys).map(([k, v]) => [k, trimmed(v, maxString, 3)]);
    if (entries.length > maxKeys) kept.push(['…', `${entries.length - maxKeys} more keys`]);
    return Object.fromEntries(kept);
  }
  return value;
}

/** The compact bytes of a record, and of a projection of it, as the server answers them. */
function answerBytes(record: VerseRecord, facts: Manifest['content'], p?: Projection): Buffer {
  const bytes = Buffer.from(JSON.stringify(record));
  if (!p) return bytes;
  const keys = new Set(facts.commentaries.map((c) => c.key));
  return projectBytes(bytes, indexRecord(bytes), p, (k) => keys.has(k));
}

/** What an example path answers, in bytes, on this build (random answers: the median record). */
export function exampleSizes(input: DocsInput): Partial<Record<RouteId, string>> {
  const { content, facts, daily } = input;
  const find = (c: number, v: number) => content.verses.find((x) => x.record.chapter === c && x.record.verse === v)!.record;
  const list = (ch: number, p: Projection) => {
    const records = content.verses.filter((x) => x.record.chapter === ch).map((x) => answerBytes(x.record, facts, p));
    return records.reduce((n, b) => n + b.length, 0) + records.length + 1;
  };
  const sizes = content.verses.map((v) => answerBytes(v.record, facts).length).sort((a, b) => a - b);
  const route = (id: RouteId) => ROUTES.find((r) => r.id === id)!;
  const query = (id: RouteId) => new URLSearchParams(route(id).example.split('?')[1] ?? '');
  const projection = (id: RouteId) => {
    const parsed = projectionValue(query(id), facts);
    return 'error' in parsed || !parsed.projection ? {} : parsed.projection;
  };
  return {
    'random-verse': `${formatBytes(sizes[sizes.length >> 1])} for the median record`,
    verse: formatBytes(answerBytes(find(2, 47), facts).length),
    today: `${formatBytes(answerBytes(find(daily.chapter, daily.verse), facts, projection('today')).length)} on the day of this build`,
    'chapter-verses': formatBytes(list(3, projection('chapter-verses'))),
  };
}

/** Requests and the bytes they answer on this build, to show what projections save. */
export function projectionSizes(input: DocsInput): Array<[string, number]> {
  const { content, facts } = input;
  const find = (c: number, v: number) => content.verses.find((x) => x.record.chapter === c && x.record.verse === v)!.record;
  const list = (ch: number, p?: Projection) => {
    const records = content.verses.filter((x) => x.record.chapter === ch).map((x) => answerBytes(x.record, facts, p));
    return records.reduce((n, b) => n + b.length, 0) + records.length + 1;
  };
  return [
    ['/slok/2/47', answerBytes(find(2, 47), facts).length],
    ...LANGS.map((lang): [string, number] => [`/slok/2/47?lang=${lang}`, answerBytes(find(2, 47), facts, { lang }).length]),
    ['/slok/2/47?authors=siva', answerBytes(find(2, 47), facts, { authors: ['siva'] }).length],
    ['/slok/2/47?fields=slok,transliteration,siva.et', answerBytes(find(2, 47), facts, { fields: ['siva.et', 'slok', 'transliteration'] }).length],
    ['/chapter/18/slok', list(18)],
    ['/chapter/3/slok?lang=en&authors=siva', list(3, { lang: 'en', authors: ['siva'] })],
  ];
}

/** The sample under each route's example: its answer on this build, trimmed, marked for the test that asks the server the same. */
export function samples(input: DocsInput): Partial<Record<RouteId, Raw>> {
  const { content, daily } = input;
  const verse = content.verses.find((v) => v.record.chapter === 2 && v.record.verse === 47)!.record;
  const arjuna = SPEAKERS.find((sp) => sp.slug === 'arjuna')!.name;
  const chapters = content.chapters.map((c) => c.record);
  // A sample says how it compares with what its example answers (a test asks the server): `same`, the answer trimmed;
  // `like`, an answer of the same shape, equal in the fields named (a random draw, today's verse, a health report).
  const json = (v: unknown, check: 'same' | 'like' = 'same', same: string[] = []) =>
    html`<pre class="sample" data-check="${check}"${same.length ? html` data-same="${same.join(',')}"` : ''}>${JSON.stringify(trimmed(v), null, 2)}</pre>`;
  /** English projections of verses of one chapter, as the server answers them. */
  const en = (ch: number, sls: number[]) => sls.map((sl) => JSON.parse(answerBytes(content.verses.find((v) => v.record.chapter === ch && v.record.verse === sl)!.record, input.facts, { lang: 'en' }).toString()));
  const card = html`<p><img src="${FILES.card(2, 47)}" alt="The card of Bhagavad Gita 2.47" width="400" style="max-width:100%;height:auto"></p>`;
  return {
    'random-verse': json(content.verses.find((v) => v.record.speaker === arjuna)?.record ?? verse, 'like', ['speaker']),
    verse: json(verse),
    today: json(JSON.parse(answerBytes(content.verses.find((v) => v.record.chapter === daily.chapter && v.record.verse === daily.verse)!.record, input.facts, { lang: 'en' }).toString()), 'like'),
    'today-card': html`<p><img src="${FILES.todayCard()}" alt="The card of the verse of the day" width="400" style="max-width:100%;height:auto"></p>`,
    'chapter-verses': json(content.verses.filter((v) => v.record.chapter === 3).map((v) => JSON.parse(answerBytes(v.record, input.facts, { lang: 'en', authors: ['siva'] }).toString()))),
    'verse-range': json(en(2, [47, 48, 49, 50])),
    verses: json({ refs: ['BG2.47-50', 'BG18.66'], verses: [...en(2, [47, 48, 49, 50]), ...en(18, [66])] }),
    'verses-ref': html`<p class="muted">The same answer as <code>/verses?ref=2.47-50</code>.</p>`,
    mcp: html`<p>A call (any MCP client makes it for you):</p>
<pre>${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_verses', arguments: { ref: 'BG 2.47', lang: 'en', authors: ['siva'] } } }, null, 2)}</pre>
<p>The answer's <code>result.content</code> is text a model reads (the reference, the Sanskrit, the transliteration, a translation and its author); <code>result.structuredContent</code> has <code>refs</code> and the records, as <code>/verses</code> answers them. An assistant is configured with the URL <code>https://&lt;this host&gt;/mcp</code> and your key as <code>Authorization: Bearer</code>; for one on your own machine, <code>npx gita mcp</code> serves a built <code>dist/</code> on stdio with no network (<a href="/docs/mcp">the MCP guide</a> has the lines for Claude Desktop and VS Code).</p>`,
    chapters: json(chapters),
    chapter: json(chapters[1]),
    author: json(input.authors.find((a) => a.key === 'siva') ?? input.authors[0]),
    card,
    'verse-card': card,
    usage: json({
      key: { id: 'key_1a2b3c4d5e6f', name: 'My reading app', plan: 'free', created: '2026-11-01T09:30:00.000Z' },
      limit: { perDay: 10000, unlimited: false },
      today: { date: '2026-11-22', requests: 412, routes: { verse: 400, 'random-verse': 12 }, remaining: 9588, resets: '2026-11-23T00:00:00.000Z' },
      days: [`… ${USAGE_DAYS} days, today first`],
    }, 'like'),
    healthz: json({ status: 'ok', build: '98a0b0c21ba29bf0', chapters: 18, verses: 701, colophons: 18, errata: input.audit.errata.filter((e) => e.status === 'applied').map((e) => e.id), audit: { findings: input.audit.findings.length, notes: input.audit.notes.length }, auth: 'optional', pending: [], ready: true, keys: 'file', usage: 'file' }, 'like', ['status']),
    docs: html`<p class="muted">This page.</p>`,
    openapi: html`<p class="muted">OpenAPI 3.1: every route, parameter, response and error, with JSON Schemas of the records. Verse of the day on this build: <a href="${FILES.verse(daily.chapter, daily.verse).replace(/\/index\.json$/, '')}">${daily.chapter}.${daily.verse}</a>.</p>`,
  };
}
