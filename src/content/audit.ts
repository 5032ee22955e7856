// The audit: reads every record for signs that a text is not the verse's
// own. It must be right, not loud: a commentator who treats a group of verses
// together repeats one text across the group, and that is no finding.
//
// Findings (fatal under --strict unless an erratum resolves them) need strong
// evidence: texts whose leading reference names another verse, copies of
// another record's text, a verse text whose markers both name another verse.
// Notes are reported and never fatal: a stray reference one slip from the
// verse's own (a typo), a marker wrong in one field only, identical texts in
// records that are not one group where nothing says which record is right.
import type { DcsReport } from './dcs/read.ts';
import type { VerseTextReport } from './verse-text.ts';
import { COMMENTARY_KEYS, isCommentaryShaped, jsonType, OPTIONAL_COMMENTARIES, TEXT_FIELD_NAMES, VERSE_FIELDS, type Commentary, type VerseRecord } from './schema.ts';
import type { RepairReport } from './repairs.ts';
import type { LinkCounts } from './links.ts';
import type { SupplementReport } from './supplements.ts';
import type { VersionsReport } from './versions/import.ts';
import type { MeterAudit } from './meter/audit.ts';
import type { RootsAudit } from './roots/store.ts';
import { asciiDigits } from './digits.ts';
import { covers, formatReference, leadingReference, oneSlipFrom, type Reference } from './references.ts';
import { isPlaceholder } from './placeholders.ts';

export interface Finding {
  /** The record, such as "BG18.45". */
  record: string;
  /** verse-text: the Devanagari and the transliteration of a verse disagree and no witness decides (verse-text.ts). */
  kind: 'foreign-texts' | 'foreign-verse' | 'verse-text';
  /** One line for people. */
  summary: string;
  /** The texts concerned, as `key.field`. */
  texts: string[];
  /** The commentary keys concerned. */
  keys: string[];
  /** The verses the texts name or copy. */
  names: string[];
}

export interface Note {
  record: string;
  kind: 'typo' | 'marker' | 'identical-texts';
  summary: string;
  text?: string;
  records?: string[];
}

export interface NewField {
  name: string;
  /** A further commentary (an object of the commentary shape), or another field. */
  kind: 'commentary' | 'field';
  types: string[];
  records: number;
}

export interface ErratumReport {
  id: string;
  record: string;
  status: 'applied' | 'obsolete';
  keys: string[];
  /** Where the erratum's file was read from, by name (`gita-errata/...json`) or URL: never a path of the machine that imported. */
  from: string;
  reason: string;
  source: { repository: string; commit: string; path: string; sha256: string };
  history: Array<{ commit: string; date: string; event: string }>;
}

/** What the import leaves in content/audit.json (and the build carries into dist/). */
export interface AuditFile extends Audit {
  version: 1;
  source: string;
  /** Each erratum and what it did; empty when the import ran without errata. */
  errata: ErratumReport[];
  /** Findings of the source as it came, that an erratum resolved. */
  resolved: Array<Finding & { by: string }>;
  /** What the repairs changed, each change listed; absent when the import ran with --no-repairs. */
  repairs?: RepairReport;
  /** Texts put in place of upstream's placeholders from an independent copy, and every difference between that copy and the content. */
  supplements?: SupplementReport;
  /** The word analysis (src/content/dcs/): its counts, where each unnumbered sentence was placed, every verse its words do not spell; absent when imported without it. */
  analysis?: DcsReport;
  /** The verbal words' roots (src/content/roots/): the figures, and every lemma without a root or with several dhātupāṭha entries, with the reason; absent when imported without them. */
  roots?: RootsAudit;
  /** The verse text (slok, transliteration) cross-checked with its witnesses: every disagreement, what was mended and by which witness, what stays and why. */
  verseText?: VerseTextReport;
  /** The link graph mined from the commentaries (links.ts): its mentions by kind, its citations, groups and other works, counted. */
  links?: LinkCounts;
  /** The versions beyond the commentaries (versions/): each one's counts, and Besant's Devanagari compared with the served verse; absent when imported without them. */
  versions?: VersionsReport;
  /** The verses scanned (meter/): each one that does not scan, its pādas and syllables that break, what the witnesses read there and whether it scans; never fatal, and the text is never changed for the meter. */
  meter?: MeterAudit;
}

export const AUDIT_FILE = 'audit.json';

