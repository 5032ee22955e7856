// Every commentary described (`/authors`): who wrote it, what each of its text
// fields holds (language, kind, on how many verses the text is real), what
// the import corrected in it, and where it comes from. Computed by the build
// from the imported records and the import's audit; the docs page, the OpenAPI
// document, the client's types and the MCP tool read the same entries.
import type { AuditFile } from './audit.ts';
import { commentaries } from './facts.ts';
import { LANGUAGES, type Lang } from './projection.ts';
import { isReadable } from './placeholders.ts';
import { REPAIR_RULES } from './repairs.ts';
import type { AuthorEntry, Kind, RepairCounts } from './author-entry.ts';

export { KINDS, type AuthorEntry, type AuthorField, type Kind, type RepairCounts } from './author-entry.ts';
import { TEXT_FIELD_NAMES, type TextField, type VerseRecord } from './schema.ts';
import { UPSTREAM, UPSTREAM_URL } from './upstream.ts';

/** The kind of a text field by its name: et and ht are translations for most keys, ec, hc and sc commentaries. */
const KIND_OF_FIELD: Record<TextField, Kind> = { et: 'translation', ht: 'translation', ec: 'commentary', hc: 'commentary', sc: 'commentary' };

/**
 * The texts the field's name does not tell: the English and Hindi renderings
 * of a classical commentary (raman.et, abhinav.et, sankar.et and sankar.ht
 * gloss the verse's words and argue, as the Sanskrit beside them does: medians
 * of 162 to 761 characters, "Te, your; adhikarah, right; ..."), and siva.ec.
 */
const KIND_EXCEPTIONS: Readonly<Record<string, Kind>> = {
  'raman.et': 'commentary',
  'abhinav.et': 'commentary',
  'sankar.et': 'commentary',
  'sankar.ht': 'commentary',
  'siva.ec': 'word-by-word and commentary',
};

export const kindOf = (key: string, field: TextField): Kind => KIND_EXCEPTIONS[`${key}.${field}`] ?? KIND_OF_FIELD[field];

/** A text field's language, from the one list of languages and their fields (projection.ts). */
export const langOf = (field: TextField): Lang => (Object.keys(LANGUAGES) as Lang[]).find((l) => (LANGUAGES[l] as readonly string[]).includes(field))!;

/** A text that says something: present, with words beyond its verse reference, not a placeholder (placeholders.ts). */
export const isRealText = isReadable;

const noRepairs = (): RepairCounts => Object.fromEntries(REPAIR_RULES.map((r) => [r.id, 0])) as RepairCounts;

/**
 * One entry per commentary key, in the order the records list them.
 * `verses` are the records (colophons included, as the content holds them);
 * `versesPerChapter` tells the colophons, which are not counted.
 */
export function describeAuthors(verses: readonly VerseRecord[], versesPerChapter: readonly number[], audit: Pick<AuditFile, 'errata' | 'repairs' | 'supplements'>): AuthorEntry[] {
  const proper = verses.filter((v) => v.verse <= (versesPerChapter[v.chapter - 1] ?? 0));
  const applied = audit.errata.filter((e) => e.status === 'applied');
  return commentaries(verses).map(({ key, author, fields: present }) => {
    const fields: AuthorEntry['fields'] = {};
    const repairs = noRepairs();
    for (const f of TEXT_FIELD_NAMES) {
      if (!present[f]) continue;
      const real = proper.filter((v) => isRealText((v[key] as Record<string, unknown> | undefined)?.[f])).length;
      const byRule = noRepairs();
      for (const c of audit.repairs?.changes ?? []) {
        if (c.key === key && c.field === f) {
          byRule[c.rule]++;
          repairs[c.rule]++;
        }
      }
      // An erratum takes whole commentaries from upstream's fixed file: each text field of a key it took.
      const errata = applied.filter((e) => e.keys.includes(key) && verses.some((v) => v._id === e.record && typeof (v[key] as Record<string, unknown> | undefined)?.[f] === 'string'));
      const supplied = (audit.supplements?.results ?? []).filter((r) => r.status === 'applied' && r.key === key && r.field === f);
      const from = audit.supplements?.source;
      const supplements = from ? supplied.map((r) => ({ id: r.id, record: r.record, repository: from.repository, commit: from.commit, license: from.license })) : [];
      fields[f] = { lang: langOf(f), kind: kindOf(key, f), verses: real, errata: errata.map((e) => ({ id: e.id, record: e.record })), repairs: byRule, supplements };
    }
    return { key, author, fields, repairs, source: AUTHOR_SOURCE };
  });
}

/** Upstream at the commit the content is pinned to; GPL-3.0, as its LICENSE says. */
const AUTHOR_SOURCE: AuthorEntry['source'] = { repository: UPSTREAM.repository, commit: UPSTREAM.commit, url: `${UPSTREAM_URL}/tree/${UPSTREAM.commit}`, license: 'GPL-3.0' };