export interface Audit {
  records: number;
  findings: Finding[];
  notes: Note[];
  /** Placeholder texts ("... did not comment on this sloka") per commentary key. */
  placeholders: Record<string, number>;
  /** Top-level fields nobody knew of when this code was written: kept verbatim, reported here. */
  newFields: NewField[];
}

/** The verse number of the marker that ends a verse text, such as `||२-४७||` or `||2-47||`, in ASCII digits: "2-47". */
export function markerOf(text: string): string | null {
  const m = /\|\|\s*([^|]*?)\s*\|\|\s*$/.exec(text);
  if (!m) return null;
  return asciiDigits(m[1]);
}

const KNOWN_FIELDS = new Set<string>([...VERSE_FIELDS, ...COMMENTARY_KEYS, ...OPTIONAL_COMMENTARIES.map((c) => c.key)]);
const id = (c: number, v: number) => `BG${c}.${v}`;

interface Text {
  record: VerseRecord;
  key: string;
  field: string;
  body: string;
  ref: Reference | null;
  placeholder: boolean;
}

/** The commentary objects of a record, by key, in record order (known ones and any of the commentary shape). */
export function commentariesOf(record: VerseRecord): Array<[string, Commentary]> {
  return Object.entries(record).filter(([k, v]) => (KNOWN_FIELDS.has(k) ? k !== 'speaker' && typeof v === 'object' : isCommentaryShaped(v))) as Array<[string, Commentary]>;
}

/** What the passes of the audit find: findings and notes, in the order found (sorted by record at the end). */
interface Found {
  findings: Finding[];
  notes: Note[];
}

/**
 * Audit `verses` (ordered by chapter and verse; each chapter's colophon is
 * verse `versesPerChapter[c - 1] + 1`): every text read once, then three
 * passes over them, each for one kind of sign that a text is not its
 * verse's: a leading reference to another verse, the same text in records
 * no group explains, the markers that end the verse text.
 */
export function auditContent(verses: readonly VerseRecord[], versesPerChapter: readonly number[]): Audit {
  const versesIn = (c: number) => (versesPerChapter[c - 1] ?? 0) + 1;
  const { texts, placeholders, newFields } = readTexts(verses, versesIn);
  const passes = [foreignTexts(texts, verses), identicalTexts(texts), markers(verses, versesIn)];
  const order = (r: string) => r.slice(2).split('.').map(Number);
  const byRecord = (a: { record: string }, b: { record: string }) => {
    const [x, y] = [order(a.record), order(b.record)];
    return x[0] - y[0] || x[1] - y[1];
  };
  return {
    records: verses.length,
    findings: passes.flatMap((p) => p.findings).sort(byRecord),
    notes: passes.flatMap((p) => p.notes).sort(byRecord),
    placeholders,
    newFields,
  };
}

/** Every commentary text of every record, with the reference it begins with; the placeholders counted per key, and the fields nobody knew of. */
function readTexts(verses: readonly VerseRecord[], versesIn: (c: number) => number): { texts: Text[]; placeholders: Audit['placeholders']; newFields: NewField[] } {
  const placeholders: Record<string, number> = {};
  const newFields = new Map<string, { kind: NewField['kind']; types: Set<string>; records: number }>();
  const texts: Text[] = [];
  for (const record of verses) {
    for (const [name, value] of Object.entries(record)) {
      if (KNOWN_FIELDS.has(name)) continue;
      const kind = isCommentaryShaped(value) ? 'commentary' : 'field';
      const seen = newFields.get(name) ?? newFields.set(name, { kind, types: new Set(), records: 0 }).get(name)!;
      if (kind === 'field') seen.kind = 'field';
      seen.types.add(jsonType(value));
      seen.records++;
    }
    for (const [key, commentary] of commentariesOf(record)) {
      for (const field of TEXT_FIELD_NAMES) {
        const body = commentary[field];
        if (typeof body !== 'string') continue;
        const placeholder = isPlaceholder(body);
        if (placeholder) placeholders[key] = (placeholders[key] ?? 0) + 1;
        texts.push({ record, key, field, body, ref: leadingReference(body, versesIn), placeholder });
      }
    }
  }
  return { texts, placeholders, newFields: [...newFields].map(([name, f]) => ({ name, kind: f.kind, types: [...f.types].sort(), records: f.records })) };
}

/**
 * 1. Leading references that name another verse: a finding where a
 * record's texts mostly name another verse or copy another record's, else
 * a note each (a typo, or a stray reference).
 */
function foreignTexts(texts: readonly Text[], verses: readonly VerseRecord[]): Found {
  const found: Found = { findings: [], notes: [] };
  const byId = new Map(verses.map((v) => [v._id, v]));
  const textOf = (record: VerseRecord | undefined, key: string, field: string) => (record?.[key] as Commentary | undefined)?.[field as keyof Commentary];
  const foreign = new Map<VerseRecord, Array<{ t: Text; copyOf: string | null }>>();
  const referenced = new Map<VerseRecord, number>();
  for (const t of texts) {
    if (!t.ref) continue;
    const { chapter, verse } = t.record;
    referenced.set(t.record, (referenced.get(t.record) ?? 0) + 1);
    if (covers(t.ref, chapter, verse)) {
      if (t.ref.joined) found.notes.push({ record: t.record._id, kind: 'typo', text: `${t.key}.${t.field}`, summary: `${t.record._id} ${t.key}.${t.field} begins ${JSON.stringify(t.ref.text)}: read as ${formatReference(t.ref)}, a range written without its separator` });
      continue;
    }
    const named = byId.get(id(t.ref.chapter, t.ref.from));
    const copyOf = !t.placeholder && named && named !== t.record && textOf(named, t.key, t.field) === t.body ? named._id : null;
    foreign.set(t.record, [...(foreign.get(t.record) ?? []), { t, copyOf }]);
  }
  for (const [record, list] of foreign) {
    const own = `${record.chapter}.${record.verse}`;
    const copies = list.filter((x) => x.copyOf);
    // A record whose texts mostly name another verse, or that holds copies of another record's texts, is not a typo.
    const misplaced = copies.length > 0 || (list.length >= 2 && list.length * 2 >= (referenced.get(record) ?? 0));
    if (!misplaced) {
      for (const { t } of list) {
        const slip = oneSlipFrom(formatReference(t.ref!), own);
        found.notes.push({
          record: record._id,
          kind: 'typo',
          text: `${t.key}.${t.field}`,
          summary: `${record._id} ${t.key}.${t.field} begins ${JSON.stringify(t.ref!.text)}${slip ? `, one slip from ${own}: a typo` : `, which names ${formatReference(t.ref!)}: a stray reference`}`,
        });
      }
      continue;
    }
    const names = [...new Set(list.map(({ t }) => formatReference(t.ref!)))];
    const copied = [...new Set(copies.map((c) => c.copyOf!))];
    const keys = [...new Set(list.map(({ t }) => t.key))];
    const textNames = list.map(({ t }) => `${t.key}.${t.field}`);
    found.findings.push({
      record: record._id,
      kind: 'foreign-texts',
      texts: textNames,
      keys,
      names: copied.length ? copied : names.map((n) => `BG${n.replace(/-.*/, '')}`),
      summary: `${record._id}: ${textNames.length} texts of ${keys.length} commentaries name ${names.join(' or ')}, not ${own}${copies.length ? `; ${copies.length} are copies of ${copied.join(' and ')}'s texts` : ''}`,
    });
  }
  return found;
}

/** 2. Identical texts in several records that neither a shared range nor one run of verses explains: a note each. */
function identicalTexts(texts: readonly Text[]): Found {
  const found: Found = { findings: [], notes: [] };
  const groups = new Map<string, Text[]>();
  for (const t of texts) {
    if (t.placeholder || t.body.trim().length < 20) continue;
    const k = `${t.key}\0${t.field}\0${t.body}`;
    const g = groups.get(k);
    if (g) g.push(t);
    else groups.set(k, [t]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    // Texts whose reference does not cover their record are findings already.
    const rest = group.filter((t) => !t.ref || covers(t.ref, t.record.chapter, t.record.verse));
    if (rest.length < 2) continue;
    const ref = rest[0].ref;
    if (ref && rest.every((t) => covers(ref, t.record.chapter, t.record.verse))) continue;
    const chapters = new Set(rest.map((t) => t.record.chapter));
    const verseNumbers = rest.map((t) => t.record.verse).sort((a, b) => a - b);
    const oneRun = chapters.size === 1 && verseNumbers.every((v, i) => i === 0 || v === verseNumbers[i - 1] + 1);
    if (oneRun) continue;
    const records = rest.map((t) => t.record._id);
    found.notes.push({
      record: records[0],
      kind: 'identical-texts',
      text: `${rest[0].key}.${rest[0].field}`,
      records,
      summary: `${rest[0].key}.${rest[0].field} is the same text in ${records.join(', ')}, which are not one group of verses; nothing in the texts says which record is right`,
    });
  }
  return found;
}

/** 3. The markers that end slok and transliteration, ||C-V|| (or ||C|| in a colophon's slok): both naming another verse is a finding, one a note. */
function markers(verses: readonly VerseRecord[], versesIn: (c: number) => number): Found {
  const found: Found = { findings: [], notes: [] };
  for (const record of verses) {
    const { chapter, verse } = record;
    const colophon = verse === versesIn(chapter);
    const expected = { slok: colophon ? [`${chapter}`] : [`${chapter}-${verse}`], transliteration: colophon ? [`${chapter}-${verse}`, `${chapter}`] : [`${chapter}-${verse}`] };
    const wrong = (['slok', 'transliteration'] as const).map((f) => ({ f, marker: markerOf(record[f]) })).filter(({ f, marker }) => marker !== null && !expected[f].includes(marker));
    if (wrong.length === 2 && wrong[0].marker === wrong[1].marker && !colophon) {
      found.findings.push({
        record: record._id,
        kind: 'foreign-verse',
        texts: ['slok', 'transliteration'],
        keys: [],
        names: [`BG${wrong[0].marker!.replace('-', '.')}`],
        summary: `${record._id}: slok and transliteration both end with the marker of ${wrong[0].marker}`,
      });
      continue;
    }
    for (const { f, marker } of wrong) {
      found.notes.push({ record: record._id, kind: 'marker', text: f, summary: `${record._id} ${f} ends with the marker ||${marker}||; expected ||${expected[f][0]}||${colophon ? ' (a colophon)' : ''}: a typo` });
    }
  }
  return found;
}

/** One line for the import's output: the findings, what the errata did, the notes, the new fields. */
export function auditSummary(audit: Audit, errata: ReadonlyArray<{ id: string; status: string; keys: string[] }> = [], resolved = 0, repairs?: RepairReport, supplements?: SupplementReport, verseText?: VerseTextReport): string {
  const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  const kinds = (k: Note['kind']) => audit.notes.filter((n) => n.kind === k).length;
  const parts = [
    audit.findings.length ? `${count(audit.findings.length, 'finding')} (${audit.findings.map((f) => f.record).join(', ')})` : 'no findings',
    ...(supplements
      ? [`supplements: ${count(supplements.results.filter((r) => r.status === 'applied').length, 'text')} from ${supplements.source.repository} (${supplements.differences.length} of its ${supplements.compared} texts differ from the content's, each listed)`]
      : []),
    ...(errata.length ? [`errata: ${errata.map((e) => `${e.id} ${e.status}${e.status === 'applied' ? ` (${count(e.keys.length, 'key')})` : ''}`).join(', ')}${resolved ? `, resolving ${count(resolved, 'finding')}` : ''}`] : []),
    ...(repairs
      ? [
          `repairs: ${Object.entries(repairs.counts)
            .map(([rule, n]) => `${rule} ${n.toLocaleString('en-US')}${rule === 'question-mark' ? ` (${count(repairs.listSeparators, 'list separator')})` : ''}`)
            .join(', ')}; "?" left in Hindi and Sanskrit: ${repairs.left.hindiQuestions.toLocaleString('en-US')} Hindi questions, ${(repairs.left.hindiUndecided + repairs.left.sanskritUndecided).toLocaleString('en-US')} undecided`,
        ]
      : ['no repairs']),
    ...(verseText
      ? [
          `verse text: ${count(verseText.disagreements.length, 'disagreement')} of Devanagari and transliteration (${verseText.disagreements.filter((d) => d.outcome === 'undecided').length} undecided), ${count(verseText.changes.length, 'change')} (${Object.entries(verseText.counts)
            .filter(([, n]) => n)
            .map(([rule, n]) => `${rule} ${n}`)
            .join(', ')}); ${verseText.agree.served} of ${verseText.agree.records} records agree (${verseText.agree.upstream} upstream)`,
        ]
      : []),
    `notes: ${count(kinds('typo') + kinds('marker'), 'typo')}, ${count(kinds('identical-texts'), 'unexplained identical text')}`,
    `${count(Object.values(audit.placeholders).reduce((a, b) => a + b, 0), 'placeholder text')}`,
    audit.newFields.length ? `new fields: ${audit.newFields.map((f) => `${f.name} (${f.kind === 'commentary' ? 'commentary' : f.types.join('|')}, ${count(f.records, 'record')})`).join(', ')}` : 'no new fields',
  ];
  return `audit of ${count(audit.records, 'record')}: ${parts.join('; ')}`;
}
